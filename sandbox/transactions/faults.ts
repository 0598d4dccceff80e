// Named faults of sandbox/transactions/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const transactionsFaults = {
  // Errors
  'cancel-refused-later': {
    areas: ['transactions'],
    suites: ['transactions/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /transactions/{id}/cancel {reason?} (supplement 13): a refused cancel cancels nothing, then or a moment later.',
  },
  // Events
  'incoming-refund-credited': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: "Events: INCOMING_PAYMENT.REFUND_*: a returned deposit's refund progresses; the returned deposit is not credited to the receiver.",
  },
  'default-uma-deposit-ignored': {
    areas: ['transactions', 'external-accounts'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Interface, ExternalAccount.defaultUmaDepositAccount: incoming UMA payments are deposited into the default account instead of the primary internal account (the default ignored).',
  },
  'incoming-completed-not-credited': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Events: INTERNAL_ACCOUNT.BALANCE_UPDATED on deposits; an approved incoming payment credits receivedAmount to the receiver.',
  },
  // Transaction status
  'approve-not-pending-200': {
    areas: ['transactions'],
    rule: 'Transaction status: approval of a transaction that is not pending platform approval answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.',
  },
  'approve-outgoing-not-pending-200': {
    areas: ['transactions', 'agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Transaction status: approval of a transaction that is not pending platform approval answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL (an agent\'s outgoing transaction, its action approved).',
  },
  'cancel-settled-200': {
    areas: ['transactions'],
    rule: 'Transaction status: cancelling a transaction that has settled answers 409 TRANSACTION_NOT_CANCELLABLE.',
  },
  // Errors / 404
  'confirm-unknown-200': {
    areas: ['transactions'],
    suites: ['transactions/confirm.test.ts'],
    rule: 'Errors / 404: TRANSACTION_NOT_FOUND (POST /transactions/{transactionId}/confirm of an unknown transaction).',
  },
  // Supplement 1
  'transactions-cursor-skips': {
    areas: ['transactions'],
    suites: ['transactions/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor (a page skips the item after the last one of the page before).',
  },
  'transactions-no-pagination': {
    areas: ['transactions'],
    suites: ['transactions/transactions.test.ts'],
    rule: 'Supplement 1: lists take limit and cursor; hasMore and nextCursor page through them.',
  },
  'transactions-sort-order-ignored': {
    areas: ['transactions'],
    suites: ['transactions/lists.test.ts'],
    rule: 'Supplement 1: transactions/cards also take sortOrder (asc|desc, default desc) (asc is ignored).',
  },
  // Supplement 3
  'incoming-202-treated-as-approval': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 3: a 202 reply to INCOMING_PAYMENT.PENDING is followed by POST /transactions/{id}/approve or reject; the payment waits for that decision.',
  },
  'incoming-required-fields-ignored': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 3: a 422 reply to INCOMING_PAYMENT.PENDING ({requiredFields}) does not approve the payment; nothing is received.',
  },
  'incoming-rejection-credited': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 3: the receiver replies 403 to reject an incoming payment (or POST /transactions/{id}/reject); a rejected payment is not received.',
  },
  // Supplement 8
  'cancel-any-rail': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Supplement 8: cancel 409 TRANSACTION_NOT_CANCELLABLE (bank-rail ACH/wire only); supplement 13: cancel unsettled ACH or wire only.',
  },
  'cancel-other-type-409': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Description, cancelTransaction: "requests for transaction types that cannot be cancelled are rejected", 400 "the transaction cannot be cancelled"; 409 only "has already settled or is otherwise past the point where it can be cancelled" (a SEPA payment answers 409).',
  },
  'transactions-filters-ignored': {
    areas: ['transactions'],
    suites: ['transactions/list-filters.test.ts'],
    rule: 'Supplement 8: GET /transactions filters by status, type, startDate and endDate.',
  },
  'transactions-sender-identifier-either-side': {
    areas: ['transactions'],
    suites: ['transactions/list-filters.test.ts'],
    rule: 'Description, listTransactions: senderAccountIdentifier "Filter by sender account identifier" (the source\'s accountId), not either side as accountIdentifier.',
  },
  'transactions-identifier-filters-ignored': {
    areas: ['transactions', 'agent-operations'],
    suites: ['transactions/list-filters.test.ts', 'agent-operations/lists.test.ts'],
    rule: 'Supplement 8: GET /transactions filters reference and (sender|receiver)AccountIdentifier (an account identifier lists its side; a reference nothing carries lists nothing); supplement 23: /agents/me/transactions filters as /transactions.',
  },
  'transactions-account-identifier-ignored': {
    areas: ['transactions', 'agent-operations'],
    suites: ['transactions/list-filters.test.ts', 'agent-operations/lists.test.ts'],
    rule: 'Description, listTransactions and agentListTransactions accountIdentifier: "Filter by account identifier (matches either sender or receiver)" (the filter is not read).',
  },
  'transactions-account-identifier-sender-only': {
    areas: ['transactions', 'agent-operations'],
    suites: ['transactions/list-filters.test.ts', 'agent-operations/lists.test.ts'],
    rule: 'Description, listTransactions and agentListTransactions accountIdentifier: "matches either sender or receiver" (the receiver is not matched).',
  },
  'transactions-status-any-value': {
    areas: ['transactions'],
    suites: ['transactions/list-filters.test.ts'],
    rule: 'Description, listTransactions status: a TransactionStatus (a value outside the enum is taken, listing nothing).',
  },
  'reject-not-pending-200': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 8: POST /transactions/{id}/reject answers 409 for a transaction not pending a decision.',
  },
  // Supplement 13
  'incoming-approval-never-times-out': {
    areas: ['transactions'],
    suites: ['transactions/incoming-approval-timeout.test.ts'],
    rule: 'Supplement 13: after a 202, approve or reject within 5 s, else the payment is auto-rejected (409 when approved after the timeout).',
  },
  'cancel-body-unchecked': {
    areas: ['transactions'],
    suites: ['transactions/field-rules.test.ts'],
    rule: 'Supplement 13: POST /transactions/{id}/cancel {reason?} (free text; a reason of another type cancels).',
  },
  'reject-body-unchecked': {
    areas: ['transactions'],
    suites: ['transactions/field-rules.test.ts'],
    rule: 'Supplement 13: POST /transactions/{id}/reject {reason?} (free text; a reason of another type rejects).',
  },
} as const satisfies Record<string, FaultEntry>;
