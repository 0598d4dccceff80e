// Setup file of the conformance and mutant projects (vitest.config.ts): the worker running it yields
// the cores to the main thread that serves it (helpers/target/worker-priority.ts).
import { lowerWorkerPriority } from './worker-priority.js';

lowerWorkerPriority();
