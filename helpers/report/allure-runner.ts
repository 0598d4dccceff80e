// The test runner of every Node project (helpers/report/allure-reporter.ts sets it in place of
// allure-vitest's). allure-vitest names a test's Allure messages (steps, attachments, labels) by the
// test that is running. A test that runs alone is named by vitest's own current test; concurrent
// tests (it.concurrent, describe.concurrent) run at once, and only an async context can tell which
// of them a message belongs to.
//
// allure-vitest's runner enters that context (an AsyncLocalStorage) for every test. On Node 20 an
// AsyncLocalStorage in use turns on V8's promise hooks for its whole thread, for as long as any
// storage is enabled: every promise then calls into them, which makes promise-heavy code several times
// slower, and with the context entered for every test, every worker's promises pay for it.
// This runner enters it only for a concurrent test and disables the storage when the last concurrent
// test of the worker has ended, which turns the hooks off again. allure-vitest's getCurrentTest reads
// the same context (the global it keeps it in) and, without a store, falls back to vitest's current
// test, as it does for the tests of allure-vitest's own runner outside the context.
import { AsyncLocalStorage } from 'node:async_hooks';
import { TestRunner, type RunnerTestCase, type RunnerTestSuite } from 'vitest';

/** allure-vitest's async context, under the global its concurrentState module reads. */
interface AllureAsyncContext {
  currentTaskStorage: AsyncLocalStorage<RunnerTestCase>;
  activeTasks: WeakSet<RunnerTestCase>;
}

const holder = globalThis as { __allureVitestAsyncContext?: AllureAsyncContext };

function asyncContext(): AllureAsyncContext {
  return (holder.__allureVitestAsyncContext ??= { currentTaskStorage: new AsyncLocalStorage(), activeTasks: new WeakSet() });
}

/** The concurrent tests of this worker that have started and not ended. */
const running = new Set<RunnerTestCase>();

function release(test: RunnerTestCase): void {
  if (!running.delete(test)) return;
  const context = asyncContext();
  context.activeTasks.delete(test);
  // The last one: no store is left to find, and the thread's promise hooks go off with the storage.
  if (running.size === 0) context.currentTaskStorage.disable();
}

export default class ConcurrencyScopedAllureRunner extends TestRunner {
  override onBeforeRunSuite(suite: RunnerTestSuite): ReturnType<TestRunner['onBeforeRunSuite']> {
    // Files of a worker run one after another: whatever a file left under the context (a test ended
    // on a path that calls no hook of the runner) is released before the next file begins.
    if (suite.file === suite) for (const test of [...running]) release(test);
    return super.onBeforeRunSuite(suite);
  }

  override async onBeforeRunTask(test: RunnerTestCase): Promise<void> {
    // A suite's children run in groups: consecutive concurrent ones together, each other one alone
    // after the group before it has ended (a sequential suite inside a concurrent one included), so
    // no test outside the context runs beside a concurrent one.
    if (test.concurrent) {
      const context = asyncContext();
      running.add(test);
      context.activeTasks.add(test);
      context.currentTaskStorage.enterWith(test);
    }
    await super.onBeforeRunTask(test);
    // A test that will not run (skipped, todo) or failed before it could (an .only where none is
    // allowed) has no end to wait for: vitest calls no other hook of the runner for it.
    if ((test.mode !== 'run' && test.mode !== 'queued') || test.result?.state === 'fail') release(test);
  }

  /**
   * A test skipped from inside (ctx.skip()) ends after this call, and vitest calls neither
   * onAfterTryTask nor onAfterRunTask for it: its try threw.
   */
  onAfterRetryTask(test: RunnerTestCase): void {
    if (test.result?.state === 'skip') release(test);
  }

  override async onAfterRunTask(test: RunnerTestCase): Promise<void> {
    try {
      await super.onAfterRunTask(test);
    } finally {
      release(test);
    }
  }
}
