// Whether a mutant run killed its fault: only a scenario that judges the fault's rule (a file the
// fault names, or one of its areas' suites) failing on a judgement of the suite counts. A vitest
// timeout, a crash, a hook error or a listener finding without such a failure is an error of the
// run: it says nothing about the rule, so the fault is neither killed nor survived.
import type { Verdict } from '../../helpers/verdict/verdict.js';

export type Outcome = 'killed' | 'survived' | 'errored';

/**
 * How a scenario failed.
 * - assertion: an expectation of the suite failed (AssertionError: expect, expectStatus, expectError,
 *   expectTransition, expectEvents, a schema);
 * - deadline: the suite's own bounded wait for what the interface says must happen (an event about a
 *   resource, a state reached), declared by the target's event deadline, ended without it
 *   (helpers/listener/client.ts waitFor, helpers/eventually.ts);
 * - signature: a delivery a scenario waited for failed X-Svc-Signature verification (Authentication 5);
 * - timeout: vitest stopped a scenario or hook that ran past its own time limit;
 * - crash: anything else (a TypeError, a network error, a bug of the harness).
 */
export type FailureKind = 'assertion' | 'deadline' | 'signature' | 'timeout' | 'crash';

export function failureKind(errorName: string | undefined, message: string): FailureKind {
  if (/^(Test|Hook) timed out in \d+ms/.test(message)) return 'timeout';
  if (errorName === 'AssertionError') return 'assertion';
  if (errorName === 'Error' && /^Timed out after \d+ ms waiting for /.test(message)) return 'deadline';
  if (errorName === 'Error' && /^Authentication 5: a delivery of /.test(message)) return 'signature';
  return 'crash';
}

const JUDGEMENTS: ReadonlySet<FailureKind> = new Set(['assertion', 'deadline', 'signature']);

export interface ScenarioFailure {
  file: string;
  test: string;
  kind: FailureKind;
  /** The first line of the failure's message. */
  message: string;
}

export interface Judgement {
  outcome: Outcome;
  /** The judging scenarios that failed on a judgement: what killed the fault. */
  killedBy: ScenarioFailure[];
  /** Everything else that went wrong in the run. */
  errors: string[];
}

/** `judging`: suite files and folders (`suites/x/y.test.ts`, `suites/x/`) whose scenarios judge the rule. */
export function judgeMutant(judging: string[], run: { code: number; verdict?: Verdict; output: string }): Judgement {
  const judges = (file: string) => judging.some((j) => (j.endsWith('/') ? file.startsWith(j) : file === j));
  const v = run.verdict;
  if (!v) {
    const last = run.output.trimEnd().split('\n').at(-1) ?? '';
    return { outcome: 'errored', killedBy: [], errors: [`the run wrote no verdict: ${last}`] };
  }
  const failures: ScenarioFailure[] = v.failures.map((f) => ({ file: f.file, test: f.name, kind: failureKind(f.errorName, f.message), message: f.message }));
  const killedBy = failures.filter((f) => JUDGEMENTS.has(f.kind) && judges(f.file));
  const errors = [
    ...failures.filter((f) => !killedBy.includes(f)).map((f) => `${f.kind} in ${f.file} > ${f.test}: ${f.message}`),
    ...v.fileErrors.map((e) => `file error in ${e.file}: ${e.message}`),
    ...v.findings.map((f) => `listener finding [${f.kind}] ${f.type ?? '?'}: ${f.message}`),
  ];
  if (killedBy.length) return { outcome: 'killed', killedBy, errors };
  if (errors.length || run.code !== 0) {
    return { outcome: 'errored', killedBy, errors: errors.length ? errors : [v.reasons.join('; ') || `exit code ${run.code}`] };
  }
  return { outcome: 'survived', killedBy, errors };
}
