import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const reports = resolve(process.env.SVC_REPORTS_DIR ?? 'reports');
// A shard also writes vitest's blob report, for `npm run merge`.
const sharded = process.argv.some((a) => a.startsWith('--shard'));

export default defineConfig({
  test: {
    reporters: [
      'default',
      './helpers/report/area-reporter.ts',
      ['allure-vitest/reporter', { resultsDir: `${reports}/allure-results` }],
      ['junit', { outputFile: `${reports}/junit.xml` }],
      ['json', { outputFile: `${reports}/results.json` }],
      ...(sharded ? [['blob', { outputFile: `${reports}/blob.json` }] as ['blob', { outputFile: string }]] : []),
    ],
    projects: [
      {
        // Scenarios that touch only their own resources run in parallel.
        test: {
          name: 'conformance',
          include: ['suites/**/*.test.ts'],
          // Scenario files share no module state that matters (each creates its own resources), so
          // workers reuse loaded modules: the run's cost is the target's, not the imports'.
          pool: 'threads',
          isolate: false,
          exclude: ['suites/**/*.platform.test.ts'],
          globalSetup: ['helpers/target/global-setup.ts'],
          // Scenarios mostly wait on the target and its webhooks: more workers than cores pay off.
          maxWorkers: 4,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Platform-wide scenarios (webhook endpoint, platform config) run alone, after the rest.
        test: {
          name: 'conformance-platform',
          include: ['suites/**/*.platform.test.ts'],
          pool: 'threads',
          isolate: false,
          globalSetup: ['helpers/target/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'selftest',
          include: ['selftest/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
