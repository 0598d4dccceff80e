// Named faults of sandbox/cards/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const cardsFaults = {
  // Errors
  'card-simulate-unknown-400': {
    areas: ['cards'],
    suites: ['errors/not-found.test.ts'],
    rule: 'Description: POST /sandbox/cards/{id}/simulate/* documents 404 "Card not found" for a card that does not exist; an unknown card answers 400 instead.',
  },
  // Events
  'card-state-event-repeated-late': {
    areas: ['cards'],
    rule: 'Events: CARD.STATE_CHANGE reports a change of the card\'s state once; a repeat of the same change sent a moment later (within the declared quiet period, timings.eventQuietMs) is seen and fails the sequence.',
  },
  // Card state
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
  'card-closed-reactivates': {
    areas: ['cards'],
    suites: ['cards/state-matrix.test.ts'],
    rule: 'Card state: CLOSED is final; any other requested transition answers 409 INVALID_STATE_TRANSITION.',
  },
  'card-closed-funding-mutable': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Card state: mutating a closed card answers 409 CARD_NOT_MUTABLE.',
  },
  'card-closed-unfreeze-not-mutable': {
    areas: ['cards'],
    suites: ['cards/state-matrix.test.ts'],
    rule: 'Description, updateCardById 409: INVALID_STATE_TRANSITION when the requested transition is not one of ACTIVE ⇄ FROZEN or ACTIVE | FROZEN → CLOSED "(e.g. trying to un-freeze a CLOSED card)" (CLOSED -> ACTIVE answers CARD_NOT_MUTABLE).',
  },
  'card-already-closed-wrong-code': {
    areas: ['cards'],
    suites: ['cards/state-matrix.test.ts'],
    rule: 'Card state: requesting CLOSED on a closed card answers 409 CARD_ALREADY_CLOSED.',
  },
  // Card state FROZEN (supplement
  'card-frozen-authorizes': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Card state FROZEN (supplement: authorizations on a frozen card are declined).',
  },
  // Errors
  'card-refused-holder-stored': {
    areas: ['cards'],
    suites: ['cards/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /cards {cardholderId*} (supplement 9): a cardholderId of another type issues no card.',
  },
  // Events
  'card-no-event-on-settle': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: CARD_TRANSACTION.* on every card transaction state transition (settled).',
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
  'card-events-out-of-order': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: every card transaction state transition is announced as it happens (authorized before settled).',
  },
  'card-pull-not-reflected': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Events: INTERNAL_ACCOUNT.BALANCE_UPDATED when the internal account balance changes (card funding pulls).',
  },
  // Errors / 400
  'card-issued-unless-unverified': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Errors / 400: CARDHOLDER_KYC_NOT_APPROVED (card cannot be issued unless cardholder KYC is APPROVED).',
  },
  'card-issued-without-kyc': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Errors / 400: CARDHOLDER_KYC_NOT_APPROVED (card cannot be issued unless cardholder KYC is APPROVED).',
  },
  // Supplement 1
  'cards-cursor-repeats': {
    areas: ['cards'],
    suites: ['cards/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor (a page repeats the last item of the one before).',
  },
  'cards-sort-order-ignored': {
    areas: ['cards'],
    suites: ['cards/lists.test.ts'],
    rule: 'Supplement 1: transactions/cards also take sortOrder (asc|desc, default desc) (asc is ignored).',
  },
  // Supplement 6
  'card-clearing-overdraws': {
    areas: ['cards'],
    suites: ['cards/clearing-funds.test.ts'],
    rule: 'Supplement 6: balance is the available balance; supplement 9: a card pull debits the funding account (never more than it holds: decline INSUFFICIENT_FUNDS).',
  },
  // Supplement 9
  'card-slow-activation-immediate': {
    areas: ['cards'],
    suites: ['cards/pre-activation-states.test.ts'],
    rule: 'Supplement 9: a card whose platformCardId ends 005 becomes ACTIVE after ~30 s (the declared delay), not at once.',
  },
  'cards-account-filter-ignored': {
    areas: ['cards'],
    suites: ['cards/lists.test.ts'],
    rule: 'Supplement 9: GET /cards filters cardholderId, accountId, platformCardId, state (accountId is ignored).',
  },
  'card-decline-values-approved': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Supplement 9: merchant.descriptor 002 declines INSUFFICIENT_FUNDS; 003 declines CARD_PAUSED.',
  },
  'card-confirmation-failure-ignored': {
    areas: ['cards'],
    suites: ['cards/card-transactions.test.ts'],
    rule: 'Supplement 9: merchant.descriptor ending 006: confirmation FAILED -> EXCEPTION (interface: CARD_TRANSACTION.* on every card transaction state transition, exception included).',
  },
  'cards-account-filter-first-source-only': {
    areas: ['cards'],
    suites: ['cards/lists.test.ts'],
    rule: 'Description, listCards accountId: "Returns cards whose fundingSources array contains the given internal account id" (a card the account funds second is left out).',
  },
  'card-limit-null-ignored': {
    areas: ['cards'],
    suites: ['cards/field-rules.test.ts'],
    rule: 'Supplement 9: PATCH /cards/{id} {maxSpendPerTransaction?: int|null}; Card maxSpendPerTransaction (int|null).',
  },
  'card-close-combinable': {
    areas: ['cards'],
    suites: ['cards/field-rules.test.ts'],
    rule: 'Supplement 9: PATCH /cards/{id}: CLOSED not combinable with the others (a close with a new limit is accepted).',
  },
  'card-funding-order-not-kept': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: 'Supplement 9: POST /cards fundingSources*[InternalAccount ids, ≥1, priority order].',
  },
  'card-simulate-descriptor-optional': {
    areas: ['cards'],
    suites: ['cards/simulate-authorization-field-rules.test.ts'],
    rule: 'Supplement 9: simulate authorization merchant*: {descriptor*, mcc?, country?} (an authorization without a descriptor is approved).',
  },
  'card-clearing-zero-refused': {
    areas: ['cards'],
    suites: ['cards/simulate-field-rules.test.ts'],
    rule: 'Supplement 9: simulate clearing {cardTransactionId*, amount* ≥0} (0 = auth expiry): a clearing of 0 is accepted.',
  },
  'card-clearing-negative-accepted': {
    areas: ['cards'],
    suites: ['cards/simulate-field-rules.test.ts'],
    rule: 'Supplement 9: simulate clearing {cardTransactionId*, amount* ≥0} (a negative amount is taken as a return).',
  },
  'card-advice-merchant-optional': {
    areas: ['cards'],
    suites: ['cards/simulate-credit-field-rules.test.ts'],
    rule: 'Supplement 9: simulate credit_authorization_advice {amount*, currency*, merchant*} (an advice without a merchant is accepted).',
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
  // Supplement 25
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
  'card-create-funding-currency-unchecked': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: 'Supplement 25: FUNDING_SOURCE_INELIGIBLE (400) on POST /cards and PATCH /cards/{id}: a source not the cardholder\'s or of the wrong currency.',
  },
  'card-pre-activation-patchable': {
    areas: ['cards'],
    suites: ['cards/pre-activation-states.test.ts'],
    rule: 'Description, CardUpdateRequest: "state transitions are limited to ACTIVE ⇄ FROZEN and ACTIVE | FROZEN → CLOSED; any other transition returns 409 INVALID_STATE_TRANSITION" (from PROCESSING or PENDING_KYC).',
  },
  // Description: Card, CardCreateRequest, CardUpdateRequest
  'card-funding-currencies-mixed': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: 'Description, Card.currency: "all funding sources bound to a card must be denominated in the same card-eligible currency"; CardUpdateRequest.fundingSources: "denominated in the card\'s currency" (400 FUNDING_SOURCE_INELIGIBLE; a source in another card-eligible currency is bound).',
  },
  'card-last4-masked': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Description, Card.last4: "Last four digits of the card PAN" (masked characters in their place).',
  },
  'card-exp-year-two-digits': {
    areas: ['cards'],
    suites: ['cards/issuance-and-mutation.test.ts'],
    rule: 'Description, Card.expYear: "Card expiration year (four digits)" (two digits given).',
  },
  'card-currency-not-derived': {
    areas: ['cards'],
    suites: ['cards/funding-sources.test.ts'],
    rule: 'Description, Card.currency: "Derived from the funding sources at issue time" (a card is USD whatever its sources).',
  },
  'card-3ds-password-any-program': {
    areas: ['cards'],
    suites: ['cards/field-rules.test.ts'],
    rule: 'Description, CardCreateRequest.threeDSecurePassword: "Only accepted for card programs whose issuer supports a static-password factor (EU cards today); supplying it for a program that does not is rejected with INVALID_INPUT" (a US cardholder\'s USD card takes one).',
  },
  'card-reveal-without-expiry': {
    areas: ['cards'],
    suites: ['cards/reveal.test.ts'],
    rule: 'Supplement 25: POST /cards/{id}/reveal answers 200 {panEmbedUrl, expiresAt}, a short-lived URL.',
  },
  'card-issuer-reject-no-reason': {
    areas: ['cards'],
    suites: ['cards/pre-activation-states.test.ts'],
    rule: 'Supplement 25: PROCESSING -> CLOSED with stateReason ISSUER_REJECTED, announced by CARD.STATE_CHANGE.',
  },
  // Description: createCard (an Embedded Wallet funding source); supplement 17 and 25
  'card-wallet-source-pending-key-used': {
    areas: ['cards'],
    suites: ['cards/wallet-funding-source.test.ts'],
    rule: 'Description, createCard: "Until an active delegated key exists for that funding source, Authorization Decisioning cannot use it to fund card transactions"; supplement 17: a delegated key abandoned after leg 2 stays PENDING (cannot sign): a PENDING key lets decisioning fund an authorization from the wallet.',
  },
  'card-wallet-source-never-used': {
    areas: ['cards'],
    suites: ['cards/wallet-funding-source.test.ts'],
    rule: 'Description, createDelegatedKey: "After activation, Svc uses the custodied key to authorize signing for the card\'s Embedded Wallet funding account"; supplement 25: an EW funding source needs an ACTIVE delegated key: an embedded wallet source with an ACTIVE key never funds an authorization.',
  },
} as const satisfies Record<string, FaultEntry>;
