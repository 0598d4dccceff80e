// Worker side of coverage: each passed assertion appends its ids to a per-worker file; the run's
// teardown merges them (helpers/coverage/report.ts). Nothing is recorded that was not asserted.
// Recording and tagging are one step: every id recorded for a scenario is also an Allure tag on
// its test (once per test), so the report's tags and coverage.json never disagree.
import { mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { allureTag } from '../allure.js';
import type { CoverageKind } from '../spec/catalog.js';
import { RAW_DIR } from '../paths.js';

export interface CoverageRecord {
  kind: CoverageKind;
  id: string;
  test?: string;
  file?: string;
}

export interface SkipRecord {
  test?: string;
  file?: string;
  reason: string;
  /** Coverage ids the scenario would have exercised. */
  ids: string[];
}

export interface NoteRecord {
  id: string;
  test?: string;
  file?: string;
  sentences: string[];
  observed: string;
}

/** One open file per kind and process, appended to record by record (no open and close per record). */
const files = new Map<string, number>();
function append(name: string, record: object): void {
  let fd = files.get(name);
  if (fd === undefined) {
    mkdirSync(RAW_DIR, { recursive: true });
    fd = openSync(join(RAW_DIR, `${name}-${process.pid}.ndjson`), 'a');
    files.set(name, fd);
  }
  writeSync(fd, `${JSON.stringify(record)}\n`);
}

function currentTest(): { test?: string; file?: string } {
  try {
    const state = expect.getState();
    return { test: state.currentTestName, file: state.testPath };
  } catch {
    return {};
  }
}

/** Coverage records this process wrote: the merge reads them as a set, so a repeat is not written. */
const covered = new Set<string>();

/** Records a coverage id the running scenario exercised, and tags it on the scenario's Allure test. */
export function recordCovered(kind: CoverageKind, id: string): void {
  const where = currentTest();
  const key = `${where.file}\0${where.test}\0${kind}\0${id}`;
  if (covered.has(key)) return;
  covered.add(key);
  append('coverage', { kind, id, ...where } satisfies CoverageRecord);
  allureTag(id);
}

export interface RuleRecord {
  /** The operation, `POST /customers/external-accounts`. */
  operation: string;
  /** The rule's id within the operation (helpers/field-rules/rules.ts). */
  rule: string;
  test?: string;
  file?: string;
}

export interface RequestRecord {
  /** The request's time, sent to answered (ms). */
  ms: number;
  /** When it was answered (epoch ms). */
  at: number;
}

/** Records one request the run made to the target and how long its answer took (the run's request figures). */
export function recordRequest(ms: number): void {
  append('requests', { ms, at: Date.now() } satisfies RequestRecord);
}

/** Records a documented field rule of an operation that a scenario broke and saw refused. */
export function recordRule(operation: string, rule: string): void {
  append('rules', { operation, rule, ...currentTest() } satisfies RuleRecord);
  allureTag(`rule:${operation} ${rule}`);
}

export function recordSkip(reason: string, ids: string[] = []): void {
  append('skips', { reason, ids, ...currentTest() } satisfies SkipRecord);
}

export interface FailureRecord {
  test?: string;
  file?: string;
  /** The command that replays the scenario alone. */
  replay: string;
  /** Its last exchange as curl, where it made one. */
  curl?: string;
}

/** Records how to reproduce a failed scenario (helpers/scenario.ts): the verdict prints it under the failure. */
export function recordFailure(record: Omit<FailureRecord, 'test' | 'file'>, where: { test?: string; file?: string }): void {
  append('failures', { ...record, ...where } satisfies FailureRecord);
}

export function recordNote(id: string, sentences: string[], observed: string): void {
  append('notes', { id, sentences, observed, ...currentTest() } satisfies NoteRecord);
}
