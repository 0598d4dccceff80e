// Named faults of sandbox/embedded-wallet-auth/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const embeddedWalletAuthFaults = {
  // Errors
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
  // openapi.yaml, AuthSignedRequestChallenge
  'wallet-revoke-challenge-names-first': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'openapi.yaml, AuthSignedRequestChallenge: type is the credential type being revoked (DELETE /auth/credentials/{id}).',
  },
  // Authentication 4
  'wallet-body-mismatch-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Authentication 4: WALLET_SIGNATURE_BODY_MISMATCH (signature computed over a different body); supplement 17: retry body different from the bound body.',
  },
  'wallet-session-revoke-unsigned': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/every-signed-operation.test.ts'],
    rule: 'Authentication 4: WALLET_SIGNATURE_INVALID (fails verification against the registered credential); supplement 17: DELETE /auth/sessions/{id} 202 -> (any verified session) 204: the signed retry of a session revocation takes a stamp by a key no session holds.',
  },
  'wallet-stamp-unverified': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Authentication 4: WALLET_SIGNATURE_INVALID (fails verification against the registered credential); supplement 10: the stamp is an ECDSA signature over payloadToSign.',
  },
  // Errors / 400
  'wallet-second-otp-credential-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Errors / 400: EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS (one email OTP credential per internal account), SMS_OTP_CREDENTIAL_ALREADY_EXISTS (one SMS OTP credential per internal account).',
  },
  'passkey-credential-id-global': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Errors / 400: PASSKEY_CREDENTIAL_ALREADY_EXISTS (same WebAuthn credentialId already registered on the internal account): not for another account.',
  },
  'wallet-passkey-duplicate-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Errors / 400: PASSKEY_CREDENTIAL_ALREADY_EXISTS (same WebAuthn credentialId already registered on the internal account).',
  },
  'wallet-otp-credential-once-ever': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Errors / 400: SMS_OTP_CREDENTIAL_ALREADY_EXISTS (one SMS OTP credential per internal account): an account whose one was deleted takes a new one.',
  },
  // Errors / 409
  'wallet-credential-set-change-ignored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Errors / 409: EMAIL_OTP_CREDENTIAL_SET_CHANGED (credential set changed after the signed-retry challenge was issued).',
  },
  'wallet-contact-email-taken-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Errors / 409: EMAIL_OTP_EMAIL_ALREADY_EXISTS (supplement 17: PATCH /customers/{id} of an embedded-wallet customer).',
  },
  // Supplement 10
  'wallet-request-id-never-expires': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/request-expiry.test.ts'],
    rule: 'Supplement 10: the signed retry comes before expiresAt; supplement 17: expired Request-Id: 401.',
  },
  // Supplement 10 and 17
  'wallet-quote-execute-unsigned': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/quote-execute.test.ts'],
    rule: 'Supplement 10 and 17: a quote from an EMBEDDED_WALLET account executes in one step with Svc-Wallet-Signature over its paymentInstructions[].accountOrWalletInfo.payloadToSign; without the header 401 WALLET_SIGNATURE_MISSING, with a stamp that fails verification 401 WALLET_SIGNATURE_INVALID.',
  },
  'wallet-revoked-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/sessions.test.ts'],
    rule: 'Supplement 10 and 17: the stamp is made with a verified credential\'s session key; a revoked session (DELETE /auth/sessions/{id}) no longer signs (WALLET_SIGNATURE_INVALID).',
  },
  // Supplement 17
  'wallet-refused-verify-ends-sessions': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/field-rules.test.ts'],
    rule: 'Supplement 17: a verify refused with 400 INVALID_INPUT verifies nothing, so it starts no session and ends none of the account\'s (GET /auth/sessions lists the active ones).',
  },
  'wallet-expired-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/session-expiry.test.ts'],
    rule: 'Supplement 17: an AuthSession carries expiresAt and GET /auth/sessions lists active ones only; a session past its expiresAt no longer signs (WALLET_SIGNATURE_INVALID, "fails verification").',
  },
  'wallet-credential-delete-own-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signers.test.ts'],
    rule: 'Supplement 17: DELETE /auth/credentials/{id} is signed by a session of another credential; a session of the credential being deleted may not sign it (401).',
  },
  'wallet-last-credential-deletable': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: DELETE /auth/credentials/{id}: 400 last credential.',
  },
  'delegated-key-revoke-any-status': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/delegated-keys.test.ts'],
    rule: 'Supplement 17: DELETE /auth/delegated-keys/{id}: 400 not ACTIVE.',
  },
  'wallet-export-hpke-context-ignored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Supplement 17: Export "HPKE P-256/HKDF-SHA256/AES-256-GCM" to clientPublicKey, with the info and aad of the provider\'s client library (sandbox/README.md); the export is sealed with empty info and aad.',
  },
  'wallet-list-account-optional': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/lists.test.ts'],
    rule: 'Supplement 17: GET /auth/credentials accountId*; 400 INVALID_INPUT.',
  },
  'delegated-keys-revoked-unlisted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/delegated-keys.test.ts'],
    rule: 'Supplement 17: GET /auth/delegated-keys 200 {data[]} incl. PENDING/REVOKED.',
  },
  'wallet-oauth-stale-token-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/oauth.test.ts'],
    rule: 'Supplement 17: OAuth token: numeric iat/exp, iat < 60 s (400 INVALID_INPUT, bad OIDC).',
  },
  'wallet-oauth-nonce-unchecked': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/oauth.test.ts'],
    rule: 'Supplement 17: OAUTH verify {oidcToken, clientPublicKey} needs nonce = sha256(clientPublicKey).',
  },
  'wallet-passkey-assertion-unverified': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Supplement 17: PASSKEY challenge answers challenge* (hex SHA-256, its UTF-8 bytes passed to WebAuthn); verify {assertion} + Request-Id; "Passkeys validated for real".',
  },
  'wallet-passkey-attestation-unverified': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/passkeys.test.ts'],
    rule: 'Supplement 17: PASSKEY challenge* (single use) and attestation*; "Passkeys validated for real".',
  },
  'wallet-contact-phone-taken-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Supplement 17: PATCH /customers/{id} (EW contact) answers 409 to a phone number in use (code unlisted).',
  },
  'wallet-contact-sync-failure-ignored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Supplement 17: PATCH /customers/{id} (EW contact): 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED (the change does not apply).',
  },
  'wallet-private-enabled-not-stored': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/account-field-rules.test.ts'],
    rule: 'Supplement 17: PATCH /internal-accounts/{id} {privateEnabled?} -> 200 InternalAccount: the account keeps the change.',
  },
  'delegated-key-nickname-unbounded': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/account-field-rules.test.ts'],
    rule: 'Supplement 17: POST /auth/delegated-keys {nickname* ≤256}.',
  },
  'delegated-key-second-active-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/delegated-keys.test.ts'],
    rule: 'Supplement 17: POST /auth/delegated-keys: 409 ACTIVE key exists.',
  },
  'wallet-refresh-other-session-signs': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signers.test.ts'],
    rule: 'Supplement 17: POST /auth/sessions/{id}/refresh is signed by the current session (the one refreshed); another session of the account may not sign it (401).',
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
  'wallet-otp-stale-bundle-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: the client HPKE-seals {otp_code, public_key} to the bundle of the challenge; a challenge answers a new otpEncryptionTargetBundle; bundle single use.',
  },
  'wallet-otp-foreign-bundle-accepted': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: the client HPKE-seals {otp_code, public_key} to the credential\'s otpEncryptionTargetBundle (an OTP bundle sealed to another key does not log in).',
  },
  'wallet-contact-old-value-kept': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/contact.test.ts'],
    rule: 'Supplement 17: the EMAIL_OTP credential follows the customer\'s email (nickname = its email), so an email left is held by no credential and free for another wallet (409 EMAIL_OTP_EMAIL_ALREADY_EXISTS is for a held one).',
  },
  'wallet-otp-bundle-signature-mismatch': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/credentials.test.ts'],
    rule: 'Supplement 17: the provider\'s signed bundle {version, data, dataSignature, enclaveQuorumPublic}, "dataSignature ECDSA-P256-SHA256 over data" (the form taken for otpEncryptionTargetBundle: sandbox/README.md); the OTP target bundle\'s signature is over other data.',
  },
  'wallet-legacy-session-key-mismatch': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/sessions.test.ts'],
    rule: 'Supplement 17: uncompressed clientPublicKey = legacy, the session key returned sealed (base58check: 33-byte encapsulated key + AES-256-GCM).',
  },
  'wallet-request-id-reusable': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/signed-retry.test.ts'],
    rule: 'Supplement 17: unknown/expired/used Request-Id: 401 (a request id completes one signed retry).',
  },
  'wallet-oauth-verify-key-unchecked': {
    areas: ['embedded-wallet-auth'],
    suites: ['embedded-wallet-auth/field-rules.test.ts'],
    rule: 'Supplement 17: verify OAUTH {type, oidcToken*, clientPublicKey*}, ^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$.',
  },
} as const satisfies Record<string, FaultEntry>;
