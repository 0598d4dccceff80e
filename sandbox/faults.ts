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
  // Ownership eligibility and request rules (suites/external-accounts/eligibility.test.ts)
  'challenge-third-party-eligible': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Supplement 7: Eligible: FIRST_PARTY self-custody wallet ...; else challenge -> 409 (not FIRST_PARTY).',
  },
  'challenge-custodial-eligible': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Supplement 7: Eligible: self-custody (no vaspName) wallet; else challenge -> 409 (not self-custody wallet).',
  },
  'verify-scheme-unchecked': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Interface: OwnershipVerifyRequest signatureScheme is an optional enum bip137 | electrum (400 INVALID_INPUT naming the field otherwise).',
  },
  'trust-confirm-challenge-id-unchecked': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Supplement 12: trust/confirm and untrust/confirm take {challengeId?, code}: a challengeId that is no string is refused (400 INVALID_INPUT naming it), not ignored.',
  },
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
  'agent-permissions-unchecked': {
    areas: ['agent-management'],
    suites: ['agent-management/field-rules.test.ts'],
    rule: 'Supplement 23: policy.permissions*[VIEW_TRANSACTIONS, CREATE_TRANSFERS, CREATE_QUOTES, EXECUTE_QUOTES, MANAGE_EXTERNAL_ACCOUNTS] (400 INVALID_INPUT naming the field otherwise).',
  },
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
  // Field rules, uniqueness and lists (generated requests: suites/external-accounts/field-rules.test.ts, platform-field-rules.test.ts, lists.test.ts)
  'wallet-beneficiary-country-optional': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: "Supplement 7: a wallet's beneficiary is INDIVIDUAL{beneficiaryType, fullName*, countryOfResidence*}.",
  },
  'clabe-any-length': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: MXN_ACCOUNT clabeNumber* (18 digits).',
  },
  'lightning-several-destinations-accepted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: LIGHTNING takes exactly one of invoice, bolt12, lightningAddress.',
  },
  'customer-patch-type-optional': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: Create/PATCH common (customerType always required): a PATCH without customerType is accepted.',
  },
  'fiat-beneficiary-optional': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Interface: each fiat-currency variant combines a base part, a currency part and a required beneficiary object.',
  },
  'external-account-duplicate-accepted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: POST external accounts answers 409 when the account exists.',
  },
  'external-account-duplicate-refused-but-stored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: POST external accounts answers 409 when the account exists (a refused duplicate is stored all the same).',
  },
  'external-accounts-currency-filter-ignored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 7: the external-account lists filter by currency.',
  },
  'external-accounts-customer-filter-ignored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 7: GET /customers/external-accounts filters by customerId.',
  },
  'platform-external-list-includes-customer-accounts': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Interface, ExternalAccount: customerId is null when the account is on behalf of the platform; the platform list holds the platform\'s accounts.',
  },
  'platform-external-account-refused-stored': {
    areas: ['external-accounts'],
    suites: ['external-accounts/platform-field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /platform/external-accounts platformAccountId? (supplement 7): one of another type stores no account.',
  },
  'external-accounts-cursor-repeats': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor; a page continues where the last one ended.',
  },
  'default-uma-deposit-multiple': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'ExternalAccount.defaultUmaDepositAccount: at most one external account per customer may be the default.',
  },
  // Field rules of quotes, transfers, cards and their lists (generated requests: issue 17, rules-b)
  'quote-remittance-unbounded': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: QuoteRequest remittanceInformation? ≤80 (a longer one is accepted).',
  },
  'quote-sca-factor-any': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: QuoteRequest scaFactor? (SMS_OTP|PASSKEY) (any string is accepted).',
  },
  'transfer-in-fraction-accepted': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: amounts are int64 in the smallest unit (a transfer-in of a fraction is pulled).',
  },
  'authorize-ip-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/authorize-field-rules.test.ts'],
    rule: 'Supplement 8: POST /quotes/{id}/authorize endUserIpAddress? (a string; another type authorizes).',
  },
  'sandbox-fund-unbounded': {
    areas: ['sandbox'],
    suites: ['sandbox/field-rules.test.ts'],
    rule: 'Supplement 6: POST /sandbox/internal-accounts/{accountId}/fund {amount*: int64 ≤ 1e11} (a larger amount is credited).',
  },
  'transfer-out-destination-optional': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: POST /transfer-out destination*{accountId: ExternalAccount} (a body without destination.accountId is taken as a transfer to nowhere and refused with another code).',
  },
  'card-refused-holder-stored': {
    areas: ['cards'],
    suites: ['cards/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /cards {cardholderId*} (supplement 9): a cardholderId of another type issues no card.',
  },
  'cards-account-filter-ignored': {
    areas: ['cards'],
    suites: ['cards/lists.test.ts'],
    rule: 'Supplement 9: GET /cards filters cardholderId, accountId, platformCardId, state (accountId is ignored).',
  },
  'cards-sort-order-ignored': {
    areas: ['cards'],
    suites: ['cards/lists.test.ts'],
    rule: 'Supplement 1: transactions/cards also take sortOrder (asc|desc, default desc) (asc is ignored).',
  },
  'cards-cursor-repeats': {
    areas: ['cards'],
    suites: ['cards/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor (a page repeats the last item of the one before).',
  },
  'card-clearing-negative-accepted': {
    areas: ['cards'],
    suites: ['cards/simulate-field-rules.test.ts'],
    rule: 'Supplement 9: simulate clearing {cardTransactionId*, amount* ≥0} (a negative amount is taken as a return).',
  },
  'card-close-combinable': {
    areas: ['cards'],
    suites: ['cards/field-rules.test.ts'],
    rule: 'Supplement 9: PATCH /cards/{id}: CLOSED not combinable with the others (a close with a new limit is accepted).',
  },
  'transactions-cursor-skips': {
    areas: ['transactions'],
    suites: ['transactions/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor (a page skips the item after the last one of the page before).',
  },
  'transactions-sort-order-ignored': {
    areas: ['transactions'],
    suites: ['transactions/lists.test.ts'],
    rule: 'Supplement 1: transactions/cards also take sortOrder (asc|desc, default desc) (asc is ignored).',
  },
  'invitation-refused-claim-written': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Errors: a refused request changes nothing; POST /invitations/{code}/claim {inviteeUma*} (supplement 19): a refused claim leaves the invitation as it was.',
  },
  'invitation-invitee-uma-unchecked': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Supplement 19: claim {inviteeUma*}, an UMA address; 400 INVALID_UMA_ADDRESS (a malformed address claims the invitation).',
  },
  'cancel-body-unchecked': {
    areas: ['transactions'],
    suites: ['transactions/field-rules.test.ts'],
    rule: 'Supplement 13: POST /transactions/{id}/cancel {reason?} (free text; a reason of another type cancels).',
  },
  'card-simulate-descriptor-optional': {
    areas: ['cards'],
    suites: ['cards/simulate-authorization-field-rules.test.ts'],
    rule: 'Supplement 9: simulate authorization merchant*: {descriptor*, mcc?, country?} (an authorization without a descriptor is approved).',
  },
  'card-advice-merchant-optional': {
    areas: ['cards'],
    suites: ['cards/simulate-credit-field-rules.test.ts'],
    rule: 'Supplement 9: simulate credit_authorization_advice {amount*, currency*, merchant*} (an advice without a merchant is accepted).',
  },
  'exchange-rates-destination-repeat-ignored': {
    areas: ['exchange-rates'],
    suites: ['exchange-rates/lists.test.ts'],
    rule: 'Supplement 11: GET /exchange-rates destinationCurrency (repeatable) (only the first is answered).',
  },
  'uma-providers-blocked-included': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers hasBlockedProviders? (default include) (false still lists the blocked ones).',
  },
  'uma-providers-sort-order-ignored': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers sortOrder (desc lists in the order of asc).',
  },
  'execute-sca-factor-any': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: POST /quotes/{id}/execute optional {scaFactor?} (SMS_OTP|PASSKEY) (any string executes).',
  },
  'reject-body-unchecked': {
    areas: ['transactions'],
    suites: ['transactions/field-rules.test.ts'],
    rule: 'Supplement 13: POST /transactions/{id}/reject {reason?} (free text; a reason of another type rejects).',
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
  'refund-credited-twice': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-lifecycle.test.ts', 'cross-currency-transfers/failure-reasons.test.ts'],
    rule: 'Failure reasons: an amount already debited is refunded automatically: the refund brings the debited amount back, and nothing is credited after it.',
  },
  'refund-credited-twice-later': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-lifecycle.test.ts', 'cross-currency-transfers/failure-reasons.test.ts'],
    rule: 'Failure reasons: an amount already debited is refunded automatically: nothing is credited after the refund, also a moment after the balance was read (within the declared quiet period).',
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
    areas: ['cross-currency-transfers', 'api-tokens', 'agent-operations'],
    suites: ['cross-currency-transfers/quote-execution.test.ts', 'api-tokens/tokens.test.ts', 'agent-operations/scope.test.ts'],
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
  'quote-sca-challenge-without-available-factors': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-authorization.test.ts'],
    rule: 'Supplement 16: execute for an SCA customer answers the quote PENDING_AUTHORIZATION with its scaChallenge; supplement 12: ScaChallenge availableFactors*[].',
  },
  'sca-next-challenge-same-id': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Supplement 16: each authorize may return a fresh challenge (new id) while still PENDING_AUTHORIZATION (the next challenge keeps the answered one\'s id).',
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
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
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
  // External accounts (beneficiary trust, customer ownership verification, lists and deletes) and
  // Strong Customer Authentication (factors, record-event, 2FA reset, quote authorization resend)
  'trust-outside-sca-allowed': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: beneficiary trust is for customers of SCA regions only; 409 elsewhere (interface: SCA endpoints answer 409 elsewhere).',
  },
  'trust-confirm-accepts-wrong-code': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm answers 400 to a bad or expired proof.',
  },
  'trusted-beneficiary-deletable': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Errors 409: BENEFICIARY_TRUSTED (a trusted beneficiary cannot be deleted; untrust and confirm first).',
  },
  'untrust-confirm-keeps-trust': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Interface: untrust and its /confirm remove trusted-beneficiary status; must precede deleting a trusted external account.',
  },
  'new-challenge-keeps-unverified': {
    areas: ['external-accounts'],
    suites: ['external-accounts/customer-ownership.test.ts'],
    rule: 'Supplement 7: a new challenge abandons any in-flight one; UNVERIFIED -> PENDING_OWNERSHIP_VERIFICATION.',
  },
  'external-account-delete-keeps-record': {
    areas: ['external-accounts'],
    suites: ['external-accounts/platform-accounts.test.ts'],
    rule: 'Supplement 7: DELETE .../external-accounts/{id} answers 204; the account is then not found (404).',
  },
  'invalid-bank-account-accepted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/invalid-bank-account.test.ts'],
    rule: 'Supplement 7: an account number ending 105 is refused at create with 400 (this sandbox: INVALID_BANK_ACCOUNT).',
  },
  'totp-verified-with-sha256': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/totp.test.ts'],
    rule: 'Supplement 16: a TOTP factor is confirmed with a code of its secret (RFC 6238 with the totpUri parameters: SHA1, 6 digits, 30 s).',
  },
  'totp-confirm-accepts-any-code': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/totp.test.ts'],
    rule: 'Supplement 16: POST /sca/factors/confirm answers 400 to a TOTP code that is not the secret\'s.',
  },
  'passkey-second-enrollment-allowed': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Errors 409: PASSKEY_ALREADY_ENROLLED (one passkey per customer; delete the existing one first).',
  },
  'passkey-challenge-unchecked': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Supplement 16: a PASSKEY factor is confirmed with a WebAuthn credential made for the options POST /sca/factors returned (its challenge).',
  },
  'passkey-delete-keeps-passkey': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Errors 409 PASSKEY_ALREADY_ENROLLED: delete the existing one first (DELETE /sca/factors/{credentialId} 204 removes it).',
  },
  'sca-login-factor-any': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 10 and 16: POST /sca/login/start {factor*: SMS_OTP|TOTP|PASSKEY}.',
  },
  'sca-customer-query-optional': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 16: query customerId* on all /sca/*.',
  },
  'quote-refused-executed': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /quotes immediatelyExecute (supplement 8): a refused request executes no payment.',
  },
  'agent-quote-side-defaulted': {
    areas: ['agent-operations'],
    suites: ['agent-operations/field-rules.test.ts'],
    rule: 'Supplement 23: POST /agents/me/quotes takes the body of POST /quotes; supplement 8: QuoteRequest lockedCurrencySide* (SENDING|RECEIVING).',
  },
  'agent-lists-customer-query-honoured': {
    areas: ['agent-operations'],
    suites: ['agent-operations/lists.test.ts'],
    rule: 'Supplement 23: an agent acts for its customer ("Cross-customer ids -> 404"); GET /agents/me/transactions filters as /transactions minus customer.',
  },
  'agent-actions-has-more-when-full': {
    areas: ['agent-operations'],
    suites: ['agent-operations/lists.test.ts'],
    rule: 'Supplement 1: hasMore says more items follow (GET /agents/me/actions: a full last page says hasMore, and its nextCursor leads to an empty page).',
  },
  'agent-refused-transfer-counted': {
    areas: ['agent-operations'],
    suites: ['agent-operations/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /agents/me/transfer-out|in (supplement 23): a refused transfer counts toward none of the agent\'s usage.',
  },
  'agent-refused-transfer-in-runs': {
    areas: ['agent-operations'],
    suites: ['agent-operations/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /agents/me/transfer-in (supplement 23): a refused transfer starts no payment.',
  },
  'agent-transactions-filters-dropped': {
    areas: ['agent-operations'],
    suites: ['agent-operations/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/me/transactions 200 (filters as /transactions minus customer); supplement 8: status, type, startDate, endDate.',
  },
  'bulk-upload-any-file-part': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: POST /customers/bulk/csv (multipart file*).',
  },
  'sca-login-factor-ip-optional': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 16: POST /sca/login/complete {factor*, endUserIpAddress*, challengeId? (SMS), code? | passkeyAssertion+origin}.',
  },
  'sca-reset-mobile-number-optional': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 16: POST /sca/factors/reset/{resetId}/complete {mobile?{countryCode*, number*}}.',
  },
  'sca-lock-ladder-flat': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: failed logins 5 -> 15 min, 6 -> 30 min, 7 -> 1 h, 8 -> 24 h.',
  },
  'sca-suspension-not-reached': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: >= 9 failed logins suspended (lockedUntil null).',
  },
  'sca-reset-password-keeps-count': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: RESET_PASSWORD_COMPLETED zeroes the count.',
  },
  'sca-reset-password-keeps-session': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: RESET_PASSWORD_COMPLETED ends all SCA sessions (then 409 SCA_SESSION_REQUIRED).',
  },
  'sca-login-start-refused-counted': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /sca/login/start {factor*} (supplement 16): a refused start counts no failed login attempt.',
  },
  'sca-reset-refused-started': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /sca/factors/reset {factor*} (supplement 16): a refused request starts no reset, and counts toward none of the 5 a day.',
  },
  'sca-reset-unlimited': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/factor-reset.test.ts'],
    rule: 'Supplement 16: POST /sca/factors/reset 429 (5 per 24 h per customer).',
  },
  'reset-completes-without-liveness': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/factor-reset.test.ts'],
    rule: 'Supplement 16: POST /sca/factors/reset/{resetId}/complete answers 400 while the liveness check has not passed.',
  },
  'resend-without-challenge-204': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/authorize-resend.test.ts'],
    rule: 'Supplement 16: POST /quotes/{quoteId}/authorize/resend answers 409 when no SMS challenge is pending.',
  },
  'resend-extends-challenge': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/authorize-resend.test.ts'],
    rule: 'Supplement 16: resend reuses the challenge without extending expiresAt.',
  },
  'passkey-assertion-unchecked': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Supplement 16: POST /sca/login/complete with a passkeyAssertion of the enrolled passkey over the login challenge (400 otherwise).',
  },
  'reset-enrollment-never-completes': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/factor-reset.test.ts'],
    rule: 'Supplement 16: enrollmentStatus PENDING until re-enrolled, then COMPLETED.',
  },
  'trust-confirm-accepts-expired': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm answers 400 to a bad or expired proof.',
  },
  'trust-passkey-assertion-unchecked': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm {challengeId?, passkeyAssertion, origin} answers 400 to a bad proof.',
  },
  'wallet-created-active': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts', 'external-accounts/customer-ownership.test.ts', 'external-accounts/eligibility.test.ts'],
    rule: 'External account status: PENDING_OWNERSHIP_VERIFICATION means wallet ownership must be verified (for example under the EU Travel Rule) before unrestricted use (a first-party self-custody wallet on a platform subject to counterparty requirements is not created ACTIVE).',
  },
  // Money against the request and the fee configuration
  'fee-wrong': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'PATCH /config feeConfigs and POST /quotes platformFeeOverride: the platform fee is a variable rate in basis points, a fixed amount, or both (one basis point more than configured).',
  },
  'locked-amount-wrong': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Quote and fee fields: lockedCurrencyAmount on the lockedCurrencySide (the locked side is one smallest unit off the request).',
  },
  'rate-wrong': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Transaction: exchangeRate is the rate applied (the other side of the quote is computed with a rate 0.5 % off the one reported).',
  },
  // Quotes and transactions (incoming payments, the outgoing lifecycle, refunds) and cards
  'outgoing-expiry-silent': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/outgoing-expiry.test.ts'],
    rule: 'Supplement 8 and 26: PENDING -> EXPIRED; OUTGOING_PAYMENT.EXPIRED fires when a PENDING payment passes expiresAt.',
  },
  'refund-status-stale': {
    areas: ['cross-currency-transfers', 'transactions'],
    suites: ['cross-currency-transfers/outgoing-lifecycle.test.ts', 'transactions/incoming-payments.test.ts'],
    rule: 'Supplement 8: refund {status: PENDING|COMPLETED|FAILED}; the REFUND_COMPLETED and REFUND_FAILED events carry the refund so settled.',
  },
  'incoming-completed-not-credited': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Events: INTERNAL_ACCOUNT.BALANCE_UPDATED on deposits; an approved incoming payment credits receivedAmount to the receiver.',
  },
  'incoming-rejection-credited': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 3: the receiver replies 403 to reject an incoming payment (or POST /transactions/{id}/reject); a rejected payment is not received.',
  },
  'incoming-202-treated-as-approval': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 3: a 202 reply to INCOMING_PAYMENT.PENDING is followed by POST /transactions/{id}/approve or reject; the payment waits for that decision.',
  },
  'incoming-refund-credited': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: "Events: INCOMING_PAYMENT.REFUND_*: a returned deposit's refund progresses; the returned deposit is not credited to the receiver.",
  },
  'reject-not-pending-200': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 8: POST /transactions/{id}/reject answers 409 for a transaction not pending a decision.',
  },
  'confirm-unknown-200': {
    areas: ['transactions'],
    suites: ['transactions/confirm.test.ts'],
    rule: 'Errors / 404: TRANSACTION_NOT_FOUND (POST /transactions/{transactionId}/confirm of an unknown transaction).',
  },
  'card-funding-ineligible-accepted': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: "Supplement 25: 400 FUNDING_SOURCE_INELIGIBLE on POST /cards and PATCH /cards/{id} when a source is not the cardholder's or of the wrong currency.",
  },
  'card-funding-change-old-order': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: 'Supplement 25: CARD.FUNDING_SOURCE_CHANGE on each PATCH setting fundingSources; data = the Card with the new order.',
  },
  'card-pre-activation-patchable': {
    areas: ['cards'],
    suites: ['cards/pre-activation-states.test.ts'],
    rule: 'Supplement 25: PATCH from PROCESSING or PENDING_KYC answers 409 INVALID_STATE_TRANSITION (inferred); interface: any other requested transition answers 409.',
  },
  'card-issuer-reject-no-reason': {
    areas: ['cards'],
    suites: ['cards/pre-activation-states.test.ts'],
    rule: 'Supplement 25: PROCESSING -> CLOSED with stateReason ISSUER_REJECTED, announced by CARD.STATE_CHANGE.',
  },
  'card-reveal-without-expiry': {
    areas: ['cards'],
    suites: ['cards/reveal.test.ts'],
    rule: 'Supplement 25: POST /cards/{id}/reveal answers 200 {panEmbedUrl, expiresAt}, a short-lived URL.',
  },
  'card-slow-activation-immediate': {
    areas: ['cards'],
    suites: ['cards/pre-activation-states.test.ts'],
    rule: 'Supplement 9: a card whose platformCardId ends 005 becomes ACTIVE after ~30 s (the declared delay), not at once.',
  },
  'incoming-required-fields-ignored': {
    areas: ['transactions'],
    suites: ['transactions/incoming-payments.test.ts'],
    rule: 'Supplement 3: a 422 reply to INCOMING_PAYMENT.PENDING ({requiredFields}) does not approve the payment; nothing is received.',
  },
  'transactions-filters-ignored': {
    areas: ['transactions'],
    suites: ['transactions/list-filters.test.ts'],
    rule: 'Supplement 8: GET /transactions filters by status, type, startDate and endDate.',
  },
  'incoming-approval-never-times-out': {
    areas: ['transactions'],
    suites: ['transactions/incoming-approval-timeout.test.ts'],
    rule: 'Supplement 13: after a 202, approve or reject within 5 s, else the payment is auto-rejected (409 when approved after the timeout).',
  },
  // Customers, contact verification, KYC/KYB and documents, internal accounts, webhooks (issue 12, point 3)
  // Field rules of customers, KYC/KYB, documents, internal accounts (issue 17)
  'ssn-identifier-format-unchecked': {
    areas: ['customers', 'kyc-verifications'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: identifier (write-only; SSN ###-##-####).',
  },
  'funds-other-description-optional': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: EDD sourceOfFundsCategories OTHER needs sourceOfFundsOtherDescription.',
  },
  'customers-list-region-filter-ignored': {
    areas: ['customers'],
    suites: ['customers/lists.test.ts'],
    rule: 'Supplement 4/15: GET /customers filters by region.',
  },
  'verifications-customer-filter-ignored': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/lists.test.ts'],
    rule: 'Supplement 14: GET /verifications filters by customerId.',
  },
  'owners-cursor-repeats': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor; a page continues where the last one ended (GET /beneficial-owners).',
  },
  'documents-holder-filter-ignored': {
    areas: ['documents'],
    suites: ['documents/lists.test.ts'],
    rule: 'Supplement 14: GET /documents filters by documentHolder.',
  },
  'documents-limit-unbounded': {
    areas: ['documents'],
    suites: ['documents/lists.test.ts'],
    rule: 'Supplement 1: list limit is 1–100 (GET /documents).',
  },
  'internal-accounts-customer-filter-ignored': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lists.test.ts'],
    rule: 'Supplement 6: GET /customers/internal-accounts filters by customerId (one customer never sees another\'s accounts).',
  },
  'external-accounts-has-more-when-full': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 1: hasMore says more items follow (a full last page says hasMore, and its nextCursor leads to an empty page).',
  },
  'internal-accounts-currency-filter-ignored': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lists.test.ts'],
    rule: 'Supplement 6: GET /customers/internal-accounts filters by currency.',
  },
  'internal-accounts-has-more-when-full': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/lists.test.ts'],
    rule: 'Supplement 1: hasMore says more items follow (a full last page says hasMore, and its nextCursor leads to an empty page).',
  },
  'kyc-link-redirect-any-scheme': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 14: kyc-link redirectUri is https (http only for a local address).',
  },
  'owner-percentage-unbounded': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Supplement 5: POST /beneficial-owners ownershipPercentage* 0–100.',
  },
  'document-media-type-unchecked': {
    areas: ['documents'],
    suites: ['documents/field-rules.test.ts'],
    rule: 'Supplement 14: POST/PUT /documents file* is a PDF, JPEG or PNG.',
  },
  'verification-of-approved-accepted': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Supplement 5: POST /verifications answers 400 if the customer is already APPROVED.',
  },
  'card-2fa-branding-unchecked': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig displayName ≤255, logoUrl https ≤512, email.bodyText ≤2000, sms templateSid ≤64, bodyText ≤480.',
  },
  'customers-list-includes-deleted': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Supplement 15: after delete, the customer is hidden from lists unless isIncludingDeleted=true.',
  },
  'customers-list-next-cursor-repeats': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor; a page continues where the last one ended.',
  },
  'customers-list-created-after-exclusive': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 15: list filters are inclusive (createdAfter includes a customer created at that instant).',
  },
  'customers-unsupported-method-404': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 15: POST/GET /customers answer 405 METHOD_NOT_ALLOWED (JSON) for unsupported methods.',
  },
  'customer-delete-twice-200': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Supplement 15: DELETE /customers/{id} answers 200 with isDeleted true; a second delete answers 410 CUSTOMER_DELETED.',
  },
  'customer-platform-id-not-reusable': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Customer: platformCustomerId must not collide with an ACTIVE customer (a deleted one frees it).',
  },
  'uma-address-duplicate-accepted': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Errors / 409: UMA_ADDRESS_EXISTS (supplement 15: the requested umaAddress is taken).',
  },
  'mandatory-user-info-not-required': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Errors / 400: MISSING_MANDATORY_USER_INFO (here: email and phoneNumber of a customer where contact verification applies, supplement 4).',
  },
  'kyc-link-reused': {
    areas: ['customers'],
    suites: ['customers/kyc-link.test.ts'],
    rule: 'Supplement 14: every kyc-link call mints a new single-use link.',
  },
  'kyc-link-changes-kyc-status': {
    areas: ['customers'],
    suites: ['customers/kyc-link.test.ts'],
    rule: 'Supplement 14: a KYC link does not change kycStatus/kybStatus.',
  },
  'kyc-link-ignores-pending-contact-verification': {
    areas: ['customers'],
    suites: ['contact-verification/confirm.test.ts'],
    rule: 'Supplement 14: POST /customers/{id}/kyc-link answers 409 while contact verification is pending.',
  },
  'contact-confirm-wrong-code-accepted': {
    areas: ['contact-verification'],
    suites: ['contact-verification/confirm.test.ts'],
    rule: 'Supplement 10: …/verify-email/confirm and /verify-phone/confirm {code} verify the contact with the one-time code (sandbox code 123456).',
  },
  'verification-no-status-events': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification-lifecycle.test.ts'],
    rule: 'Supplement 14/27: VERIFICATION events carry the Verification, one type per status.',
  },
  'verifications-cursor-skips': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor (GET /verifications: a page skips the item after the last one of the page before).',
  },
  'document-refused-holder-stored': {
    areas: ['documents'],
    suites: ['documents/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /documents documentHolder* (supplement 14): an upload without one stores no document.',
  },
  'verification-refused-opened': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /verifications {customerId*} (supplement 5): a customerId of another type opens no verification.',
  },
  'verifications-status-filter-ignored': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification-lifecycle.test.ts'],
    rule: 'Supplement 14: GET /verifications filters by customerId and verificationStatus.',
  },
  'kyc-rejected-no-event': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification-lifecycle.test.ts'],
    rule: 'Events: CUSTOMER.KYC_* are emitted when individual KYC changes (supplement 27: CUSTOMER.KYC_REJECTED).',
  },
  'kyb-pending-owner-ignored': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/kyb-outcomes.test.ts'],
    rule: 'Supplement 5: a beneficial owner whose lastName ends 001 is PENDING (here the business goes to manual review, CUSTOMER.KYB_PENDING).',
  },
  'owner-list-ignores-customer': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/beneficial-owners.test.ts'],
    rule: 'Supplement 14: GET /beneficial-owners lists the owners of customerId.',
  },
  'owner-patch-replaces-personal-info': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/beneficial-owners.test.ts'],
    rule: 'Supplement 14: PATCH /beneficial-owners/{id}: only sent fields change.',
  },
  'document-rejection-accepted': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Errors / 400: document rejection reasons LOW_QUALITY, DATA_MISMATCH, EXPIRED, SUSPECTED_FRAUD, UNSUITABLE_DOCUMENT, INCOMPLETE.',
  },
  'document-put-keeps-old-file': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: PUT /documents/{id} re-uploads the document (200).',
  },
  'document-delete-submitted-204': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: DELETE /documents/{id} answers 409 for a document already submitted.',
  },
  'funding-instructions-no-event': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/status-and-instructions.test.ts'],
    rule: 'Supplement 26: INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED when fundingPaymentInstructions change; data = InternalAccount.',
  },
  'platform-accounts-include-customer-accounts': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/platform-accounts.test.ts'],
    rule: 'Supplement 6: GET /platform/internal-accounts lists the platform\'s accounts (customerId absent = platform).',
  },
  'platform-accounts-paged': {
    areas: ['internal-accounts'],
    suites: ['internal-accounts/platform-accounts.test.ts'],
    rule: 'Supplement 1: GET /platform/internal-accounts returns just {data}.',
  },
  'sandbox-webhook-test-not-sent': {
    areas: ['webhooks'],
    suites: ['webhooks/sandbox-test-webhook.platform.test.ts'],
    rule: 'Supplement 3/26: POST /sandbox/webhooks/test sends a TEST webhook to the configured endpoint.',
  },
  'review-outcome-customer-unchanged': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/manual-review.test.ts'],
    rule: 'Customer KYC status: kycStatus APPROVED emits CUSTOMER.KYC_APPROVED (a completed review decides the customer, supplement 27 CUSTOMER.KYC_*/KYB_*).',
  },
  'bulk-job-progress-miscounted': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: the job\'s progress {total, processed, successful, failed} counts the rows as they came out.',
  },
  'bulk-job-unknown-wrong-code': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Errors / 404: BULK_UPLOAD_JOB_NOT_FOUND (supplement 24: GET /customers/bulk/jobs/{jobId} 404).',
  },
  'bulk-job-skips-processing': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: a job goes PENDING -> PROCESSING -> COMPLETED | FAILED.',
  },
  'stale-event-data': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Events: OUTGOING_PAYMENT.<STATUS> is sent when the payment changes status, with the Transaction as data (supplement section 3: the full resource), so its status is the new one, not the status before the change.',
  },
  'webhook-duplicates-beyond-tolerance': {
    areas: ['webhooks'],
    suites: ['webhooks/duplicates.test.ts'],
    rule: 'Events 2-3: a 200 response acknowledges; duplicates can occur, but one acknowledged notification is not redelivered more often than the run\'s per-notification tolerance (here: 8 times, beyond the default 5).',
  },
  'card-confirmation-failure-ignored': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Supplement 9: merchant.descriptor ending 006: confirmation FAILED -> EXCEPTION (interface: CARD_TRANSACTION.* on every card transaction state transition, exception included).',
  },
  // Money invariants at every debit, cancellation (sandbox/README.md, "Holding up")
  'sca-authorize-overdraws': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca-balance.test.ts'],
    rule: 'Supplement 6: balance is the available balance; supplement 8: execute debits the source (the deferred debit of an SCA payment is still a debit of what is available).',
  },
  'cancel-without-refund': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Supplement 8: FAILED, then automatic refund and REFUND_* events; supplement 13: cancel answers 200 with the Transaction.',
  },
  'cancelled-transaction-advances': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Interface, Transaction status: cancelling a transaction that has settled answers 409 (a cancelled transaction does not settle afterwards).',
  },
  'card-clearing-overdraws': {
    areas: ['cards'],
    suites: ['cards/clearing-funds.test.ts'],
    rule: 'Supplement 6: balance is the available balance; supplement 9: a card pull debits the funding account (never more than it holds: decline INSUFFICIENT_FUNDS).',
  },
  'framework-errors-own-shape': {
    areas: ['authentication'],
    suites: ['authentication/error-bodies.test.ts'],
    rule: 'Errors: every error body has status, code, message (the answers the HTTP framework makes included).',
  },
  // Catalog gaps
  'ramp-without-approved-kyc': {
    areas: ['customers'],
    suites: ['customers/user-not-ready.test.ts'],
    rule: 'Customer KYC status: ramp conversions require approved KYC (here answered 403 USER_NOT_READY, supplement section 1).',
  },
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
  'server-error-unlisted-code': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/server-errors.test.ts'],
    rule: 'Errors / 500: the code of a 500 is SVC_SWITCH_ERROR (switch error) or INTERNAL_ERROR (internal service or UMA error).',
  },
  'webhook-signature-check-accepts-any': {
    areas: ['webhooks'],
    suites: ['webhooks/signature-check.test.ts'],
    rule: 'Authentication 5: a request whose signature fails verification is to be rejected with 401; INVALID_SIGNATURE (401) means a signature header is invalid.',
  },
  'verification-review-finding-skipped': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/review-findings.test.ts'],
    rule: 'Supplement 5: an individual named ...003, complete -> RESOLVE_ERRORS + POOR_QUALITY_DOCUMENT.',
  },
  'verification-resubmission-refused': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/review-findings.test.ts'],
    rule: 'Supplement 14: IN_PROGRESS is POST /verifications with full data (a verification whose problems are resolved is submitted again: RESOLVE_ERRORS -> IN_PROGRESS).',
  },
  // Stablecoins and bulk upload
  'stablecoin-links-cursor-skips': {
    areas: ['stablecoins'],
    suites: ['stablecoins/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor (GET /stablecoin-provider-accounts: a page skips the item after the last one of the page before).',
  },
  'stablecoins-has-more-when-full': {
    areas: ['stablecoins'],
    suites: ['stablecoins/lists.test.ts'],
    rule: 'Supplement 1: hasMore says more items follow (GET /stablecoins: a full last page says hasMore, and its nextCursor leads to an empty page).',
  },
  'stablecoin-idempotency-key-optional': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts'],
    rule: 'Supplement 22: "Every POST requires Idempotency-Key*".',
  },
  'stablecoin-idempotency-replay-acts-twice': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts', 'stablecoins/operations.test.ts'],
    rule: 'Supplement 22 / 1: a repeat with the same Idempotency-Key returns the first response ("replay = prior result").',
  },
  'stablecoin-idempotency-changed-payload-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts', 'stablecoins/operations.test.ts'],
    rule: 'Supplement 22: Idempotency-Key "changed payload rejected".',
  },
  'stablecoin-provider-secret-echoed': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts'],
    rule: 'Supplement 22: POST /stablecoin-provider-accounts apiClientSecret* is write-only.',
  },
  'stablecoin-unknown-link-wrong-code': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts', 'stablecoins/registration.test.ts'],
    rule: 'Errors / 404: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND (supplement 22: unknown link id).',
  },
  'stablecoin-burn-internal-source-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'The profile declares the reserved burn source SVC_INTERNAL_ACCOUNT not offered (supplement 22 names it, not its fields): a burn from it is refused and creates nothing.',
  },
  'stablecoin-selection-always-required': {
    areas: ['stablecoins'],
    suites: ['stablecoins/single-link.platform.test.ts'],
    rule: 'Errors / 400: STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED is for several active links; with one ACTIVE link stablecoinProviderAccountId may be left out (supplement 22: optional).',
  },
  'stablecoin-registration-idempotency-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/registration.test.ts'],
    rule: 'Supplement 22: "Every POST requires Idempotency-Key* (replay = prior result, changed payload rejected)", POST /stablecoins included.',
  },
  'stablecoin-burn-idempotency-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: "Every POST requires Idempotency-Key* (replay = prior result, changed payload rejected)", burns included.',
  },
  'stablecoin-selection-not-required': {
    areas: ['stablecoins'],
    suites: ['stablecoins/registration.test.ts'],
    rule: 'Errors / 400: STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED (several active links; pass stablecoinProviderAccountId).',
  },
  'stablecoin-invalid-link-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/registration.test.ts'],
    rule: 'Supplement 22: STABLECOIN_PROVIDER_ACCOUNT_INVALID (400) when the resolved link is INVALID.',
  },
  'stablecoin-revoked-link-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/registration.test.ts'],
    rule: 'Supplement 22: STABLECOIN_PROVIDER_ACCOUNT_REVOKED (400) when the resolved link is REVOKED.',
  },
  'stablecoin-amount-fractional-cents-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: "amount must equal whole fiat cents at the token\'s decimals".',
  },
  'stablecoin-amount-not-digit-string': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 11 / 22: the operation amount is a digit string.',
  },
  'stablecoin-wire-without-instructions': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: mint funding WIRE "returns instructions, waits for funds".',
  },
  'stablecoin-op-skips-funding-wait': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: externally funded operations wait for funds (CREATED -> PENDING_FUNDING) until expiresAt.',
  },
  'stablecoin-funding-debit-wrong': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: a mint funded from SVC_INTERNAL_ACCOUNT takes the amount, in whole fiat cents at the token\'s decimals, from that account.',
  },
  'stablecoin-operations-oldest-first': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: GET /stablecoins/{id}/operations lists newest first.',
  },
  'stablecoin-operation-type-filter-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: GET /stablecoins/{id}/operations filters by operationType.',
  },
  'stablecoin-link-provider-any': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: POST /stablecoin-provider-accounts {provider*} (a one-value vendor enum).',
  },
  'stablecoin-network-any': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: POST /stablecoins {network*: SPARK}.',
  },
  'stablecoin-description-unbounded': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: POST /stablecoins/{id}/mints {description? ≤1024}.',
  },
  'stablecoin-burn-rail-any': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: burn destination {rail*: WIRE|ACH_CREDIT|SAME_DAY_ACH_CREDIT|RTP_CREDIT}.',
  },
  'stablecoin-coins-issuance-filter-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/lists.test.ts'],
    rule: 'Supplement 22: GET /stablecoins filters by issuanceStatus.',
  },
  'stablecoin-provider-outage-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: POST /stablecoins/{id}/mints and /burns answer 503 SERVICE_UNAVAILABLE (the provider unavailable).',
  },
  'bulk-row-error-uncorrelated': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: errors[{correlationId*, …}] name the row that failed (by the column the target declares, SVC_BULK_CORRELATION_COLUMN).',
  },
  'bulk-row-fields-dropped': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: an INDIVIDUAL row carries fullName, birthDate and the address columns into the customer it creates.',
  },
  'bulk-completed-no-event': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24 / 27: BULK_UPLOAD.COMPLETED is sent with the job when it completes.',
  },
  // UMA receiver lookups and quotes (sandbox/uma): each skips one check of the sender's logic.
  'uma-cert-chain-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: CERT_CHAIN_INVALID (supplement 18: counterparty keys): a chain that does not lead to a trusted root is refused.',
  },
  'uma-cert-expiry-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: CERT_CHAIN_EXPIRED (supplement 18: counterparty keys): an expired certificate chain is refused.',
  },
  'uma-pubkey-format-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_PUBKEY_FORMAT (supplement 18: counterparty keys): a malformed counterparty public key is refused.',
  },
  'uma-timestamp-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_TIMESTAMP (supplement 18: counterparty rejects / malformed): a stale signed answer is refused.',
  },
  'uma-nonce-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_NONCE (supplement 18): a reused nonce is refused.',
  },
  'uma-receiver-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_RECEIVER (supplement 18): an answer for another receiver than the one looked up is refused.',
  },
  'uma-sender-refusal-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: SENDER_NOT_ACCEPTED (supplement 18): a counterparty that does not accept the sender refuses the lookup.',
  },
  'uma-payreq-refusal-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_REQUEST_FORMAT (supplement 18: counterparty rejects / malformed): the counterparty refused the pay request\'s format.',
  },
  'uma-payreq-signature-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_PAYREQ_RESPONSE (supplement 18: pay-request leg): a pay-request answer not signed by the counterparty\'s key is refused.',
  },
  'uma-lookup-signature-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 18 (lookup leg failed): a lnurlp compliance answer not signed by the counterparty\'s published key is refused (the code is the target\'s declaration; the sandbox answers LOOKUP_REQUEST_FAILED).',
  },
  'uma-payreq-timestamp-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_TIMESTAMP (supplement 18: lookup or quote): a pay-request answer signed with a stale timestamp is refused.',
  },
  'uma-payreq-nonce-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_NONCE (supplement 18: lookup or quote): a pay-request answer signed with a nonce seen before is refused.',
  },
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
  'uma-payer-data-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Supplement 18: senderCustomerInfo must carry each field the lookup asked for (requiredPayerDataFields, mandatory).',
  },
  'uma-lookup-single-use': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Supplement 18: LOOKUP_REQUEST_NOT_FOUND for an expired lookupId: the id expires with time (a target whose ids serve one quote and never expire refuses a used id, not an expired one).',
  },
  'uma-lookup-never-expires': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Errors / 404: LOOKUP_REQUEST_NOT_FOUND (supplement 18: quote with an unknown/expired lookupId).',
  },
  'receiver-lookup-sender-format-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/receiver-field-rules.test.ts'],
    rule: 'Supplement 8 and 18: senderUmaAddress is an UMA address, $user@domain (supplement 8\'s sandbox receivers); interface Errors: 400 INVALID_UMA_ADDRESS (lookup: supplement 18, inferred) (a malformed one is looked up).',
  },
  'receiver-lookup-sender-optional': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/receiver-field-rules.test.ts'],
    rule: 'Supplement 18: the receiver lookups\' query is "senderUmaAddress or customerId" (a lookup with neither is refused 400 naming them).',
  },
  'uma-providers-filter-ignored': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers filters by countryCode.',
  },
  'uma-providers-currency-filter-empty': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers currencyCode? lists the providers of that currency.',
  },
  // Invitations (sandbox/invitations)
  'invitations-always-configured': {
    areas: ['invitations'],
    suites: ['invitations/not-configured.platform.test.ts'],
    rule: 'Errors / 400: INVITATIONS_NOT_CONFIGURED (supplement 19: POST /invitations on a platform without invitations).',
  },
  'invitation-claimed-twice': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Errors / 400: INVITATION_ALREADY_CLAIMED (supplement 19: CLAIMED is terminal).',
  },
  'invitation-cancelled-claimable': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Errors / 400: INVITATION_CANCELLED (supplement 19: CANCELLED is terminal).',
  },
  'invitation-cancel-any-state': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19: POST /invitations/{code}/cancel answers 400 when the invitation is not PENDING.',
  },
  'invitation-never-expires': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19: PENDING -> EXPIRED when expiresAt passes.',
  },
  'invitation-expiry-not-kept': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Supplement 19: POST /invitations {…, expiresAt?}: the invitation expires when asked (another expiresAt is kept).',
  },
  'invitation-claimed-expires': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19: PENDING -> CLAIMED | CANCELLED | EXPIRED, all terminal (a CLAIMED invitation past its expiresAt stays CLAIMED).',
  },
  'invitation-cancel-sends-claimed': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19, 27: INVITATION.CLAIMED is sent on claim; a cancel sends none.',
  },
  'invitation-claim-no-event': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19, 27: a claim sends INVITATION.CLAIMED (data UmaInvitation) to the creator.',
  },
  // Discoveries and VASPs
  'discoveries-query-unchecked': {
    areas: ['discoveries'],
    suites: ['discoveries/discoveries.test.ts'],
    rule: 'Supplement 21: GET /discoveries answers 400 to a malformed query.',
  },
  'discoveries-currency-filter-ignored': {
    areas: ['discoveries'],
    suites: ['discoveries/discoveries.test.ts'],
    rule: 'Supplement 11, 21: GET /discoveries lists the banks of the corridor (country, currency) asked for.',
  },
  'discoveries-one-filter-empty': {
    areas: ['discoveries'],
    suites: ['discoveries/discoveries.test.ts'],
    rule: 'Supplement 21: GET /discoveries country?, currency? (none = all): one of them alone still lists the banks it matches.',
  },
  'vasps-cursor-overlaps': {
    areas: ['vasps'],
    suites: ['vasps/vasps.test.ts'],
    rule: 'Supplement 1: cursor is the previous page\'s nextCursor: the next page follows it, no item twice.',
  },
  // Agents
  'agent-permission-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-operations/permissions.test.ts'],
    rule: 'Supplement 23: each /agents/me operation needs its permission (VIEW_TRANSACTIONS, CREATE_QUOTES, EXECUTE_QUOTES, CREATE_TRANSFERS, MANAGE_EXTERNAL_ACCOUNTS), else 403.',
  },
  'agent-code-redeems-twice': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: POST /agents/device-codes/{code}/redeem answers 200 once; 400 used/expired.',
  },
  'agent-old-code-stays-valid': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: POST /agents/{id}/device-codes: older unredeemed codes void.',
  },
  'agent-connected-new-code': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: POST /agents/{id}/device-codes: 409 connected.',
  },
  'agent-token-survives-delete': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: DELETE /agents/{id}: 204; token dead at once.',
  },
  'agent-paused-acts': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: "Supplement 23: PATCH /agents/{id} {isPaused}: a paused agent does not act (interface: agent operations are subject to the agent's policy).",
  },
  'agent-approval-mode-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: approval needed (mode) -> PENDING_APPROVAL, no transaction; interface: an action that needs approval leaves the resulting transaction pending until the platform approves it.',
  },
  'agent-threshold-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: approval needed (amount > threshold) -> PENDING_APPROVAL.',
  },
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
  'agent-per-transaction-limit-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: spendingLimits.perTransactionLimit; limit denial: 403.',
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
  'agent-usage-not-kept': {
    areas: ['agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: Agent usage {dailyTransactionCount, dailySpend, monthlySpend} counts what the agent spent.',
  },
  'agent-pending-moves-later': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: PENDING_APPROVAL has no transaction; interface: the resulting transaction stays pending until the platform approves it (no money moves a moment later either).',
  },
  'agent-auto-moves-twice-later': {
    areas: ['agent-operations'],
    suites: ['agent-operations/operations.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: an AUTO action is APPROVED with its transaction, and moves its money once (exactly the amount, no second debit a moment later).',
  },
  'agent-pending-moves-money': {
    areas: ['agent-management', 'agent-operations'],
    suites: ['agent-management/approvals.test.ts', 'agent-operations/policy.test.ts'],
    rule: 'Supplement 23: PENDING_APPROVAL has no transaction; interface: the resulting transaction stays pending until the platform approves it.',
  },
  'agent-reject-executes': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: reject -> REJECTED (no transaction: nothing moves).',
  },
  'agent-decides-twice': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: approve and reject answer 409 for an action that is not pending.',
  },
  'agent-pending-event-missing': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23 and 27: an action that needs approval emits AGENT_ACTION.PENDING_APPROVAL with the AgentAction.',
  },
  'agent-action-failure-not-followed': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts'],
    rule: 'Supplement 23: APPROVED -> FAILED when execution fails.',
  },
  'agent-cross-customer-visible': {
    areas: ['agent-operations'],
    suites: ['agent-operations/scope.test.ts'],
    rule: 'Supplement 23: cross-customer ids -> 404 (an agent acts for its own customer only).',
  },
  'agent-idempotency-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-operations/operations.test.ts'],
    rule: 'Supplement 1: Idempotency-Key on agent money calls: a repeat returns the first response.',
  },
  'agents-list-filter-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts', 'agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents takes customerId?, isPaused?, isConnected? filters.',
  },
  'agent-approvals-filter-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/approvals.test.ts', 'agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/approvals takes agentId?, customerId?, startDate?, endDate? filters.',
  },
  'agent-policy-permissions-merged': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: PATCH /agents/{id}/policy: permissions replaces.',
  },
  'agent-policy-null-kept': {
    areas: ['agent-management'],
    suites: ['agent-management/agents.test.ts'],
    rule: 'Supplement 23: PATCH /agents/{id}/policy: spendingLimits partial; null clears daily/monthly.',
  },
  'agent-actions-status-filter-ignored': {
    areas: ['agent-operations'],
    suites: ['agent-operations/operations.test.ts', 'agent-operations/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/me/actions takes a status? filter.',
  },
  'agent-redeem-needs-auth': {
    areas: ['agent-management'],
    suites: ['agent-management/device-codes.test.ts'],
    rule: 'Supplement 23: redeem: no auth.',
  },
  // Embedded wallet auth and API tokens
  'token-deleted-still-authenticates': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: DELETE /tokens/{id} 204; a created token authenticates as Basic clientId:clientSecret (a deleted one no longer does).',
  },
  'token-view-reads-config-only': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: VIEW reads all (a VIEW token reads a customer and the token list, not only the configuration).',
  },
  'token-manage-not-customers': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: MANAGE manages config, tokens, customers (a MANAGE token creates a customer).',
  },
  'token-transact-not-enforced': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 1 and 20: quote create/execute need TRANSACT, else 403.',
  },
  'token-secret-shown-again': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: 201 ApiToken with clientSecret (only time).',
  },
  'token-not-found-wrong-code': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Errors / 404: TOKEN_NOT_FOUND (supplement 20: GET /tokens/{id} 404 TOKEN_NOT_FOUND).',
  },
  'cancel-refused-later': {
    areas: ['transactions'],
    suites: ['transactions/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /transactions/{id}/cancel {reason?} (supplement 13): a refused cancel cancels nothing, then or a moment later.',
  },
  'token-refused-name-stored': {
    areas: ['api-tokens'],
    suites: ['api-tokens/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /tokens {name*} (supplement 20): a name of another type stores no token.',
  },
  'token-permissions-any': {
    areas: ['api-tokens'],
    suites: ['api-tokens/field-rules.test.ts'],
    rule: 'Supplement 20: POST /tokens {permissions*[VIEW|TRANSACT|MANAGE]}.',
  },
  'wallet-refused-challenge-ends-sessions': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /auth/credentials/{id}/challenge (supplement 17): a refused challenge ends no session.',
  },
  'wallet-refused-export-ends-sessions': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/account-field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /internal-accounts/{id}/export (supplement 17): a refused export ends no session.',
  },
  'wallet-export-key-any-form': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/account-field-rules.test.ts'],
    rule: 'Supplement 17: POST /internal-accounts/{id}/export {clientPublicKey*} uncompressed.',
  },
  'wallet-refresh-key-unchecked': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/account-field-rules.test.ts'],
    rule: 'Supplement 17: refresh {clientPublicKey*}, ^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$.',
  },
  'delegated-key-nickname-unbounded': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/account-field-rules.test.ts'],
    rule: 'Supplement 17: POST /auth/delegated-keys {nickname* ≤256}.',
  },
  'wallet-oauth-verify-key-unchecked': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/field-rules.test.ts'],
    rule: 'Supplement 17: verify OAUTH {type, oidcToken*, clientPublicKey*}, ^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$.',
  },
  'customer-refused-patch-applied': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Errors: a change refused with 400 INVALID_INPUT is not made: PATCH /customers/{customerId} (supplement 4, Create/PATCH common; interface: "same inputs and validation style") leaves the customer as it was.',
  },
  'wallet-refused-verify-ends-sessions': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/field-rules.test.ts'],
    rule: 'Supplement 17: a verify refused with 400 INVALID_INPUT verifies nothing, so it starts no session and ends none of the account\'s (GET /auth/sessions lists the active ones).',
  },
  'wallet-list-account-optional': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/lists.test.ts'],
    rule: 'Supplement 17: GET /auth/credentials accountId*; 400 INVALID_INPUT.',
  },
  'wallet-body-mismatch-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Authentication 4: WALLET_SIGNATURE_BODY_MISMATCH (signature computed over a different body); supplement 17: retry body different from the bound body.',
  },
  'wallet-request-id-reusable': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Supplement 17: unknown/expired/used Request-Id: 401 (a request id completes one signed retry).',
  },
  'wallet-stamp-unverified': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Authentication 4: WALLET_SIGNATURE_INVALID (fails verification against the registered credential); supplement 10: the stamp is an ECDSA signature over payloadToSign.',
  },
  'wallet-revoked-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/sessions.test.ts'],
    rule: 'Supplement 10 and 17: the stamp is made with a verified credential\'s session key; a revoked session (DELETE /auth/sessions/{id}) no longer signs (WALLET_SIGNATURE_INVALID).',
  },
  'wallet-credential-delete-own-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signers.test.ts'],
    rule: 'Supplement 17: DELETE /auth/credentials/{id} is signed by a session of another credential; a session of the credential being deleted may not sign it (401).',
  },
  'wallet-refresh-other-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signers.test.ts'],
    rule: 'Supplement 17: POST /auth/sessions/{id}/refresh is signed by the current session (the one refreshed); another session of the account may not sign it (401).',
  },
  'wallet-quote-execute-unsigned': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/quote-execute.test.ts'],
    rule: 'Supplement 10 and 17: a quote from an EMBEDDED_WALLET account executes in one step with Svc-Wallet-Signature over its paymentInstructions[].accountOrWalletInfo.payloadToSign; without the header 401 WALLET_SIGNATURE_MISSING, with a stamp that fails verification 401 WALLET_SIGNATURE_INVALID.',
  },
  'wallet-expired-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/session-expiry.test.ts'],
    rule: 'Supplement 17: an AuthSession carries expiresAt and GET /auth/sessions lists active ones only; a session past its expiresAt no longer signs (WALLET_SIGNATURE_INVALID, "fails verification").',
  },
  'wallet-otp-stale-bundle-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: the client HPKE-seals {otp_code, public_key} to the bundle of the challenge; a challenge answers a new otpEncryptionTargetBundle; bundle single use.',
  },
  'wallet-second-otp-credential-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Errors / 400: EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS (one email OTP credential per internal account), SMS_OTP_CREDENTIAL_ALREADY_EXISTS (one SMS OTP credential per internal account).',
  },
  'wallet-last-credential-deletable': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: DELETE /auth/credentials/{id}: 400 last credential.',
  },
  'delegated-key-second-active-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/delegated-keys.test.ts'],
    rule: 'Supplement 17: POST /auth/delegated-keys: 409 ACTIVE key exists.',
  },
  'delegated-key-revoke-any-status': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/delegated-keys.test.ts'],
    rule: 'Supplement 17: DELETE /auth/delegated-keys/{id}: 400 not ACTIVE.',
  },
  'wallet-passkey-duplicate-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Errors / 400: PASSKEY_CREDENTIAL_ALREADY_EXISTS (same WebAuthn credentialId already registered on the internal account).',
  },
  'wallet-passkey-attestation-unverified': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Supplement 17: PASSKEY challenge* (single use) and attestation*; "Passkeys validated for real".',
  },
  'wallet-contact-email-taken-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Errors / 409: EMAIL_OTP_EMAIL_ALREADY_EXISTS (supplement 17: PATCH /customers/{id} of an embedded-wallet customer).',
  },
  'wallet-credential-set-change-ignored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Errors / 409: EMAIL_OTP_CREDENTIAL_SET_CHANGED (credential set changed after the signed-retry challenge was issued).',
  },
  'wallet-passkey-assertion-unverified': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Supplement 17: PASSKEY challenge answers challenge* (hex SHA-256, its UTF-8 bytes passed to WebAuthn); verify {assertion} + Request-Id; "Passkeys validated for real".',
  },
  'wallet-oauth-nonce-unchecked': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/oauth.test.ts'],
    rule: 'Supplement 17: OAUTH verify {oidcToken, clientPublicKey} needs nonce = sha256(clientPublicKey).',
  },
  'wallet-oauth-stale-token-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/oauth.test.ts'],
    rule: 'Supplement 17: OAuth token: numeric iat/exp, iat < 60 s (400 INVALID_INPUT, bad OIDC).',
  },
  'wallet-request-id-never-expires': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/request-expiry.test.ts'],
    rule: 'Supplement 10: the signed retry comes before expiresAt; supplement 17: expired Request-Id: 401.',
  },
  'wallet-legacy-session-key-mismatch': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/sessions.test.ts'],
    rule: 'Supplement 17: uncompressed clientPublicKey = legacy, the session key returned sealed (base58check: 33-byte encapsulated key + AES-256-GCM).',
  },
  'wallet-contact-sync-failure-ignored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Supplement 17: PATCH /customers/{id} (EW contact): 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED (the change does not apply).',
  },
  'wallet-otp-bundle-signature-mismatch': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: the provider\'s signed bundle {version, data, dataSignature, enclaveQuorumPublic}, "dataSignature ECDSA-P256-SHA256 over data" (the form taken for otpEncryptionTargetBundle: sandbox/README.md); the OTP target bundle\'s signature is over other data.',
  },
  'wallet-export-hpke-context-ignored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Supplement 17: Export "HPKE P-256/HKDF-SHA256/AES-256-GCM" to clientPublicKey, with the info and aad of the provider\'s client library (sandbox/README.md); the export is sealed with empty info and aad.',
  },
  'wallet-otp-foreign-bundle-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: the client HPKE-seals {otp_code, public_key} to the credential\'s otpEncryptionTargetBundle (an OTP bundle sealed to another key does not log in).',
  },
  // Round trips of valid data (issue: generated positive data read back unchanged)
  'beneficiary-address-dropped': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: Beneficiary INDIVIDUAL and BUSINESS take address?; a valid request is stored and read back as sent.',
  },
  'bank-account-type-defaults-savings': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: USD_ACCOUNT bankAccountType? (CHECKING default|SAVINGS).',
  },
  'default-uma-deposit-defaults-true': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts'],
    rule: 'Interface: ExternalAccount defaultUmaDepositAccount "Default false".',
  },
  'wallet-business-beneficiary-refused': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: a wallet beneficiary is INDIVIDUAL{beneficiaryType, fullName*, countryOfResidence*} or BUSINESS.',
  },
  'country-of-issuance-default-not-us': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: INDIVIDUAL countryOfIssuance (default US).',
  },
  'owner-country-of-issuance-overwritten': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Supplement 14: BeneficialOwner optional countryOfIssuance; a valid request is stored and read back as sent.',
  },
  'card-2fa-branding-replaced': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig (omitted nested fields unchanged): a PATCH keeps the branding fields it leaves out.',
  },
  'card-2fa-branding-nested-replaced': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig (omitted nested fields unchanged): a PATCH of email or sms keeps their members it leaves out.',
  },
  'card-2fa-email-sender-dropped': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig email{fromAddress, fromName, replyToAddress, subject, bodyText}: a valid change is stored and read back as sent.',
  },
  'agent-account-rule-details-dropped': {
    areas: ['agent-management'],
    suites: ['agent-management/field-rules.test.ts'],
    rule: 'Supplement 23: Policy accountRestrictions?{accountRules?[{accountId*, executionMode?, perTransactionLimit?}]}: a valid policy is stored and read back as sent.',
  },
  'customer-currencies-merged': {
    areas: ['customers'],
    suites: ['customers/create-customer.test.ts'],
    rule: 'Supplement 4: currencies string[] (PATCH replaces).',
  },
  'invitation-amount-not-stored': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Supplement 19: POST /invitations {…, amountToSend?: int64}; UmaInvitation amountToSend? (CurrencyAmount): the invitation keeps it.',
  },
  'wallet-private-enabled-not-stored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/account-field-rules.test.ts'],
    rule: 'Supplement 17: PATCH /internal-accounts/{id} {privateEnabled?} -> 200 InternalAccount: the account keeps the change.',
  },
  'card-create-funding-currency-unchecked': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: 'Supplement 25: FUNDING_SOURCE_INELIGIBLE (400) on POST /cards and PATCH /cards/{id}: a source not the cardholder\'s or of the wrong currency.',
  },
  'card-issued-unless-unverified': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Errors / 400: CARDHOLDER_KYC_NOT_APPROVED (card cannot be issued unless cardholder KYC is APPROVED).',
  },
  'card-funding-order-not-kept': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: 'Supplement 9: POST /cards fundingSources*[InternalAccount ids, ≥1, priority order].',
  },
  'card-limit-null-ignored': {
    areas: ['cards'],
    suites: ['cards/field-rules.test.ts'],
    rule: 'Supplement 9: PATCH /cards/{id} {maxSpendPerTransaction?: int|null}; Card maxSpendPerTransaction (int|null).',
  },
  // Field rules at their exact bounds, and the error body's fields (a fourth review)
  'field-errors-name-extra': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Errors: details.errors is an array of FieldError, one per invalid field: a valid field is not named.',
  },
  'lightning-one-of-names-other-field': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts'],
    rule: 'Errors: FieldError field is the dot-notation path to the offending field; supplement 7: LIGHTNING exactly one of invoice, bolt12, lightningAddress.',
  },
  'account-number-one-too-long': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: USD_ACCOUNT accountNumber* (1–34).',
  },
  'card-2fa-display-name-short': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig displayName ≤255: a name of 255 characters is accepted.',
  },
  'transfer-out-fraction-rounded': {
    areas: ['same-currency-transfers'],
    suites: ['same-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: POST /transfer-out amount?; interface: amounts are integers in the smallest unit (a fraction is refused, naming amount).',
  },
  'wallet-third-party-beneficiary-optional': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: a wallet beneficiary is required for THIRD_PARTY under counterparty rules (else 400 INVALID_INPUT).',
  },
  'stablecoin-amount-cents-checked-coarsely': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: amount must equal whole fiat cents at the token\'s decimals (a multiple of ten units is not a whole cent).',
  },
  // List filters and scopes (a fourth review)
  'external-accounts-currency-prefix-match': {
    areas: ['external-accounts'],
    suites: ['external-accounts/lists.test.ts'],
    rule: 'Supplement 7: GET lists filter currency: currency=USD lists USD accounts, not USDT or USDC ones.',
  },
  'customers-list-platform-id-prefix-match': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 4 and 15: GET /customers filter platformCustomerId lists the customer of that id, not those whose id begins with it.',
  },
  'customers-list-updated-filters-on-created': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 4 and 15: GET /customers filters updatedAfter/updatedBefore (inclusive) bound updatedAt.',
  },
  'agents-list-time-filters-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents created/updatedAfter/Before? bound the list by time.',
  },
  'agent-approvals-sort-order-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/approvals sortOrder; section 1: sortOrder asc|desc, default desc.',
  },
  'wallet-otp-credential-once-ever': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Errors / 400: SMS_OTP_CREDENTIAL_ALREADY_EXISTS (one SMS OTP credential per internal account): an account whose one was deleted takes a new one.',
  },
  'wallet-vasp-name-dropped': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Supplement 7: vaspName (from GET /vasps) marks a custodial wallet: the account keeps it.',
  },
  'card-clearing-zero-refused': {
    areas: ['cards'],
    suites: ['cards/simulate-field-rules.test.ts'],
    rule: 'Supplement 9: simulate clearing {cardTransactionId*, amount* ≥0} (0 = auth expiry): a clearing of 0 is accepted.',
  },
  'tokens-name-filter-ignored': {
    areas: ['api-tokens'],
    suites: ['api-tokens/lists.test.ts'],
    rule: 'Supplement 20: GET /tokens name? narrows the list to the tokens of that name.',
  },
  'tokens-deleted-listed': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: DELETE /tokens/{id} 204: the token is gone, from GET /tokens as well.',
  },
  'document-owner-holder-refused': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 5 and 14: POST /documents documentHolder* (Customer or BeneficialOwner id).',
  },
  'documents-deleted-listed': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: DELETE /documents/{id} 204: the document is gone, from GET /documents as well.',
  },
  'document-reupload-moves-holder': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: PUT /documents/{id} (multipart, as POST minus documentHolder): a re-upload does not move the document to another holder.',
  },
  'customer-patch-uma-unchecked': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Errors / 409: UMA_ADDRESS_EXISTS; supplement 4 and 15: PATCH /customers/{id} 409, the requested umaAddress taken.',
  },
  'customer-patch-own-uma-taken': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Supplement 15: UMA_ADDRESS_EXISTS is for a requested umaAddress taken (by another customer): an update giving a customer its own is accepted.',
  },
  'sandbox-send-unknown-quote-400': {
    areas: ['sandbox'],
    suites: ['sandbox/field-rules.test.ts'],
    rule: 'Supplement 13: POST /sandbox/send 404 quote.',
  },
  'sandbox-fund-unknown-account-400': {
    areas: ['sandbox'],
    suites: ['sandbox/field-rules.test.ts'],
    rule: 'Supplement 6: POST /sandbox/internal-accounts/{accountId}/fund 200 InternalAccount; 404.',
  },
  'verification-unknown-customer-400': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification.test.ts'],
    rule: 'Supplement 5: POST /verifications {customerId*} 200; 400 if the customer is already APPROVED or REJECTED; 404.',
  },
  'uma-providers-blocked-excluded-by-default': {
    areas: ['discoveries'],
    suites: ['discoveries/uma-providers.test.ts'],
    rule: 'Supplement 18: GET /uma-providers hasBlockedProviders? (default include).',
  },
  'quote-realtime-execute-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: immediatelyExecute? (default false; internal-account or pull-capable sources only): a realtime-funding quote asking for it is refused.',
  },
  'sca-session-one-hour': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Limits: SCA login session length 180 days (sessionExpiresAt is returned at login completion).',
  },
  'card-return-above-settled-accepted': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Supplement 9: simulate return {cardTransactionId*, amount*} ≤ net settled.',
  },
  'card-return-reversal-any-parent': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Supplement 9: simulate return_reversal {cardTransactionId*} (parent REFUNDED).',
  },
  'identity-document-types-wrong': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification.test.ts'],
    rule: 'Supplement 5: a missing identity document is MISSING_IDENTITY_DOCUMENT with [PASSPORT, DRIVERS_LICENSE, NATIONAL_ID].',
  },
  'owner-rejected-value-approved': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/beneficial-owners.test.ts'],
    rule: 'Supplement 5: beneficial owner personalInfo.lastName 002 REJECTED.',
  },
  'card-decline-values-approved': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Supplement 9: merchant.descriptor 002 declines INSUFFICIENT_FUNDS; 003 declines CARD_PAUSED.',
  },
  'contact-confirm-verifies-both': {
    areas: ['contact-verification'],
    suites: ['contact-verification/confirm.test.ts'],
    rule: 'Supplement 4 and 10: contactVerification {email?, phone?: PENDING|VERIFIED}; each channel is confirmed with its own one-time code.',
  },
  'document-size-unbounded': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: POST /documents file* (PDF/JPEG/PNG ≤10 MB).',
  },
  'deleted-document-still-counts': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification.test.ts'],
    rule: 'Supplement 5 and 14: a submission needs an identity document (MISSING_IDENTITY_DOCUMENT); DELETE /documents/{id} 204: a deleted one counts for nothing.',
  },
  'passkey-credential-id-global': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Errors / 400: PASSKEY_CREDENTIAL_ALREADY_EXISTS (same WebAuthn credentialId already registered on the internal account): not for another account.',
  },
  'sca-wrong-code-locks-late': {
    areas: ['strong-customer-authentication'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Supplement 16: failed logins 5 -> 15 min (a wrong login code is a failed login; under the fault the lock comes at the sixth).',
  },
  'sca-wrong-code-locks-early': {
    areas: ['strong-customer-authentication'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Supplement 16: failed logins 5 -> 15 min (under the fault each wrong login code counts twice, locking at the third).',
  },
  'exchange-rates-platform-fee-ignored': {
    areas: ['exchange-rates'],
    suites: ['platform-configuration/config.platform.test.ts'],
    rule: 'Interface, Exchange Rates and Limits: rates include platform-specific fees (supplement 2: FeeConfig; 11: GET /exchange-rates).',
  },
  'exchange-rates-platform-fixed-fee-dropped': {
    areas: ['exchange-rates'],
    suites: ['platform-configuration/config.platform.test.ts'],
    rule: 'Interface, Limits: rates include platform-specific fees; PATCH /config feeConfigs: a variable rate in basis points, a fixed amount, or both.',
  },
  'wallet-contact-phone-taken-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Supplement 17: PATCH /customers/{id} (EW contact) answers 409 to a phone number in use (code unlisted).',
  },
  'wallet-contact-old-value-kept': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Supplement 17: the EMAIL_OTP credential follows the customer\'s email (nickname = its email), so an email left is held by no credential and free for another wallet (409 EMAIL_OTP_EMAIL_ALREADY_EXISTS is for a held one).',
  },
  'agent-approvals-dates-ignored': {
    areas: ['agent-management'],
    suites: ['agent-management/lists.test.ts'],
    rule: 'Supplement 23: GET /agents/approvals takes startDate?, endDate? filters (on createdAt, as GET /transactions).',
  },
  'transactions-identifier-filters-ignored': {
    areas: ['transactions', 'agent-operations'],
    suites: ['transactions/list-filters.test.ts', 'agent-operations/lists.test.ts'],
    rule: 'Supplement 8: GET /transactions filters reference and (sender|receiver)AccountIdentifier (what they hold is not stated: a value nothing carries lists nothing); supplement 23: /agents/me/transactions filters as /transactions.',
  },
  'customers-default-limit-100': {
    areas: ['customers'],
    suites: ['customers/lists.test.ts'],
    rule: 'Supplement 1: lists take limit (1–100, default 20).',
  },
  'internal-accounts-default-limit-100': {
    areas: ['internal-accounts'],
    suites: ['customers/lists.test.ts'],
    rule: 'Supplement 1: lists take limit (1–100, default 20) (GET /customers/internal-accounts).',
  },
  'customers-include-deleted-only-deleted': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Supplement 15: deleted customers are hidden from lists unless isIncludingDeleted=true (including: the live ones stay listed).',
  },
  'delegated-keys-revoked-unlisted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/delegated-keys.test.ts'],
    rule: 'Supplement 17: GET /auth/delegated-keys 200 {data[]} incl. PENDING/REVOKED.',
  },
  'trusted-beneficiary-still-challenged': {
    areas: ['cross-currency-transfers', 'external-accounts'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Supplement 12: Trusted ⇒ sends skip per-transaction SCA.',
  },
  'wallet-immediate-execute-accepted': {
    areas: ['embedded-wallet-auth', 'cross-currency-transfers'],
    suites: ['embedded-wallet-auth/quote-execute.test.ts'],
    rule: 'Supplement 8: immediatelyExecute (internal-account or pull-capable sources only, not EMBEDDED_WALLET); supplement 10: an embedded wallet signs the quote\'s payloadToSign.',
  },
  'idempotency-only-on-execute': {
    areas: ['cross-currency-transfers', 'same-currency-transfers'],
    suites: ['same-currency-transfers/transfers.test.ts', 'cross-currency-transfers/quote-execution.test.ts'],
    rule: 'Supplement 1: Idempotency-Key, a repeat returns the first response, on POST /quotes, /quotes/{id}/execute, /transfer-in, /transfer-out.',
  },
  'frozen-account-transfer-in-accepted': {
    areas: ['internal-accounts', 'same-currency-transfers'],
    suites: ['internal-accounts/lifecycle.test.ts'],
    rule: 'Interface, Internal account status: frozen and failed accounts cannot send or receive payments (POST /transfer-in).',
  },
  'cancel-any-rail': {
    areas: ['transactions'],
    suites: ['transactions/cancel.test.ts'],
    rule: 'Supplement 8: cancel 409 TRANSACTION_NOT_CANCELLABLE (bank-rail ACH/wire only); supplement 13: cancel unsettled ACH or wire only.',
  },
  'default-uma-deposit-platform-wide': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Interface, ExternalAccount.defaultUmaDepositAccount: at most one external account per customer may be the default (per customer, not per platform).',
  },
  'customer-conflict-stored': {
    areas: ['customers'],
    suites: ['customers/create-customer.test.ts'],
    rule: 'Interface, Customer: platformCustomerId on create must not collide with an active customer (else 409 CONFLICT): a refused create stores nothing.',
  },
  'external-account-currency-unpaired': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: each wallet type holds its currencies (ETHEREUM_WALLET USDC, USDT; SOLANA_WALLET USDC; SPARK_WALLET BTC; ...); interface: each fiat variant its currency.',
  },
  'lightning-account-rules-skipped': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Interface: LIGHTNING, LIGHTNING_ACCOUNT (both map to the Lightning variant); supplement 7: exactly one of invoice, bolt12, lightningAddress; no beneficiary/vaspName.',
  },
  'name-check-magic-partial': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Supplement 7: name check by the last digits: 102 NOT_MATCHED, 103 PARTIAL_MATCH, 104 PENDING, 106 UNSUPPORTED, 107 CHECKED_BY_RECEIVING_FI, other MATCHED.',
  },
  'default-uma-cleared-by-any-create': {
    areas: ['external-accounts'],
    suites: ['external-accounts/accounts.test.ts'],
    rule: 'Interface, ExternalAccount.defaultUmaDepositAccount: when true incoming UMA payments go to this account; an account created without it leaves the default be.',
  },
  'ownership-pending-for-all': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Interface: PENDING_OWNERSHIP_VERIFICATION means wallet ownership must be verified; supplement 7: only FIRST_PARTY self-custody wallets can be challenged.',
  },
  'trust-confirm-other-action': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: POST .../untrust/confirm confirms an untrust request (errors 400, 404, 409), not a pending trust.',
  },
  'trust-confirm-null-body-crash': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm errors 400, 404, 409; interface: 500 is an internal service error (a body that is no object is bad input).',
  },
  'lightning-invoice-not-counted': {
    areas: ['external-accounts'],
    suites: ['external-accounts/field-rules.test.ts', 'external-accounts/platform-field-rules.test.ts'],
    rule: 'Supplement 7: LIGHTNING exactly one of invoice, bolt12, lightningAddress (an account with just an invoice is valid).',
  },
  'customers-list-uma-filter-stale': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Supplement 15: GET /customers filter umaAddress (a customer that changed its address is listed under its current one only).',
  },
  'customers-platform-id-kept-after-patch': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Interface, Customer: platformCustomerId must not collide with an active customer (else 409 CONFLICT): one a customer changed by PATCH belongs to no one.',
  },
  'customers-phone-pattern-unanchored': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: phoneNumber E.164 ^\\+[1-9]\\d{1,14}$ (the whole value, not a part of it).',
  },
  'customers-list-joined-positions-unsorted': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 1: limit and cursor (previous nextCursor): a walk visits every item of the list once (here one a customer joined by PATCH).',
  },
} as const satisfies Record<string, FaultEntry>;

export type FaultName = keyof typeof FAULTS;

export class Faults {
  private readonly on: ReadonlySet<string>;

  constructor(names: Iterable<string> = []) {
    const list = [...names].map((n) => n.trim()).filter(Boolean);
    const unknown = list.filter((n) => !Object.hasOwn(FAULTS, n));
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
