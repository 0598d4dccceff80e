// Interface: functional area "Embedded Wallet Auth" (register and verify end-user credentials: email OTP,
// SMS OTP, OAuth, passkey); Errors / 400 (EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS "one email OTP credential
// per internal account", SMS_OTP_CREDENTIAL_ALREADY_EXISTS "one SMS OTP credential per internal
// account"). The operations, the HPKE-sealed OTP bundle and the rules of each credential: basis:
// supplement (sections 10 and 17).
import { describe, expect, it } from 'vitest';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import {
  CREDENTIAL, CREDENTIAL_VERIFY, CREDENTIALS, listCredentials, listSessions, loggedInWallet, otpChallenge, otpLogin, refusalOnEitherLeg, sealOtp, sealOtpToKey, signed,
  signedRetryOf, stampHeaders, signatureRequest, verifyOtpCall, walletAccount, needEmbeddedWallet,
} from '../../helpers/flows/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { AuthMethod, AuthSession } from '../../helpers/schemas/wallet.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

/** Supplement 17 gives the verify operation 401 and 404 among its errors: either may be the refusal. */
const VERIFY_ERRORS = { statuses: [401, 404], sentence: 'supplement 17: POST /auth/credentials/{id}/verify errors 400; 401; 404; 429' };
const BUNDLE_NOTE = {
  id: 'wallet-otp-bundle-refusal',
  sentences: ['supplement 17: OTP: client HPKE-seals {otp_code, public_key} to the bundle; bundle single use', 'supplement 17: POST /auth/credentials/{id}/verify errors 400; 401; 404; 429 (the case of each not stated)'],
};

describe('POST /auth/credentials/{credentialId}/verify (EMAIL_OTP)', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/credentials/{credentialId}/verify', section: 'Functional areas', basis: 'supplement' });

  it('logs in with the account\'s first EMAIL_OTP credential: challenge, the code sealed to the bundle, 202, the retry signed by the key in the bundle, 200 AuthSession listed as active', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: an EW account starts with an EMAIL_OTP credential; challenge -> otpEncryptionTargetBundle; verify 202 -> (signer: TEK) 200 AuthSession; GET /auth/sessions active only');
    const { account, emailOtp } = await walletAccount();
    noteInterface('wallet-otp-bundle-form', [
      'supplement 17: "OTP: client HPKE-seals {otp_code, public_key} to the bundle -> encryptedOtpBundle {encappedPublic, ciphertext}"',
      'supplement 17: "Export: {version: "v1.0.0", data, dataSignature, enclaveQuorumPublic} hex; data = {encappedPublic, ciphertext, organizationId}; HPKE P-256/HKDF-SHA256/AES-256-GCM" (the provider\'s bundle shapes; the form of otpEncryptionTargetBundle, and the HPKE info and aad, are not stated)',
    ], 'otpEncryptionTargetBundle read as the provider\'s signed envelope {version, data, dataSignature, enclaveQuorumPublic}, data the hex JSON {targetPublic}, and sealed with the provider\'s client library (@turnkey/crypto encryptOtpCodeToBundle: HPKE base mode P-256/HKDF-SHA256/AES-256-GCM, info "turnkey_hpke", aad the encapsulated key then the target key); a signed bundle is checked against its own enclaveQuorumPublic, an unsigned one sealed to targetPublic, and a bare uncompressed key in hex is sealed to directly; the export bundle and the legacy encryptedSessionSigningKey are opened with the same library (decryptExportBundle when signed, else hpkeDecrypt; decryptCredentialBundle), so with the same info and aad');
    const { session } = await otpLogin(emailOtp);
    expect(session.type).toBe('EMAIL_OTP');
    expect(Date.parse(session.expiresAt), 'a new session expires after it was made (both on the target\'s clock)').toBeGreaterThan(Date.parse(session.createdAt));
    const sessions = await listSessions(account.id);
    expect(sessions.map((s) => s.id), 'the new session is listed as active').toContain(session.id);
  });

  it('refuses a bundle sealed to another key or to a superseded challenge, and a bundle used twice; the current bundle logs in', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: challenge answers a new otpEncryptionTargetBundle; the client seals to the bundle; bundle single use');
    const { emailOtp } = await walletAccount();
    const key = new SessionKey();
    const superseded = await otpChallenge(emailOtp.id);
    const current = await otpChallenge(emailOtp.id);
    const stranger = new SessionKey().uncompressedPublicKeyHex;

    const toStranger = await refusalOnEitherLeg('POST', CREDENTIAL_VERIFY, verifyOtpCall(emailOtp, sealOtpToKey(stranger, key)), key);
    expectRefusal(toStranger, 'an OTP bundle sealed to a key that is not the credential\'s bundle', BUNDLE_NOTE, VERIFY_ERRORS);
    const toSuperseded = await refusalOnEitherLeg('POST', CREDENTIAL_VERIFY, verifyOtpCall(emailOtp, await sealOtp(superseded, key)), key);
    expectRefusal(toSuperseded, 'an OTP bundle sealed to the bundle of a superseded challenge', BUNDLE_NOTE, VERIFY_ERRORS);

    const call = verifyOtpCall(emailOtp, await sealOtp(current, key));
    expectStatus(await signed('POST', CREDENTIAL_VERIFY, call, key), 200, AuthSession, 'control: the code sealed to the current bundle');
    expectRefusal(await refusalOnEitherLeg('POST', CREDENTIAL_VERIFY, call, key), 'the same sealed bundle a second time (bundle single use)', BUNDLE_NOTE, VERIFY_ERRORS);
  });

  it('answers 401 WALLET_SIGNATURE_INVALID when the OTP retry is signed by another key than the one sealed in the bundle, and logs in with the right one', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_INVALID']);
    await basisSupplement('section 17: WALLET_SIGNATURE_INVALID fails verification (e.g. TEK different from the key in the token)');
    const { emailOtp } = await walletAccount();
    const key = new SessionKey();
    const call = verifyOtpCall(emailOtp, await sealOtp(await otpChallenge(emailOtp.id), key));
    const request = await signatureRequest('POST', CREDENTIAL_VERIFY, call);
    expectError(await signedRetryOf('POST', CREDENTIAL_VERIFY, call, stampHeaders(new SessionKey(), request)), 401, 'WALLET_SIGNATURE_INVALID');
    expectStatus(await signed('POST', CREDENTIAL_VERIFY, call, key), 200, AuthSession, 'control: the key in the bundle signs');
  });
});

