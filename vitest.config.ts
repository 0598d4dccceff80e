import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { configDefaults, defineConfig } from 'vitest/config';
import { lockReportsFolder } from './helpers/report/folder-lock.js';
import WaitSpreadingSequencer from './helpers/sequencer.js';
import { depsBundlePlugin } from './helpers/target/deps-bundle.js';
import { PLATFORM_FILE, platformPhasePlugin } from './helpers/target/platform-phase.js';
import { readSetting, SETTINGS, settingDefault } from './helpers/target/registry.js';
import { readSources, resolveValues } from './helpers/target/settings.js';

// V8 hands a function to its optimizing compiler once the function has run for an "interrupt
// budget" of bytecode. A run is short, and its threads (the sandbox's, the listener's and
// vitest's main thread, and the workers) each optimize the same hot code again: at V8's default, a sixth of the
// run's CPU went to that compiler (perf, the embedded run). A budget of 1 MiB (16 times Node 20's
// default) leaves code that runs a few thousand times to the baseline tiers. Measured in alternation
// on the 2-core machine: the embedded run about 3 s less CPU (38.3 to 41.5 s of user time against
// 40.7 to 44.4 s, four runs each), a batch of twelve mutant runs 13 % less. Set here, before vitest
// starts a worker: V8's flags are the process's, so every worker thread starts with it. A V8 without
// the flag says so on stderr and runs at its default.
setFlagsFromString('--interrupt-budget=1048576');
const reports = resolve(process.env.SVC_REPORTS_DIR ?? 'reports');
/** The scenarios' packages from one bundle (helpers/target/deps-bundle.ts): one plugin for every project that runs them. */
const depsBundle = depsBundlePlugin(fileURLToPath(new URL('.', import.meta.url)));
// No other run writes this folder while this one does (helpers/report/folder-lock.ts): taken here,
// before any reporter opens a file in it, and given back when this process exits. Runs only: a
// watching vitest (an editor's, say) would hold the folder for as long as it is open. Vitest's command
// line runs once with `run`, and without it where there is no terminal or in CI.
const argv = process.argv.slice(2);
const commandLine = /vitest(\.mjs)?$/.test(process.argv[1] ?? '');
const watching = argv.some((a) => ['watch', 'dev', '--watch', '-w'].includes(a));
const once = argv.includes('run') || argv.includes('--run') || (commandLine && !watching && (Boolean(process.env.CI) || !process.stdin.isTTY));
if (once) lockReportsFolder(reports);
// A shard also writes vitest's blob report, for `npm run merge`.
const sharded = process.argv.some((a) => a.startsWith('--shard'));

/**
 * A batch of mutant runs in one process (selftest/mutation/run.ts sets SVC_MUTANT_BATCH): per fault,
 * its suite files as two projects, `mutant:<fault>` (in parallel) and `mutant-platform:<fault>`
 * (its platform-wide files, one at a time, after), served by a sandbox of their own with that one
 * fault on (helpers/target/global-setup.ts). `selftest/mutation/bail.ts` stops a fault's scenarios at
 * its first failure, as --bail=1 stops a run of one fault.
 */
const mutantBatch = process.env.SVC_MUTANT_BATCH ? (JSON.parse(process.env.SVC_MUTANT_BATCH) as { fault: string; files: string[] }[]) : undefined;
const mutantProjects = (mutantBatch ?? []).flatMap(({ fault, files }) => {
  const common = { pool: 'threads' as const, isolate: false, globalSetup: ['helpers/target/global-setup.ts'], setupFiles: ['helpers/target/worker-priority.setup.ts', 'selftest/mutation/bail.ts'], testTimeout: 60_000, hookTimeout: 60_000 };
  const parallel = files.filter((f) => !PLATFORM_FILE.test(f));
  const platform = files.filter((f) => PLATFORM_FILE.test(f));
  return [
    ...(parallel.length ? [{ plugins: [depsBundle], test: { ...common, name: `mutant:${fault}`, include: parallel, sequence: { groupOrder: 0 } } }] : []),
    ...(platform.length ? [{ plugins: [depsBundle], test: { ...common, name: `mutant-platform:${fault}`, include: platform, fileParallelism: false, sequence: { groupOrder: 1 } } }] : []),
  ];
});

/** Scenario files in flight (SVC_CONCURRENCY): 8 against the embedded sandbox or a container, 24 against a remote target. */
function scenarioConcurrency(): number {
  try {
    return resolveValues(readSources()).concurrency!;
  } catch {
    // A profile that does not read: the run's set-up says so in one line (helpers/target/global-setup.ts).
    return settingDefault(SETTINGS.concurrency, 'embedded')!;
  }
}

