// Loaded in each worker before allure-vitest's setup file (helpers/report/allure-reporter.ts puts it
// first). allure-vitest records every expect() call as a step of the test's Allure result: tens of
// thousands of steps a run, each formatted, sent to the main thread and written, which costs the run CPU
// and buries each scenario's exchanges (its steps) among them. The flags below are the
// ones allure-vitest's registerAllureVitestExpect sets once it has wrapped the matchers: set first,
// they leave the matchers unwrapped. A failed assertion still fails its test with its message, which
// the result shows; selftest/harness/seed-replay.test.ts checks that no matcher step is recorded.
import { chai } from 'vitest';

Object.defineProperty(chai.Assertion.prototype, Symbol.for('allure.vitest.expectPatched'), { value: true });
Object.defineProperty(chai.expect, Symbol.for('allure.vitest.expectExtendPatched'), { value: true });
