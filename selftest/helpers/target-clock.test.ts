// The clock-offset bound (helpers/target-clock.ts): LagWindow keeps the latest lags, also in order of
// size, and gives at every reading the bound the module's header states, computed here the plain way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LagWindow } from '../../helpers/target-clock.js';

/** The smallest value not more than a second below the median (the upper one of an even count), by a sort. */
function robustMin(values: readonly number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return sorted.find((v) => v >= median - 1000);
}

describe('LagWindow', () => {
  it('has no bound before a lag, then the bound robustMin gives over the latest `size` lags at every reading', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: -2, max: 2 })), { maxLength: 40 }), (size, lags) => {
        const window = new LagWindow(size);
        expect(window.min).toBeUndefined();
        lags.forEach((lag, i) => {
          window.push(lag);
          const latest = lags.slice(Math.max(0, i + 1 - size), i + 1);
          expect(window.min).toBe(robustMin(latest));
          expect(window.min, 'a second reading without a change').toBe(robustMin(latest));
        });
      }),
      { seed: 17, numRuns: 200 },
    );
  });

  it('leaves out a lag more than a second below the median, and takes it once the window has moved on', () => {
    const window = new LagWindow(3);
    for (const lag of [50, 55, 60]) window.push(lag);
    expect(window.min).toBe(50);
    window.push(-60_000);
    expect(window.min, 'a timestamp a minute ahead does not move the bound').toBe(55);
    window.push(-60_000);
    expect(window.min, 'two of three are the median now').toBe(-60_000);
    window.push(Number.NaN);
    window.push(Number.POSITIVE_INFINITY);
    expect(window.min, 'a lag that is not a number changes nothing').toBe(-60_000);
  });
});
