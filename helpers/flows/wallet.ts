// Flows of API tokens and embedded-wallet auth as a client runs them. basis: supplement (sections 10,
// 17 and 20): the interface names neither operation set beyond the functional areas and the wallet
// signature headers.
import { randomBytes, randomUUID } from 'node:crypto';
import { assert, expect, type TestContext } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { CLOCK_MARGIN_MS, msUntil } from '../deadline.js';
import { expectStatus } from '../expect.js';
import { api, capabilities } from '../harness.js';
import { requireCapability } from '../scenario.js';
import type { Auth } from '../client.js';
import { SoftwareAuthenticator } from '../authenticators/webauthn.js';
import { InternalAccount } from '../schemas/index.js';
import {
  AuthMethodList, AuthSession, AuthSessionList, AuthSignatureRequest, CreatedApiToken, OtpChallenge, SignatureRequest,
  type ApiToken, type AuthMethod,
} from '../schemas/wallet.js';
import { sealOtpCode, sealToKey, type SealedBundle } from '../wallets/hpke.js';
import { SessionKey } from '../wallets/stamp.js';
import { createCustomer } from './customers.js';

export const TOKENS = '/tokens';
export const TOKEN = '/tokens/{tokenId}';

export type CreatedToken = ApiToken & { clientSecret: string };

/** POST /tokens {name, permissions}: 201 ApiToken with its clientSecret. */
export async function createToken(permissions: string[], name = `conformance-${randomUUID().slice(0, 8)}`): Promise<CreatedToken> {
  const res = await api.post(TOKENS, { body: { name, permissions } });
  return expectStatus(res, 201, CreatedApiToken, 'supplement 20: POST /tokens answers 201 ApiToken with clientSecret (only time)') as CreatedToken;
}

/** Supplement 20: "A created token authenticates as Basic clientId:clientSecret". */
export const asToken = (token: { clientId: string; clientSecret: string }): Auth => ({
  authorization: `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString('base64')}`,
});

// ---------------------------------------------------------------------------------------------
// Embedded wallet auth (supplement sections 10 and 17).

export const CREDENTIALS = '/auth/credentials';
export const CREDENTIAL = '/auth/credentials/{credentialId}';
export const CREDENTIAL_CHALLENGE = '/auth/credentials/{credentialId}/challenge';
export const CREDENTIAL_VERIFY = '/auth/credentials/{credentialId}/verify';
export const SESSIONS = '/auth/sessions';
export const SESSION = '/auth/sessions/{sessionId}';
export const SESSION_REFRESH = '/auth/sessions/{sessionId}/refresh';
export const WALLET_ACCOUNT = '/internal-accounts/{internalAccountId}';
export const WALLET_EXPORT = '/internal-accounts/{internalAccountId}/export';
/** PATCH of an embedded-wallet customer's contact (supplement 17: "PATCH /customers/{id} (EW contact)"). */
export const WALLET_CONTACT = '/customers/{customerId}';

/** Supplement 17: PATCH /internal-accounts/{id} {privateEnabled?}. */
export const privacyChange = (internalAccountId: string, privateEnabled: boolean): Call => ({ params: { internalAccountId }, body: { privateEnabled } });

/** An email no customer has. */
export const freshEmail = () => `conformance-${randomUUID().slice(0, 12)}@example.com`;
/** Supplement 17: PATCH /customers/{id} (EW contact) `email`. */
export const emailChange = (customerId: string, email: string): Call => ({ params: { customerId }, body: { customerType: 'INDIVIDUAL', email } });

/** Supplement 17: POST /auth/credentials {type*, accountId*} for an SMS_OTP credential. */
export const smsOtpCall = (accountId: string): Call => ({ body: { type: 'SMS_OTP', accountId } });

/** A passkey challenge of the client's own (supplement 17: "challenge* (base64url, single use)"). */
export const newPasskeyChallenge = () => randomBytes(32).toString('base64url');

/**
 * A PASSKEY credential body (supplement 17: nickname* 1–100, challenge*, attestation*) registered by
 * `authenticator` for the target's declared relying party (passkeyParty gates the scenario), its
 * attestation made over `signedChallenge` (the body's own challenge unless a scenario breaks it).
 */
