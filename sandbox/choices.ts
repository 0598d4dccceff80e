// The sandbox's choices that have a second form: where the documents leave behaviour open, the
// sandbox takes one form (the reference) and, with `--choices alternate` (SANDBOX_CHOICES), another
// form the documents equally allow. Each alternate is named here once, with the README row it
// belongs to; the code asks `ctx.choices.alternate(id)` where the two forms part. The suite must be
// conformant against both (sandbox/README.md, "Choices"; selftest/sandbox/choices.test.ts).
export const ALTERNATES = {
  'test-webhook-data': 'The TEST delivery carries `data: {}` (the supplement\'s real service).',
  'test-webhook-200': 'A test webhook the endpoint did not acknowledge answers 200 `{url, response_status, response_body}` with the endpoint\'s status.',
  'retry-restamp': 'Each retry of a delivery is stamped with its own send time.',
  'key-order': 'Every JSON answer lists its members in the reverse order.',
  'query-refusal-plain': 'A refused query answers 400 INVALID_INPUT without FieldErrors.',
  'bank-identifier-code': 'A refusal naming only bank identifiers (iban, routingNumber, accountNumber, ...) answers 400 INVALID_BANK_ACCOUNT.',
  'kyc-review-at-creation': 'A complete individual with a plain name is created PENDING (CUSTOMER.KYC_PENDING) and APPROVED after the provisioning delay (CUSTOMER.KYC_APPROVED).',
  'verification-new-each-post': 'Every POST /verifications starts a new verification; an open one before it stays as it was, no longer followed.',
  'agent-reads-need-permissions': "An agent's GET /agents/me/internal-accounts needs VIEW_TRANSACTIONS and GET /agents/me/quotes/{quoteId} CREATE_QUOTES.",
  'stablecoin-identifiers-1024': 'Identifiers in stablecoin bodies take up to 1024 characters (255 otherwise).',
  'owner-identifier-masked': "A beneficial owner's personalInfo.identifier is answered masked but for its last four characters.",
  'sca-regions-eea': 'Contact verification and SCA (and the mandatory contact fields) also apply to customers of the EEA beyond the EU (IS, LI, NO).',
  'trust-regions-eea': 'Beneficiary trust also applies to customers of the EEA beyond the EU (IS, LI, NO).',
  'field-errors-submit-only': 'A refused body outside POST /customers and PATCH /customers/{id} answers 400 INVALID_INPUT without FieldErrors.',
  'card-closed-frozen-not-mutable': 'A closed card asked FROZEN answers 409 CARD_NOT_MUTABLE.',
  'incoming-rejected-failed': 'A rejected incoming payment ends FAILED.',
  'bulk-failed-any-row': 'A bulk job with any refused row ends FAILED.',
  'verification-ready-on-submit': 'A resubmitted RESOLVE_ERRORS verification passes READY_FOR_VERIFICATION before IN_PROGRESS.',
  'stablecoin-provider-filter-refused': 'A provider filter outside the StablecoinProvider enum answers 400 INVALID_INPUT.',
  'agent-customer-filter-refused': "An agent's list with a customerId answers 400 INVALID_INPUT.",
  'card-platform-id-form': 'A card created without platformCardId gets a bare uuid as one.',
  'inviter-must-be-customer': "An inviterUma that is no customer's answers 400 INVALID_UMA_ADDRESS.",
  'refused-retry-consumes-request-id': 'A signed retry refused for its body, stamp or signer has used its Request-Id up.',
  'platform-bps-beside-service-fee': "The platform's basis points apply to the amount less the service's own fee (SENDING locked) or with it (RECEIVING locked).",
  'sca-complete-needs-start': 'An SCA login complete without a started, unexpired login of its factor answers 400 INVALID_INPUT.',
  'sca-wrong-code-uncounted': 'A wrong SCA login code does not count toward the lockout, and a successful login leaves the count.',
  'supported-currencies-drop-malformed': 'PATCH /config drops a malformed supportedCurrencies entry and keeps the rest.',
  'sca-debit-at-execute': "An SCA customer's payment is debited at execute (as --sca-debit-at execute).",
  'velocity-counts-refused': 'Refused quotes and transfer-outs count toward the velocity (as --quote-velocity-refused count).',
  'balance-in-two-steps': 'A balance movement is posted in two steps (a hold, then the rest), each with INTERNAL_ACCOUNT.BALANCE_UPDATED.',
  'totp-current-code': 'A TOTP login also takes a current RFC 6238 code of the secret (one time step either side).',
  'transfer-in-one-failure-reason': 'A failed transfer-in carries QUOTE_EXECUTION_FAILED for every failing suffix.',
  'payment-rail-left-out': 'An outgoing transaction that uses no rail leaves paymentRail and railSelectionMode out.',
  'bulk-row-numbers': 'A failed bulk row is named by its number, counted from the first data row (1), whatever its platformCustomerId.',
  'identifier-filters-account-id-only': "GET /transactions' account identifier filters match an accountId only.",
  'webhook-low-s': 'Webhook signatures are normalised to low S.',
  'acknowledged-sent-twice': 'An acknowledged notification is delivered once more.',
  'test-webhook-response-body': "The test webhook's answer carries the endpoint's response_body.",
  'accounts-active-at-once': "A customer's internal accounts are ACTIVE at creation, without INTERNAL_ACCOUNT.STATUS_UPDATED.",
  'card-funding-change-only-when-changed': 'CARD.FUNDING_SOURCE_CHANGE comes only when the funding order changed.',
  'deleted-customer-readable': 'GET /customers/{id} of a deleted customer answers it, isDeleted true.',
  'platform-usd-account-only': 'The platform holds one internal account of its own, in USD.',
  'kyc-pending-in-review': 'A customer under review is PENDING (CUSTOMER.KYC_PENDING) before the outcome.',

  // platform: General, signatures of deliveries, platform configuration, webhooks, robustness, catalog gaps.
  'malformed-json-request-format': 'A malformed JSON body answers 400 INVALID_REQUEST_FORMAT.',
  'account-status-refusal-400': 'A payment an internal account\'s status refuses answers 400 INVALID_INPUT.',
  'webhook-endpoint-reset-tests': 'A PATCH /config that sets the webhookEndpoint already held sends a TEST webhook too.',
  'webhook-retry-client-errors': 'A delivery answered with any status but a 2xx or 409 is retried.',
  'card-branding-unset-at-start': 'A new sandbox has no card tokenization branding; GET /config leaves cardTokenization2faConfig out until one is set.',
  'unserved-method-405': 'A method no route of a served path takes answers 405 METHOD_NOT_ALLOWED with an Allow header.',
  'cards-total-count': 'GET /cards answers totalCount, the number of cards its filters match.',
  'user-not-ready-without-details': 'A 403 USER_NOT_READY carries no details.',
  'webhook-retry-jitter': 'Each webhook retry waits its base * 2^(n-1) lengthened by a random share of up to half of it.',

  // customers: customers, field rules, verifications, documents.
  'customers-list-total-count': 'GET /customers carries totalCount, the customers the filters match.',
  'kyc-lists-total-count': 'GET /verifications, /documents and /beneficial-owners carry totalCount.',
  'uma-address-random': 'A generated umaAddress has a random user part, not the platformCustomerId.',
  'kyc-link-day': 'A KYC link expires a day after it is minted.',
  'contact-wrong-code-plain': 'A wrong contact-verification code answers 400 INVALID_INPUT without FieldErrors.',
  'document-type-by-content': "A document file's type is read from its content (its signature), not from its media type.",
  'document-put-holder-ignored': 'PUT /documents/{id} naming a documentHolder is taken, the field ignored.',
  'missing-field-customer-path': 'A MISSING_FIELD entry names its field by its path from the customer (customer.fullName).',
  'itin-format': "An ITIN identifier must take the IRS's form, 9##-##-####.",
  'business-gaps-document-first': "A business's RESOLVE_ERRORS lists MISSING_LEGAL_PRESENCE_DOCUMENT before MISSING_BENEFICIAL_OWNER.",
  'poor-document-at-submission': "A complete submission of an individual named ...003 answers RESOLVE_ERRORS with POOR_QUALITY_DOCUMENT at once.",

  // accounts: external accounts, wallet signatures, beneficiary trust, SCA.
  'sca-factors-sms-last': 'GET /sca/factors lists the enrolled factors first and SMS_OTP last.',
  'passkey-rp-parent-domain': "Passkeys are bound to the relying party svc.example, the parent domain of the allowed origin's host.",
  'sca-reset-link-only': 'A 2FA reset starts with {resetId, verificationLink, expiresAt}, without livenessAccessToken.',
  'quote-resend-rate-limited': "A resend of a quote's challenge within 30 s of the last answers 429 RATE_LIMITED with Retry-After.",
  'bitcoin-testnet-addresses': 'The Bitcoin-keyed wallet also takes the testnet forms of the P2PKH, P2SH-P2WPKH and P2WPKH addresses.',
  'evm-v-27-28-only': 'An EVM wallet signature takes v as 27 or 28 only; 0 or 1 is refused.',
  'spark-bip137-p2pkh-headers': 'A bip137 signature for a Spark address takes the P2PKH compressed headers 31-34 only.',
  'bitcoin-high-s-accepted': 'A high-S Bitcoin message signature is taken like its low-S twin.',
  'liveness-challenge-link-only': 'A LIVENESS challenge answers its verificationLink without the optional token.',
  'trust-without-challenge': 'Trust and untrust answer 200 {} without an scaChallenge; the confirm takes the code without challengeId.',
  'trust-confirm-no-pending-400': 'A trust or untrust confirm with no request of its kind pending answers 400 INVALID_INPUT.',
  'tron-wallet-signature': 'A TRON_WALLET proves ownership with a TIP-191 signature (hex r || s || v).',
  'trust-malformed-confirm-ends-request': 'A malformed trust or untrust confirmation ends the pending request of its kind.',
  'verify-challenge-before-body': 'Verify checks for an outstanding WALLET_SIGNATURE challenge (409) before the body (400).',

  // cards: cards, incoming payments.
  'card-issuer-at-once': 'The issuer answers a new card as soon as it is issued (no delay after the 201).',
  'cancel-reject-state-before-body': 'Cancel and reject find the transaction and judge its state before they read the body.',
  'card-decision-at-apply': "A card simulation's issuer decision is taken when it is applied (the card's state then), not at the request.",
  'credit-advice-any-state': 'A credit authorization advice without a parent is recorded whatever the card\'s state (the network approved it).',
  'incoming-only-200-approves': 'Only a 200 to INCOMING_PAYMENT.PENDING approves; another 2xx than 200 and 202 fails it with PAYMENT_APPROVAL_WEBHOOK_ERROR.',
  'decision-before-answer-refused': "Approve or reject before the platform's 202 has arrived answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.",
  'incoming-via-processing': 'An approved incoming payment is PROCESSING for a step before it completes or fails.',
  'card-no-eur': 'Cards are USD or USDC only: a EUR funding source is FUNDING_SOURCE_INELIGIBLE.',
  'card-pre-activation-unchangeable': 'A PROCESSING or PENDING_KYC card refuses a funding or limit change with 409 INVALID_STATE_TRANSITION.',
  'card-reveal-any-state': 'POST /cards/{cardId}/reveal answers a card in any state.',
  'card-foreign-currency-declined': 'A card authorization in another currency than the card\'s is accepted (202) and declined.',

  // money: quotes, transfers, exchange rates.
  'rates-without-drift': "The rates are the table's in every window, without drift.",
  'rate-per-rail': 'GET /exchange-rates answers one rate per rail of the destination currency.',
  'platform-own-limits': "The platform's own quotes count toward a daily volume and a quote velocity of the platform's.",
  'quote-sca-before-terms': "A quote checks the customer's SCA session before the end-user terms.",
  'funding-mismatch-fails': 'POST /sandbox/send of another positive amount than the quote\'s fails the payment with FUNDING_AMOUNT_MISMATCH.',
  'transfer-out-one-failure-reason': 'A failed transfer-out carries QUOTE_EXECUTION_FAILED for every failing suffix.',
  'account-quote-one-minute': 'A quote paid from an internal account lives one minute.',
  'sca-uncovered-fails-later': 'An SCA authorization the balance no longer covers is accepted; the payment then fails (QUOTE_EXECUTION_FAILED), nothing debited.',
  'realtime-sca-one-authorization': 'A realtime-funding quote awaiting SCA takes one authorization, whatever its currencies.',
  'authorize-session-before-lock': "A quote authorization asks for the customer's SCA session before the lock: a customer a lock logged out answers 409 SCA_SESSION_REQUIRED.",
  'cancel-lands-later': 'An accepted cancellation answers the payment as it was; it ends FAILED a step later.',
  'cancel-while-processing': 'An ACH or wire payment still PROCESSING (not settled) can be cancelled too.',
  'transfer-in-cancellable': 'A transfer-in still PENDING can be cancelled: FAILED, nothing credited.',
  'withdrawal-fee-crypto-account-only': 'POST /crypto/estimate-withdrawal-fee refuses a fiat internal account with 400 INVALID_INPUT.',
  'transfer-in-whole-holding': 'A transfer-in without amount pulls all that the bank account holds (1,000,000 at first, less earlier pulls).',

  // stablecoins: stablecoins, UMA, invitations, discoveries, VASPs.
  'vasps-keyed-cursor': "GET /vasps' nextCursor is opaque: the name of the VASP the next page starts with.",
  'discoveries-reverse-order': 'GET /discoveries lists its banks in the reverse order.',
  'uma-providers-by-domain': 'GET /uma-providers sorts by domain.',
  'stablecoin-decimals-8': 'A registered stablecoin has 8 decimals.',
  'stablecoin-op-answers-waiting': 'A new mint or burn answers 201 in the state it waits in (PENDING_FUNDING or PENDING_PROVIDER), not CREATED.',
  'stablecoin-idempotency-keeps-refusals': 'A stablecoin POST refused with a 4xx keeps its answer under its Idempotency-Key: the same request again answers the same refusal.',
  'stablecoin-unnamed-link-active-only': 'A registration naming no link takes only an ACTIVE one; with none ACTIVE it answers 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND.',
  'stablecoin-link-account-is-client-id': 'A link sent without providerAccountId takes its apiClientId as the providerAccountId.',
  'stablecoin-internal-debit-at-completion': 'A mint funded from SVC_INTERNAL_ACCOUNT is debited as it completes, not at creation.',
  'stablecoin-burn-internal-source': 'The reserved burn source SVC_INTERNAL_ACCOUNT {accountId} is offered, declared in the profile.',
  'uma-unserved-domain-424': 'An UMA lookup at a domain no counterparty serves answers 424 LNURLP_REQUEST_FAILED.',
  'account-lookup-no-payer-fields': 'GET /receiver/external-account/{id} leaves requiredPayerDataFields out.',
  'uma-lookup-other-receiver-refused': "A quote whose current lookupId is another receiver's answers 400 INVALID_INPUT naming lookupId.",
  'uma-lookup-signature-parse-error': 'A lookup whose compliance signature does not verify answers 400 PARSE_LNURLP_RESPONSE_ERROR, declared in the profile.',
  'invitation-cancel-refused-invalid-input': 'A cancel of an invitation that is not PENDING answers 400 INVALID_INPUT whatever its state, the state in details.status.',

  // agents: agents, API tokens.
  'voided-device-code-gone': 'A device code voided by a newer one is forgotten: its status and redeem answer 404 REFERENCE_NOT_FOUND.',
  'policy-patch-empty-accepted': 'PATCH /agents/{id}/policy with an empty body answers 200 with the agent unchanged.',
  'agent-foreign-ids-reference-not-found': "Another customer's ids seen by an agent answer 404 REFERENCE_NOT_FOUND whatever their kind.",
  'agent-limits-forbidden': 'A call past dailyTransactionLimit, dailyLimit or monthlyLimit answers 403 FORBIDDEN (details.limit names it).',
  'paused-agent-reads': "A paused agent's reads (GET) are answered; only its writes are refused.",
  'agent-immediate-execute-forbidden': "An agent's quote with immediatelyExecute answers 403 FORBIDDEN.",
  'agent-rules-internal-accounts-only': "allowedAccountIds and account rules look at the action's internal account only.",
  'agent-transfer-in-spends': "An agent's transfer-in spends like a transfer-out (limits and usage).",
  'refused-auto-call-kept-failed': 'An AUTO call whose operation refuses it for its state (409) is kept as a FAILED action.',
  'approvals-total-count': 'GET /agents/approvals carries totalCount.',
  'token-name-prefix': "GET /tokens' name filter matches the names that begin with it.",
  'token-other-writes-transact': 'A write supplement 20 names no permission for is taken from a TRANSACT token as from a MANAGE one.',

  // wallet: embedded wallet.
  'activity-payload-description-form': "A management payloadToSign is the JSON activity in the form of the description's examples: keys sorted, type ACTIVITY_TYPE_<activity>.",
  'refresh-ends-session': 'A refreshed session ends when the refresh makes its new one.',
  'credential-exists-at-retry': 'A second EMAIL_OTP or SMS_OTP credential of an account is refused at the signed retry, after the 202.',
  'otp-target-bundle-unsigned': 'An otpEncryptionTargetBundle leaves dataSignature and enclaveQuorumPublic empty.',
  'export-bundle-signed': "An export bundle carries dataSignature over its data by the sandbox's bundle key, that key its enclaveQuorumPublic.",
  'delegated-key-conflict-at-signed-leg': 'A delegated key for a card and account with an ACTIVE one answers 409 at a signed leg, after the first 202.',
  'passkey-user-verification-required': 'A wallet passkey attestation or assertion without user verification (UV) is refused.',
  'passkey-failed-attempt-ends-challenge': 'A passkey login whose assertion does not verify uses its challenge up.',
  'passkey-login-legacy-key': 'A passkey challenge takes an uncompressed clientPublicKey too; its session key comes back sealed as encryptedSessionSigningKey.',
  'contact-taken-at-retry': "An embedded-wallet customer's email or phone number held by another wallet answers its 409 at the signed retry, after the 202.",
  'oauth-token-read-at-retry': 'An OAUTH credential\'s oidcToken is read at the signed retry: a bad token answers 400 after the 202.',
  'card-transaction-unnamed-card': 'Card transactions leave cardId out (answers and CARD_TRANSACTION.* data); the issuerTransactionToken names them.',
  'quote-payload-sign-transaction-v2': "An embedded wallet's quote payloadToSign is an ACTIVITY_TYPE_SIGN_TRANSACTION_V2 activity, as the description's example.",
} as const;

export type AlternateId = keyof typeof ALTERNATES;
export type ChoicesMode = 'reference' | 'alternate';

export class Choices {
  constructor(readonly mode: ChoicesMode = 'reference') {}

  /** Whether this sandbox takes the alternate form of the choice `id`. */
  alternate(id: AlternateId): boolean {
    return this.mode === 'alternate' && id in ALTERNATES;
  }
}
