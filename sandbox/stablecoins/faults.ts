// Named faults of sandbox/stablecoins/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const stablecoinsFaults = {
  // The profile declares the reserved burn source SVC_INTERNAL_ACCOUNT not offered (supplement 22 names it, not its fields)
  'stablecoin-burn-internal-source-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'The profile declares the reserved burn source SVC_INTERNAL_ACCOUNT not offered (supplement 22 names it, not its fields): a burn from it is refused and creates nothing.',
  },
  // Errors / 400
  'stablecoin-selection-not-required': {
    areas: ['stablecoins'],
    suites: ['stablecoins/registration.test.ts'],
    rule: 'Errors / 400: STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED (several active links; pass stablecoinProviderAccountId).',
  },
  'stablecoin-selection-always-required': {
    areas: ['stablecoins'],
    suites: ['stablecoins/single-link.platform.test.ts'],
    rule: 'Errors / 400: STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED is for several active links; with one ACTIVE link stablecoinProviderAccountId may be left out (supplement 22: optional).',
  },
  // Errors / 404
  'stablecoin-unknown-link-wrong-code': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts', 'stablecoins/registration.test.ts'],
    rule: 'Errors / 404: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND (supplement 22: unknown link id).',
  },
  // Supplement 1
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
  // Supplement 11 / 22
  'stablecoin-amount-not-digit-string': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 11 / 22: the operation amount is a digit string.',
  },
  // Supplement 22
  'stablecoin-amount-fractional-cents-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: "amount must equal whole fiat cents at the token\'s decimals".',
  },
  'stablecoin-burn-idempotency-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: "Every POST requires Idempotency-Key* (replay = prior result, changed payload rejected)", burns included.',
  },
  'stablecoin-registration-idempotency-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/registration.test.ts'],
    rule: 'Supplement 22: "Every POST requires Idempotency-Key* (replay = prior result, changed payload rejected)", POST /stablecoins included.',
  },
  'stablecoin-idempotency-key-optional': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts'],
    rule: 'Supplement 22: "Every POST requires Idempotency-Key*".',
  },
  'stablecoin-funding-type-optional': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22 and openapi.yaml, StablecoinMintFundingSourceBase: a mint\'s fundingSource names its kind in `type` (required; under the fault one without it is read as WIRE).',
  },
  'stablecoin-idempotency-key-unbounded': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts'],
    rule: 'Supplement 22: "Idempotency-Key* (≤255 …)"; openapi.yaml, POST /stablecoin-provider-accounts: Idempotency-Key required, maxLength 255 (under the fault a longer key is taken).',
  },
  'stablecoin-funding-debit-wrong': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: a mint funded from SVC_INTERNAL_ACCOUNT takes the amount, in whole fiat cents at the token\'s decimals, from that account.',
  },
  'stablecoin-amount-cents-checked-coarsely': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: amount must equal whole fiat cents at the token\'s decimals (a multiple of ten units is not a whole cent).',
  },
  'stablecoin-burn-rail-any': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: burn destination {rail*: WIRE|ACH_CREDIT|SAME_DAY_ACH_CREDIT|RTP_CREDIT}.',
  },
  'stablecoin-op-skips-funding-wait': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: externally funded operations wait for funds (CREATED -> PENDING_FUNDING) until expiresAt.',
  },
  'stablecoin-coins-issuance-filter-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/lists.test.ts'],
    rule: 'Supplement 22: GET /stablecoins filters by issuanceStatus.',
  },
  'stablecoin-operation-type-filter-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: GET /stablecoins/{id}/operations filters by operationType.',
  },
  'stablecoin-operations-oldest-first': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: GET /stablecoins/{id}/operations lists newest first.',
  },
  'stablecoin-idempotency-changed-payload-accepted': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts', 'stablecoins/operations.test.ts'],
    rule: 'Supplement 22: Idempotency-Key "changed payload rejected".',
  },
  'stablecoin-wire-without-instructions': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: mint funding WIRE "returns instructions, waits for funds".',
  },
  'stablecoin-link-provider-any': {
    areas: ['stablecoins'],
    suites: ['stablecoins/field-rules.test.ts'],
    rule: 'Supplement 22: POST /stablecoin-provider-accounts {provider*} (a one-value vendor enum).',
  },
  'stablecoin-provider-secret-echoed': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts'],
    rule: 'Supplement 22: POST /stablecoin-provider-accounts apiClientSecret* is write-only.',
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
  'stablecoin-provider-outage-ignored': {
    areas: ['stablecoins'],
    suites: ['stablecoins/operations.test.ts'],
    rule: 'Supplement 22: POST /stablecoins/{id}/mints and /burns answer 503 SERVICE_UNAVAILABLE (the provider unavailable).',
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
  // Supplement 22 / 1
  'stablecoin-idempotency-replay-acts-twice': {
    areas: ['stablecoins'],
    suites: ['stablecoins/provider-accounts.test.ts', 'stablecoins/operations.test.ts'],
    rule: 'Supplement 22 / 1: a repeat with the same Idempotency-Key returns the first response ("replay = prior result").',
  },
} as const satisfies Record<string, FaultEntry>;
