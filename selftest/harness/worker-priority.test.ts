// The scenario workers yield the cores to the main thread that serves them (helpers/target/
// worker-priority.ts): on Linux a worker thread lowers its own niceness, once, and leaves the main
// thread's as it was; the main thread itself is never lowered.
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
function inWorker(): { before: number; onMain: number | null; first: number | null; second: number | null; worker: number; main: number } {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { getPriority } from 'node:os';
    const before = getPriority(process.pid);
    const { lowerWorkerPriority } = await import(${JSON.stringify(MODULE)});
    const onMain = lowerWorkerPriority() ?? null;
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
    w.once('message', (m) => { console.log(JSON.stringify({ before, onMain, ...m, main: getPriority(process.pid) })); w.terminate(); });
    w.once('error', (e) => { console.error(e); process.exit(1); });
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

describe('worker priority', () => {
  it('lowers a worker thread by its step, once, and never the main thread (Linux; elsewhere nothing)', () => {
    const { before, onMain, first, second, worker, main } = inWorker();
    expect(onMain).toBeNull();
    expect(main).toBe(before);
    if (process.platform !== 'linux') {
      // Threads there have no niceness of their own: nothing is changed.
      expect([first, second, worker]).toEqual([null, null, before]);
      return;
    }
    const expected = Math.min(19, before + WORKER_NICENESS_STEP);
    expect(expected).toBeGreaterThan(before);
    expect([first, second, worker]).toEqual([expected, expected, expected]);
  });
});
