// A mutant counts as killed only when a scenario that judges its rule fails on a judgement of the
// suite; timeouts, crashes and listener findings alone leave it errored.
import { describe, expect, it } from 'vitest';
import { judgeRun, type ScenarioOutcome } from '../../helpers/verdict/verdict.js';
import { failureKind, judgeMutant } from './judge.js';
import { runMutants } from './run.js';

const FILE = 'suites/cards/state-matrix.test.ts';
const failed = (file: string, errorName: string, message: string): ScenarioOutcome => ({ file, name: 'Card > rule', state: 'failed', errorName, message });
const run = (scenarios: ScenarioOutcome[], findings: { kind: string; message: string }[] = []) => {
  const verdict = judgeRun({ mode: 'embedded', runId: 'r', scenarios, findings });
  return { code: verdict.conformant ? 0 : 1, verdict, output: '' };
};
const ok: ScenarioOutcome = { file: FILE, name: 'Card > other', state: 'passed' };

describe('judging a mutant run', () => {
  it('classifies failures: assertions, the suite\'s event and state deadlines, signatures, vitest timeouts, crashes', () => {
    expect(failureKind('AssertionError', 'expected 409 to be 400')).toBe('assertion');
    expect(failureKind('Error', 'Timed out after 2500 ms waiting for CARD.STATE_CHANGE about Card:1; received: nothing')).toBe('deadline');
    expect(failureKind('Error', 'Authentication 5: a delivery of TEST about TEST failed X-Svc-Signature verification (x); the listener answered 401')).toBe('signature');
    expect(failureKind('Error', 'Test timed out in 60000ms.')).toBe('timeout');
    expect(failureKind('TypeError', "Cannot read properties of undefined (reading 'id')")).toBe('crash');
    expect(failureKind('Error', 'POST /cards: network error ECONNRESET')).toBe('crash');
  });

  it('counts a kill when a judging scenario fails an assertion, naming it', () => {
    const j = judgeMutant([FILE], run([ok, failed(FILE, 'AssertionError', 'transition card: CLOSED -> ACTIVE must change nothing')]));
    expect(j.outcome).toBe('killed');
    expect(j.killedBy).toEqual([{ file: FILE, test: 'Card > rule', kind: 'assertion', message: 'transition card: CLOSED -> ACTIVE must change nothing' }]);
  });

  it('counts a folder of judging suites', () => {
    expect(judgeMutant(['suites/cards/'], run([failed(FILE, 'AssertionError', 'x')])).outcome).toBe('killed');
  });

  it('leaves the fault errored on a timeout or a crash, or on a failure outside the scenarios that judge its rule', () => {
    expect(judgeMutant([FILE], run([failed(FILE, 'Error', 'Test timed out in 60000ms.')])).outcome).toBe('errored');
    expect(judgeMutant([FILE], run([failed(FILE, 'TypeError', 'x is undefined')])).outcome).toBe('errored');
    expect(judgeMutant([FILE], run([ok, failed('suites/webhooks/retry.test.ts', 'AssertionError', 'x')])).outcome).toBe('errored');
  });

  it('leaves the fault errored on a listener finding alone, and without a verdict', () => {
    const j = judgeMutant([FILE], run([ok], [{ kind: 'signature', message: 'does not verify' }]));
    expect(j.outcome).toBe('errored');
    expect(j.errors[0]).toMatch(/listener finding \[signature\]/);
    expect(judgeMutant([FILE], { code: 1, output: 'verdict: NOT CONFORMANT: the run wrote no verdict' }).outcome).toBe('errored');
  });

  it('counts a survivor when the judging scenarios all passed', () => {
    expect(judgeMutant([FILE], run([ok])).outcome).toBe('survived');
  });
});

describe('starting a mutation run', () => {
  it('refuses an unknown fault name before any run, naming it', async () => {
    await expect(runMutants({ only: ['auth-not-enforced', 'no-such-fault'], write: false })).rejects.toThrow(/unknown fault\(s\): no-such-fault \(sandbox\/faults.ts/);
  });
});
