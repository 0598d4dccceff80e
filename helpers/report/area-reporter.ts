// Progress for people: one line per finished scenario file with its area's running totals, and a
// table of the areas at the end of the run.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { areaOf, tallyLine, type AreaTally } from './areas.js';

export default class AreaReporter implements Reporter {
  private readonly areas = new Map<string, AreaTally>();

  private tally(area: string): AreaTally {
    let t = this.areas.get(area);
    if (!t) this.areas.set(area, (t = { passed: 0, failed: 0, skipped: 0 }));
    return t;
  }

  onTestCaseResult(testCase: TestCase): void {
    const area = areaOf(testCase.module.moduleId);
    if (!area) return;
    const state = testCase.result().state;
    const t = this.tally(area);
    if (state === 'passed') t.passed++;
    else if (state === 'failed') t.failed++;
    else if (state === 'skipped') t.skipped++;
  }

  onTestModuleEnd(testModule: TestModule): void {
    const area = areaOf(testModule.moduleId);
    if (area) process.stdout.write(`  [area] ${tallyLine(area, this.tally(area))}\n`);
  }

  onTestRunEnd(): void {
    if (!this.areas.size) return;
    const rows = [...this.areas.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([area, t]) => `  ${tallyLine(area, t)}`);
    process.stdout.write(`\nConformance by area:\n${rows.join('\n')}\n`);
  }
}