export function passkeyBody(accountId: string, opts: { nickname?: string; authenticator?: SoftwareAuthenticator; challenge?: string; signedChallenge?: string } = {}) {
  const { nickname = 'conformance passkey', authenticator = new SoftwareAuthenticator(), challenge = newPasskeyChallenge(), signedChallenge = challenge } = opts;
  const origin = capabilities.walletPasskeyOrigin;
  if (origin === undefined) throw new Error('passkeyBody: the target declares no origin its wallet passkeys are made for (gate the scenario with passkeyParty)');
  const credential = authenticator.register({ challenge: signedChallenge }, origin, new URL(origin).hostname);
  return {
    type: 'PASSKEY', accountId, nickname, challenge,
    attestation: { credentialId: credential.id, clientDataJson: credential.response.clientDataJSON, attestationObject: credential.response.attestationObject, transports: credential.response.transports },
  };
}

/** Skips unless the target declares how an embedded wallet account comes to be (SVC_EMBEDDED_WALLET_TRIGGER). */
export const needEmbeddedWallet = (ctx: TestContext, ids: string[] = []) =>
  requireCapability(ctx, capabilities.embeddedWalletTrigger, 'the target declares no way to create an embedded wallet account (SVC_EMBEDDED_WALLET_TRIGGER)', ids);

/** The relying party the target's wallet passkeys are made for: its declared origin (SVC_WALLET_PASSKEY_ORIGIN) and that origin's host. */
export function passkeyParty(ctx: TestContext): { origin: string; rpId: string } {
  requireCapability(ctx, capabilities.walletPasskeyOrigin !== undefined, 'the target declares no origin its wallet passkeys are made for (SVC_WALLET_PASSKEY_ORIGIN)');
  const origin = capabilities.walletPasskeyOrigin!;
  return { origin, rpId: new URL(origin).hostname };
}

/** An OIDC issuer the target takes (SVC_WALLET_OAUTH_ISSUER). */
export function oauthIssuer(ctx: TestContext): string {
  requireCapability(ctx, capabilities.walletOauthIssuer !== undefined, 'the target declares no OIDC issuer it takes (SVC_WALLET_OAUTH_ISSUER)');
  return capabilities.walletOauthIssuer!;
}

/** Supplement 10 and 28.1: the sandbox wallet OTP. */
export const WALLET_OTP = '000000';

export const SIGNATURE_HEADER = 'Svc-Wallet-Signature';
export const REQUEST_ID_HEADER = 'Request-Id';

/**
 * Svc-Wallet-Signature values that are no stamp (supplement 17: WALLET_SIGNATURE_MALFORMED "undecodable";
 * the stamp is base64url JSON {publicKey, scheme, signature}): plain text, and base64url of cut-off JSON.
 * Never supplement 10's legacy `sandbox-valid-signature`, which a sandbox accepts.
 */
export const NOT_STAMPS = ['not a stamp', Buffer.from('{"publicKey":').toString('base64url')] as const;

export interface Call {
  params?: Record<string, string>;
  body?: unknown;
  /**
   * The credential type the 202 names (Description, AuthSignedRequestChallenge.type): the credential
   * revoked, or the one that issued the session revoked. A credential added or verified names its own
   * from the body's `type`.
   */
  challengeType?: AuthMethod['type'];
}

/** Description: the operations whose 202 is an AuthSignedRequestChallenge (the others' is a SignedRequestChallenge). */
const AUTH_CHALLENGES = new Set([`POST ${CREDENTIALS}`, `POST ${CREDENTIAL_VERIFY}`, `DELETE ${CREDENTIAL}`, `DELETE ${SESSION}`]);

/** The first leg of a signed retry: 202 {payloadToSign, requestId, expiresAt}, with the credential type where the description gives one. */
export async function signatureRequest(method: 'POST' | 'PATCH' | 'DELETE', template: string, call: Call): Promise<SignatureRequest> {
  const res = await api.request(method, template, { params: call.params, body: call.body });
  if (!AUTH_CHALLENGES.has(`${method} ${template}`)) {
    return expectStatus(res, 202, SignatureRequest, 'supplement 10: a call without signature answers 202 {payloadToSign, requestId: "Request:<uuid>", expiresAt}');
  }
  const request = expectStatus(res, 202, AuthSignatureRequest, 'supplement 10: a call without signature answers 202 {payloadToSign, requestId, expiresAt}; Description: AuthSignedRequestChallenge adds type* (an AuthMethodType)');
  const sent = (call.body as { type?: unknown } | undefined)?.type;
  const expected = call.challengeType ?? (method === 'POST' && typeof sent === 'string' ? sent : undefined);
  // Description: "the credential type being added (POST /auth/credentials), revoked (DELETE /auth/credentials/{id}), or
  // authenticated (EMAIL_OTP / SMS_OTP branch of POST /auth/credentials/{id}/verify)"; for a session, "the type of credential that issued the session".
  if (expected !== undefined) expect(request.type, `${method} ${template}: the 202's type is the credential type the challenge is for`).toBe(expected);
  return request;
}

