// The suite's power: every named sandbox fault must make a scenario that judges its rule fail an
// assertion (selftest/mutation/judge.ts); none survives and none ends in a timeout or a crash.
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../sandbox/faults.js';
import { formatReport, runMutants } from './run.js';

describe('mutant runs', () => {
  it('kills every named fault of the sandbox (reports/mutation.json)', async () => {
    const report = await runMutants();
    process.stdout.write(`${formatReport(report)}\n`);
    expect(report.baselinePassed, formatReport(report)).toBe(true);
    expect(report.total).toBe(Object.keys(FAULTS).length);
    expect(report.survivors, formatReport(report)).toEqual([]);
    // A run that timed out or crashed says nothing about the rule: it fails as a survivor does.
    expect(report.errored, formatReport(report)).toEqual([]);
    // Every fault (about 550) on two cores takes some 6 minutes (each first against the scenarios that
    // killed it last, selftest/mutation/killers.json): the bound only catches a hang.
  }, 1_500_000);
});
