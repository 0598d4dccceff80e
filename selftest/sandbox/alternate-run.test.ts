// The second reference behaviour (sandbox/choices.ts, `--choices alternate`): the whole suite against
// an embedded sandbox that takes every built alternate must be conformant with nothing skipped, as
// against the default. A scenario that passes against only one of the two asserts a choice, not a rule.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../run-conformance.js';

describe('the whole suite against the alternate sandbox', () => {
  it('is conformant, with nothing skipped', async () => {
    const run = await runConformance({ env: { SANDBOX_CHOICES: 'alternate' } });
    expect(run.verdict?.counts.passed, run.output.slice(-3000)).toBeGreaterThan(600);
    expect(run.verdict?.counts.failed, run.output.slice(-3000)).toBe(0);
    expect(run.verdict?.counts.skipped, run.output.slice(-3000)).toBe(0);
    expect(run.code, run.output.slice(-3000)).toBe(0);
  }, 900_000);
});
