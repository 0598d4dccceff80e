// Named faults: each breaks one rule of the interface. The conformance suite must fail when any
// one of them is switched on (selftest/mutation runs every fault against the suites of its area).
// A fault is checked by name where the rule it breaks is implemented.

export interface FaultEntry {
  /** Suite folders (under suites/) whose scenarios must catch it. */
  areas: readonly string[];
  /** The interface sentence the fault breaks. */
  rule: string;
  /** Files under suites/ that judge it, where a few do (mutant runs stay short); else the areas' suites. */
  suites?: readonly string[];
}

export const FAULTS = {
  // Authentication and error bodies
  'auth-not-enforced': {
    areas: ['authentication'],
    rule: 'Authentication 3: rejected platform credentials answer 401 with code UNAUTHORIZED.',
  },
  'auth-wrong-code': {
    areas: ['authentication'],
    rule: 'Authentication 3: rejected platform credentials answer 401 with code UNAUTHORIZED.',
  },
  'auth-accepts-bearer': {
    areas: ['authentication'],
    rule: 'Authentication 1: platform calls use HTTP Basic authentication.',
  },
  'error-body-without-code': {
    areas: ['authentication'],
    rule: 'Errors: every error body has status, code, message.',
  },
  'error-status-mismatch': {
    areas: ['authentication'],
    rule: 'Errors: status (integer, the HTTP status).',
  },
  'field-errors-first-only': {
    areas: ['customers'],
    rule: 'Errors: on 400 field-validation errors, details.errors is an array of FieldError, one per invalid field.',
  },
  'field-errors-not-dot-path': {
    areas: ['platform-configuration', 'customers'],
    rule: 'Errors: FieldError.field is a dot-notation path to the offending field.',
  },
  'invalid-json-500': {
    areas: ['platform-configuration'],
    rule: 'Errors: INVALID_INPUT is a 400 code; a malformed body is the client\'s mistake, never a 5xx.',
  },
  // Platform configuration
  'config-accepts-http-webhook': {
    areas: ['platform-configuration'],
    rule: 'PATCH /config: webhookEndpoint (string URL; must be publicly reachable over HTTPS).',
  },
  'fee-config-accepts-non-usd': {
    areas: ['platform-configuration'],
    rule: 'PATCH /config: feeConfigs ... requires a USD source currency.',
  },
  // Webhooks
  'webhook-signed-over-other-body': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Authentication 5: X-Svc-Signature is a P-256 signature with SHA-256 over the raw request body.',
  },
  'webhook-signed-by-other-key': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Authentication 5: the receiver verifies it with the service\'s public key.',
  },
  'webhook-no-retry-after-5xx': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Events 2: the service retries failed deliveries; a 5xx answer is treated as retryable.',
  },
  'webhook-new-id-on-retry': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Events 3: the envelope id identifies a notification (a retry is the same notification).',
  },
  'webhook-constant-backoff': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Events 2: the service retries failed deliveries with exponential backoff.',
  },
  'webhook-test-carries-data': {
    areas: ['webhooks'],
    suites: ['webhooks/test-webhook.platform.test.ts'],
    rule: 'Events: TEST data is {test: true, timestamp, id, type: TEST} (envelope without data).',
  },
  'webhook-test-delivery-failure-ok': {
    areas: ['webhooks'],
    suites: ['webhooks/test-webhook.platform.test.ts'],
    rule: 'Events 5: delivery failure uses WEBHOOK_DELIVERY_ERROR (400).',
  },
  'webhook-no-endpoint-wrong-code': {
    areas: ['webhooks'],
    suites: ['webhooks/test-webhook.platform.test.ts'],
    rule: 'Events 5: if no endpoint is set, error code WEBHOOK_ENDPOINT_NOT_SET (400).',
  },
  // Customers, KYC/KYB verifications, internal accounts
  'customer-duplicate-platform-id-accepted': {
    areas: ['customers'],
    rule: 'Customer: platformCustomerId on create must not collide with an active customer on the same platform (else 409 CONFLICT).',
  },
  'customer-unknown-wrong-code': {
    areas: ['customers'],
    rule: 'Errors / 404: USER_NOT_FOUND (customer).',
  },
  'customer-id-untyped': {
    areas: ['customers'],
    rule: 'Resources: identifiers are strings of the form <TypeName>:<uuid> (Customer:<uuid>).',
  },
  'terms-unknown-version-accepted': {
    areas: ['customers'],
    rule: 'Errors / 400: END_USER_TERMS_VERSION_NOT_FOUND (submitted terms version unsupported).',
  },
  'contact-verification-not-409': {
    areas: ['contact-verification', 'strong-customer-authentication'],
    rule: 'Contact Verification / SCA: other providers answer 409.',
  },
  'kyc-event-before-status-change': {
    areas: ['kyc-verifications'],
    rule: 'Customer KYC status: kycStatus APPROVED emits CUSTOMER.KYC_APPROVED (with the customer as data).',
  },
  'resolve-errors-first-only': {
    areas: ['kyc-verifications'],
    rule: 'POST /verifications: may return RESOLVE_ERRORS with one entry per problem.',
  },
  'provisioning-no-status-event': {
    areas: ['internal-accounts'],
    rule: 'Internal account status: PENDING -> ACTIVE emits INTERNAL_ACCOUNT.STATUS_UPDATED.',
  },
  'funding-no-balance-event': {
    areas: ['internal-accounts', 'webhooks'],
    rule: 'Events: INTERNAL_ACCOUNT.BALANCE_UPDATED when an internal account balance changes (deposits).',
  },
  'frozen-account-receives': {
    areas: ['internal-accounts'],
    rule: 'Internal account status: frozen and failed accounts cannot send or receive payments.',
  },
  'balance-amount-major-units': {
    areas: ['internal-accounts'],
    rule: 'Resources: amount is an integer in the smallest unit of the currency.',
  },
  // External accounts and ownership verification
  'verify-accepts-expired': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 2: the signature must be submitted before the challenge expiresAt; invalid or expired -> 400 and UNVERIFIED.',
  },
  'verify-accepts-any-signature': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 1 / 200 row: the signature must be valid over the exact messageToSign, by the account\'s key.',
  },
  'verify-invalid-keeps-state': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'External account status: PENDING_OWNERSHIP_VERIFICATION -> UNVERIFIED on an invalid or expired signature.',
  },
  'verify-no-challenge-404': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify responses: 409 when no WALLET_SIGNATURE challenge is outstanding for this account.',
  },
  'verify-no-challenge-changes-state': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'External account status: when verify is called and no WALLET_SIGNATURE challenge is outstanding, the state does not change.',
  },
  'challenge-not-consumed': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify 400 row: a new challenge must be started to retry (a used challenge is no longer outstanding).',
  },
  'verify-unknown-account-400': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify responses: 404 when the external account is not found.',
  },
  'verify-200-stale-account': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify responses: 200 carries the ExternalAccount with status ACTIVE.',
  },
  'bip137-accepts-electrum-header-for-segwit': {
    areas: ['external-accounts'],
    suites: ['external-accounts/bitcoin-signatures.test.ts'],
    rule: 'OwnershipVerifyRequest: signatureScheme bip137 (default) names the address type in the header byte; electrum is a separate scheme.',
  },
  'electrum-rejected': {
    areas: ['external-accounts'],
    suites: ['external-accounts/bitcoin-signatures.test.ts'],
    rule: 'OwnershipVerifyRequest: signatureScheme electrum (for Electrum/Sparrow wallets) is accepted for Bitcoin.',
  },
  'signature-scheme-honoured-on-evm': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 4: signatureScheme only matters for Bitcoin; other chains ignore it.',
  },
  'no-event-on-active': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Events: EXTERNAL_ACCOUNT.STATUS_UPDATED covers the whole ownership verification lifecycle.',
  },
  'event-before-state-change': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Events: EXTERNAL_ACCOUNT.STATUS_UPDATED is emitted when the status changes, carrying the account.',
  },
  'liveness-uses-verify': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 3: LIVENESS challenges never use this endpoint (409: no WALLET_SIGNATURE challenge outstanding).',
  },
  'liveness-no-event': {
    areas: ['external-accounts'],
    suites: ['external-accounts/liveness.test.ts'],
    rule: 'External account status: the LIVENESS outcome is delivered by EXTERNAL_ACCOUNT.STATUS_UPDATED or by polling.',
  },
  'ownership-type-not-required': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'ExternalAccount.ownershipType: required when creating self-custody crypto wallet accounts on platforms subject to counterparty requirements.',
  },
  'default-uma-deposit-multiple': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'ExternalAccount.defaultUmaDepositAccount: at most one external account per customer may be the default.',
  },
  // Cards
  'card-closed-reactivates': {
    areas: ['cards'],
    suites: ['cards/state-matrix.test.ts'],
    rule: 'Card state: CLOSED is final; any other requested transition answers 409 INVALID_STATE_TRANSITION.',
  },
  'card-already-closed-wrong-code': {
    areas: ['cards'],
    suites: ['cards/state-matrix.test.ts'],
    rule: 'Card state: requesting CLOSED on a closed card answers 409 CARD_ALREADY_CLOSED.',
  },
  'card-rejected-transition-changes-state': {
    areas: ['cards'],
    suites: ['cards/state-matrix.test.ts'],
    rule: 'Card state: a requested transition that is not allowed answers 409 (and so changes nothing).',
  },
  'card-same-state-allowed': {
    areas: ['cards'],
    suites: ['cards/state-matrix.test.ts'],
    rule: 'Card state: any other requested transition (ACTIVE -> ACTIVE included) answers 409 INVALID_STATE_TRANSITION.',
  },
  'card-closed-funding-mutable': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Card state: mutating a closed card answers 409 CARD_NOT_MUTABLE.',
  },
  'card-issued-without-kyc': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Errors / 400: CARDHOLDER_KYC_NOT_APPROVED (card cannot be issued unless cardholder KYC is APPROVED).',
  },
  'card-frozen-authorizes': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Card state FROZEN (supplement: authorizations on a frozen card are declined).',
  },
  'card-no-event-on-settle': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: CARD_TRANSACTION.* on every card transaction state transition (settled).',
  },
  'card-events-out-of-order': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: every card transaction state transition is announced as it happens (authorized before settled).',
  },
  'card-partial-clearing-settles': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: CARD_TRANSACTION.* transitions include partially settled (supplement: clearing below the authorization).',
  },
  'card-return-full-stays-settled': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: CARD_TRANSACTION.* transitions include refunded (supplement: a full return refunds).',
  },
  'card-pull-not-reflected': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: INTERNAL_ACCOUNT.BALANCE_UPDATED when the internal account balance changes (card funding pulls).',
  },
  // Quotes, transactions and transfers
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
  'outgoing-events-out-of-order': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Events: OUTGOING_PAYMENT.<STATUS> when an outgoing payment changes status (in the order of its changes).',
  },
  'idempotent-execute-double-debit': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Supplement 1: Idempotency-Key, a repeat returns the first response (money moves once).',
  },
  'size-limit-wrong-status': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Limits: single-transaction maximum exceeded: 400 TRANSACTION_SIZE_LIMIT_EXCEEDED.',
  },
  'daily-limit-wrong-status': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Limits: daily volume exceeded: 429 DAILY_VOLUME_LIMIT_EXCEEDED.',
  },
  'frozen-account-sends': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Internal account status: frozen and failed accounts cannot send or receive payments.',
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
  'terms-not-required': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'POST /quotes: fails with END_USER_TERMS_NOT_ACCEPTED until terms acceptance is on file.',
  },
  'unverified-wallet-any-amount': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Errors / 400: EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED (destination account ownership must be verified before the transfer).',
  },
  'debit-not-equal-sent': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Transaction: sentAmount is the amount debited.',
  },
  'self-payment-accepted': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-rules.test.ts'],
    rule: 'Errors / 400: SELF_PAYMENT.',
  },
  'approve-not-pending-200': {
    areas: ['transactions'],
    rule: 'Transaction status: approval of a transaction that is not pending platform approval answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.',
  },
  'cancel-settled-200': {
    areas: ['transactions'],
    rule: 'Transaction status: cancelling a transaction that has settled answers 409 TRANSACTION_NOT_CANCELLABLE.',
  },
  'sca-session-not-required': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'POST /quotes: authorisation may fail with 409 SCA_SESSION_REQUIRED (customer SCA session missing or expired).',
  },
  'sca-lock-wrong-status': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Errors / Other codes named: ACCOUNT_LOCKED (HTTP 423).',
  },
  'sca-expiry-wrong-reason': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Failure reasons: SCA_NOT_COMPLETED (a transaction that failed on an expired SCA challenge).',
  },
  'transfer-in-not-credited': {
    areas: ['same-currency-transfers'],
    rule: 'transfer-in: deprecated but continues to work (the internal account is credited).',
  },
  'transfer-out-returns-quote': {
    areas: ['same-currency-transfers'],
    rule: 'transfer-out: request and response shapes unchanged; a transaction is returned.',
  },
  'held-without-pending-reason': {
    areas: ['transactions'],
    suites: ['transactions/transactions.test.ts'],
    rule: 'Transaction: pendingReason, on any transaction: why it is held (compliance review or awaiting customer action).',
  },
  'transactions-no-pagination': {
    areas: ['transactions'],
    suites: ['transactions/transactions.test.ts'],
    rule: 'Supplement 1: lists take limit and cursor; hasMore and nextCursor page through them.',
  },
  'uma-unknown-400': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/realtime-and-uma.test.ts'],
    rule: 'Errors / 404: UMA_NOT_FOUND (well-formed UMA address but no receiver at the counterparty).',
  },
  'realtime-send-not-settled': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/realtime-and-uma.test.ts'],
    rule: 'Events: OUTGOING_PAYMENT.<STATUS> as a funded payment progresses to COMPLETED.',
  },
  'transfer-failure-keeps-debit': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/transfers.test.ts'],
    rule: 'Failure reasons: an amount already debited is refunded automatically (transfer-out continues to work as before).',
  },
  'failed-account-moves-money': {
    areas: ['internal-accounts'],
    rule: 'Internal account status: frozen and failed accounts cannot send or receive payments.',
  },
  'transfer-in-failure-credited': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/transfers.test.ts'],
    rule: 'transfer-in: deprecated but works as before, sandbox outcomes included (a failing pull credits nothing).',
  },
  'stale-event-data': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Events: OUTGOING_PAYMENT.<STATUS> is sent when the payment changes status, with the Transaction as data (supplement section 3: the full resource), so its status is the new one, not the status before the change.',
  },
  'webhook-duplicates-beyond-tolerance': {
    areas: ['webhooks'],
    suites: ['webhooks/duplicates.test.ts'],
    rule: 'Events 2-3: a 200 response acknowledges; duplicates can occur, but an acknowledged notification is not redelivered beyond the run\'s duplicate tolerance.',
  },
} as const satisfies Record<string, FaultEntry>;

export type FaultName = keyof typeof FAULTS;

export class Faults {
  private readonly on: ReadonlySet<string>;

  constructor(names: Iterable<string> = []) {
    const list = [...names].map((n) => n.trim()).filter(Boolean);
    const unknown = list.filter((n) => !(n in FAULTS));
    if (unknown.length) throw new Error(`Unknown sandbox fault(s): ${unknown.join(', ')}`);
    this.on = new Set(list);
  }

  static parse(csv: string | undefined): Faults {
    return new Faults((csv ?? '').split(','));
  }

  has(name: FaultName): boolean {
    return this.on.has(name);
  }

  list(): string[] {
    return [...this.on];
  }
}
