// Named faults of sandbox/exchange-rates/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const exchangeRatesFaults = {
  // The description, getExchangeRates
  'exchange-rates-amount-unchecked': {
    areas: ['exchange-rates'],
    suites: ['exchange-rates/lists.test.ts'],
    rule: 'Description, getExchangeRates: sendingAmount is an integer (int64), minimum 0; a value outside that is refused 400 "Invalid parameters".',
  },
  // Interface, Exchange Rates and Limits
  'exchange-rates-platform-fee-ignored': {
    areas: ['exchange-rates'],
    suites: ['platform-configuration/config.platform.test.ts'],
    rule: 'Interface, Exchange Rates and Limits: rates include platform-specific fees (supplement 2: FeeConfig; 11: GET /exchange-rates).',
  },
  // Interface, Limits
  'exchange-rates-platform-fixed-fee-dropped': {
    areas: ['exchange-rates'],
    suites: ['platform-configuration/config.platform.test.ts'],
    rule: 'Interface, Limits: rates include platform-specific fees; PATCH /config feeConfigs: a variable rate in basis points, a fixed amount, or both.',
  },
  // PATCH /config feeConfigs and POST /quotes platformFeeOverride
  'fee-wrong': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'PATCH /config feeConfigs and POST /quotes platformFeeOverride: the platform fee is a variable rate in basis points, a fixed amount, or both (one basis point more than configured).',
  },
  // Quote and fee fields
  'locked-amount-wrong': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Quote and fee fields: lockedCurrencyAmount on the lockedCurrencySide (the locked side is one smallest unit off the request).',
  },
  // Transaction
  'rate-wrong': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Transaction: exchangeRate is the rate applied (the other side of the quote is computed with a rate 0.5 % off the one reported).',
  },
  'quote-rate-inverted': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'openapi.yaml, Quote.exchangeRate: "Number of sending currency units per receiving currency unit" (the quote reports receiving units per sending unit, the reading of the description\'s Quote examples).',
  },
  // Interface, Limits
  'exchange-rates-first-read-uncached': {
    areas: ['exchange-rates'],
    suites: ['exchange-rates/exchange-rates.test.ts'],
    rule: 'Interface, Limits: exchange rates are cached, about 5 minutes (the first read of a new sandbox answers a rate 0.5 % off the cached one, later reads the cached one: a scenario fails its first attempt and passes its retry, the flaky case of SVC_RETRIES).',
  },
  // Supplement 11
  'exchange-rates-destination-repeat-ignored': {
    areas: ['exchange-rates'],
    suites: ['exchange-rates/lists.test.ts'],
    rule: 'Supplement 11: GET /exchange-rates destinationCurrency (repeatable) (only the first is answered).',
  },
} as const satisfies Record<string, FaultEntry>;
