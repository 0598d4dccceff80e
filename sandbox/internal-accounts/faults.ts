// Named faults of sandbox/internal-accounts/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const internalAccountsFaults = {
  // The description, listPlatformInternalAccounts and listCustomerInternalAccounts
  'internal-accounts-type-unchecked': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lists.test.ts'],
    rule: 'Description: the query type of both internal-account lists is an InternalAccountType; a value outside it is refused 400 "Invalid parameters", not listed as nothing.',
  },
  // Events
  'funding-no-balance-event': {
    areas: ['internal-accounts', 'webhooks'],
    rule: 'Events: INTERNAL_ACCOUNT.BALANCE_UPDATED when an internal account balance changes (deposits).',
  },
  // Internal account status
  'failed-account-moves-money': {
    areas: ['internal-accounts'],
    rule: 'Internal account status: frozen and failed accounts cannot send or receive payments.',
  },
  'frozen-account-receives': {
    areas: ['internal-accounts'],
    rule: 'Internal account status: frozen and failed accounts cannot send or receive payments.',
  },
  'frozen-refusal-as-not-found': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lifecycle.test.ts'],
    rule: 'Internal account status: frozen accounts cannot send payments: refused as such, not as a missing resource (Errors, 404: its codes name what is not found).',
  },
  'provisioning-no-status-event': {
    areas: ['internal-accounts'],
    rule: 'Internal account status: PENDING -> ACTIVE emits INTERNAL_ACCOUNT.STATUS_UPDATED.',
  },
  // Resources
  'balance-amount-major-units': {
    areas: ['internal-accounts'],
    rule: 'Resources: amount is an integer in the smallest unit of the currency.',
  },
  // Supplement 1
  'platform-accounts-paged': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/platform-accounts.test.ts'],
    rule: 'Supplement 1: GET /platform/internal-accounts returns just {data}, unpaged: every platform account in one answer (each declared currency listed).',
  },
  'internal-accounts-has-more-when-full': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lists.test.ts'],
    rule: 'Supplement 1: hasMore says more items follow (a full last page says hasMore, and its nextCursor leads to an empty page).',
  },
  'internal-accounts-default-limit-100': {
    areas: ['internal-accounts'],
    suites: ['customers/lists.test.ts'],
    rule: 'Supplement 1: lists take limit (1–100, default 20) (GET /customers/internal-accounts).',
  },
  // Supplement 6
  'internal-accounts-currency-filter-ignored': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lists.test.ts'],
    rule: 'Supplement 6: GET /customers/internal-accounts filters by currency.',
  },
  'internal-accounts-customer-filter-ignored': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lists.test.ts'],
    rule: 'Supplement 6: GET /customers/internal-accounts filters by customerId (one customer never sees another\'s accounts).',
  },
  'platform-accounts-include-customer-accounts': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/platform-accounts.test.ts'],
    rule: 'Supplement 6: GET /platform/internal-accounts lists the platform\'s accounts (customerId absent = platform).',
  },
  'sandbox-fund-unbounded': {
    areas: ['sandbox'],
    suites: ['sandbox/field-rules.test.ts'],
    rule: 'Supplement 6: POST /sandbox/internal-accounts/{accountId}/fund {amount*: int64 ≤ 1e11} (a larger amount is credited).',
  },
  'sandbox-fund-unknown-account-400': {
    areas: ['sandbox'],
    suites: ['sandbox/field-rules.test.ts'],
    rule: 'Supplement 6: POST /sandbox/internal-accounts/{accountId}/fund 200 InternalAccount; 404.',
  },
  // Supplement 26
  'funding-instructions-no-event': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/status-and-instructions.test.ts'],
    rule: 'Supplement 26: INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED when fundingPaymentInstructions change; data = InternalAccount.',
  },
} as const satisfies Record<string, FaultEntry>;
