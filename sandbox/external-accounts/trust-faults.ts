// Named faults of the beneficiary trust of sandbox/external-accounts/ (supplement 12: trust, untrust and
// their confirms). Each breaks one rule that this code implements.
import type { FaultEntry } from '../fault-entry.js';

export const trustFaults = {
  // Interface
  'untrust-confirm-keeps-trust': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Interface: untrust and its /confirm remove trusted-beneficiary status; must precede deleting a trusted external account.',
  },
  // Errors 409
  'trusted-beneficiary-deletable': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Errors 409: BENEFICIARY_TRUSTED (a trusted beneficiary cannot be deleted; untrust and confirm first).',
  },
  // Supplement 12
  'trust-outside-sca-allowed': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: beneficiary trust is for customers of SCA regions only; 409 elsewhere (interface: SCA endpoints answer 409 elsewhere).',
  },
  'trust-confirm-other-action': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: POST .../untrust/confirm confirms an untrust request (errors 400, 404, 409), not a pending trust.',
  },
  'trust-passkey-assertion-unchecked': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm {challengeId?, passkeyAssertion, origin} answers 400 to a bad proof.',
  },
  'trust-confirm-challenge-id-unchecked': {
    areas: ['external-accounts'],
    suites: ['external-accounts/eligibility.test.ts'],
    rule: 'Supplement 12: trust/confirm and untrust/confirm take {challengeId?, code}: a challengeId that is no string is refused (400 INVALID_INPUT naming it), not ignored.',
  },
  'trust-confirm-accepts-expired': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm answers 400 to a bad or expired proof.',
  },
  'trust-confirm-accepts-wrong-code': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm answers 400 to a bad or expired proof.',
  },
  'trust-confirm-null-body-crash': {
    areas: ['external-accounts'],
    suites: ['external-accounts/beneficiary-trust.test.ts'],
    rule: 'Supplement 12: trust/confirm errors 400, 404, 409; interface: 500 is an internal service error (a body that is no object is bad input).',
  },
  'trusted-beneficiary-still-challenged': {
    areas: ['cross-currency-transfers', 'external-accounts'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Supplement 12: Trusted ⇒ sends skip per-transaction SCA.',
  },
} as const satisfies Record<string, FaultEntry>;
