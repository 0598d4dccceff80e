// The run's file order (helpers/sequencer.ts): files that wait on the target's clock are spread so
// that, as vitest's pool would run them, at most one fewer than half the workers are in one at any
// time; every file is started once; the other files keep vitest's order.
import { describe, expect, it } from 'vitest';
import { spreadWaits, waitingCap } from '../../helpers/sequencer.js';

interface File {
  name: string;
  waits: boolean;
  durationMs: number;
}

/** The most files that wait at once when `order` runs on `workers` (each free worker takes the next file). */
function mostWaitingAtOnce(order: readonly File[], workers: number): number {
  const busy: { end: number; waits: boolean }[] = [];
  let now = 0;
  let most = 0;
  for (const file of order) {
    if (busy.length === workers) {
      busy.sort((a, b) => a.end - b.end);
      now = busy.shift()!.end;
    }
    busy.push({ end: now + file.durationMs, waits: file.waits });
    most = Math.max(most, busy.filter((b) => b.waits && b.end > now).length);
  }
  return most;
}

// vitest's own order: longest first, so the clock-bound files (the longest) come first.
const files: File[] = [
  ...Array.from({ length: 8 }, (_, i) => ({ name: `wait-${i}`, waits: true, durationMs: 9000 - i * 500 })),
  ...Array.from({ length: 40 }, (_, i) => ({ name: `other-${i}`, waits: false, durationMs: 3000 - i * 50 })),
];

describe('the run order of scenario files', () => {
  it('keeps at most one fewer than half the workers in files that wait on the clock, starting each file once', () => {
    expect(mostWaitingAtOnce(files, 8), 'vitest order: every worker waits at first').toBe(8);
    const order = spreadWaits(files, 8);
    expect(mostWaitingAtOnce(order, 8)).toBe(3);
    expect([...order].map((f) => f.name).sort()).toEqual(files.map((f) => f.name).sort());
    expect(order[0]!.name, 'the longest waiting file still starts first').toBe('wait-0');
  });

  it('keeps the order of the files that do not wait, and of those that do', () => {
    const order = spreadWaits(files, 5);
    expect(order.filter((f) => !f.waits)).toEqual(files.filter((f) => !f.waits));
    expect(order.filter((f) => f.waits)).toEqual(files.filter((f) => f.waits));
  });

  it('puts at least one worker in a waiting file, and one fewer than half of the workers at most', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 16].map(waitingCap)).toEqual([1, 1, 1, 1, 2, 2, 3, 3, 4, 7]);
  });

  it('leaves the order alone for one worker, or without waiting files', () => {
    expect(spreadWaits(files, 1)).toEqual(files);
    const others = files.filter((f) => !f.waits);
    expect(spreadWaits(others, 5)).toEqual(others);
  });

  it('runs the waiting files after the others once those are all started', () => {
    const few = [...files.slice(0, 8), ...files.slice(8, 10)];
    const order = spreadWaits(few, 5);
    expect(order).toHaveLength(10);
    expect(order.slice(-4).every((f) => f.waits)).toBe(true);
  });
});
