// What a run leaves for the runs after it, written once its verdict stands: its scenarios as they
// ended (reports/scenarios.json, which a later run's diff reads), the diff against a baseline run
// (SVC_BASELINE: reports/diff.md, diff.json), and a line of the run history (SVC_HISTORY, JSON
// Lines), from which a scenario flaky in three of the last ten runs is named in the verdict.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { diffLine, diffRuns, findingKey, SCENARIOS_FILE, writeDiff, type RunSnapshot, type ScenarioLine } from '../report/diff.js';
import type { Coverage } from '../coverage/model.js';
import { readNdjson } from '../coverage/report.js';
import type { FailureRecord } from '../coverage/recorder.js';
import type { ScenarioOutcome, Verdict } from './verdict.js';

/** One run in the history file. */
export interface HistoryLine {
  finishedAt: string;
  runId: string;
  mode: string;
  conformant: boolean;
  reasons: string[];
  counts: Verdict['counts'] & { flaky: number; known: number; judgedPartly: number };
  failed: string[];
  flaky: string[];
  coverage: Record<string, string>;
  durationMs: number;
  seed?: number;
  ruleRuns?: number;
}

/** How many of the last runs the history weighs for flakiness, and in how many a scenario must have been flaky. */
export const FLAKY_WINDOW = 10;
export const FLAKY_RUNS = 3;

function readHistory(file: string): HistoryLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).flatMap((l) => {
    try {
      return [JSON.parse(l) as HistoryLine];
    } catch {
      return [];
    }
  });
}

/** Scenarios flaky in FLAKY_RUNS or more of the last FLAKY_WINDOW runs, this one included. */
export function oftenFlaky(history: HistoryLine[], current: string[]): NonNullable<Verdict['oftenFlaky']> {
  const runs = [...history.slice(-(FLAKY_WINDOW - 1)).map((h) => h.flaky), current];
  const count = new Map<string, number>();
  for (const flaky of runs) for (const s of new Set(flaky)) count.set(s, (count.get(s) ?? 0) + 1);
  return [...count].filter(([, n]) => n >= FLAKY_RUNS).map(([scenario, n]) => ({ scenario, runs: n, of: runs.length })).sort((a, b) => a.scenario.localeCompare(b.scenario));
}

const key = (x: { file: string; name: string }) => `${x.file} > ${x.name}`;
const KINDS = ['operations', 'responses', 'errors', 'events', 'transitions'] as const;

/**
 * Completes the verdict with the history's often-flaky scenarios and writes what later runs read.
 * Returns the lines to print before the verdict (the diff's).
 */
export function recordRun(input: {
  reportsDir: string;
  verdict: Verdict;
  scenarios: ScenarioOutcome[];
  coverage?: Coverage;
  startedAt: number;
  historyFile?: string;
  /** The baseline run (SVC_BASELINE) as the run read it when it started. */
  baseline?: { name: string; snapshot: RunSnapshot };
}): string[] {
  const { reportsDir, verdict } = input;
  // How to reproduce each failure, as its scenario recorded it (the last attempt's, after retries).
  const reproduce = new Map(readNdjson<FailureRecord>(join(reportsDir, '.raw'), 'failures').map((r) => [`${relative(process.cwd(), r.file ?? '')} > ${r.test}`, r]));
  for (const f of verdict.failures) {
    const r = reproduce.get(key(f));
    if (r) Object.assign(f, { replay: r.replay, ...(r.curl ? { curl: r.curl } : {}) });
  }
  const known = new Set((verdict.known ?? []).map(key));
  const lines: ScenarioLine[] = input.scenarios.map((o) => ({ scenario: key(o), state: o.state, ...(o.flaky ? { flaky: true } : {}), ...(known.has(key(o)) ? { known: true } : {}) }));
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(join(reportsDir, SCENARIOS_FILE), `${JSON.stringify(lines, null, 1)}\n`);
  const out: string[] = [];
  if (input.baseline) {
    const c = input.coverage;
    const current: RunSnapshot = {
      scenarios: new Map(lines.map((l) => [l.scenario, l])),
      coverage: new Set([...KINDS.flatMap((k) => c?.[k].coveredIds ?? []), ...(c?.changes.entries ?? []).filter((e) => e.status === 'judged').map((e) => `change:${e.id}`)]),
      findings: new Set([...verdict.findings, ...(verdict.findingsInBaseline ?? [])].map(findingKey)),
    };
    const d = diffRuns(input.baseline.snapshot, current, { previous: relative(process.cwd(), input.baseline.name) || input.baseline.name, current: relative(process.cwd(), reportsDir) || reportsDir });
    writeDiff(reportsDir, d);
    out.push(diffLine(d));
  }
  if (input.historyFile) {
    const flaky = (verdict.flaky ?? []).map(key);
    const often = oftenFlaky(readHistory(input.historyFile), flaky);
    if (often.length) verdict.oftenFlaky = often;
    const line: HistoryLine = {
      finishedAt: new Date().toISOString(),
      runId: verdict.runId,
      mode: verdict.mode,
      conformant: verdict.conformant,
      reasons: verdict.reasons,
      counts: { ...verdict.counts, flaky: flaky.length, known: verdict.known?.length ?? 0, judgedPartly: verdict.partly.length },
      failed: verdict.failures.map(key),
      flaky,
      coverage: input.coverage ? { ...Object.fromEntries(KINDS.map((k) => [k, `${input.coverage![k].covered}/${input.coverage![k].total}`])), changes: `${input.coverage.changes.covered}/${input.coverage.changes.total}` } : {},
      durationMs: Date.now() - input.startedAt,
      ...(verdict.generation ? { seed: verdict.generation.seed, ruleRuns: verdict.generation.ruleRuns } : {}),
    };
    mkdirSync(dirname(input.historyFile), { recursive: true });
    appendFileSync(input.historyFile, `${JSON.stringify(line)}\n`);
  }
  return out;
}
