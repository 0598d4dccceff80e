// Named faults of sandbox/agent-management/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const agentManagementFaults = {
  // Errors
  'agent-refused-customer-stored': {
    areas: ['agent-management'],
    suites: ['agent-management/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /agents {customerId*} (supplement 23): a customerId of another type creates no agent.',
  },
  'agent-refused-reject-reason-written': {
    areas: ['agent-management'],
    suites: ['agent-management/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /agents/{id}/actions/{id}/reject {reason?} (supplement 23): a refused reject leaves the action as it was.',
  },
  // Supplement 23
  'agent-account-rule-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: accountRestrictions.accountRules[{accountId, executionMode?, perTransactionLimit?}]: approval needed (account rule).',
  },
  'agent-allowed-accounts-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: accountRestrictions.allowedAccountIds; policy denial: 403.',
  },
  'agent-usage-not-kept': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: Agent usage {dailyTransactionCount, dailySpend, monthlySpend} counts what the agent spent.',
  },
  'agent-threshold-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: approval needed (amount > threshold) -> PENDING_APPROVAL.',
  },
  'agent-approval-mode-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: approval needed (mode) -> PENDING_APPROVAL, no transaction; interface: an action that needs approval leaves the resulting transaction pending until the platform approves it.',
  },
  'agent-decides-twice': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: approve and reject answer 409 for an action that is not pending.',
  },
  'agent-action-failure-not-followed': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: APPROVED -> FAILED when execution fails.',
  },
  'agent-token-survives-delete': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: DELETE /agents/{id}: 204; token dead at once.',
  },
  'agents-list-time-filters-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents created/updatedAfter/Before? bound the list by time.',
  },
  'agents-list-filter-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts', 'agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents takes customerId?, isPaused?, isConnected? filters.',
  },
  'agent-approvals-sort-order-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/approvals sortOrder; section 1: sortOrder asc|desc, default desc.',
  },
  'agent-approvals-filter-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts', 'agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/approvals takes agentId?, customerId?, startDate?, endDate? filters.',
  },
  'agent-approvals-dates-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/approvals takes startDate?, endDate? filters (on createdAt, as GET /transactions).',
  },
  'agent-policy-permissions-merged': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: PATCH /agents/{id}/policy: permissions replaces.',
  },
  'agent-expired-code-redeems': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: POST /agents/device-codes/{code}/redeem answers 400 to a used or expired code (a code past its expiresAt redeemed).',
  },
  'agent-policy-monthly-null-kept': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: PATCH /agents/{id}/policy: spendingLimits partial; null clears daily/monthly (a null monthlyLimit kept).',
  },
  'agent-policy-currency-drops-limits': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: PATCH /agents/{id}/policy: spendingLimits partial; a new currency recasts the limits it does not restate (not drops them).',
  },
  'agent-policy-null-kept': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: PATCH /agents/{id}/policy: spendingLimits partial; null clears daily/monthly.',
  },
  'agent-account-rule-details-dropped': {
    areas: ['agent-management'],
    suites: ['agent-management/field-rules.test.ts'],
    rule: 'Supplement 23: Policy accountRestrictions?{accountRules?[{accountId*, executionMode?, perTransactionLimit?}]}: a valid policy is stored and read back as sent.',
  },
  'agent-permissions-unchecked': {
    areas: ['agent-management'],
    suites: ['agent-management/field-rules.test.ts'],
    rule: 'Supplement 23: policy.permissions*[VIEW_TRANSACTIONS, CREATE_TRANSFERS, CREATE_QUOTES, EXECUTE_QUOTES, MANAGE_EXTERNAL_ACCOUNTS] (400 INVALID_INPUT naming the field otherwise).',
  },
  'agent-connected-new-code': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: POST /agents/{id}/device-codes: 409 connected.',
  },
  'agent-old-code-stays-valid': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: POST /agents/{id}/device-codes: older unredeemed codes void.',
  },
  'agent-code-redeems-twice': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: POST /agents/device-codes/{code}/redeem answers 200 once; 400 used/expired.',
  },
  'agent-redeem-needs-auth': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: redeem: no auth.',
  },
  'agent-reject-executes': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: reject -> REJECTED (no transaction: nothing moves).',
  },
  'agent-daily-limit-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: spendingLimits.dailyLimit and dailyTransactionLimit; limit denial: 403.',
  },
  'agent-monthly-limit-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: spendingLimits.monthlyLimit; limit denial: 403.',
  },
  'agent-per-transaction-limit-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: spendingLimits.perTransactionLimit; limit denial: 403.',
  },
} as const satisfies Record<string, FaultEntry>;
