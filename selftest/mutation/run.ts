// Mutant runs: the conformance suites that judge a fault's rule (the files it names, else its areas'
// suites) against the sandbox with that one fault switched on. Faults run in batches: one vitest
// process per batch, two projects per fault (vitest.config.ts, SVC_MUTANT_BATCH), each fault's
// projects served by a sandbox and a listener of their own with that one fault on, and judged by
// their own verdict; a fault's scenarios stop at its first failure (bail.ts), as --bail=1 stops a run
// of one fault. A fault that its batch did not kill, where the batch had an error outside any
// project's scenarios (an unhandled error, no verdict), is run again alone, as before batching. The fault is killed only when one of
// those scenarios fails on a judgement of the suite (judge.ts); a timeout, a crash or a listener
// finding alone leaves it errored, which fails `npm test` as a survivor does. A baseline run without
// faults must pass, or no kill means anything. Writes reports/mutation.json (per fault, the
// scenarios that killed it and their assertion's first line) and prints the score.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mutantVerdictFile } from '../../helpers/target/mutant.js';
import { generationSettings } from '../../helpers/target/settings.js';
import { VERDICT_READER_ENV, VITEST } from '../../helpers/verdict/cli.js';
import type { Verdict } from '../../helpers/verdict/verdict.js';
import { FAULTS, type FaultEntry, type FaultName } from '../../sandbox/faults.js';
import { ROOT, runConformance, type ConformanceRun } from '../run-conformance.js';
import { verdictLines } from '../../helpers/verdict/verdict.js';
import { judgeMutant, type Outcome, type ScenarioFailure } from './judge.js';

export interface MutantResult {
  name: string;
  areas: string[];
  /** The rule the fault breaks. */
  rule: string;
  /** The suite files and folders run against it: the scenarios that judge its rule. */
  suites: string[];
  outcome: Outcome;
  killed: boolean;
  /** Wall time of the run that judged it: its batch's (`batch`), or its own. */
  durationMs: number;
  /** The batch it ran in (index), absent when it ran alone. */
  batch?: number;
  /** The judging scenarios that failed on a judgement (file, test name, kind, the message's first line). */
  killedBy: ScenarioFailure[];
  /** What else went wrong in the run (timeouts, crashes, findings): the reason of an errored outcome. */
  errors: string[];
  detail: string;
}

export interface MutationReport {
  total: number;
  killed: number;
  survivors: string[];
  /** Faults whose run ended in a timeout, a crash or a finding without a judging scenario failing. */
  errored: string[];
  baselinePassed: boolean;
  /** The baseline's verdict line (and what failed in it): without it conformant, no kill means anything. */
  baseline: string;
  durationMs: number;
  results: MutantResult[];
}

// The challenge life is the sandbox's embedded one (sandbox/profile.ts EMBEDDED_TIMINGS): 1.5 s let a
// challenge expire before a loaded machine answered it, failing the baseline.
// One generated request per field rule, as an embedded run's default (helpers/target/settings.ts):
// fast-check's first value for a seed is the same whatever the run count, so a fault killed by one
// request is killed by a run of more as well.
// One seed for every mutant run (SVC_SEED overrides it): which generated request judges a rule is then
// the same in every run, so a fault's verdict does not depend on the value a run happened to draw.
const MUTANT_ENV = { SVC_EVENT_TIMEOUT_MS: '2500', SVC_WEBHOOK_RETRY_WITHIN_MS: '800', SANDBOX_PROVISIONING_DELAY_MS: '400', SVC_RULE_RUNS: process.env.SVC_RULE_RUNS ?? '1', SVC_SEED: process.env.SVC_SEED ?? '20261125' };

/** A mutant is killed by its first failing scenario, so mutant runs stop there (--bail=1). */
const runSuites = (dirs: string[], faults: string[], more: { env?: Record<string, string>; keepReports?: boolean } = {}) =>
  runConformance({ dirs, bail: faults.length > 0, keepReports: more.keepReports, env: { ...MUTANT_ENV, SANDBOX_FAULTS: faults.join(','), ...more.env } });

interface BatchEntry {
  fault: FaultName;
  /** The judging suites as the fault names them (files, folders). */
  suites: string[];
  /** Those suites as files. */
  files: string[];
  /** Only these scenarios of the files (full names without the file), where set: the ones that killed it last. */
  tests?: string[];
}

