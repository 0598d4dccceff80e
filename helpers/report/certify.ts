// `npm run certify`: runs every conformance suite against the configured target and writes
// reports/certification.json and reports/certification.md: the target (no secrets), the interface,
// suite version and commit, the time, the generated data's seed and requests per rule, each area's
// passed/failed/skipped with the reasons, the coverage figures, and the SHA-256 of the results. A run with a failure, a listener finding, or a
// skipped scenario in a required area is not certifiable, and the file says why.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RAW_DIR, REPORTS_DIR } from '../paths.js';
import { lockReportsFolder, type ReportsLock } from './folder-lock.js';
import { INTERFACE_VERSION } from '../spec/catalog.js';
import type { SkipRecord } from '../coverage/recorder.js';
import { Redactor } from '../redact.js';
import { environmentWithProfile } from '../target/profile.js';
import { concludeRun, VERDICT_FILE, type Generation } from '../verdict/verdict.js';
import { areaOf, type AreaTally } from './areas.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Areas a partner must pass in full to be certified: every area the suite covers. */
export const REQUIRED_AREAS = readdirSync(join(ROOT, 'suites'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

interface VitestJson {
  success: boolean;
  numTotalTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

export interface Certification {
  certifiable: boolean;
  reasons: string[];
  target: { baseUrl: string; mode: string };
  interfaceVersion: string;
  suite: { name: string; version: string; commit: string | null };
  startedAt: string;
  finishedAt: string;
  exitCode: number;
  /** The run's generated data (its verdict's): SVC_SEED and SVC_RULE_RUNS replay the requests; null where the run wrote no verdict. */
  generation: Generation | null;
  areas: Record<string, AreaTally & { skips: { scenario: string; reason: string }[]; failures: string[] }>;
  coverage: Record<string, { covered: number; total: number }>;
  listenerFindings: number;
  /** Passed scenarios that did not judge their title's main claim (the target took an alternative the documents allow), from the verdict. */
  judgedPartly: { file: string; name: string; reason: string }[];
  resultsSha256: string;
}

function readSkips(): SkipRecord[] {
  if (!existsSync(RAW_DIR)) return [];
  return readdirSync(RAW_DIR)
    .filter((f) => f.startsWith('skips-'))
    .flatMap((f) => readFileSync(join(RAW_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SkipRecord));
}

/** The target's base URL as a certificate may show it: no userinfo, no query, no fragment (they may hold secrets). */
export function publicTargetUrl(raw: string | undefined): string {
  if (!raw) return 'embedded sandbox';
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(SVC_BASE_URL is not a URL)';
  }
}

export function buildCertification(input: { results: VitestJson; resultsText: string; coverage: Record<string, { covered: number; total: number }>; skips: SkipRecord[]; findings: number; partly?: Certification['judgedPartly']; exitCode: number; startedAt: string; finishedAt: string; baseUrl: string; mode: string; generation?: Generation; commit: string | null; version: string }): Certification {
  const areas: Certification['areas'] = {};
  for (const area of REQUIRED_AREAS) areas[area] = { passed: 0, failed: 0, skipped: 0, skips: [], failures: [] };
  for (const file of input.results.testResults) {
    const area = areaOf(file.name);
    if (!area) continue;
    const a = (areas[area] ??= { passed: 0, failed: 0, skipped: 0, skips: [], failures: [] });
    for (const t of file.assertionResults) {
      if (t.status === 'passed') a.passed++;
      else if (t.status === 'failed') {
        a.failed++;
        a.failures.push(`${t.fullName}: ${(t.failureMessages[0] ?? '').split('\n')[0].slice(0, 300)}`);
      } else {
        a.skipped++;
        const skip = input.skips.find((s) => s.test && t.fullName.endsWith(s.test.split(' > ').pop() ?? s.test));
        a.skips.push({ scenario: t.fullName, reason: skip?.reason ?? 'skipped without a recorded reason' });
      }
    }
  }
  const reasons: string[] = [];
  if (input.exitCode !== 0) reasons.push(`the run exited with code ${input.exitCode} (its verdict: reports/verdict.json)`);
  if (input.findings) reasons.push(`the webhook listener recorded ${input.findings} finding(s) (reports/listener.json)`);
  for (const [area, a] of Object.entries(areas)) {
    if (a.failed) reasons.push(`${area}: ${a.failed} scenario(s) failed`);
    if (REQUIRED_AREAS.includes(area) && a.skipped) reasons.push(`${area}: ${a.skipped} scenario(s) of a required area skipped (${a.skips.map((s) => s.reason).join('; ')})`);
    if (REQUIRED_AREAS.includes(area) && a.passed + a.failed + a.skipped === 0) reasons.push(`${area}: no scenario ran`);
  }
  return {
    certifiable: reasons.length === 0,
    reasons,
    target: { baseUrl: input.baseUrl, mode: input.mode },
    interfaceVersion: INTERFACE_VERSION,
    suite: { name: 'svc-conformance', version: input.version, commit: input.commit },
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    exitCode: input.exitCode,
    generation: input.generation ?? null,
    areas,
    coverage: input.coverage,
    listenerFindings: input.findings,
    judgedPartly: input.partly ?? [],
    resultsSha256: createHash('sha256').update(input.resultsText).digest('hex'),
  };
}

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
  return `${lines.join('\n')}\n`;
}

/**
 * Writes certification.json and certification.md. They are written after the run's final scrub, so
 * through the redaction layer here: the credential this process knows (an external target's, or its
 * profile's) and every pattern (secret keys, cookies, Basic/Bearer, URL userinfo, PEM keys).
 */
export function writeCertification(dir: string, certification: Certification, env: NodeJS.ProcessEnv = environmentWithProfile(process.env)): void {
  const scrub = new Redactor();
  if (env.SVC_CLIENT_SECRET) scrub.addCredential(env.SVC_CLIENT_ID ?? '', env.SVC_CLIENT_SECRET);
  writeFileSync(join(dir, 'certification.json'), `${JSON.stringify(scrub.value(certification), null, 2)}\n`);
  writeFileSync(join(dir, 'certification.md'), scrub.text(certificationMarkdown(certification)));
}

function gitCommit(): string | null {
  const res = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const startedAt = new Date().toISOString();
  // The folder first, for the certification and the run it starts (./folder-lock.ts).
  let lock: ReportsLock;
  try {
    lock = lockReportsFolder(REPORTS_DIR);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  rmSync(join(REPORTS_DIR, VERDICT_FILE), { force: true });
  // The same entry point as `npm run conformance`: its output and reports go through the redaction layer.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'helpers/verdict/cli.ts'), ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (child.pid !== undefined) lock.addWriter(child.pid);
  // A signal is passed on to the run and this process waits for it to end, as the verdict reader
  // does: the run restores the target and writes its verdict, and the certification follows it.
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const run = await new Promise<{ status: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (status, signal) => done({ status, signal })));
  const finishedAt = new Date().toISOString();
  // The run's verdict (helpers/verdict/) decides the exit status, as for `npm run conformance`.
  const conclusion = concludeRun(REPORTS_DIR, { code: run.status, signal: run.signal });
  const resultsFile = join(REPORTS_DIR, 'results.json');
  const resultsText = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '{"testResults":[]}';
  const coverageJson = existsSync(join(REPORTS_DIR, 'coverage.json')) ? (JSON.parse(readFileSync(join(REPORTS_DIR, 'coverage.json'), 'utf8')) as Record<string, { covered: number; total: number }>) : {};
  const listenerFile = join(REPORTS_DIR, 'listener.json');
  const findings = existsSync(listenerFile) ? (JSON.parse(readFileSync(listenerFile, 'utf8')) as { findings: unknown[] }).findings.length : 0;
  const certification = buildCertification({
    results: JSON.parse(resultsText) as VitestJson,
    resultsText,
    coverage: Object.fromEntries(['operations', 'responses', 'errors', 'events', 'transitions'].filter((k) => coverageJson[k]).map((k) => [k, { covered: coverageJson[k].covered, total: coverageJson[k].total }])),
    skips: readSkips(),
    findings,
    partly: conclusion.verdict?.partly ?? [],
    exitCode: conclusion.code,
    startedAt,
    finishedAt,
    baseUrl: publicTargetUrl(environmentWithProfile(process.env).SVC_BASE_URL),
    mode: conclusion.verdict?.mode ?? (process.env.SVC_BASE_URL ? 'external' : 'embedded'),
    generation: conclusion.verdict?.generation,
    commit: gitCommit(),
    version: (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
  });
  writeCertification(REPORTS_DIR, certification);
  process.stdout.write(`${certification.certifiable ? 'CERTIFIABLE' : `NOT CERTIFIABLE: ${certification.reasons.join('; ')}`} (reports/certification.md)\n`);
  process.exitCode = certification.certifiable ? 0 : 1;
}
