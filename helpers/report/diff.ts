// What changed between two runs: every scenario sorted into new failure, still failing, fixed, newly
// skipped, flaky or unchanged (and those only one run had), the coverage ids gained and lost, and the
// listener's findings new and gone. `npm run diff -- <previous reports> <this run's reports>`, and a
// run with SVC_BASELINE=<previous reports>, write it as reports/diff.md and reports/diff.json; with
// SVC_FAIL_ON=new the verdict then fails only on what is new (helpers/verdict/verdict.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ScenarioOutcome, Verdict } from '../verdict/verdict.js';

export const SCENARIOS_FILE = 'scenarios.json';

/** A run's scenarios as the diff reads them (reports/scenarios.json). */
export interface ScenarioLine {
  scenario: string;
  state: ScenarioOutcome['state'];
  flaky?: boolean;
  /** Failed, but accepted by the known-failures list. */
  known?: boolean;
}

export interface RunSnapshot {
  scenarios: Map<string, ScenarioLine>;
  coverage: Set<string>;
  /** Findings by kind and event type (their messages name this run's own ids). */
  findings: Set<string>;
}

export interface RunDiff {
  previous: string;
  current: string;
  scenarios: { newFailures: string[]; stillFailing: string[]; fixed: string[]; newlySkipped: string[]; flaky: string[]; unchanged: number; added: string[]; removed: string[] };
  coverage: { gained: string[]; lost: string[] };
  findings: { new: string[]; gone: string[] };
}

export const findingKey = (f: { kind: string; type?: string }) => `[${f.kind}] ${f.type ?? '?'}`;

const COVERAGE_KINDS = ['operations', 'responses', 'errors', 'events', 'transitions'];

export function readSnapshot(dir: string): RunSnapshot {
  const json = <T>(name: string): T | undefined => (existsSync(join(dir, name)) ? (JSON.parse(readFileSync(join(dir, name), 'utf8')) as T) : undefined);
  const lines = json<ScenarioLine[]>(SCENARIOS_FILE);
  if (!lines) throw new Error(`${dir} holds no ${SCENARIOS_FILE}: it is not the reports folder of a run that finished`);
  const coverage = json<Record<string, { coveredIds?: string[] }> & { changes?: { entries: { id: string; status: string }[] } }>('coverage.json');
  const verdict = json<Verdict>('verdict.json');
  return {
    scenarios: new Map(lines.map((l) => [l.scenario, l])),
    coverage: new Set([
      ...COVERAGE_KINDS.flatMap((k) => coverage?.[k]?.coveredIds ?? []),
      ...(coverage?.changes?.entries ?? []).filter((e) => e.status === 'judged').map((e) => `change:${e.id}`),
    ]),
    findings: new Set([...(verdict?.findings ?? []), ...(verdict?.findingsInBaseline ?? [])].map(findingKey)),
  };
}

/** A scenario that failed, or did not finish. */
const failing = (l: ScenarioLine | undefined) => l?.state === 'failed' || l?.state === 'pending';

export function diffRuns(previous: RunSnapshot, current: RunSnapshot, names = { previous: 'previous', current: 'current' }): RunDiff {
  const d: RunDiff = {
    ...names,
    scenarios: { newFailures: [], stillFailing: [], fixed: [], newlySkipped: [], flaky: [], unchanged: 0, added: [], removed: [] },
    coverage: { gained: [...current.coverage].filter((id) => !previous.coverage.has(id)).sort(), lost: [...previous.coverage].filter((id) => !current.coverage.has(id)).sort() },
    findings: { new: [...current.findings].filter((f) => !previous.findings.has(f)).sort(), gone: [...previous.findings].filter((f) => !current.findings.has(f)).sort() },
  };
  for (const [key, now] of [...current.scenarios].sort(([a], [b]) => a.localeCompare(b))) {
    const before = previous.scenarios.get(key);
    if (now.flaky) d.scenarios.flaky.push(key);
    else if (failing(now)) (failing(before) ? d.scenarios.stillFailing : d.scenarios.newFailures).push(key);
    else if (now.state === 'passed' && failing(before)) d.scenarios.fixed.push(key);
    else if (now.state === 'skipped' && before && before.state !== 'skipped') d.scenarios.newlySkipped.push(key);
    else if (!before) d.scenarios.added.push(key);
    else d.scenarios.unchanged++;
  }
  d.scenarios.removed = [...previous.scenarios.keys()].filter((k) => !current.scenarios.has(k)).sort();
  return d;
}

export function diffMarkdown(d: RunDiff): string {
  const s = d.scenarios;
  const section = (title: string, items: string[]) => (items.length ? ['', `## ${title}: ${items.length}`, '', ...items.map((i) => `- ${i}`)] : []);
  return `${[
    `# What changed since the previous run`,
    '',
    `Previous: \`${d.previous}\`; this run: \`${d.current}\`.`,
    '',
    '| new failures | still failing | fixed | newly skipped | flaky | unchanged | coverage gained | coverage lost | new findings |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${s.newFailures.length} | ${s.stillFailing.length} | ${s.fixed.length} | ${s.newlySkipped.length} | ${s.flaky.length} | ${s.unchanged} | ${d.coverage.gained.length} | ${d.coverage.lost.length} | ${d.findings.new.length} |`,
    ...section('New failures', s.newFailures),
    ...section('Still failing', s.stillFailing),
    ...section('Fixed', s.fixed),
    ...section('Newly skipped', s.newlySkipped),
    ...section('Flaky', s.flaky),
    ...section('Only in this run', s.added),
    ...section('Only in the previous run', s.removed),
    ...section('Coverage gained', d.coverage.gained),
    ...section('Coverage lost', d.coverage.lost),
    ...section('New findings', d.findings.new),
    ...section('Findings gone', d.findings.gone),
  ].join('\n')}\n`;
}

/** One line for a run's output. */
export function diffLine(d: RunDiff): string {
  const s = d.scenarios;
  return `Since ${d.previous}: ${s.newFailures.length} new failure(s), ${s.stillFailing.length} still failing, ${s.fixed.length} fixed, ${s.newlySkipped.length} newly skipped, ${s.flaky.length} flaky, ${s.unchanged} unchanged; coverage +${d.coverage.gained.length} -${d.coverage.lost.length}; findings +${d.findings.new.length} -${d.findings.gone.length} (${join(d.current, 'diff.md')})`;
}

export function writeDiff(dir: string, d: RunDiff): void {
  writeFileSync(join(dir, 'diff.json'), `${JSON.stringify(d, null, 2)}\n`);
  writeFileSync(join(dir, 'diff.md'), diffMarkdown(d));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const [previous, current] = process.argv.slice(2);
  if (!previous || !current) {
    process.stderr.write('usage: npm run diff -- <previous reports folder> <this run\'s reports folder>\n');
    process.exit(2);
  }
  try {
    const d = diffRuns(readSnapshot(resolve(previous)), readSnapshot(resolve(current)), { previous, current });
    writeDiff(resolve(current), d);
    process.stdout.write(`${diffLine(d)}\n`);
    process.exitCode = d.scenarios.newFailures.length || d.findings.new.length ? 1 : 0;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(2);
  }
}
