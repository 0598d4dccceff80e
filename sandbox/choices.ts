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

  // customers: customers, field rules, verifications, documents.

  // accounts: external accounts, wallet signatures, beneficiary trust, SCA.

  // cards: cards, incoming payments.

  // money: quotes, transfers, exchange rates.

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

  // wallet: embedded wallet.
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
