// Named faults of sandbox/discoveries/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const discoveriesFaults = {
  // Supplement 11, 21
  'discoveries-currency-filter-ignored': {
    areas: ['discoveries'],
    suites: ['discoveries/discoveries.test.ts'],
    rule: 'Supplement 11, 21: GET /discoveries lists the banks of the corridor (country, currency) asked for.',
  },
  // Supplement 18
  'uma-providers-currency-filter-empty': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers currencyCode? lists the providers of that currency.',
  },
  'uma-providers-filter-ignored': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers filters by countryCode.',
  },
  'uma-providers-blocked-included': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers hasBlockedProviders? (default include) (false still lists the blocked ones).',
  },
  'uma-providers-blocked-excluded-by-default': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers hasBlockedProviders? (default include).',
  },
  'uma-providers-sort-order-ignored': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers sortOrder (desc lists in the order of asc).',
  },
  // Supplement 21
  'discoveries-query-unchecked': {
    areas: ['discoveries'],
    suites: ['discoveries/discoveries.test.ts'],
    rule: 'Supplement 21: GET /discoveries answers 400 to a malformed query.',
  },
  'discoveries-one-filter-empty': {
    areas: ['discoveries'],
    suites: ['discoveries/discoveries.test.ts'],
    rule: 'Supplement 21: GET /discoveries country?, currency? (none = all): one of them alone still lists the banks it matches.',
  },
} as const satisfies Record<string, FaultEntry>;
