// Mutant runs: the conformance suites that judge a fault's rule (the files it names, else its areas'
// suites) against the sandbox with that one fault switched on. The fault is killed only when one of
// those scenarios fails on a judgement of the suite (judge.ts); a timeout, a crash or a listener
// finding alone leaves it errored, which fails `npm test` as a survivor does. A baseline run without
// faults must pass, or no kill means anything. Writes reports/mutation.json (per fault, the
// scenarios that killed it and their assertion's first line) and prints the score.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { FAULTS, type FaultEntry, type FaultName } from '../../sandbox/faults.js';
import { ROOT, runConformance } from '../run-conformance.js';
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
  durationMs: number;
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

const MUTANT_ENV = { SVC_EVENT_TIMEOUT_MS: '2500', SVC_WEBHOOK_RETRY_WITHIN_MS: '800', SANDBOX_CHALLENGE_TTL_MS: '1500', SANDBOX_PROVISIONING_DELAY_MS: '400' };

/** A mutant is killed by its first failing scenario, so mutant runs stop there (--bail=1). */
const runSuites = (dirs: string[], faults: string[]) =>
  runConformance({ dirs, bail: faults.length > 0, env: { ...MUTANT_ENV, SANDBOX_FAULTS: faults.join(',') } });

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

function summarise(output: string): string {
  const failed = output.split('\n').filter((l) => /FAIL|×|✗|finding|Timed out|AssertionError/.test(l)).slice(0, 4);
  return failed.join(' | ').slice(0, 400);
}

export async function runMutants(opts: { only?: string[]; width?: number; write?: boolean } = {}): Promise<MutationReport> {
  const started = Date.now();
  const names = (opts.only?.length ? opts.only : Object.keys(FAULTS)) as FaultName[];
  // Mutant runs wait on their sandbox as much as they compute: four at a time on two cores.
  const width = opts.width ?? Math.max(2, Math.min(4, cpus().length * 2));
  const dirsOf = (areas: readonly string[]) => areas.map((a) => `suites/${a}/`).filter((d) => existsSync(join(ROOT, d)));
  const suitesOf = (name: FaultName): string[] => {
    const files: readonly string[] = (FAULTS[name] as FaultEntry).suites ?? [];
    return files.length ? files.map((f) => `suites/${f}`).filter((f) => existsSync(join(ROOT, f))) : dirsOf(FAULTS[name].areas);
  };

  const allDirs = [...new Set(names.flatMap((n) => dirsOf(FAULTS[n].areas)))];
  // The baseline (no faults) runs alongside the mutants; without it passing no kill means anything.
  const baselineRun = runSuites(allDirs, []);
  const results = await pool(names, width, async (name): Promise<MutantResult> => {
    const areas = [...FAULTS[name].areas];
    const dirs = suitesOf(name);
    const rule = FAULTS[name].rule;
    if (!dirs.length) {
      return { name, areas, rule, suites: [], outcome: 'errored', killed: false, durationMs: 0, killedBy: [], errors: [], detail: `no suites for area(s) ${areas.join(', ')}` };
    }
    const run = await runSuites(dirs, [name]);
    const judged = judgeMutant(dirs, run);
    const detail =
      judged.outcome === 'killed'
        ? judged.killedBy.map((k) => `${k.file} > ${k.test}: ${k.message}`).join(' | ').slice(0, 400)
        : judged.outcome === 'errored'
          ? judged.errors.join(' | ').slice(0, 400) || summarise(run.output)
          : 'the judging scenarios passed with the fault on';
    return { name, areas, rule, suites: dirs, outcome: judged.outcome, killed: judged.outcome === 'killed', durationMs: run.durationMs, killedBy: judged.killedBy, errors: judged.errors, detail };
  });
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
  if (opts.write ?? true) {
    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    writeFileSync(join(ROOT, 'reports/mutation.json'), `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}

export function formatReport(r: MutationReport): string {
  const lines = r.baselinePassed ? [] : [`BASELINE NOT CONFORMANT (no faults): mutants cannot be judged:\n${r.baseline}`];
  lines.push(`Mutation score: ${r.killed}/${r.total} faults killed (${r.survivors.length} survived, ${r.errored.length} errored) in ${(r.durationMs / 1000).toFixed(1)} s`);
  for (const s of r.results.filter((x) => !x.killed)) lines.push(`  ${s.outcome.toUpperCase()} ${s.name} (${s.suites.join(' ') || s.areas.join(', ')}): ${s.detail}`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const only = process.argv.slice(2);
  const report = await runMutants({ only });
  process.stdout.write(`${formatReport(report)}\n`);
  process.exitCode = !report.baselinePassed || report.survivors.length || report.errored.length ? 1 : 0;
}
