// Named faults of sandbox/strong-customer-authentication/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const strongCustomerAuthenticationFaults = {
  // Contact Verification / SCA
  'contact-verification-not-409': {
    areas: ['contact-verification', 'strong-customer-authentication'],
    rule: 'Contact Verification / SCA: other providers answer 409.',
  },
  // Errors
  'sca-reset-refused-started': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /sca/factors/reset {factor*} (supplement 16): a refused request starts no reset, and counts toward none of the 5 a day.',
  },
  'sca-login-start-refused-counted': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /sca/login/start {factor*} (supplement 16): a refused start counts no failed login attempt.',
  },
  // Errors / Other codes named
  'sca-lock-wrong-status': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'Errors / Other codes named: ACCOUNT_LOCKED (HTTP 423).',
  },
  // Limits
  'sca-session-one-hour': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Limits: SCA login session length 180 days (sessionExpiresAt is returned at login completion).',
  },
  // POST /quotes
  'sca-session-not-required': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/sca.test.ts'],
    rule: 'POST /quotes: authorisation may fail with 409 SCA_SESSION_REQUIRED (customer SCA session missing or expired).',
  },
  // Errors 409
  'passkey-second-enrollment-allowed': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Errors 409: PASSKEY_ALREADY_ENROLLED (one passkey per customer; delete the existing one first).',
  },
  // Errors 409 PASSKEY_ALREADY_ENROLLED
  'passkey-delete-keeps-passkey': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Errors 409 PASSKEY_ALREADY_ENROLLED: delete the existing one first (DELETE /sca/factors/{credentialId} 204 removes it).',
  },
  // Supplement 4 and 10
  'contact-confirm-verifies-both': {
    areas: ['contact-verification'],
    suites: ['contact-verification/confirm.test.ts'],
    rule: 'Supplement 4 and 10: contactVerification {email?, phone?: PENDING|VERIFIED}; each channel is confirmed with its own one-time code.',
  },
  // openapi.yaml, sendCustomerEmailVerification and the three others
  'contact-verified-channel-restarted': {
    areas: ['contact-verification'],
    suites: ['contact-verification/confirm.test.ts'],
    rule: 'openapi.yaml, verify-email, verify-phone and their /confirm: 409 "the email is already verified" / "the phone is already verified" (under the fault a verified channel starts again, PENDING, and confirms again).',
  },
  // Supplement 10
  'contact-confirm-wrong-code-accepted': {
    areas: ['contact-verification'],
    suites: ['contact-verification/confirm.test.ts'],
    rule: 'Supplement 10: …/verify-email/confirm and /verify-phone/confirm {code} verify the contact with the one-time code (sandbox code 123456).',
  },
  // Supplement 10 and 16
  'sca-login-factor-any': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 10 and 16: POST /sca/login/start {factor*: SMS_OTP|TOTP|PASSKEY}.',
  },
  // Supplement 16
  'sca-suspension-not-reached': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: >= 9 failed logins suspended (lockedUntil null).',
  },
  'passkey-challenge-unchecked': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Supplement 16: a PASSKEY factor is confirmed with a WebAuthn credential made for the options POST /sca/factors returned (its challenge).',
  },
  'reset-enrollment-never-completes': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/factor-reset.test.ts'],
    rule: 'Supplement 16: enrollmentStatus PENDING until re-enrolled, then COMPLETED.',
  },
  'sca-failed-login-locks-late': {
    areas: ['strong-customer-authentication'],
    suites: ['cross-currency-transfers/sca.test.ts', 'strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: failed logins 5 -> 15 min (under the fault the first failed login recorded goes uncounted, so the lock comes at the sixth).',
  },
  'sca-failed-login-locks-early': {
    areas: ['strong-customer-authentication'],
    suites: ['cross-currency-transfers/sca.test.ts', 'strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: failed logins 5 -> 15 min (under the fault each failed login recorded counts twice, locking at the third).',
  },
  'sca-lock-ladder-flat': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: failed logins 5 -> 15 min, 6 -> 30 min, 7 -> 1 h, 8 -> 24 h.',
  },
  'resend-without-challenge-204': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/authorize-resend.test.ts'],
    rule: 'Supplement 16: POST /quotes/{quoteId}/authorize/resend answers 409 when no SMS challenge is pending.',
  },
  'totp-confirm-accepts-any-code': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/totp.test.ts'],
    rule: 'Supplement 16 and openapi.yaml, confirmScaFactorEnrollment: POST /sca/factors/confirm answers 400 to a TOTP code that is not the TOTP code ("In sandbox, the TOTP code is always `123456`").',
  },
  'totp-login-accepts-any-code': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/totp.test.ts'],
    rule: 'Supplement 16 and openapi.yaml, completeScaLogin: POST /sca/login/complete {factor: TOTP} answers 400 to a code that is not the TOTP code ("In sandbox, the SMS/TOTP code is always `123456`").',
  },
  'sca-reset-unlimited': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/factor-reset.test.ts'],
    rule: 'Supplement 16: POST /sca/factors/reset 429 (5 per 24 h per customer).',
  },
  'sca-reset-mobile-number-optional': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 16: POST /sca/factors/reset/{resetId}/complete {mobile?{countryCode*, number*}}.',
  },
  'reset-completes-without-liveness': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/factor-reset.test.ts'],
    rule: 'Supplement 16: POST /sca/factors/reset/{resetId}/complete answers 400 while the liveness check has not passed.',
  },
  'sca-login-factor-ip-optional': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 16: POST /sca/login/complete {factor*, endUserIpAddress*, challengeId? (SMS), code? | passkeyAssertion+origin}.',
  },
  'passkey-assertion-unchecked': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/passkeys.test.ts'],
    rule: 'Supplement 16: POST /sca/login/complete with a passkeyAssertion of the enrolled passkey over the login challenge (400 otherwise).',
  },
  'sca-unknown-customer-conflict': {
    areas: ['strong-customer-authentication'],
    suites: ['errors/not-found.test.ts'],
    rule: 'Description, every /sca/* operation: 404 "Customer not found" for a customerId no customer has (not the 409 of a customer outside SCA regions).',
  },
  'sca-customer-query-optional': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/field-rules.test.ts'],
    rule: 'Supplement 16: query customerId* on all /sca/*.',
  },
  'resend-extends-challenge': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/authorize-resend.test.ts'],
    rule: 'Supplement 16: resend reuses the challenge without extending expiresAt.',
  },
  'sca-reset-password-keeps-session': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: RESET_PASSWORD_COMPLETED ends all SCA sessions (then 409 SCA_SESSION_REQUIRED).',
  },
  'sca-reset-password-keeps-count': {
    areas: ['strong-customer-authentication'],
    suites: ['strong-customer-authentication/record-event.test.ts'],
    rule: 'Supplement 16: RESET_PASSWORD_COMPLETED zeroes the count.',
  },
} as const satisfies Record<string, FaultEntry>;
