// Named faults of the Strong Customer Authentication of payments in sandbox/cross-currency-transfers/
// (quote authorization, challenges, realtime SCA quotes). Each breaks one rule that this code implements.
import type { FaultEntry } from '../fault-entry.js';

export const scaPaymentFaults = {
  // Failure reasons
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
  // POST /quotes
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
  // Supplement 6
  'sca-authorize-overdraws': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca-balance.test.ts'],
    rule: 'Supplement 6: balance is the available balance; supplement 8: execute debits the source (the deferred debit of an SCA payment is still a debit of what is available).',
  },
  // Supplement 8
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
  'quote-sca-factor-any': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/field-rules.test.ts'],
    rule: 'Supplement 8: QuoteRequest scaFactor? (SMS_OTP|PASSKEY) (any string is accepted).',
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
} as const satisfies Record<string, FaultEntry>;
