// Setup file of the conformance project (vitest.config.ts): a platform-wide scenario file
// (`*.platform.test.ts`) waits, before its scenarios, until it may run alone, after every other file
// of the run (helpers/target/platform-phase.ts). Other files start at once.
import { beforeAll } from 'vitest';
import { listener } from '../harness.js';
import { PLATFORM_FILE, PLATFORM_PHASE_WAIT_MS } from './platform-phase.js';

beforeAll(async ({}, suite) => {
  const file = suite.file.filepath;
  if (!PLATFORM_FILE.test(file)) return;
  await listener.enterPlatformPhase(file, PLATFORM_PHASE_WAIT_MS);
}, PLATFORM_PHASE_WAIT_MS + 60_000);
