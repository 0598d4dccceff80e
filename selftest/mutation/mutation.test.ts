// The suite's power: every named sandbox fault must make a scenario that judges its rule fail an
// assertion (selftest/mutation/judge.ts); none survives and none ends in a timeout or a crash. The
// baseline, a whole run without faults, is also held to the description (selftest/description/held-run.ts).
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../sandbox/faults.js';
import { expectHeldToDescription, HELD_TO_DESCRIPTION } from '../description/held-run.js';
import { formatReport, runMutants } from './run.js';

const mutants = runMutants({ baselineEnv: HELD_TO_DESCRIPTION });
// Settled here, so a failed run fails the tests below, not the file.
mutants.catch(() => undefined);
afterAll(async () => {
  const dir = await mutants.then((r) => r.baselineRun.reportsDir, () => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('mutant runs', () => {
  it('kills every named fault of the sandbox (reports/mutation.json)', async () => {
    const report = await mutants;
    process.stdout.write(`${formatReport(report)}\n`);
    expect(report.baselinePassed, formatReport(report)).toBe(true);
    expect(report.total).toBe(Object.keys(FAULTS).length);
    expect(report.survivors, formatReport(report)).toEqual([]);
    // A run that timed out or crashed says nothing about the rule: it fails as a survivor does.
    expect(report.errored, formatReport(report)).toEqual([]);
    // Every fault (about 550) on two cores takes some 6 minutes (each first against the scenarios that
    // killed it last, selftest/mutation/killers.json): the bound only catches a hang.
  }, 1_500_000);

  it('has a baseline that is conformant held to the description: every response, notification and accepted request valid under it', async () => {
    const { baselineRun } = await mutants;
    expectHeldToDescription(baselineRun);
  }, 1_500_000);
});
