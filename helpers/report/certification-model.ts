// The shapes of a certification: certification.json (Certification), and the signed statement over
// the run's reports (an in-toto Statement whose predicate is CertificationPredicate). Apart from the
// modules that build, sign and verify them, which all read these.
import type { Generation } from '../verdict/verdict.js';
import type { AreaTally } from './areas.js';

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
  /** Scenarios that passed only on a retry: a certification allows none (a certifying run retries none, so this is empty unless it did). */
  flaky: { file: string; name: string }[];
  /** Each entry of the interface's change history, as the run judged it, with its scenarios and how they ended (helpers/coverage/changes.ts). */
  changes: { id: string; entry: string; status: string; result: string; scenarios: { scenario: string; state: string }[] }[];
  resultsSha256: string;
}

/** A member no report of the run records: why it is left out. */
export interface Absent {
  absent: string;
}

export type AreaVerdict = 'passed' | 'failed' | 'not judged in full' | 'not run';

export interface DigestedFile {
  /** Relative to the suite's root. */
  file: string;
  sha256?: string;
  absent?: string;
}

export interface CertificationPredicate {
  certified: boolean;
  /** Why not certified (empty when certified), as certification.json says. */
  reasons: string[];
  target: { baseUrl: string; mode: string; configId: string | Absent };
  suite: { name: string; version: string; commit: string | null };
  interface: { version: string; document: DigestedFile; description: DigestedFile & { heldTo: boolean } };
  run: { startedAt: string; finishedAt: string; exitCode: number };
  /** SVC_SEED and SVC_RULE_RUNS of the run; null where it wrote no verdict. */
  generation: { seed: number; ruleRuns: number } | null;
  /** What the run's variables and profile declared, named by variable (else profile path); secrets and the project's internal variables left out. */
  settings: Record<string, unknown> | Absent;
  /** Settings declared whose values are secrets: named, not given. */
  withheld: string[];
  /** The capabilities the suites read for the run. */
  capabilities: Record<string, unknown> | Absent;
  areas: Record<string, { passed: number; failed: number; skipped: number; verdict: AreaVerdict }>;
  coverage: Record<string, { covered: number; total: number }>;
  listenerFindings: number;
  judgedPartly: number;
  /** The suite's own mutation score, as reports/mutation.json holds it when the statement is made (`writtenAt`: that file's time). */
  mutation: { killed: number; total: number; survived: number; errored: number; baselinePassed: boolean; file: string; sha256: string; writtenAt: string } | Absent;
  /** The report files of the subject, and those the run did not write. */
  reports: { subjects: string[]; absent: string[] };
}

export interface Subject {
  name: string;
  digest: { sha256: string };
}

export interface Statement {
  _type: 'https://in-toto.io/Statement/v1';
  subject: Subject[];
  predicateType: string;
  predicate: CertificationPredicate;
}

