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
  'sca-later-challenge-never-expires': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-authorization.test.ts'],
    rule: 'Failure reasons: SCA_NOT_COMPLETED (a transaction that failed on an expired SCA challenge): the fresh challenge of the authorization loop (supplement 16) never expires.',
  },
  'sca-expiry-from-first-challenge': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-authorization.test.ts'],
    rule: 'Failure reasons: SCA_NOT_COMPLETED (a transaction that failed on an expired SCA challenge): the payment fails when its first challenge expires, though a fresh one of the authorization loop (supplement 16) is still open.',
  },
  'sca-expiry-wrong-reason': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Failure reasons: SCA_NOT_COMPLETED (a transaction that failed on an expired SCA challenge).',
  },
  'sca-authorization-debit-kept': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-authorization.test.ts'],
    rule: 'Failure reasons: SCA_NOT_COMPLETED; an amount already debited is refunded automatically: a payment debited at the first of its two authorizations (supplement 16) is refunded when the later challenge expires.',
  },
  'sca-late-debit-kept': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-authorization.test.ts', 'cross-currency-transfers/sca.test.ts'],
    rule: 'Failure reasons: SCA_NOT_COMPLETED; an amount already debited is refunded automatically: a payment that took its amount after execute answered, and whose challenge expired, keeps none of it.',
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
  'uma-receiver-range-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Description, CurrencyPreference: min/max "the minimum/maximum amount that can be received in this currency" (a quote delivering less than min accepted).',
  },
  'uma-payreq-version-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 18: UNSUPPORTED_UMA_VERSION (412) on the lookup or quote leg (a pay-request answer in an unsupported UMA version taken).',
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
  'authorize-lock-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'POST /quotes: authorisation may fail with 409 SCA_SESSION_REQUIRED or 423 ACCOUNT_LOCKED; openapi.yaml, authorizeQuote 423: "Returned with `ACCOUNT_LOCKED` when the customer\'s login is temporarily locked after too many failed authorization attempts" (the lock and the session are not asked: a locked customer\'s right code releases the payment).',
  },
  'authorize-locked-settles': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'openapi.yaml, authorizeQuote 423: "The customer must wait for the lock to expire before authorizing again"; Errors: a refused request changes nothing (a locked customer\'s authorization answers 423 after releasing the payment).',
  },
  // openapi.yaml, createQuote 202
  'realtime-sca-quote-201': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca-realtime.test.ts'],
    rule: 'openapi.yaml, createQuote 202: "Returned only for customers whose provider requires SCA (e.g. EU) on a realtime-funding source: the quote has status `PENDING_AUTHORIZATION` and carries an `scaChallenge`" (answered 201, PENDING, with its paymentInstructions).',
  },
  'realtime-sca-instructions-shown': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca-realtime.test.ts'],
    rule: 'openapi.yaml, createQuote 202: "`paymentInstructions` are **withheld** until the challenge is authorized via `POST /quotes/{quoteId}/authorize`" (shown while it awaits authorization).',
  },
  'realtime-sca-instructions-never-issued': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca-realtime.test.ts'],
    rule: 'openapi.yaml, createQuote 202: "Once authorized, the quote\'s `paymentInstructions` are populated" (withheld still).',
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
  'uma-cert-expiry-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: CERT_CHAIN_EXPIRED (supplement 18: counterparty keys): an expired certificate chain is refused.',
  },
  'uma-cert-chain-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: CERT_CHAIN_INVALID (supplement 18: counterparty keys): a chain that does not lead to a trusted root is refused.',
  },
  'unverified-wallet-any-amount': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Errors / 400: EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED (destination account ownership must be verified before the transfer).',
  },
  'uma-payreq-nonce-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_NONCE (supplement 18: lookup or quote): a pay-request answer signed with a nonce seen before is refused.',
  },
  'uma-nonce-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_NONCE (supplement 18): a reused nonce is refused.',
  },
  'uma-payreq-signature-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_PAYREQ_RESPONSE (supplement 18: pay-request leg): a pay-request answer not signed by the counterparty\'s key is refused.',
  },
  'uma-pubkey-format-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_PUBKEY_FORMAT (supplement 18: counterparty keys): a malformed counterparty public key is refused.',
  },
  'uma-receiver-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_RECEIVER (supplement 18): an answer for another receiver than the one looked up is refused.',
  },
  'uma-payreq-refusal-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_REQUEST_FORMAT (supplement 18: counterparty rejects / malformed): the counterparty refused the pay request\'s format.',
  },
  'uma-timestamp-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_TIMESTAMP (supplement 18: counterparty rejects / malformed): a stale signed answer is refused.',
  },
  'uma-payreq-timestamp-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_TIMESTAMP (supplement 18: lookup or quote): a pay-request answer signed with a stale timestamp is refused.',
  },
  'self-payment-accepted': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Errors / 400: SELF_PAYMENT.',
  },
  'uma-sender-refusal-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: SENDER_NOT_ACCEPTED (supplement 18): a counterparty that does not accept the sender refuses the lookup.',
  },
  // Errors / 404
  'uma-lookup-never-expires': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Errors / 404: LOOKUP_REQUEST_NOT_FOUND (supplement 18: quote with an unknown/expired lookupId).',
  },
  'uma-unknown-400': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Errors / 404: UMA_NOT_FOUND (well-formed UMA address but no receiver at the counterparty).',
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
  // Supplement 1, 18
  'uma-version-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 1, 18: 412 UNSUPPORTED_UMA_VERSION (version mismatch) when the counterparty answers in an UMA version the sender does not speak.',
  },
  'uma-counterparty-failure-400': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 1, 18: UMA counterparty failures are 424 (LNURLP_REQUEST_FAILED, PAYREQ_REQUEST_FAILED, COUNTERPARTY_PUBKEY_FETCH_ERROR, NO_COMPATIBLE_UMA_VERSION), not a 400 of the client.',
  },
  // Supplement 6
  'sca-authorize-overdraws': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca-balance.test.ts'],
    rule: 'Supplement 6: balance is the available balance; supplement 8: execute debits the source (the deferred debit of an SCA payment is still a debit of what is available).',
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
  'authorize-ip-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/authorize-field-rules.test.ts'],
    rule: 'Supplement 8: POST /quotes/{id}/authorize endUserIpAddress? (a string; another type authorizes).',
  },
  'execute-sca-factor-any': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: POST /quotes/{id}/execute optional {scaFactor?} (SMS_OTP|PASSKEY) (any string executes).',
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
  'uma-quote-without-lookup-accepted': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Description, QuoteRequest.lookupId: "This is required for UMA destinations due to counterparty institution requirements" (a quote to an UMA address without one is accepted).',
  },
  'quote-sca-factor-any': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: QuoteRequest scaFactor? (SMS_OTP|PASSKEY) (any string is accepted).',
  },
  'refund-status-stale': {
    areas: ['cross-currency-transfers', 'transactions'],
    suites: ['cross-currency-transfers/outgoing-lifecycle.test.ts', 'transactions/incoming-payments.test.ts'],
    rule: 'Supplement 8: refund {status: PENDING|COMPLETED|FAILED}; the REFUND_COMPLETED and REFUND_FAILED events carry the refund so settled.',
  },
  // Supplement 8 and 18
  'receiver-lookup-sender-format-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/receiver-field-rules.test.ts'],
    rule: 'Supplement 8 and 18: senderUmaAddress is an UMA address, $user@domain (supplement 8\'s sandbox receivers); interface Errors: 400 INVALID_UMA_ADDRESS (lookup: supplement 18, inferred) (a malformed one is looked up).',
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
  // Supplement 16
  'sca-next-challenge-same-id': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Supplement 16: each authorize may return a fresh challenge (new id) while still PENDING_AUTHORIZATION (the next challenge keeps the answered one\'s id).',
  },
  'quote-sca-challenge-without-available-factors': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-authorization.test.ts'],
    rule: 'Supplement 16: execute for an SCA customer answers the quote PENDING_AUTHORIZATION with its scaChallenge; supplement 12: ScaChallenge availableFactors*[].',
  },
  // Supplement 18
  'uma-lookup-single-use': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Supplement 18: LOOKUP_REQUEST_NOT_FOUND for an expired lookupId: the id expires with time (a target whose ids serve one quote and never expire refuses a used id, not an expired one).',
  },
  'uma-payer-data-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Supplement 18: senderCustomerInfo must carry each field the lookup asked for (requiredPayerDataFields, mandatory).',
  },
  'receiver-lookup-sender-optional': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/receiver-field-rules.test.ts'],
    rule: 'Supplement 18: the receiver lookups\' query is "senderUmaAddress or customerId" (a lookup with neither is refused 400 naming them).',
  },
  // Supplement 18 (lookup leg failed)
  'uma-lookup-signature-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 18 (lookup leg failed): a lnurlp compliance answer not signed by the counterparty\'s published key is refused (the code is the target\'s declaration; the sandbox answers LOOKUP_REQUEST_FAILED).',
  },
} as const satisfies Record<string, FaultEntry>;
