// Named faults of sandbox/vasps/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const vaspsFaults = {
  // Supplement 1
  'vasps-cursor-overlaps': {
    areas: ['vasps'],
    suites: ['vasps/vasps.test.ts'],
    rule: 'Supplement 1: cursor is the previous page\'s nextCursor: the next page follows it, no item twice.',
  },
} as const satisfies Record<string, FaultEntry>;
