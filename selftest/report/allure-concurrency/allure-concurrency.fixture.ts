// Concurrent tests whose steps interleave, one skipped from inside and one skipped outright,
// sequential tests after them, a second concurrent group (the context on again) with a sequential
// suite inside it (run between its concurrent neighbours), and a sequential test at the end (helpers/report/allure-runner.ts). Each step is
// named after its test, so the self-test can tell a step recorded on the wrong test.
import * as allure from 'allure-js-commons';
import { describe, expect, it } from 'vitest';

const pause = (ms: number) => new Promise<void>((resolve) => setImmediate(() => setTimeout(resolve, ms)));
const context = () => (globalThis as { __allureVitestAsyncContext?: { currentTaskStorage: { getStore(): unknown; enabled?: boolean } } }).__allureVitestAsyncContext;

async function steps(name: string, gap: number): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await allure.step(`${name} ${i}`, async () => {
      await pause(gap);
    });
    await pause(gap);
  }
}

describe('sequential before', () => {
  it('first', async () => {
    expect(context()?.currentTaskStorage.getStore(), 'no store before any concurrent test').toBeUndefined();
    await steps('first', 1);
  });
});

describe.concurrent('concurrent', () => {
  it('alpha', async () => steps('alpha', 3));
  it('beta', async () => steps('beta', 2));
  it('gamma', async () => steps('gamma', 1));
  it('skipped inside', async (ctx) => {
    await allure.step('skipped inside 0', async () => pause(1));
    ctx.skip('skipped from inside');
  });
  it.skip('skipped outright', async () => steps('skipped outright', 1));
});

const expectOff = () => {
  const storage = context()?.currentTaskStorage;
  expect(storage, 'the concurrent tests made the context').toBeDefined();
  expect(storage!.getStore(), 'no store once the concurrent tests ended').toBeUndefined();
  // Node 20 and 22 keep the storage's state (and with it the thread's promise hooks) in `enabled`.
  if (storage && 'enabled' in storage) expect(storage.enabled, 'the storage is disabled: promise hooks off').toBe(false);
};

describe('sequential after', () => {
  it('middle', async () => {
    expectOff();
    await steps('middle', 1);
  });
});

describe.concurrent('concurrent again', () => {
  it('delta', async () => steps('delta', 2));
  describe.sequential('sequential inside', () => {
    it('epsilon', async () => steps('epsilon', 1));
    it('zeta', async () => steps('zeta', 1));
  });
  it('eta', async () => steps('eta', 3));
});

describe('sequential at the end', () => {
  it('last', async () => {
    expectOff();
    await steps('last', 1);
  });
});
