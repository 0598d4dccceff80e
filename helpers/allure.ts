// Fire-and-forget Allure runtime calls: metadata must never fail or stall a scenario, and calls
// made outside a test (hooks, global setup) have nothing to attach to.
import * as allure from 'allure-js-commons';
import { expect } from 'vitest';

function quietly(call: () => PromiseLike<void>): void {
  try {
    void Promise.resolve(call()).catch(() => undefined);
  } catch {
    /* no test is running */
  }
}

export const allureLabel = (name: string, value: string) => quietly(() => allure.label(name, value));
/** Tags already on each running test (test file and name): a tag shows once on its test. */
const tagged = new Map<string, Set<string>>();

/** The running test (file and name), or undefined outside one. */
export function runningTest(): string | undefined {
  try {
    const state = expect.getState();
    return state.currentTestName === undefined ? undefined : `${state.testPath}#${state.currentTestName}`;
  } catch {
    return undefined;
  }
}

export const allureTag = (value: string) => {
  const test = runningTest();
  if (test) {
    const seen = tagged.get(test) ?? new Set<string>();
    tagged.set(test, seen);
    if (seen.has(value)) return;
    seen.add(value);
  }
  quietly(() => allure.tag(value));
};
export const allureAttach = (name: string, content: string, type = 'application/json') =>
  quietly(() => allure.attachment(name, content, type));
/** A step that only names what happened (its details are in an attachment). */
export const allureLogStep = (name: string) => quietly(() => allure.logStep(name));
