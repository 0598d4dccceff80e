// Named faults of sandbox/cross-currency-transfers/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const crossCurrencyTransfersFaults = {
  // Customer KYC status
  'ramp-without-approved-kyc': {
    areas: ['customers'],
    suites: ['customers/user-not-ready.test.ts'],
    rule: 'Customer KYC status: ramp conversions require approved KYC (here answered 403 USER_NOT_READY, supplement section 1).',
  },
  // Errors
  'withdrawal-fee-unknown-account-answered': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/withdrawal-fee.test.ts'],
    rule: 'openapi.yaml, estimateCryptoWithdrawalFee: an unknown internal account answers 404 ("Internal account not found").',
  },
  'quote-refused-executed': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /quotes immediatelyExecute (supplement 8): a refused request executes no payment.',
  },
  // Events
  'realtime-send-not-settled': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/realtime-and-uma.test.ts'],
    rule: 'Events: OUTGOING_PAYMENT.<STATUS> as a funded payment progresses to COMPLETED.',
  },
  'stale-event-data': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Events: OUTGOING_PAYMENT.<STATUS> is sent when the payment changes status, with the Transaction as data (supplement section 3: the full resource), so its status is the new one, not the status before the change.',
  },
  'outgoing-events-out-of-order': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Events: OUTGOING_PAYMENT.<STATUS> when an outgoing payment changes status (in the order of its changes).',
  },
  // Failure reasons
  'transfer-failure-keeps-debit': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/transfers.test.ts'],
    rule: 'Failure reasons: an amount already debited is refunded automatically (transfer-out continues to work as before).',
  },
  'refund-credited-twice-later': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-lifecycle.test.ts', 'cross-currency-transfers/failure-reasons.test.ts'],
    rule: 'Failure reasons: an amount already debited is refunded automatically: nothing is credited after the refund, also a moment after the balance was read (within the declared quiet period).',
  },
  'refund-credited-twice': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-lifecycle.test.ts', 'cross-currency-transfers/failure-reasons.test.ts'],
    rule: 'Failure reasons: an amount already debited is refunded automatically: the refund brings the debited amount back, and nothing is credited after it.',
  },
  'no-refund-after-execution-failed': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/failure-reasons.test.ts'],
    rule: 'Failure reasons: QUOTE_EXECUTION_FAILED ... an amount already debited is refunded automatically.',
  },
  'removed-failure-reason': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/failure-reasons.test.ts'],
    rule: 'Failure reasons: removed EXECUTION_FAILED_POST_DEBIT, SETTLEMENT_FAILED (collapsed into QUOTE_EXECUTION_FAILED), TIMEOUT, MANUAL_REFUND.',
  },
  // Interface, Internal account status
  'frozen-account-transfer-in-accepted': {
    areas: ['internal-accounts', 'same-currency-transfers'],
    suites: ['internal-accounts/lifecycle.test.ts'],
    rule: 'Interface, Internal account status: frozen and failed accounts cannot send or receive payments (POST /transfer-in).',
  },
  // Interface, Transaction status
  'cancelled-transaction-advances': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Interface, Transaction status: cancelling a transaction that has settled answers 409 (a cancelled transaction does not settle afterwards).',
  },
  // Internal account status
  'frozen-account-sends': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Internal account status: frozen and failed accounts cannot send or receive payments.',
  },
  // Limits
  'quote-daily-volume-without-execute': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Description, createQuote: 429 DAILY_VOLUME_LIMIT_EXCEEDED only "when `immediatelyExecute` is set and the requested amount would exceed the configured daily volume limit"; a quote made to be executed later is created.',
  },
  'pending-ownership-execute-refused': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Interface, External account states: PENDING_OWNERSHIP_VERIFICATION: "transfers below regulatory thresholds are still allowed" (the quote is created, its execution refused).',
  },
  'onchain-network-wrong': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Interface, Transaction.destination: onChainTransaction with transactionHash and network (an ETHEREUM_WALLET\'s payment reported on BASE).',
  },
  'execute-daily-volume-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Description, executeQuote: 429 DAILY_VOLUME_LIMIT_EXCEEDED "when executing the quote would exceed the configured daily volume limit" (a quote made before others were executed).',
  },
  'daily-limit-wrong-status': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Limits: daily volume exceeded: 429 DAILY_VOLUME_LIMIT_EXCEEDED.',
  },
  'size-limit-wrong-status': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Limits: single-transaction maximum exceeded: 400 TRANSACTION_SIZE_LIMIT_EXCEEDED.',
  },
  // POST /quotes
  'terms-not-required': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'POST /quotes: fails with END_USER_TERMS_NOT_ACCEPTED until terms acceptance is on file.',
  },
  'fee-override-non-usd-accepted': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'POST /quotes: platformFeeOverride (per-transaction fee override; requires USD source currency).',
  },
  'quote-without-transaction-id': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'POST /quotes: Response is a Quote; read transactionId from it.',
  },
  // Transaction
  'held-without-pending-reason': {
    areas: ['transactions'],
    suites: ['transactions/transactions.test.ts'],
    rule: 'Transaction: pendingReason, on any transaction: why it is held (compliance review or awaiting customer action).',
  },
  'transaction-fees-exclude-platform-fee': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'openapi.yaml, OutgoingTransaction: fees are the fees associated with the quote (its feesIncluded); platformFees, the platform\'s portion, is "Already included in `fees`".',
  },
  'debit-not-equal-sent': {
    areas: ['cross-currency-transfers', 'api-tokens', 'agent-operations'],
    suites: ['cross-currency-transfers/quote-execution.test.ts', 'api-tokens/tokens.test.ts', 'agent-operations/scope.test.ts'],
    rule: 'Transaction: sentAmount is the amount debited.',
  },
  // transfer-in
  'transfer-in-not-credited': {
    areas: ['same-currency-transfers'],
    rule: 'transfer-in: deprecated but continues to work (the internal account is credited).',
  },
  'transfer-in-failure-credited': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/transfers.test.ts'],
    rule: 'transfer-in: deprecated but works as before, sandbox outcomes included (a failing pull credits nothing).',
  },
  // transfer-out
  'transfer-out-returns-quote': {
    areas: ['same-currency-transfers'],
    rule: 'transfer-out: request and response shapes unchanged; a transaction is returned.',
  },
  // Errors / 400
  'unverified-wallet-any-amount': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Errors / 400: EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED (destination account ownership must be verified before the transfer).',
  },
  'self-payment-accepted': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Errors / 400: SELF_PAYMENT.',
  },
  // Errors / 500
  'server-error-unlisted-code': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/server-errors.test.ts'],
    rule: 'Errors / 500: the code of a 500 is SVC_SWITCH_ERROR (switch error) or INTERNAL_ERROR (internal service or UMA error).',
  },
  // Supplement 1
  'counterparty-not-allowed-paid': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/counterparty-and-velocity.test.ts'],
    rule: 'Supplement 1: 403 COUNTERPARTY_NOT_ALLOWED (declared trigger: a destination identifier ending 013).',
  },
  'velocity-limit-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/counterparty-and-velocity.test.ts'],
    rule: "Supplement 1: 403 VELOCITY_LIMIT_EXCEEDED (declared velocity: a customer's quotes within a window).",
  },
  'idempotent-execute-double-debit': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Supplement 1: Idempotency-Key, a repeat returns the first response (money moves once).',
  },
  'idempotency-only-on-execute': {
    areas: ['cross-currency-transfers', 'same-currency-transfers'],
    suites: ['same-currency-transfers/transfers.test.ts', 'cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Supplement 1: Idempotency-Key, a repeat returns the first response, on POST /quotes, /quotes/{id}/execute, /transfer-in, /transfer-out.',
  },
  // Supplement 8
  'transfer-in-amount-required': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/field-rules.test.ts'],
    rule: 'Description, TransferInRequest: required source and destination only, amount optional (a pull without an amount is refused).',
  },
  'transfer-in-fraction-accepted': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: amounts are int64 in the smallest unit (a transfer-in of a fraction is pulled).',
  },
  'cancelled-without-failure-reason': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Description, OutgoingTransactionStatus: "FAILED | Something went wrong — accompanied by a failureReason" (a cancelled payment is FAILED without one).',
  },
  'cancel-without-refund': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Supplement 8: FAILED, then automatic refund and REFUND_* events; supplement 13: cancel answers 200 with the Transaction.',
  },
  'wallet-immediate-execute-accepted': {
    areas: ['embedded-wallet-auth', 'cross-currency-transfers'],
    suites: ['embedded-wallet-auth/quote-execute.test.ts'],
    rule: 'Supplement 8: immediatelyExecute (internal-account or pull-capable sources only, not EMBEDDED_WALLET); supplement 10: an embedded wallet signs the quote\'s payloadToSign.',
  },
  'quote-realtime-execute-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: immediatelyExecute? (default false; internal-account or pull-capable sources only): a realtime-funding quote asking for it is refused.',
  },
  'transfer-out-fraction-rounded': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: POST /transfer-out amount?; interface: amounts are integers in the smallest unit (a fraction is refused, naming amount).',
  },
  'transfer-out-destination-optional': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: POST /transfer-out destination*{accountId: ExternalAccount} (a body without destination.accountId is taken as a transfer to nowhere and refused with another code).',
  },
  'quote-remittance-unbounded': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: QuoteRequest remittanceInformation? ≤80 (a longer one is accepted).',
  },
  'quote-purpose-any-string': {
    areas: ['cross-currency-transfers', 'same-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts', 'same-currency-transfers/field-rules.test.ts'],
    rule: 'Description, QuoteRequest and TransferOutRequest purposeOfPayment: a PurposeOfPayment (GIFT, SELF, ..., OTHER) (any string is accepted).',
  },
  'quote-realtime-platform-refused': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/realtime-and-uma.test.ts'],
    rule: 'Description, RealtimeFundingQuoteSource.customerId: "If customerId is not provided, the quote will be created on behalf of the platform itself" (a realtime quote without customerId is refused).',
  },
  'quote-realtime-network-optional': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Description, RealtimeFundingQuoteSource.cryptoNetwork: "Required when currency is a stablecoin (e.g. USDC, USDT)" (a USDC realtime quote without one is accepted).',
  },
  'refund-status-stale': {
    areas: ['cross-currency-transfers', 'transactions'],
    suites: ['cross-currency-transfers/outgoing-lifecycle.test.ts', 'transactions/incoming-payments.test.ts'],
    rule: 'Supplement 8: refund {status: PENDING|COMPLETED|FAILED}; the REFUND_COMPLETED and REFUND_FAILED events carry the refund so settled.',
  },
  // Supplement 8 and 26
  'outgoing-expiry-silent': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-expiry.test.ts'],
    rule: 'Supplement 8 and 26: PENDING -> EXPIRED; OUTGOING_PAYMENT.EXPIRED fires when a PENDING payment passes expiresAt.',
  },
  // Supplement 13
  'sandbox-send-unknown-quote-400': {
    areas: ['sandbox'],
    suites: ['sandbox/field-rules.test.ts'],
    rule: 'Supplement 13: POST /sandbox/send 404 quote.',
  },
} as const satisfies Record<string, FaultEntry>;
