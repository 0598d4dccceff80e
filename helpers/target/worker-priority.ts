// The worker threads of the conformance and mutant projects each lower their own scheduling priority
// once (helpers/target/worker-priority.setup.ts, a setup file of both projects in vitest.config.ts), so
// that the process's main thread, which serves every worker (the embedded sandbox, the webhook
// listener, vitest's own coordination), runs first when it has work. The workers are its clients:
// seven of them share two cores with it, and each request waits for the main thread whenever workers
// hold the cores. Measured on the 2-core machine, the embedded run in alternation, seven runs each:
// 29.3 s mean wall with the workers at niceness 10 against 31.4 s at 0, every pair faster (5 gained
// less, 19 no more); `npm run conformance`, four pairs: 28.9 s against 31.9 s. The CPU spent is the
// same: only who waits changes. Where a core is free, nothing changes.
//
// Linux gives each thread its own niceness (setpriority on a thread id). Elsewhere, or where the
// thread cannot learn its id, this does nothing. Lowering a priority needs no privilege; a niceness
// already near the floor goes as far as it can.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** How much less the workers' niceness is than the main thread's (the thread that started them). */
export const WORKER_NICENESS_STEP = 10;
/** Linux's lowest priority. */
const LOWEST = 19;
const DONE = Symbol.for('svc-conformance.worker-priority');

/** The calling thread's id on Linux (/proc/thread-self names it), or undefined. */
export function threadTid(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling worker thread's priority by WORKER_NICENESS_STEP below the one it started with
 * (its creator's); once per thread. Answers the niceness set, or undefined where nothing was changed.
 */
export function lowerWorkerPriority(): number | undefined {
  if (isMainThread) return undefined;
  const g = globalThis as typeof globalThis & { [DONE]?: number | null };
  if (g[DONE] !== undefined) return g[DONE] ?? undefined;
  g[DONE] = null;
  const tid = threadTid();
  if (tid === undefined) return undefined;
  try {
    const niceness = Math.min(LOWEST, getPriority(tid) + WORKER_NICENESS_STEP);
    setPriority(tid, niceness);
    return (g[DONE] = niceness);
  } catch {
    // A scheduling hint only: a system that refuses it runs the scenarios as before.
    return undefined;
  }
}
