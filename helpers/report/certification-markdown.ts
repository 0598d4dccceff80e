// certification.md: the certification (./certify.ts) as a partner reads it, its verdict first, then
// why not, each area's tally, the skips, the scenarios judged partly and the coverage.
import type { Certification } from './certification-model.js';

export function certificationMarkdown(c: Certification): string {
  const lines = [
    `# Conformance certification: ${c.certifiable ? 'CERTIFIABLE' : 'NOT CERTIFIABLE'}`,
    '',
    `- Target: ${c.target.baseUrl} (${c.target.mode})`,
    `- Interface version: ${c.interfaceVersion}`,
    `- Suite: ${c.suite.name} ${c.suite.version} (commit ${c.suite.commit ?? 'unknown'})`,
    `- Run: ${c.startedAt} to ${c.finishedAt}, exit code ${c.exitCode}`,
    `- Generated data: ${c.generation ? `seed ${c.generation.seed}, ${c.generation.ruleRuns} request(s) per field rule (replay with \`SVC_SEED=${c.generation.seed} SVC_RULE_RUNS=${c.generation.ruleRuns}\`)` : 'unknown (the run wrote no verdict)'}`,
    `- SHA-256 of reports/results.json: \`${c.resultsSha256}\``,
    '',
  ];
  if (c.reasons.length) lines.push('## Why not', '', ...c.reasons.map((r) => `- ${r}`), '');
  lines.push('## Areas', '', '| area | passed | failed | skipped |', '|---|---|---|---|');
  for (const [area, a] of Object.entries(c.areas)) lines.push(`| ${area} | ${a.passed} | ${a.failed} | ${a.skipped} |`);
  const skips = Object.values(c.areas).flatMap((a) => a.skips);
  if (skips.length) lines.push('', '## Skipped scenarios', '', ...skips.map((s) => `- ${s.scenario}: ${s.reason}`));
  if (c.judgedPartly.length) {
    lines.push('', `## Judged partly: ${c.judgedPartly.length}`, '', 'Scenarios that passed without judging their main claim, because the target took an alternative the documents allow:', '', ...c.judgedPartly.map((p) => `- ${p.file} > ${p.name}: ${p.reason}`));
  }
  lines.push('', '## Coverage of the interface', '', '| kind | covered | total |', '|---|---|---|');
  for (const [kind, v] of Object.entries(c.coverage)) lines.push(`| ${kind} | ${v.covered} | ${v.total} |`);
  if (c.changes?.length) {
    lines.push('', '## The interface\'s change history', '', 'Each entry of interface, Versioning 2, newest first: judged, judged partly or not judged, and how its scenarios ended (reports/changes.md has each item).', '');
    for (const e of c.changes) {
      const tally = ['passed', 'failed', 'skipped', 'not run'].map((st) => [st, e.scenarios.filter((x) => x.state === st).length] as const).filter(([, n]) => n).map(([st, n]) => `${n} ${st}`).join(', ');
      lines.push(`### \`${e.id}\`: ${e.status}, ${e.result}`, '', `> ${e.entry}`, '', `Scenarios: ${tally || 'none'}`, '', ...e.scenarios.map((x) => `- ${x.state}: ${x.scenario}`), '');
    }
  }
  return `${lines.join('\n')}\n`;
}
