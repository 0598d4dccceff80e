// Named faults of the wallet-ownership verification of sandbox/external-accounts/ (challenge, verify,
// liveness; interface, External account states). Each breaks one rule that this code implements.
import type { FaultEntry } from '../fault-entry.js';

export const ownershipFaults = {
  // External account status
  'verify-invalid-keeps-state': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'External account status: PENDING_OWNERSHIP_VERIFICATION -> UNVERIFIED on an invalid or expired signature.',
  },
  'liveness-no-event': {
    areas: ['external-accounts'],
    suites: ['external-accounts/liveness.test.ts'],
    rule: 'External account status: the LIVENESS outcome is delivered by EXTERNAL_ACCOUNT.STATUS_UPDATED or by polling.',
  },
  'verify-no-challenge-changes-state': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'External account status: when verify is called and no WALLET_SIGNATURE challenge is outstanding, the state does not change.',
  },
  // Interface
  'verify-scheme-unchecked': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Interface: OwnershipVerifyRequest signatureScheme is an optional enum bip137 | electrum (400 INVALID_INPUT naming the field otherwise).',
  },
  // OwnershipVerifyRequest
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
  // Verify responses
  'verify-200-stale-account': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify responses: 200 carries the ExternalAccount with status ACTIVE.',
  },
  'verify-unknown-account-400': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify responses: 404 when the external account is not found.',
  },
  'verify-no-challenge-404': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify responses: 409 when no WALLET_SIGNATURE challenge is outstanding for this account.',
  },
  // Verify rule 1 / 200 row
  'verify-accepts-any-signature': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 1 / 200 row: the signature must be valid over the exact messageToSign, by the account\'s key.',
  },
  // Verify rule 2
  'verify-accepts-expired': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 2: the signature must be submitted before the challenge expiresAt; invalid or expired -> 400 and UNVERIFIED.',
  },
  // Verify rule 3
  'liveness-uses-verify': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 3: LIVENESS challenges never use this endpoint (409: no WALLET_SIGNATURE challenge outstanding).',
  },
  // Verify rule 4
  'signature-scheme-honoured-on-evm': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify rule 4: signatureScheme only matters for Bitcoin; other chains ignore it.',
  },
  // Verify 400 row
  'challenge-not-consumed': {
    areas: ['external-accounts'],
    suites: ['external-accounts/verify-ownership.test.ts'],
    rule: 'Verify 400 row: a new challenge must be started to retry (a used challenge is no longer outstanding).',
  },
  // Supplement 7
  'new-challenge-keeps-unverified': {
    areas: ['external-accounts'],
    suites: ['external-accounts/customer-ownership.test.ts'],
    rule: 'Supplement 7: a new challenge abandons any in-flight one; UNVERIFIED -> PENDING_OWNERSHIP_VERIFICATION.',
  },
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
} as const satisfies Record<string, FaultEntry>;