describe('POST /auth/credentials and DELETE /auth/credentials/{credentialId}', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/credentials', section: 'Errors', basis: 'supplement' });

  it('adds an SMS_OTP credential signed by a verified session; a second SMS_OTP and a second EMAIL_OTP answer 400 with their codes', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:400:SMS_OTP_CREDENTIAL_ALREADY_EXISTS', 'error:400:EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS']);
    await basisSupplement('section 17: POST /auth/credentials {type, accountId} 202 -> 201 AuthMethod; one EMAIL_OTP and one SMS_OTP per account');
    const { account, key } = await loggedInWallet();
    const sms = expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'SMS_OTP', accountId: account.id } }, key), 201, AuthMethod, 'the first SMS_OTP credential');
    expect([sms.type, sms.accountId]).toEqual(['SMS_OTP', account.id]);
    expect(sms.nickname, 'supplement 17: an SMS_OTP nickname is an E.164 number').toMatch(/^\+[1-9]\d{1,14}$/);
    expect((await listCredentials(account.id)).map((c) => c.type).sort()).toEqual(['EMAIL_OTP', 'SMS_OTP']);

    const secondSms = await refusalOnEitherLeg('POST', CREDENTIALS, { body: { type: 'SMS_OTP', accountId: account.id } }, key);
    expectError(secondSms, 400, 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS', 'Errors / 400: one SMS OTP credential per internal account');
    const secondEmail = await refusalOnEitherLeg('POST', CREDENTIALS, { body: { type: 'EMAIL_OTP', accountId: account.id } }, key);
    expectError(secondEmail, 400, 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', 'Errors / 400: one email OTP credential per internal account');
    expect((await listCredentials(account.id)).map((c) => c.type).sort(), 'the refusals added nothing').toEqual(['EMAIL_OTP', 'SMS_OTP']);
  });

  it('deletes a credential signed by a session of another credential, and answers 400 to deleting the last one', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: DELETE /auth/credentials/{id} 202 -> (signer: another credential) 204; 400 last credential');
    const { account, emailOtp, key } = await loggedInWallet();
    const sms = expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'SMS_OTP', accountId: account.id } }, key), 201, AuthMethod);

    expectStatus(await signed('DELETE', CREDENTIAL, { params: { credentialId: sms.id }, challengeType: sms.type }, key), 204, undefined, 'control: the SMS_OTP credential is deleted, signed by the EMAIL_OTP session');
    expect((await listCredentials(account.id)).map((c) => c.id)).toEqual([emailOtp.id]);

    // "one SMS OTP credential per internal account": with the first deleted, the account has none, and takes a new one.
    const again = expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'SMS_OTP', accountId: account.id } }, key), 201, AuthMethod, 'Errors / 400 SMS_OTP_CREDENTIAL_ALREADY_EXISTS is for an account that has one: after the delete, a new SMS_OTP credential is added');
    expect((await listCredentials(account.id)).map((c) => c.id).sort()).toEqual([emailOtp.id, again.id].sort());
    expectStatus(await signed('DELETE', CREDENTIAL, { params: { credentialId: again.id }, challengeType: again.type }, key), 204, undefined, 'the new SMS_OTP credential is deleted again');

    const last = await refusalOnEitherLeg('DELETE', CREDENTIAL, { params: { credentialId: emailOtp.id } }, key);
    expectError(last, 400, undefined, 'supplement 17: DELETE of the account\'s last credential answers 400');
    expect((await listCredentials(account.id)).map((c) => c.id), 'the last credential stays').toEqual([emailOtp.id]);
  });
});
