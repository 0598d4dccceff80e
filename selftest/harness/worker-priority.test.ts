// The scenario workers yield the cores to the main thread that serves them (helpers/target/
// worker-priority.ts): on Linux a worker thread raises its own niceness, once, and leaves the main
// thread's as it was; a call on the main thread changes nothing. (The function, not vitest.config.ts's
// wiring of it into the projects' setup files.)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORKER_NICENESS_STEP } from '../../helpers/target/worker-priority.js';
import { ROOT } from '../run-conformance.js';

const MODULE = pathToFileURL(join(ROOT, 'helpers/target/worker-priority.ts')).href;

/**
 * In a fresh process with tsx: its main thread calls lowerWorkerPriority, then a worker thread calls it
 * twice; what each call answered and each thread's niceness then.
 */
function inWorker(): { before: number; onMain: number | null; threadIds: boolean; first: number | null; second: number | null; worker: number; main: number } {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { getPriority } from 'node:os';
    const before = getPriority(process.pid);
    const { lowerWorkerPriority, threadTid } = await import(${JSON.stringify(MODULE)});
    const onMain = lowerWorkerPriority() ?? null;
    const threadIds = threadTid() !== undefined;
    // The worker's code is a module too (it takes the process's --input-type); it loads TypeScript
    // with tsx's API, as tsx's hooks are the main thread's.
    const code = \`
      import { parentPort } from 'node:worker_threads';
      import { getPriority } from 'node:os';
      import { tsImport } from 'tsx/esm/api';
      const { lowerWorkerPriority, threadTid } = await tsImport(${JSON.stringify(MODULE)}, import.meta.url);
      const first = lowerWorkerPriority() ?? null;
      const second = lowerWorkerPriority() ?? null;
      parentPort.postMessage({ first, second, worker: getPriority(threadTid()) });
    \`;
    const w = new Worker(code, { eval: true });
    w.once('message', (m) => { console.log(JSON.stringify({ before, onMain, threadIds, ...m, main: getPriority(process.pid) })); w.terminate(); });
    w.once('error', (e) => { console.error(e); process.exit(1); });
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
  return JSON.parse(out.trim().split('\n').pop()!);
}

describe('worker priority', () => {
  it('raises a worker thread\'s niceness by its step, once, and never the main thread\'s (where threads have their own)', () => {
    const { before, onMain, threadIds, first, second, worker, main } = inWorker();
    expect(onMain).toBeNull();
    expect(main).toBe(before);
    if (!threadIds) {
      // No thread id to set (not Linux, or no /proc/thread-self of this process): nothing is changed.
      expect([first, second, worker]).toEqual([null, null, before]);
      return;
    }
    // At most 19; a second call changes nothing (visible where the start is below 19 less a step, as
    // this machine's 0 is).
    const expected = Math.min(19, before + WORKER_NICENESS_STEP);
    expect([first, second, worker]).toEqual([expected, expected, expected]);
    if (before < 19) expect(worker).toBeGreaterThan(before);
  });
});
