// The order in which a run starts its scenario files. Vitest's own order (longest first, by the last
// run's durations, else largest first) starts every scenario that waits out the target's clock (a
// challenge's expiresAt, a session's life, an approval window) at once: those are the longest files,
// so for several seconds each worker sleeps on a timer while the target has nothing to do. Here a
// project's files keep vitest's order, except that a file which waits on the clock starts only while
// fewer than `waitingCap(workers)` workers are in such a file, as a simulation of the run predicts
// (the last run's durations, else a duration in proportion to the file's size).
//
// A file waits on the clock when its scenarios check a wait against the run's wait budget
// (`capabilities.waitBudgetMs`, which every such wait must do: helpers/scenario.ts requireCapability).
// Platform-wide files (`*.platform.test.ts`) come last, in vitest's order.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { PHASED_PROJECT, PLATFORM_FILE, platformPhase } from './target/platform-phase.js';

const WAITS_ON_CLOCK = /\bwaitBudgetMs\b/;

/** Without a last run's duration, a file's is guessed from its size (a run's files take about 1 ms per 6 bytes). */
const MS_PER_BYTE = 0.17;

interface Planned {
  spec: TestSpecification;
  waits: boolean;
  durationMs: number;
}

/**
 * The most workers a plan puts in waiting files at once: one fewer than half. The plan's durations are
 * the last run's, and the other files' durations move with the host's speed: a file that ends later
 * than planned lets one more waiting file start. A cap of half lets that slip put most workers in
 * waiting files at once, with the cores idle while they sleep; a cap of a quarter or less makes the
 * waiting files, the longest, start so late that they end the run. One fewer than half keeps the
 * cores busiest.
 */
export function waitingCap(workers: number): number {
  return Math.max(1, Math.floor(workers / 2) - 1);
}

/**
 * List scheduling as vitest's pool does it (each worker that frees takes the next file): the next
 * file is the first of `others`, unless fewer than `waitingCap(workers)` workers are in a waiting
 * file, when it is the first of `waiting`.
 */
export function spreadWaits<T extends { waits: boolean; durationMs: number }>(files: readonly T[], workers: number): T[] {
  const waiting = files.filter((f) => f.waits);
  const others = files.filter((f) => !f.waits);
  if (!waiting.length || workers < 2) return [...files];
  const cap = waitingCap(workers);
  /** End time of each busy worker, and whether its file waits. */
  const busy: { end: number; waits: boolean }[] = [];
  const order: T[] = [];
  let now = 0;
  while (waiting.length || others.length) {
    if (busy.length === workers) {
      busy.sort((a, b) => a.end - b.end);
      now = busy.shift()!.end;
    }
    const waitingNow = busy.filter((b) => b.waits).length;
    const next = (waitingNow < cap && waiting.length) || !others.length ? waiting.shift()! : others.shift()!;
    order.push(next);
    busy.push({ end: now + next.durationMs, waits: next.waits });
  }
  return order;
}

/**
 * A project's platform-wide files (helpers/target/platform-phase.ts) apart from the others, each in
 * its order: they run after every other file, so they go last, and each worker that frees takes the
 * other files first; no platform-wide file then waits on a file not yet started.
 */
export function splitPlatformWide<T extends { moduleId: string }>(files: readonly T[]): { others: T[]; platform: T[] } {
  return { others: files.filter((f) => !PLATFORM_FILE.test(f.moduleId)), platform: files.filter((f) => PLATFORM_FILE.test(f.moduleId)) };
}

export default class WaitSpreadingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // vitest's order keeps each project's files together: each project is planned on its own.
    const out: TestSpecification[] = [];
    for (let i = 0; i < sorted.length; ) {
      const project = sorted[i]!.project;
      let j = i;
      while (j < sorted.length && sorted[j]!.project === project) j++;
      const own = sorted.slice(i, j);
      // (A project without file parallelism resolves to one worker.)
      const workers = Number(project.config.maxWorkers) || 1;
      const { others, platform } = splitPlatformWide(own);
      if (project.name === PHASED_PROJECT) {
        // The files this process runs (a shard's part), for the platform phase to wait on; a live file
        // reports within its longest timeout; a cancelled run fails the waiting files (vitest forgets
        // its cancel listeners as each run starts, before it orders the files).
        const { testTimeout, hookTimeout } = project.config;
        platformPhase().plan(own.map((spec) => spec.moduleId), 2 * Math.max(testTimeout, hookTimeout));
        this.ctx.onCancel((reason) => platformPhase().cancel(String(reason)));
      }
      out.push(...spreadWaits(others.map((spec) => this.plan(spec)), workers).map((p) => p.spec), ...platform);
      i = j;
    }
    return out;
  }

  private plan(spec: TestSpecification): Planned {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const text = readFileSync(spec.moduleId, 'utf8');
    const last = this.ctx.cache.getFileTestResults(key)?.duration;
    return { spec, waits: WAITS_ON_CLOCK.test(text), durationMs: last ?? text.length * MS_PER_BYTE };
  }
}
