// `npm run certify`: runs every conformance suite against the configured target and writes
// reports/certification.json and reports/certification.md: the target (no secrets), the interface,
// suite version and commit, the time, the generated data's seed and requests per rule, each area's
// passed/failed/skipped with the reasons, the coverage figures, and the SHA-256 of the results. A run with a failure, a listener finding, or a
// skipped scenario in a required area is not certifiable, and the file says why.
// `--sign-key <private key>` also writes reports/certification.bundle.json, a signed statement of the
// report files and what they certify (./attestation.ts); `--verify <bundle> --key <public key>
// [--reports <folder>]` checks one offline and runs nothing (./attestation-verify.ts,
// docs/certification.md).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, type KeyObject } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { RAW_DIR, REPORTS_DIR } from '../paths.js';
import { archiveAllureResults } from './allure-archive.js';
import { BUNDLE_FILE, keyHint, KeyError, signingKey, signStatement, SUBJECT_FILES } from './attestation.js';
import { buildStatement } from './attestation-predicate.js';
import { verifyFiles } from './attestation-verify.js';
import { CERTIFY_USAGE, parseCertifyArgs, type CertifyArgs } from './certify-args.js';
import { lockReportsFolder, type ReportsLock } from './folder-lock.js';
import { publicTargetUrl } from './public-target.js';
import { INTERFACE_VERSION } from '../spec/catalog.js';
import type { SkipRecord } from '../coverage/recorder.js';
import { Redactor } from '../redact.js';
import { environmentWithProfile } from '../target/profile.js';
import { concludeRun, VERDICT_FILE, type Generation } from '../verdict/verdict.js';
import { areaOf } from './areas.js';
import { certificationMarkdown } from './certification-markdown.js';
import type { Certification } from './certification-model.js';
export type { Certification } from './certification-model.js';
import type { ChangeCoverage } from '../coverage/changes.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Areas a partner must pass in full to be certified: every area the suite covers. */
export const REQUIRED_AREAS = readdirSync(join(ROOT, 'suites'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

interface VitestJson {
  success: boolean;
  numTotalTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

function readSkips(): SkipRecord[] {
  if (!existsSync(RAW_DIR)) return [];
  return readdirSync(RAW_DIR)
    .filter((f) => f.startsWith('skips-'))
    .flatMap((f) => readFileSync(join(RAW_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SkipRecord));
}

export { publicTargetUrl } from './public-target.js';

export function buildCertification(input: { results: VitestJson; resultsText: string; coverage: Record<string, { covered: number; total: number }>; skips: SkipRecord[]; findings: number; partly?: Certification['judgedPartly']; flaky?: Certification['flaky']; changes?: Certification['changes']; exitCode: number; startedAt: string; finishedAt: string; baseUrl: string; mode: string; generation?: Generation; commit: string | null; version: string }): Certification {
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
  if (input.flaky?.length) reasons.push(`${input.flaky.length} scenario(s) passed only on a retry (flaky): ${input.flaky.map((f) => `${f.file} > ${f.name}`).join('; ')}`);
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
    flaky: input.flaky ?? [],
    changes: input.changes ?? [],
    resultsSha256: createHash('sha256').update(input.resultsText).digest('hex'),
  };
}

export { certificationMarkdown } from './certification-markdown.js';

/**
 * Writes certification.json and certification.md. They are written after the run's final scrub, so
 * through the redaction layer here: the credential this process knows (an external target's, or its
 * profile's) and every pattern (secret keys, cookies, Basic/Bearer, URL userinfo, PEM keys).
 */
export function writeCertification(dir: string, certification: Certification, env: NodeJS.ProcessEnv = environmentWithProfile(process.env)): void {
  const scrub = certificationScrubber(env);
  writeFileSync(join(dir, 'certification.json'), `${JSON.stringify(scrubCertification(scrub, certification), null, 2)}\n`);
  writeFileSync(join(dir, 'certification.md'), scrub.text(certificationMarkdown(certification)));
}

/**
 * The certification through `scrub`, its areas one by one: an area's name is no secret, though the
 * layer takes a key named like `api-tokens` for one and would replace the whole area.
 */
export function scrubCertification(scrub: Redactor, c: Certification): Certification {
  const { areas, ...rest } = c;
  return { ...(scrub.value(rest) as Omit<Certification, 'areas'>), areas: Object.fromEntries(Object.entries(areas).map(([area, a]) => [area, scrub.value(a) as Certification['areas'][string]])) };
}

/** The redaction layer of the certification and its signed statement: the credential `env` names, and every pattern. */
export function certificationScrubber(env: NodeJS.ProcessEnv = environmentWithProfile(process.env)): Redactor {
  const scrub = new Redactor();
  if (env.SVC_CLIENT_SECRET) scrub.addCredential(env.SVC_CLIENT_ID ?? '', env.SVC_CLIENT_SECRET);
  return scrub;
}

function gitCommit(): string | null {
  const res = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

/** The run, its certification and (with --sign-key) its signed statement. */
async function certifyRun(args: Extract<CertifyArgs, { command: 'run' }>): Promise<void> {
  // Read before the run: a key that cannot sign is refused before the run's minutes are spent.
  let key: KeyObject | undefined;
  if (args.signKey) {
    try {
      key = signingKey(readFileSync(args.signKey, 'utf8'), args.signKey);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      process.stderr.write(`certify: ${err instanceof KeyError ? err.message : `${args.signKey} cannot be read (${code ?? (err as Error).message})`}\n`);
      process.exitCode = 1;
      return;
    }
  }
  const startedAt = new Date().toISOString();
  // The folder first, for the certification and the run it starts (./folder-lock.ts).
  let lock: ReportsLock;
  try {
    lock = lockReportsFolder(REPORTS_DIR);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  // An earlier run's files would be taken for this run's: its verdict, and report files this run may
  // not write (interface-notes.md), which a signed statement would cover.
  for (const file of new Set([VERDICT_FILE, ...SUBJECT_FILES, BUNDLE_FILE])) rmSync(join(REPORTS_DIR, file), { force: true });
  // The same entry point as `npm run conformance`: its output and reports go through the redaction layer.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'helpers/verdict/cli.ts'), ...args.run], {
    cwd: ROOT,
    stdio: 'inherit',
    // Certifying: the known-failures list is ignored and a failed scenario is not retried (helpers/verdict/known-failures.ts).
    env: { ...process.env, SVC_CERTIFICATION: '1' },
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
    coverage: Object.fromEntries(['operations', 'responses', 'errors', 'events', 'transitions', 'changes'].filter((k) => coverageJson[k]).map((k) => [k, { covered: coverageJson[k].covered, total: coverageJson[k].total }])),
    changes: ((coverageJson as { changes?: ChangeCoverage }).changes?.entries ?? []).map((e) => ({ id: e.id, entry: e.entry, status: e.status, result: e.result, scenarios: e.scenarios.map((x) => ({ scenario: x.scenario, state: x.state })) })),
    flaky: (conclusion.verdict?.flaky ?? []).map((f) => ({ file: f.file, name: f.name })),
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
  if (key) {
    // Signed after certification.json is written: the statement covers it, and the reports as they now stand.
    const bundleFile = join(REPORTS_DIR, BUNDLE_FILE);
    try {
      await archiveAllureResults(REPORTS_DIR);
      const statement = buildStatement({ reportsDir: REPORTS_DIR, certification, verdict: conclusion.verdict, env: process.env, scrub: certificationScrubber() });
      writeFileSync(bundleFile, await signStatement(statement, key));
      process.stdout.write(`signed: ${relative(process.cwd(), bundleFile)} (key ${keyHint(key)}; check it with npm run certify -- --verify ${relative(process.cwd(), bundleFile)} --key <public key>)\n`);
    } catch (err) {
      process.stderr.write(`certify: the certification could not be signed: ${(err as Error).message}\n`);
      process.exitCode = 1;
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = parseCertifyArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`certify: ${args}\n${CERTIFY_USAGE}\n`);
    process.exitCode = 1;
  } else if (args.command === 'verify') {
    const verification = verifyFiles(args.bundle, args.key, args.reports);
    process.stdout.write(`${verification.lines.join('\n')}\n`);
    process.exitCode = verification.exitCode;
  } else await certifyRun(args);
}