interface BatchRun {
  durationMs: number;
  output: string;
  /** Something failed outside every fault's scenarios: an unhandled error, a signal, a crash of vitest. */
  outsideError?: string;
  verdicts: Map<string, Verdict | undefined>;
}

/** Faults per vitest process: each adds a sandbox, a listener and its projects' workers to the process. */
const BATCH_SIZE = 12;
/** Faults per process when each runs only the scenarios that killed it last: a process's start is then most of its time. */
const QUICK_BATCH_SIZE = 24;

/** One vitest process for a batch of faults (see the file's header). */
function runBatch(batch: BatchEntry[]): Promise<BatchRun> {
  const reports = mkdtempSync(join(tmpdir(), 'svc-mutants-'));
  const bailDir = join(reports, 'bail');
  mkdirSync(bailDir);
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--reporter=dot'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SVC_BASE_URL: '',
        SVC_TARGET_IMAGE: '',
        SANDBOX_FAULTS: '',
        // The sandbox's default reading: the faults are written against it.
        SANDBOX_SCA_DEBIT_AT: '',
        SANDBOX_QUOTE_VELOCITY_COUNT: '',
        SANDBOX_QUOTE_VELOCITY_REFUSED: '',
        SVC_REPORTS_DIR: reports,
        FORCE_COLOR: '0',
        NO_COLOR: '1',
        ...VERDICT_READER_ENV,
        ...MUTANT_ENV,
        SVC_MUTANT_BATCH: JSON.stringify(batch.map(({ fault, files, tests }) => ({ fault, files, ...(tests ? { tests } : {}) }))),
        SVC_MUTANT_BAIL_DIR: bailDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('close', (code, signal) => {
      const verdicts = new Map<string, Verdict | undefined>();
      for (const { fault } of batch) {
        try {
          verdicts.set(fault, JSON.parse(readFileSync(join(reports, mutantVerdictFile(fault)), 'utf8')) as Verdict);
        } catch {
          verdicts.set(fault, undefined);
        }
      }
      rmSync(reports, { recursive: true, force: true });
      const unhandled = /Unhandled (Error|Rejection)|unhandled error/i.exec(output);
      const outsideError = signal ? `the batch's vitest died of ${signal}` : unhandled ? `the batch's vitest reported an unhandled error: ${unhandled[0]}` : code !== 0 && code !== 1 ? `the batch's vitest exited with code ${code}` : undefined;
      done({ durationMs: Date.now() - started, output, outsideError, verdicts });
    });
  });
}

async function pool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** The files that killed each fault in the last full run (kept in the repository, refreshed with --write-killers). */
const KILLERS = join(ROOT, 'selftest/mutation/killers.json');

type Killers = Record<string, { file: string; test: string }[]>;

function readKillers(): Killers {
  if (!existsSync(KILLERS)) return {};
  try {
    return JSON.parse(readFileSync(KILLERS, 'utf8')) as Killers;
  } catch {
    return {};
  }
}

/** Each killed fault's killing scenarios, the others' entries kept; sorted, so the file diffs by fault. */
function writeKillers(results: MutantResult[]): void {
  const map = readKillers();
  const key = (k: { file: string; test: string }) => `${k.file} > ${k.test}`;
  for (const r of results) {
    if (!r.killed) continue;
    const unique = new Map(r.killedBy.map((k) => [key(k), { file: k.file, test: k.test }]));
    map[r.name] = [...unique.values()].sort((a, b) => key(a).localeCompare(key(b)));
  }
  const sorted = Object.fromEntries(Object.keys(map).filter((k) => Object.hasOwn(FAULTS, k)).sort().map((k) => [k, map[k]]));
  writeFileSync(KILLERS, `${JSON.stringify(sorted, null, 1)}\n`);
}

function summarise(output: string): string {
  const failed = output.split('\n').filter((l) => /FAIL|×|✗|finding|Timed out|AssertionError/.test(l)).slice(0, 4);
  return failed.join(' | ').slice(0, 400);
}

/**
 * Runs the faults (all, or `only`). `baselineEnv` is added to the baseline run's environment, whose
 * reports are then kept and handed back with it (`baselineRun`: the caller removes them).
 */
