// The workers' zod parses without compiling a parser for each object schema (zod's `jitless`
// setting): zod compiles an object schema's parser (new Function) at its first parse, which pays off
// over many parses of one schema, while a worker parses each of its hundreds of schemas a few times,
// and every worker compiles its own. The parsing and its issues are the same either way. Measured on
// the 2-core machine: eight worker threads, 150 object schemas of 12 fields each, each parsed 3, 10 and
// 30 times, took 4.8, 5.2 and 6.8 s of CPU compiled and 2.3, 3.0 and 3.3 s jitless; in a whole run
// (perf, 250 samples a second), zod's samples in the workers fell from 413 to 293.
//
// It holds for schemas built after it runs: the workers' first setup file imports it
// (worker-priority.setup.ts), before any scenario or harness module. The main thread keeps zod's
// default: there the harness's zod may be the sandbox's own copy, a server that parses each of its
// schemas thousands of times.
import { z } from 'zod';

z.config({ jitless: true });
