// Supplement 17: POST /auth/credentials/{credentialId}/challenge and /verify, the login of a credential:
// an OTP by its HPKE-sealed bundle (single use) and the signed retry, OAUTH by its OIDC token, PASSKEY by
// its WebAuthn assertion over the challenge.
import { createHash, randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { ApiError, badRequest } from '../http/errors.js';
import { webauthn } from '../webauthn.js';
import { newRecipient, openBundle } from './crypto.js';
import { oidcClaims } from './oidc.js';
import { ChallengeBody, CredentialParams, LegacyChallengeBody, OtpPlaintext, readSealedOtp, UNCOMPRESSED, VerifyOauthBody, VerifyOtpBody, VerifyPasskeyBody } from './schemas.js';
import { sealSessionKey, sessionKeyPair } from './sessions.js';
import { requestTtlMs, signedRetry } from './signed-retry.js';
import { addSession, presentCredential, presentSession, sessionTtlMs, state, WALLET_OTP, walletHelpers, type Credential, type Session } from './state.js';

export async function walletLoginRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = state(ctx);
  const { credential } = walletHelpers(ctx);

  app.post('/auth/credentials/:credentialId/challenge', async (req) => {
    const c = credential(parse(CredentialParams, req.params).credentialId);
    // The fault: a refused challenge (a new login of the credential) ends its account's sessions.
    if (ctx.faults.has('wallet-refused-challenge-ends-sessions') && !ChallengeBody.safeParse(req.body).success) {
      for (const x of st.sessions.values()) if (x.credential.accountId === c.accountId) x.revoked = true;
    }
    // The alternate also takes an uncompressed clientPublicKey (legacy): the session key is then returned sealed to it.
    const challengeBody = ctx.choices.alternate('passkey-login-legacy-key') ? LegacyChallengeBody : ChallengeBody;
    parse(challengeBody, req.body);
    if (c.type === 'PASSKEY') {
      // Supplement 17: PASSKEY: + credentialId*, challenge*, requestId*, expiresAt*; the challenge is the lowercase hex
      // SHA-256 of the session-creation body; clientPublicKey is the new session's key (required here: this sandbox's choice).
      const { clientPublicKey } = parse(challengeBody, req.body);
      if (!clientPublicKey) throw badRequest('INVALID_INPUT', 'A passkey login needs the clientPublicKey of the session it creates');
      const requestId = `Request:${randomUUID()}`;
      const expiresAtMs = ctx.clock.now() + requestTtlMs(ctx);
      const creation = JSON.stringify({ type: 'PASSKEY_LOGIN', authMethodId: c.id, clientPublicKey: clientPublicKey.toLowerCase(), requestId });
      const challenge = createHash('sha256').update(creation).digest('hex');
      st.passkeyLogins.set(requestId, { credential: c, challenge, clientPublicKey: clientPublicKey.toLowerCase(), expiresAtMs, used: false });
      return { ...presentCredential(c), credentialId: c.passkey!.credentialId, challenge, requestId, expiresAt: new Date(expiresAtMs).toISOString() };
    }
    if (c.type !== 'EMAIL_OTP' && c.type !== 'SMS_OTP') throw badRequest('INVALID_INPUT', `A ${c.type} credential has no challenge here`);
    // The alternate leaves the bundle's envelope unsigned (dataSignature and enclaveQuorumPublic empty).
    const recipient = await newRecipient({ signOtherData: ctx.faults.has('wallet-otp-bundle-signature-mismatch'), unsigned: ctx.choices.alternate('otp-target-bundle-unsigned') });
    c.bundles.push({ recipient, used: false });
    return { ...presentCredential(c), otpEncryptionTargetBundle: recipient.bundle };
  });

  /** Supplement 17: PASSKEY verify {type, assertion} + Request-Id answers 200 AuthSession at once. */
  const passkeyVerify = async (c: Credential, req: FastifyRequest) => {
    const body = parse(VerifyPasskeyBody, req.body);
    const requestId = req.headers['request-id'];
    if (typeof requestId !== 'string') throw new ApiError(401, 'REQUEST_ID_MISSING', 'A passkey verify carries the Request-Id of its challenge');
    const login = st.passkeyLogins.get(requestId);
    if (!login || login.credential.id !== c.id || login.used || ctx.clock.now() >= login.expiresAtMs) {
      throw new ApiError(401, 'WALLET_SIGNATURE_INVALID', `Request-Id ${requestId} is not a live passkey challenge of credential ${c.id}`);
    }
    const a = body.assertion;
    let origin: string;
    try {
      origin = String((JSON.parse(Buffer.from(a.clientDataJson, 'base64url').toString('utf8')) as { origin?: unknown }).origin);
      new URL(origin);
    } catch {
      throw badRequest('INVALID_INPUT', 'assertion.clientDataJson is not base64url JSON with an origin');
    }
    const response = { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature, ...(a.userHandle ? { userHandle: a.userHandle } : {}) }, clientExtensionResults: {} };
    const expected = Buffer.from(login.challenge, 'utf8').toString('base64url');
    let newCounter: number;
    const { verifyAuthenticationResponse } = await webauthn();
    try {
      if (a.credentialId !== c.passkey!.credentialId) throw new Error('another credential id');
      const result = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: ctx.faults.has('wallet-passkey-assertion-unverified') ? () => true : expected,
        expectedOrigin: origin,
        expectedRPID: new URL(origin).hostname,
        credential: { id: c.passkey!.credentialId, publicKey: c.passkey!.publicKey as Uint8Array<ArrayBuffer>, counter: c.passkey!.counter },
        // The alternate requires the authenticator's user verification (UV), as at registration.
        requireUserVerification: ctx.choices.alternate('passkey-user-verification-required'),
      });
      if (!result.verified) throw new Error('not verified');
      newCounter = result.authenticationInfo.newCounter;
    } catch (err) {
      // The alternate: a failed attempt uses the challenge up.
      if (ctx.choices.alternate('passkey-failed-attempt-ends-challenge')) login.used = true;
      throw new ApiError(401, 'WALLET_SIGNATURE_INVALID', `The passkey assertion does not verify: ${(err as Error).message}`);
    }
    login.used = true;
    c.passkey!.counter = newCounter;
    const now = ctx.clock.now();
    // A legacy (uncompressed) clientPublicKey: the sandbox makes the session key and returns it sealed, as a legacy refresh does.
    const generated = UNCOMPRESSED.test(login.clientPublicKey) ? sessionKeyPair() : undefined;
    const session: Session = { id: `Session:${randomUUID()}`, credential: c, publicKey: generated?.publicKey ?? login.clientPublicKey, createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
    addSession(st, session);
    return { ...presentSession(ctx, session), ...(generated ? { encryptedSessionSigningKey: await sealSessionKey(login.clientPublicKey, generated.privateKey) } : {}) };
  };

  // Fault wallet-refused-verify-ends-sessions: a verify refused for its input ends the account's sessions.
  const refusedVerifyEndsSessions = async (req: FastifyRequest, _reply: FastifyReply, err: Error) => {
    if (!ctx.faults.has('wallet-refused-verify-ends-sessions') || !(err instanceof ApiError) || err.status !== 400) return;
    const id = (req.params as { credentialId?: string }).credentialId;
    const accountId = id ? st.credentials.get(id)?.accountId : undefined;
    for (const s of st.sessions.values()) if (s.credential.accountId === accountId) s.revoked = true;
  };

  app.post('/auth/credentials/:credentialId/verify', { onError: refusedVerifyEndsSessions }, async (req, reply) => {
    const c = credential(parse(CredentialParams, req.params).credentialId);
    if (c.type === 'PASSKEY') return passkeyVerify(c, req);
    if (c.type === 'OAUTH') {
      // Supplement 17: OAUTH verify {type, oidcToken, clientPublicKey} answers 200 AuthSession at once.
      const body = parse(ctx.faults.has('wallet-oauth-verify-key-unchecked') ? VerifyOauthBody.extend({ clientPublicKey: z.string() }) : VerifyOauthBody, req.body);
      const identity = oidcClaims(ctx, body.oidcToken, body.clientPublicKey);
      if (identity.iss !== c.oauth!.iss || identity.sub !== c.oauth!.sub) throw badRequest('INVALID_INPUT', `The OIDC token is not the identity of credential ${c.id}`);
      const now = ctx.clock.now();
      const session: Session = { id: `Session:${randomUUID()}`, credential: c, publicKey: body.clientPublicKey.toLowerCase(), createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
      addSession(st, session);
      return presentSession(ctx, session);
    }
    const body = parse(VerifyOtpBody, req.body);
    if (body.type !== c.type) throw badRequest('INVALID_INPUT', `Credential ${c.id} is ${c.type}, not ${body.type}`);
    // The bundle opens only with the key of the credential's newest challenge, once (supplement 17: "bundle single use").
    const usable = ctx.faults.has('wallet-otp-stale-bundle-accepted') ? c.bundles.filter((b) => !b.used) : c.bundles.slice(-1).filter((b) => !b.used);
    let opened: { bundle: (typeof c.bundles)[number]; plaintext: Buffer } | undefined;
    const sealed = readSealedOtp(body.encryptedOtpBundle)!;
    for (const bundle of usable) {
      const plaintext = await openBundle(bundle.recipient, sealed.encappedPublic, sealed.ciphertext);
      if (plaintext) opened = { bundle, plaintext };
    }
    // Fault: a bundle that opens with none of the credential's keys is taken as if it carried the right code.
    const foreign = !opened && ctx.faults.has('wallet-otp-foreign-bundle-accepted') && usable.length > 0;
    if (foreign) opened = { bundle: usable[usable.length - 1], plaintext: Buffer.from(JSON.stringify({ otp_code: WALLET_OTP, public_key: '02'.padEnd(66, '0') })) };
    if (!opened) throw badRequest('INVALID_INPUT', 'encryptedOtpBundle does not open with the key of this credential\'s current otpEncryptionTargetBundle');
    let inner: z.infer<typeof OtpPlaintext>;
    try {
      inner = parse(OtpPlaintext, JSON.parse(opened.plaintext.toString('utf8')), 'encryptedOtpBundle');
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw badRequest('INVALID_INPUT', 'The opened bundle is not the JSON {otp_code, public_key}');
    }
    if (inner.otp_code !== WALLET_OTP) throw badRequest('INVALID_INPUT', 'The one-time code does not match');
    let sessionKey = inner.public_key.toLowerCase();
    const bundle = opened.bundle;
    // Supplement 17: OTP verify is signed by the key the client put in the bundle (the TEK), over a compact token naming it.
    const payload = (requestId: string, expiresAtMs: number) => {
      const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: c.id, account_id: c.accountId, public_key: sessionKey, request_id: requestId, exp: Math.floor(expiresAtMs / 1000) })}.`;
    };
    return signedRetry(ctx, req, reply, { activity: 'OTP_LOGIN', credentialType: c.type, accountId: c.accountId, signer: (key) => (foreign ? ((sessionKey = key), true) : key === sessionKey), payload }, () => {
      bundle.used = true;
      const now = ctx.clock.now();
      const session: Session = { id: `Session:${randomUUID()}`, credential: c, publicKey: sessionKey, createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
      addSession(st, session);
      return presentSession(ctx, session);
    });
  });
}