export async function runMutants(opts: { only?: string[]; width?: number; write?: boolean; writeKillers?: boolean; baselineEnv?: Record<string, string> } = {}): Promise<MutationReport & { baselineRun: ConformanceRun }> {
  const started = Date.now();
  // Settings and fault names are checked before any run: a bad SVC_SEED or SVC_RULE_RUNS would
  // otherwise fail every batch's setup, and every fault would read as errored.
  generationSettings(MUTANT_ENV, 'embedded', () => 1);
  const unknown = (opts.only ?? []).filter((n) => !Object.hasOwn(FAULTS, n));
  if (unknown.length) throw new Error(`unknown fault(s): ${unknown.join(', ')} (sandbox/faults.ts names them)`);
  const names = (opts.only?.length ? opts.only : Object.keys(FAULTS)) as FaultName[];
  // Mutant runs wait on their sandbox as much as they compute: four at a time on two cores.
  const width = opts.width ?? Math.max(2, Math.min(4, cpus().length * 2));
  const dirsOf = (areas: readonly string[]) => areas.map((a) => `suites/${a}/`).filter((d) => existsSync(join(ROOT, d)));
  const suitesOf = (name: FaultName): string[] => {
    const files: readonly string[] = (FAULTS[name] as FaultEntry).suites ?? [];
    return files.length ? files.map((f) => `suites/${f}`).filter((f) => existsSync(join(ROOT, f))) : dirsOf(FAULTS[name].areas);
  };

  const filesOf = (suites: string[]) =>
    suites.flatMap((s) =>
      s.endsWith('/')
        ? readdirSync(join(ROOT, s), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts')).map((f) => `${s}${f}`).sort()
        : [s],
    );

  const allDirs = [...new Set(names.flatMap((n) => dirsOf(FAULTS[n].areas)))];
  // The baseline (no faults) runs alongside the mutants; without it passing no kill means anything.
  // For every fault, the whole suite: the baseline is then also a complete run (held to the description, say).
  const baselineRun = runSuites(opts.only?.length ? allDirs : [], [], opts.baselineEnv ? { env: opts.baselineEnv, keepReports: true } : {});

  const judgeAlone = async (name: FaultName, dirs: string[]): Promise<MutantResult> => {
    const run = await runSuites(dirs, [name]);
    return result(name, dirs, judgeMutant(dirs, run), run.durationMs, run.output);
  };
  const result = (name: FaultName, dirs: string[], judged: ReturnType<typeof judgeMutant>, durationMs: number, output: string, batch?: number): MutantResult => {
    const detail =
      judged.outcome === 'killed'
        ? judged.killedBy.map((k) => `${k.file} > ${k.test}: ${k.message}`).join(' | ').slice(0, 400)
        : judged.outcome === 'errored'
          ? judged.errors.join(' | ').slice(0, 400) || summarise(output)
          : 'the judging scenarios passed with the fault on';
    const areas = [...FAULTS[name].areas];
    return { name, areas, rule: FAULTS[name].rule, suites: dirs, outcome: judged.outcome, killed: judged.outcome === 'killed', durationMs, batch, killedBy: judged.killedBy, errors: judged.errors, detail };
  };

  const byName = new Map<string, MutantResult>();
  const entries: BatchEntry[] = [];
  for (const name of names) {
    const dirs = suitesOf(name);
    if (!dirs.length) {
      const areas = [...FAULTS[name].areas];
      byName.set(name, { name, areas, rule: FAULTS[name].rule, suites: [], outcome: 'errored', killed: false, durationMs: 0, killedBy: [], errors: [], detail: `no suites for area(s) ${areas.join(', ')}` });
    } else entries.push({ fault: name, suites: dirs, files: filesOf(dirs) });
  }

  /** Runs the entries in batches, settling each fault's result, with whether its batch went wrong outside every fault's scenarios. */
  const runEntries = async (list: BatchEntry[], size: number, settle: (e: BatchEntry, r: MutantResult, outside: boolean) => void) => {
    // Faults whose suites overlap sit in the same batch (their files are loaded once per process).
    const sorted = [...list].sort((a, b) => a.files.join(' ').localeCompare(b.files.join(' ')));
    const batches: BatchEntry[][] = [];
    for (let i = 0; i < sorted.length; i += size) batches.push(sorted.slice(i, i + size));
    // Batches wait on their sandboxes as much as they compute: two at a time on two cores.
    const batchWidth = Math.max(1, Math.min(2, Math.floor(width / 2)));
    await pool(batches.map((b, i) => [b, i] as const), batchWidth, async ([batch, index]) => {
      const run = await runBatch(batch);
      await pool(batch, 1, async (entry) => {
        const verdict = run.verdicts.get(entry.fault);
        const code = verdict && verdict.conformant && !run.outsideError ? 0 : 1;
        const judged = judgeMutant(entry.suites, { code, verdict, output: run.output });
        settle(entry, result(entry.fault, entry.suites, judged, run.durationMs, run.output, index), judged.outcome !== 'killed' && (run.outsideError !== undefined || !verdict));
      });
    });
  };

  // First, each fault against the scenarios that killed it in the last full run (killers.json), where
  // their files are still among its suites: scenarios of its rule, the quickest to fail. A fault they do not
  // kill runs again against all its suites, so a stale entry costs time, never a verdict.
  const killers = readKillers();
  const quick = entries.flatMap((e) => {
    const known = killers[e.fault]?.filter((k) => e.files.includes(k.file)) ?? [];
    return known.length ? [{ ...e, files: [...new Set(known.map((k) => k.file))], tests: known.map((k) => k.test) }] : [];
  });
  const again: BatchEntry[] = entries.filter((e) => !quick.some((q) => q.fault === e.fault));
  await runEntries(quick, QUICK_BATCH_SIZE, (entry, r) => {
    if (r.killed) byName.set(entry.fault, r);
    else again.push(entries.find((e) => e.fault === entry.fault)!);
  });
  // Not killed, and the batch went wrong outside its scenarios: judged again alone.
  const alone: BatchEntry[] = [];
  await runEntries(again, BATCH_SIZE, (entry, r, outside) => {
    byName.set(entry.fault, r);
    if (outside) alone.push(entry);
  });
  await pool(alone, 1, async (entry) => byName.set(entry.fault, await judgeAlone(entry.fault, entry.suites)));
  const results = names.map((n) => byName.get(n)!);
  const baseline = await baselineRun;
  const baselinePassed = baseline.code === 0;

  const report: MutationReport = {
    total: results.length,
    killed: results.filter((r) => r.killed).length,
    survivors: results.filter((r) => r.outcome === 'survived').map((r) => r.name),
    errored: results.filter((r) => r.outcome === 'errored').map((r) => r.name),
    baselinePassed,
    baseline: baseline.verdict ? verdictLines(baseline.verdict).filter(Boolean).join('\n') : (baseline.output.trimEnd().split('\n').at(-1) ?? ''),
    durationMs: Date.now() - started,
    results,
  };
  if (opts.writeKillers) writeKillers(results);
  if (opts.write ?? true) {
    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    writeFileSync(join(ROOT, 'reports/mutation.json'), `${JSON.stringify(report, null, 2)}\n`);
  }
  return { ...report, baselineRun: baseline };
}

export function formatReport(r: MutationReport): string {
  const lines = r.baselinePassed ? [] : [`BASELINE NOT CONFORMANT (no faults): mutants cannot be judged:\n${r.baseline}`];
  lines.push(`Mutation score: ${r.killed}/${r.total} faults killed (${r.survivors.length} survived, ${r.errored.length} errored) in ${(r.durationMs / 1000).toFixed(1)} s`);
  for (const s of r.results.filter((x) => !x.killed)) lines.push(`  ${s.outcome.toUpperCase()} ${s.name} (${s.suites.join(' ') || s.areas.join(', ')}): ${s.detail}`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const only = args.filter((a) => a !== '--write-killers');
  try {
    // Named faults are a part of the run: reports/mutation.json keeps the whole run's score (the certification reads it).
    const report = await runMutants({ only, writeKillers: args.includes('--write-killers'), write: only.length === 0 });
    process.stdout.write(`${formatReport(report)}\n`);
    process.exitCode = !report.baselinePassed || report.survivors.length || report.errored.length ? 1 : 0;
  } catch (err) {
    process.stderr.write(`mutation run not started: ${(err as Error).message}\n`);
    process.exitCode = 2;
  }
}
