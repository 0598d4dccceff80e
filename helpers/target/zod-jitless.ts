// The workers' zod parses without compiling a parser for each object schema (zod's `jitless`
// setting): zod compiles an object schema's parser (new Function) at its first parse, which pays off
// over many parses of one schema, while a worker parses each of its hundreds of schemas a few times,
// and every worker compiles its own: compiling costs more CPU than the few parses it speeds up. The
// parsing and its issues are the same either way.
//
// It holds for schemas built after it runs: the workers' first setup file imports it
// (worker-priority.setup.ts), before any scenario or harness module. The main thread keeps zod's
// default: there the harness's zod may be the sandbox's own copy, a server that parses each of its
// schemas thousands of times.
import { z } from 'zod';

z.config({ jitless: true });
