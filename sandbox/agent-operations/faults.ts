// Named faults of sandbox/agent-operations/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const agentOperationsFaults = {
  // Errors
  'agent-refused-transfer-in-runs': {
    areas: ['agent-operations'],
    suites: ['agent-operations/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /agents/me/transfer-in (supplement 23): a refused transfer starts no payment.',
  },
  'agent-refused-transfer-counted': {
    areas: ['agent-operations'],
    suites: ['agent-operations/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /agents/me/transfer-out|in (supplement 23): a refused transfer counts toward none of the agent\'s usage.',
  },
  // Supplement 1
  'agent-actions-has-more-when-full': {
    areas: ['agent-operations'],
    suites: ['agent-operations/lists.test.ts'],
    rule: 'Supplement 1: hasMore says more items follow (GET /agents/me/actions: a full last page says hasMore, and its nextCursor leads to an empty page).',
  },
  'agent-idempotency-transfer-out-only': {
    areas: ['agent-operations'],
    suites: ['agent-operations/operations.test.ts'],
    rule: 'Supplement 1: Idempotency-Key on every agent money call (transfer-in, quotes, execute too): a repeat returns the first response.',
  },
  'agent-idempotency-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-operations/operations.test.ts'],
    rule: 'Supplement 1: Idempotency-Key on agent money calls: a repeat returns the first response.',
  },
  // Supplement 23
  'agent-transactions-identifier-unscoped': {
    areas: ['agent-operations'],
    suites: ['agent-operations/lists.test.ts'],
    rule: 'openapi.yaml, GET /agents/me/transactions: "Results are automatically scoped to the agent\'s associated customer" (supplement 23: an agent acts for its customer); an account-identifier filter naming another customer\'s account lists none of that customer\'s transactions.',
  },
  'agent-auto-moves-twice-later': {
    areas: ['agent-operations'],
    suites: ['agent-operations/operations.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: an AUTO action is APPROVED with its transaction, and moves its money once (exactly the amount, no second debit a moment later).',
  },
  'agent-cross-customer-visible': {
    areas: ['agent-operations'],
    suites: ['agent-operations/scope.test.ts'],
    rule: 'Supplement 23: cross-customer ids -> 404 (an agent acts for its own customer only).',
  },
  'agent-permission-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-operations/permissions.test.ts'],
    rule: 'Supplement 23: each /agents/me operation needs its permission (VIEW_TRANSACTIONS, CREATE_QUOTES, EXECUTE_QUOTES, CREATE_TRANSFERS, MANAGE_EXTERNAL_ACCOUNTS), else 403.',
  },
  'agent-actions-status-filter-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-operations/operations.test.ts', 'agent-operations/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/me/actions takes a status? filter.',
  },
  'agent-transactions-filters-dropped': {
    areas: ['agent-operations'],
    suites: ['agent-operations/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/me/transactions 200 (filters as /transactions minus customer); supplement 8: status, type, startDate, endDate.',
  },
  'agent-paused-acts': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: "Supplement 23: PATCH /agents/{id} {isPaused}: a paused agent does not act (interface: agent operations are subject to the agent's policy).",
  },
  'agent-pending-moves-later': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: PENDING_APPROVAL has no transaction; interface: the resulting transaction stays pending until the platform approves it (no money moves a moment later either).',
  },
  'agent-pending-moves-money': {
    areas: ['agent-management', 'agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: PENDING_APPROVAL has no transaction; interface: the resulting transaction stays pending until the platform approves it.',
  },
  'agent-quote-side-defaulted': {
    areas: ['agent-operations'],
    suites: ['agent-operations/field-rules.test.ts'],
    rule: 'Supplement 23: POST /agents/me/quotes takes the body of POST /quotes; supplement 8: QuoteRequest lockedCurrencySide* (SENDING|RECEIVING).',
  },
  // Supplement 23 and 27
  'agent-pending-event-missing': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23 and 27: an action that needs approval emits AGENT_ACTION.PENDING_APPROVAL with the AgentAction.',
  },
} as const satisfies Record<string, FaultEntry>;
