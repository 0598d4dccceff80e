// The worker threads of the conformance and mutant projects each lower their own scheduling priority
// once (helpers/target/worker-priority.setup.ts, a setup file of both projects in vitest.config.ts), so
// that the process's main thread, which serves every worker (the embedded sandbox, the webhook
// listener, vitest's own coordination), runs first when it has work. The workers are its clients:
// more of them than there are cores share the machine with it, and each request waits for the main
// thread whenever workers hold the cores: a run is shorter when the server goes first. A step of 10
// (rather than 5, or up to 19) gives it that precedence; where a core is free, nothing changes.
//
// Linux gives each thread its own niceness (setpriority on a thread id). Elsewhere, or where the
// thread cannot learn its id, this does nothing. Raising a niceness needs no privilege; one already
// near 19, the lowest priority, stops there.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** How much higher the workers' niceness (the lower their priority) is than that of the thread that started them. */
export const WORKER_NICENESS_STEP = 10;
/** Linux's lowest priority. */
const LOWEST = 19;
const DONE = Symbol.for('svc-conformance.worker-priority');

/**
 * The calling thread's id on Linux (/proc/thread-self names it `<pid>/task/<tid>`), or undefined. A
 * /proc of another PID namespace (one that names another pid) is not read: its thread ids are not
 * this process's, and setting one would change some other task.
 */
export function threadTid(): number | undefined {
  try {
    const match = /^(\d+)\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'));
    return match && Number(match[1]) === process.pid ? Number(match[2]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Raises the calling worker thread's niceness by WORKER_NICENESS_STEP over the one it started with
 * (its creator's), at most to 19; once per thread, however often called. Answers the niceness now in
 * effect, or undefined on a main thread and where threads have no niceness of their own.
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
