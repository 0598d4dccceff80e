// Setup file of the conformance and mutant projects (vitest.config.ts), the first: the worker running
// it yields the cores to the main thread that serves it (helpers/target/worker-priority.ts), and its
// zod builds schemas that parse without compiling (helpers/target/zod-jitless.ts).
import './zod-jitless.js';
import { lowerWorkerPriority } from './worker-priority.js';

lowerWorkerPriority();
