// A nightly run as its owners run it, through `npm run conformance`'s entry point, on the exchange-rate
// suites: a run diffed against the one before it (the second with a sandbox fault on), failing only on
// what is new (SVC_FAIL_ON=new); a known-failures list with an accepted, a fixed and an expired entry;
// a scenario made flaky by a fault that fails only its first attempt; the history of three runs, and
// Allure's own history across their reports; the replay command of a failure, which fails the same way.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunDiff } from '../../helpers/report/diff.js';
import type { HistoryLine } from '../../helpers/verdict/run-record.js';
import { readVerdict, type Verdict } from '../../helpers/verdict/verdict.js';
import { ROOT, runEntryPoint } from '../run-conformance.js';

const FILES = ['suites/exchange-rates/'];
const FAILING = 'suites/exchange-rates/lists.test.ts > GET /exchange-rates > refuses a sendingAmount below 0 or not an integer with 400';
const PASSING = 'suites/exchange-rates/exchange-rates.test.ts > GET /exchange-rates > serves cached rates: two reads within seconds give the same rate and amounts in the smallest unit';
const work = mkdtempSync(join(tmpdir(), 'svc-nightly-'));
const history = join(work, 'history.jsonl');

interface Run {
  code: number | null;
  output: string;
  reports: string;
  verdict?: Verdict;
}