/** The second leg: the same request with the stamp and Request-Id (override either to make a negative). */
export function signedRetryOf(method: 'POST' | 'PATCH' | 'DELETE', template: string, call: Call, headers: Record<string, string>) {
  return api.request(method, template, { params: call.params, body: call.body, headers });
}

export const stampHeaders = (key: SessionKey, request: SignatureRequest) => ({ [SIGNATURE_HEADER]: key.stamp(request.payloadToSign), [REQUEST_ID_HEADER]: request.requestId });

/** Both legs: 202, then the retry stamped by `key`; the retry's answer. */
export async function signed(method: 'POST' | 'PATCH' | 'DELETE', template: string, call: Call, key: SessionKey) {
  const request = await signatureRequest(method, template, call);
  return signedRetryOf(method, template, call, stampHeaders(key, request));
}

/** An EMBEDDED_WALLET account of a new customer (the target's declared trigger) and its first EMAIL_OTP credential. */
export async function walletAccount(customer: Record<string, unknown> = {}): Promise<{ customerId: string; account: InternalAccount; emailOtp: AuthMethod; email: string }> {
  const email = String(individual().email);
  const created = await createCustomer(individual({ email, ...customer }));
  const res = await api.post('/sandbox/customers/{customerId}/embedded-wallet', { params: { customerId: created.id }, body: { email } });
  const account = expectStatus(res, 201, InternalAccount, 'the target\'s trigger gives the customer an EMBEDDED_WALLET account');
  expect(account.type, 'an embedded wallet account is of type EMBEDDED_WALLET').toBe('EMBEDDED_WALLET');
  const credentials = await listCredentials(account.id);
  const emailOtp = credentials.filter((c) => c.type === 'EMAIL_OTP');
  expect(emailOtp, 'supplement 17: an EW account starts with an EMAIL_OTP credential').toHaveLength(1);
  expect(emailOtp[0]!.accountId).toBe(account.id);
  expect(emailOtp[0]!.nickname, 'supplement 17: an EMAIL_OTP credential\'s nickname is its email').toBe(email);
  return { customerId: created.id, account, emailOtp: emailOtp[0]!, email };
}

export async function listCredentials(accountId: string): Promise<AuthMethod[]> {
  return expectStatus(await api.get(CREDENTIALS, { query: { accountId } }), 200, AuthMethodList, 'supplement 17: GET /auth/credentials?accountId= answers {data[AuthMethod]}').data;
}

export async function listSessions(accountId: string): Promise<AuthSession[]> {
  return expectStatus(await api.get(SESSIONS, { query: { accountId } }), 200, AuthSessionList, 'supplement 17: GET /auth/sessions?accountId= answers {data[AuthSession]}, active only').data;
}

/**
 * A refused request changed none of the account's sessions: no active session that `before` (its
 * listSessions earlier) did not list, and none of those gone before its expiresAt. GET /auth/sessions
 * lists active sessions only (supplement 17), so one that reached its expiresAt meanwhile is no
 * change (a slow run outlives the short sessions of a sandbox); the margin is untilPast's, for the
 * target's clock running a little ahead of ours.
 */
export async function expectSessionsUnchanged(accountId: string, before: readonly AuthSession[], message: string): Promise<void> {
  const now = await listSessions(accountId);
  const was = new Set(before.map((s) => s.id));
  const is = new Set(now.map((s) => s.id));
  expect(now.filter((s) => !was.has(s.id)).map((s) => s.id), `${message}: no session was started`).toEqual([]);
  const ended = before.filter((s) => !is.has(s.id) && msUntil(s.expiresAt) > CLOCK_MARGIN_MS);
  expect(ended.map((s) => `${s.id} (expiresAt ${s.expiresAt})`), `${message}: no session ended before its expiresAt`).toEqual([]);
}

