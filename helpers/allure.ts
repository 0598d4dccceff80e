// Fire-and-forget Allure runtime calls: metadata must never fail or stall a scenario, and calls
// made outside a test (hooks, global setup) have nothing to attach to.
import * as allure from 'allure-js-commons';

function quietly(call: () => PromiseLike<void>): void {
  try {
    void Promise.resolve(call()).catch(() => undefined);
  } catch {
    /* no test is running */
  }
}

export const allureLabel = (name: string, value: string) => quietly(() => allure.label(name, value));
export const allureTag = (value: string) => quietly(() => allure.tag(value));
export const allureAttach = (name: string, content: string, type = 'application/json') =>
  quietly(() => allure.attachment(name, content, type));
