// Names shared by the batched mutant runs (selftest/mutation/run.ts), the projects vitest.config.ts
// makes for them, and the global setup that serves each with a sandbox of its own.
import { join } from 'node:path';

/** A mutant project (`mutant:<fault>`, `mutant-platform:<fault>`) runs its fault's suites against a sandbox with that one fault on. */
export const MUTANT_PROJECT = /^mutant(?:-platform)?:(.+)$/;

/** Where a mutant project's harness writes its verdict, under the run's reports directory. */
export const mutantVerdictFile = (fault: string) => join('mutants', `${fault}.json`);