/** POST /auth/credentials/{id}/challenge for an OTP credential: the AuthMethod with a new otpEncryptionTargetBundle. */
export async function otpChallenge(credentialId: string): Promise<string> {
  const res = await api.post(CREDENTIAL_CHALLENGE, { params: { credentialId }, body: {} });
  const challenge = expectStatus(res, 200, OtpChallenge, 'Description, AuthCredentialResponseOneOf: an OTP challenge answers an AuthMethodResponse');
  // basis: supplement (section 17): the answer carries a new otpEncryptionTargetBundle (the description leaves it optional).
  const bundle = challenge.otpEncryptionTargetBundle;
  if (typeof bundle !== 'string' || bundle === '') expect.fail(`supplement 17: an OTP challenge answers the AuthMethod with a new otpEncryptionTargetBundle; got ${JSON.stringify(challenge)}`);
  return bundle;
}

/**
 * Supplement 17: the client HPKE-seals {otp_code, public_key} to the bundle (P-256/HKDF-SHA256/AES-256-GCM)
 * -> encryptedOtpBundle {encappedPublic, ciphertext}. The bundle's form is not stated: read as the
 * provider's signed envelope, with the provider's client library (interface note wallet-otp-bundle-form).
 * Description: EmailOtpCredentialVerifyRequestFields.encryptedOtpBundle is a string, "the
 * `{encappedPublic, ciphertext}` JSON an HPKE library produces": the sealed bundle is sent as that JSON text.
 */
export async function sealOtp(bundle: string, key: SessionKey, otp = WALLET_OTP): Promise<string> {
  const sealed = await sealOtpCode(bundle, key.publicKeyHex, otp).catch((err: Error) => assert.fail(`the otpEncryptionTargetBundle cannot be sealed to with the provider's library: ${err.message}`));
  return encodeSealed(sealed);
}

/** The same plaintext sealed straight to a P-256 public key (uncompressed hex) that no challenge issued, as the JSON text sent. */
export function sealOtpToKey(publicKeyHex: string, key: SessionKey, otp = WALLET_OTP): string {
  return encodeSealed(sealToKey(publicKeyHex, new TextEncoder().encode(JSON.stringify({ otp_code: otp, public_key: key.publicKeyHex }))));
}

/** Description: encryptedOtpBundle is the `{encappedPublic, ciphertext}` JSON, a string. */
const encodeSealed = (sealed: SealedBundle): string => JSON.stringify({ encappedPublic: sealed.encappedPublic, ciphertext: sealed.ciphertext });

/** Description: an OTP verify body {type*, encryptedOtpBundle* (a string)}. */
export const verifyOtpCall = (credential: AuthMethod, encryptedOtpBundle: string): Call => ({ params: { credentialId: credential.id }, body: { type: credential.type, encryptedOtpBundle } });

/** An OTP login as a wallet client runs it: challenge, seal the code with a fresh session key, 202, stamp with that key, 200 AuthSession. */
export async function otpLogin(credential: AuthMethod): Promise<{ session: AuthSession; key: SessionKey }> {
  const key = new SessionKey();
  const bundle = await otpChallenge(credential.id);
  const res = await signed('POST', CREDENTIAL_VERIFY, verifyOtpCall(credential, await sealOtp(bundle, key)), key);
  const session = expectStatus(res, 200, AuthSession, 'supplement 17: OTP verify, 202 then the retry signed by the key in the bundle, answers 200 AuthSession');
  expect(session.accountId, 'the session belongs to the credential\'s account').toBe(credential.accountId);
  return { session, key };
}

/** A wallet account with a verified EMAIL_OTP session. */
export async function loggedInWallet() {
  const wallet = await walletAccount();
  const { session, key } = await otpLogin(wallet.emailOtp);
  return { ...wallet, session, key };
}

/**
 * A refusal the supplement does not place before or after the 202 (supplement 28.5: "whether the
 * credential-exists 400s come before or after the 202"): the first call's answer when it is not 202,
 * else the answer to the retry stamped by `key`.
 */
export async function refusalOnEitherLeg(method: 'POST' | 'PATCH' | 'DELETE', template: string, call: Call, key: SessionKey) {
  const first = await api.request(method, template, { params: call.params, body: call.body });
  if (first.status !== 202) return first;
  const request = expectStatus(first, 202, AUTH_CHALLENGES.has(`${method} ${template}`) ? AuthSignatureRequest : SignatureRequest, 'Description: the 202 of a signed retry (an AuthSignedRequestChallenge on the auth operations)');
  return signedRetryOf(method, template, call, stampHeaders(key, request));
}