/** The self-test projects' common settings (see their projects below). */
const SELFTEST = {
  // Every temporary folder of the self-tests and the processes they start in one, removed at the end.
  globalSetup: ['selftest/temp-root.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // One group, two files at a time: the mutation run in one, the other files one after another in the other.
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};
const MUTATION_TEST = 'selftest/mutation/mutation.test.ts';
const CONTAINER_TEST = 'selftest/harness/container-mode.test.ts';

export default defineConfig({
  test: {
    // Files that wait out the target's clock are spread over the run, not started together.
    sequence: { sequencer: WaitSpreadingSequencer },
    // Modules transformed by vite are kept on disk between runs (node_modules/.experimental-vitest-cache,
    // keyed by each file's content and the config, written atomically): a run then spends its CPU on
    // the target and the scenarios, not on transforming the same helpers and suites again.
    experimental: { fsModuleCache: true },
    reporters: [
      'default',
      './helpers/report/area-reporter.ts',
      // allure-vitest's reporter, writing without an fsync per file (helpers/report/allure-reporter.ts).
      ['./helpers/report/allure-reporter.ts', { resultsDir: `${reports}/allure-results` }],
      ['junit', { outputFile: `${reports}/junit.xml` }],
      ['json', { outputFile: `${reports}/results.json` }],
      ...(sharded ? [['blob', { outputFile: `${reports}/blob.json` }] as ['blob', { outputFile: string }]] : []),
    ],
    ...(mutantBatch ? { maxWorkers: readSetting(SETTINGS.mutantWorkers)! } : {}),
    projects: mutantBatch ? mutantProjects : [
      {
        // Scenarios that touch only their own resources run in parallel; the platform-wide ones
        // (`*.platform.test.ts`: the webhook endpoint, the platform's configuration) each alone, after
        // the others (helpers/target/platform-phase.ts).
        plugins: [platformPhasePlugin(), depsBundle],
        test: {
          name: 'conformance',
          include: ['suites/**/*.test.ts'],
          // Scenario files share no module state that matters (each creates its own resources), so
          // workers reuse loaded modules: the run's cost is the target's, not the imports'.
          pool: 'threads',
          isolate: false,
          globalSetup: ['helpers/target/global-setup.ts'],
          // Each worker yields the cores to the main thread that serves it (helpers/target/worker-priority.ts).
          setupFiles: ['helpers/target/worker-priority.setup.ts', 'helpers/target/platform-phase.setup.ts'],
          // Scenarios mostly wait on the target and its webhooks: more workers than cores pay off. On
          // the 2-core machine, measured in alternation (three runs each): 5 workers 31.7 s, 6 30.4 s,
          // 7 28.8 s and 29.3 s. With 7 the cores were still idle for about a sixth of a run (11 of 61
          // core-seconds, in dips where every worker waited); 8 against 7, seven alternated pairs over
          // two days, 8 faster in five: 26.8, 31.2, 28.5, 29.3 s against 30.1, 29.0, 32.6, 31.1 s, and
          // 26.3, 28.0, 28.5 s against 29.7, 27.8, 29.4 s (each worker loads the harness's modules once:
          // more cost CPU). A remote target's run waits on its latency, not on these cores: 24 there
          // (SVC_CONCURRENCY sets either).
          maxWorkers: scenarioConcurrency(),
          // A failed scenario runs once more (SVC_RETRIES): one that then passes is flaky, reported apart
          // with both attempts (helpers/verdict/collect.ts). A certifying run retries none.
          retry: readSetting(SETTINGS.certification) ? 0 : readSetting(SETTINGS.retries)!,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      // The project's own tests (`npm test`): the mutation run in a project of its own, beside the
      // other self-test files, which run one at a time. The mutation run (six minutes, its batches
      // keeping both cores about 90 % busy) starts first: vitest orders a group's projects by name,
      // and 'mutation' comes before 'selftest'. The other files mostly wait on the runs and servers
      // they start (the cores were idle for a quarter of the time when every file ran one after
      // another), so they run in the time the mutation run takes.
      { test: { ...SELFTEST, name: 'mutation', include: [MUTATION_TEST] } },
      { test: { ...SELFTEST, name: 'selftest', include: ['selftest/**/*.test.ts'], exclude: [...configDefaults.exclude, MUTATION_TEST, CONTAINER_TEST] } },
      // The container-mode run alone, after both: the sandbox image behind Podman's user-space
      // networking ran four times slower beside the mutation run (its run 120 s against 30 s), which
      // brought the image's short timings (8 s wallet sessions, 2 s challenges) within reach of one
      // slow scenario.
      { test: { ...SELFTEST, name: 'container-mode', include: [CONTAINER_TEST], maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
