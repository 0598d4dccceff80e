// A run of allure-concurrency.fixture.ts alone, with the conformance runs' Allure reporter (and so
// their runner), for selftest/report/allure-concurrency.test.ts. Results go to SVC_FIXTURE_RESULTS.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['allure-concurrency.fixture.ts'],
    pool: 'threads',
    isolate: false,
    maxWorkers: 1,
    reporters: ['default', ['../../../helpers/report/allure-reporter.ts', { resultsDir: process.env.SVC_FIXTURE_RESULTS }]],
  },
});