/** A shell command run like a user's, in the project: its exit code and output. */
function sh(command: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn('sh', ['-c', command], {
    cwd: ROOT,
    env: { ...process.env, SVC_BASE_URL: '', SVC_TARGET_PROFILE: '', SANDBOX_FAULTS: '', SANDBOX_CHOICES: '', SVC_RETRIES: '', FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b));
  child.stderr!.on('data', (b: Buffer) => (output += b));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

async function conformance(name: string, env: Record<string, string>, files = FILES): Promise<Run> {
  const run = await runEntryPoint(files, { SVC_REPORTS_DIR: join(work, name), SVC_HISTORY: history, SVC_RETRIES: '', ...env });
  return { ...run, verdict: readVerdict(run.reports) };
}

let first: Run;
let second: Run;
let third: Run;

beforeAll(async () => {
  first = await conformance('first', {});
  second = await conformance('second', { SANDBOX_FAULTS: 'exchange-rates-amount-unchecked', SVC_BASELINE: join(work, 'first'), SVC_FAIL_ON: 'new' });
  const known = join(work, 'known-failures.json');
  writeFileSync(known, JSON.stringify({
    $schema: '../known-failures.schema.json',
    failures: [
      { scenario: FAILING, reason: 'ticket 123: negative amounts are priced', expires: '2999-12-31' },
      { scenario: PASSING, reason: 'fixed since', expires: '2999-12-31' },
      { rule: 'Interface, Limits', reason: 'a waiver long gone', expires: '2020-01-01' },
    ],
  }));
  third = await conformance('third', { SANDBOX_FAULTS: 'exchange-rates-amount-unchecked', SVC_BASELINE: join(work, 'second'), SVC_FAIL_ON: 'new', SVC_KNOWN_FAILURES: known });
}, 240_000);

describe('a run against the run before it', () => {
  it('sorts the scenarios into new failure, still failing and unchanged, with the coverage lost, and fails on the new failure', () => {
    expect(first.code, first.output.slice(-2000)).toBe(0);
    expect(second.code, second.output.slice(-2000)).toBe(1);
    const diff = JSON.parse(readFileSync(join(second.reports, 'diff.json'), 'utf8')) as RunDiff;
    expect(diff.scenarios.newFailures).toEqual([FAILING]);
    expect(diff.scenarios).toMatchObject({ stillFailing: [], fixed: [], unchanged: 3 });
    expect(diff.coverage.lost).toContain('response:GET /exchange-rates 400');
    expect(readFileSync(join(second.reports, 'diff.md'), 'utf8')).toContain(`## New failures: 1\n\n- ${FAILING}`);
    expect(second.output).toMatch(/Since .*first: 1 new failure\(s\), 0 still failing/);
    // The third run has the same failure: still failing, not new.
    const again = JSON.parse(readFileSync(join(third.reports, 'diff.json'), 'utf8')) as RunDiff;
    expect(again.scenarios).toMatchObject({ newFailures: [], stillFailing: [FAILING] });
  });

  it('passes a run whose only failure the baseline had too, with SVC_FAIL_ON=new, naming it still failing', async () => {
    const run = await conformance('fourth', { SANDBOX_FAULTS: 'exchange-rates-amount-unchecked', SVC_BASELINE: join(work, 'second'), SVC_FAIL_ON: 'new' });
    expect(run.code, run.output.slice(-2000)).toBe(0);
    expect(run.verdict).toMatchObject({ conformant: true, counts: { failed: 0 } });
    expect(run.verdict!.stillFailing?.map((f) => `${f.file} > ${f.name}`)).toEqual([FAILING]);
    expect(run.output).toContain(`  still failing (as in the baseline): ${FAILING}`);
    expect(run.output).toMatch(/verdict: conformant: 3 passed, 0 failed \(and 1 failing in the baseline too\), 0 skipped/);
  }, 60_000);

  it('compares two reports folders with npm run diff', async () => {
    const run = await sh(`npx tsx helpers/report/diff.ts ${join(work, 'first')} ${join(work, 'second')}`, {});
    expect(run.code).toBe(1);
    expect(run.output).toContain('1 new failure(s), 0 still failing, 0 fixed');
  }, 60_000);
});

describe('the known-failures list', () => {
  it('reports a listed failure as known, a listed scenario that passed as fixed, and fails on an expired entry, naming it', () => {
    const v = third.verdict!;
    expect(v.known?.map((k) => `${k.file} > ${k.name}`)).toEqual([FAILING]);
    expect(v.counts.failed).toBe(0);
    expect(v.knownFixed).toEqual([`scenario ${PASSING}: it passed: remove it from the list`]);
    expect(v.reasons).toEqual(['1 known-failures entry past its date: rule "Interface, Limits" (expired 2020-01-01)']);
    expect(third.code).toBe(1);
    expect(third.output).toContain(`  fixed: scenario ${PASSING}: it passed: remove it from the list`);
    expect(third.output).toMatch(/verdict: NOT CONFORMANT: 1 known-failures entry past its date: rule "Interface, Limits" \(expired 2020-01-01\); 3 passed, 0 failed, 0 skipped; known failures: 1/);
  });

  it('passes a run whose only failure is a known one', async () => {
    const list = join(work, 'known-only.json');
    writeFileSync(list, JSON.stringify({ failures: [{ scenario: FAILING, reason: 'ticket 123', expires: '2999-12-31' }] }));
    const run = await conformance('known-only', { SANDBOX_FAULTS: 'exchange-rates-amount-unchecked', SVC_KNOWN_FAILURES: list });
    expect(run.code, run.output.slice(-2000)).toBe(0);
    expect(run.output).toContain(`  known failure: ${FAILING}: expected HTTP 400`);
    expect(run.output).toMatch(/verdict: conformant: 3 passed, 0 failed, 0 skipped; known failures: 1/);
  }, 60_000);

  it('is validated when the run starts: an invalid list stops it with one line', async () => {
    const bad = join(work, 'bad.json');
    writeFileSync(bad, JSON.stringify({ failures: [{ scenario: FAILING, reason: 'no date' }] }));
    const run = await conformance('bad', { SVC_KNOWN_FAILURES: bad });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/verdict: NOT CONFORMANT: the run did not start: .*SVC_KNOWN_FAILURES .*bad\.json is not valid \(known-failures\.schema\.json\): \/failures\/0 must have required property 'expires'\. Correct the known-failures file/);
  }, 60_000);
});

describe('a failure reproduced from its line', () => {
  it('prints a replay command that fails the same way, and its exchange as curl with the credentials as variables', async () => {
    const failure = second.verdict!.failures[0];
    expect(failure.replay).toMatch(/^SVC_SEED=\d+ SVC_RULE_RUNS=1 SVC_RETRIES=0 .*SANDBOX_FAULTS=exchange-rates-amount-unchecked npm run conformance -- suites\/exchange-rates\/lists\.test\.ts -t /);
    expect(failure.curl).toMatch(/^curl -sS -u "\$SVC_CLIENT_ID:\$SVC_CLIENT_SECRET" -X GET "\$SVC_BASE_URL"'\/exchange-rates\?.*sendingAmount=-1/);
    expect(second.output).toContain(`    replay: ${failure.replay}`);
    expect(JSON.stringify(second.verdict)).not.toMatch(/secret-|Basic [A-Za-z0-9+/=]{8,}/);

    const replay = await sh(failure.replay!.replace('npm run conformance --', 'node --import tsx helpers/verdict/cli.ts --reporter=dot'), { SVC_REPORTS_DIR: join(work, 'replay') });

    const v = readVerdict(join(work, 'replay'))!;
    expect(replay.code).toBe(1);
    expect(v.counts).toEqual({ passed: 0, failed: 1, skipped: 0, pending: 0 });
    expect(v.failures[0]).toMatchObject({ file: failure.file, name: failure.name, message: failure.message });
  }, 60_000);
});

describe('a flaky scenario', () => {
  it('passes on its retry and is reported flaky with its failed attempt, and named once flaky in three of the last runs', async () => {
    const flakyHistory = join(work, 'flaky-history.jsonl');
    const earlier = { flaky: [PASSING] } as Partial<HistoryLine>;
    writeFileSync(flakyHistory, `${JSON.stringify(earlier)}\n${JSON.stringify(earlier)}\n`);

    const run = await conformance('flaky', { SANDBOX_FAULTS: 'exchange-rates-first-read-uncached', SVC_HISTORY: flakyHistory }, ['suites/exchange-rates/exchange-rates.test.ts']);

    expect(run.code, run.output.slice(-2000)).toBe(0);
    expect(run.verdict!.flaky).toEqual([{ file: 'suites/exchange-rates/exchange-rates.test.ts', name: PASSING.split(' > ').slice(1).join(' > '), attempts: [expect.stringContaining('Limits: exchange-rate cache age about 5 minutes')] }]);
    expect(run.output).toMatch(/verdict: conformant: 1 passed, 0 failed, 0 skipped; flaky: 1/);
    expect(run.verdict!.oftenFlaky).toEqual([{ scenario: PASSING, runs: 3, of: 3 }]);
    expect(run.output).toContain(`  often flaky: ${PASSING}: flaky in 3 of the last 3 runs (SVC_HISTORY)`);
    // Both attempts in its Allure result: the failed one attached, the passing one its status.
    const results = readdirSync(join(run.reports, 'allure-results')).filter((f) => f.endsWith('-result.json')).map((f) => JSON.parse(readFileSync(join(run.reports, 'allure-results', f), 'utf8')) as { status: string; attachments: { name: string }[]; steps: never[]; labels: { name: string; value: string }[] });
    expect(results).toHaveLength(1);
    expect(results[0].status).toBe('passed');
    type Step = { attachments: { name: string }[]; steps?: Step[] };
    const names = (s: Step): string[] => [...s.attachments.map((a) => a.name), ...(s.steps ?? []).flatMap(names)];
    expect(names(results[0])).toContain('attempt 1: failed');
    expect(results[0].labels).toContainEqual({ name: 'tag', value: 'flaky' });
  }, 120_000);
});

describe('the history', () => {
  it('holds a line per run with its verdict, counts, coverage, duration and seed, and Allure renders its own history across the reports', async () => {
    const lines = readFileSync(history, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as HistoryLine);
    const runs = lines.filter((l) => !l.reasons.some((r) => /did not start/.test(r)));
    expect(runs.slice(0, 3).map((l) => [l.conformant, l.counts.passed, l.counts.failed, l.counts.known])).toEqual([[true, 4, 0, 0], [false, 3, 1, 0], [false, 3, 0, 1]]);
    for (const l of runs.slice(0, 3)) {
      expect(l.coverage.operations).toMatch(/^\d+\/154$/);
      expect(l.durationMs).toBeGreaterThan(0);
      expect(l.seed).toBeGreaterThan(0);
    }
    const allureHistory = join(work, 'allure-history.jsonl');
    for (const run of [first, second, third]) {
      const report = await sh('node --import tsx helpers/report/render.ts', { SVC_REPORTS_DIR: run.reports, SVC_ALLURE_HISTORY: allureHistory });
      expect(report.code, report.output).toBe(0);
    }
    expect(readFileSync(allureHistory, 'utf8').trim().split('\n')).toHaveLength(3);
    // The last report shows each scenario's two earlier results, the newest first: the failing one's, failed (the second run) then passed (the first).
    const dir = join(third.reports, 'allure-report/data/test-results');
    const failing = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { fullName: string; history: { status: string }[] }).find((t) => t.fullName.includes('refuses a sendingAmount below 0'))!;
    expect(failing.history.map((h) => h.status)).toEqual(['failed', 'passed']);
  }, 120_000);
});
