// The suite's power: every named sandbox fault must make the conformance suites of its area fail.
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../sandbox/faults.js';
import { formatReport, runMutants } from './run.js';

describe('mutant runs', () => {
  it('kills every named fault of the sandbox (reports/mutation.json)', async () => {
    const report = await runMutants();
    process.stdout.write(`${formatReport(report)}\n`);
    expect(report.total).toBe(Object.keys(FAULTS).length);
    expect(report.survivors, formatReport(report)).toEqual([]);
  }, 600_000);
});
