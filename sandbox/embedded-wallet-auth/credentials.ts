// Supplement 17: GET, POST /auth/credentials and DELETE /auth/credentials/{credentialId}. One EMAIL_OTP
// and one SMS_OTP per account, OAUTH by an OIDC token, PASSKEY by a verified attestation; each created or
// deleted behind the signed retry.
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse, type SandboxContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { webauthn } from '../webauthn.js';
import { oidcClaims } from './oidc.js';
import { AccountQuery, CreateCredentialBody, CredentialParams } from './schemas.js';
import { signedRetry } from './signed-retry.js';
import { compound, presentCredential, state, unindexNickname, walletHelpers } from './state.js';

/**
 * Verifies a passkey attestation with @simplewebauthn/server. The relying party of embedded-wallet passkeys
 * is stated nowhere: this sandbox takes the origin the client data names and requires the authenticator
 * data's RP ID hash to be that origin's host (sandbox/README.md).
 */
async function verifyAttestation(ctx: SandboxContext, challenge: string, a: { credentialId: string; clientDataJson: string; attestationObject: string; transports?: string[] }) {
  let origin: string;
  try {
    origin = String((JSON.parse(Buffer.from(a.clientDataJson, 'base64url').toString('utf8')) as { origin?: unknown }).origin);
    new URL(origin);
  } catch {
    throw badRequest('INVALID_INPUT', 'attestation.clientDataJson is not base64url JSON with an origin');
  }
  const response = { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, attestationObject: a.attestationObject, transports: a.transports ?? [] }, clientExtensionResults: {} };
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: ctx.faults.has('wallet-passkey-attestation-unverified') ? () => true : challenge,
      expectedOrigin: origin,
      expectedRPID: new URL(origin).hostname,
      // The alternate requires the authenticator's user verification (UV).
      requireUserVerification: ctx.choices.alternate('passkey-user-verification-required'),
    });
    if (!verified.verified || !verified.registrationInfo) throw new Error('not verified');
    const { credential } = verified.registrationInfo;
    if (credential.id !== a.credentialId) throw new Error('the attested credential id is not attestation.credentialId');
    return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter };
  } catch (err) {
    throw badRequest('INVALID_INPUT', `The passkey attestation does not verify: ${(err as Error).message}`);
  }
}

export async function walletCredentialRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = state(ctx);
  const { wallet, credential, sessionSigner, contact, credentialsOf, newCredential } = walletHelpers(ctx);
  /** `<accountId> <type>` of every OTP credential added (the fault wallet-otp-credential-once-ever reads it). */
  const otpEverAdded = new Set<string>();

  app.get('/auth/credentials', async (req) => {
    const { accountId } = parse(ctx.faults.has('wallet-list-account-optional') ? AccountQuery.extend({ accountId: z.string().default('') }) : AccountQuery, req.query);
    return { data: credentialsOf(accountId).map(presentCredential) };
  });

  app.post('/auth/credentials', async (req, reply) => {
    const body = parse(CreateCredentialBody, req.body);
    const w = wallet(body.accountId);
    if (body.type === 'OAUTH') {
      // The alternate reads the token at the signed retry, after the 202.
      const atRetry = ctx.choices.alternate('oauth-token-read-at-retry');
      const checked = atRetry ? undefined : oidcClaims(ctx, body.oidcToken);
      return signedRetry(ctx, req, reply, { activity: 'CREATE_OAUTH_PROVIDERS', credentialType: 'OAUTH', accountId: body.accountId, signer: sessionSigner(body.accountId) }, () => {
        const identity = checked ?? oidcClaims(ctx, body.oidcToken);
        const c = newCredential(body.accountId, 'OAUTH', identity.email ?? identity.sub);
        c.oauth = { iss: identity.iss, sub: identity.sub };
        return reply.status(201).send(presentCredential(c));
      });
    }
    if (body.type === 'PASSKEY') {
      // Interface: Errors / 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS (same WebAuthn credentialId already registered on the internal account).
      // The fault passkey-credential-id-global: a credentialId registered on any account is taken.
      const taken = ctx.faults.has('passkey-credential-id-global')
        ? [...st.passkeyByAccount.keys()].some((k) => (JSON.parse(k) as string[])[1] === body.attestation.credentialId)
        : st.passkeyByAccount.has(compound(body.accountId, body.attestation.credentialId));
      if (taken && !ctx.faults.has('wallet-passkey-duplicate-accepted')) {
        throw badRequest('PASSKEY_CREDENTIAL_ALREADY_EXISTS', `Passkey ${body.attestation.credentialId} is already registered on account ${body.accountId}`);
      }
      const challengeKey = `${body.accountId}|${body.challenge}`;
      if (st.usedChallenges.has(challengeKey)) throw badRequest('INVALID_INPUT', 'The passkey challenge was already used (single use)');
      const passkey = await verifyAttestation(ctx, body.challenge, body.attestation);
      return signedRetry(ctx, req, reply, { activity: 'CREATE_AUTHENTICATORS', credentialType: body.type, accountId: body.accountId, signer: sessionSigner(body.accountId) }, () => {
        st.usedChallenges.add(challengeKey);
        const c = newCredential(body.accountId, 'PASSKEY', body.nickname);
        c.passkey = passkey;
        st.passkeyByAccount.set(compound(c.accountId, passkey.credentialId), c);
        return reply.status(201).send(presentCredential(c));
      });
    }
    const nickname = contact(w.account.customerId!, body.type === 'EMAIL_OTP' ? 'email' : 'phoneNumber');
    if (!nickname) throw badRequest('INVALID_INPUT', `The customer of account ${body.accountId} has no ${body.type === 'EMAIL_OTP' ? 'email' : 'phoneNumber'} for a ${body.type} credential`);
    // One EMAIL_OTP and one SMS_OTP per account (interface: Errors / 400; supplement 17); refused before
    // the 202 (supplement 28.5 leaves the order open).
    // The fault wallet-otp-credential-once-ever: an account that ever had one is refused another.
    const refuseSecond = () => {
      const had = ctx.faults.has('wallet-otp-credential-once-ever') && otpEverAdded.has(`${body.accountId} ${body.type}`);
      if ((had || credentialsOf(body.accountId).some((c) => c.type === body.type)) && !ctx.faults.has('wallet-second-otp-credential-accepted')) {
        throw badRequest(`${body.type}_CREDENTIAL_ALREADY_EXISTS`, `Account ${body.accountId} already has a ${body.type} credential`);
      }
    };
    // The alternate refuses a second one at the signed retry, after the 202.
    const atRetry = ctx.choices.alternate('credential-exists-at-retry');
    if (!atRetry) refuseSecond();
    return signedRetry(ctx, req, reply, { activity: 'CREATE_AUTHENTICATORS', credentialType: body.type, accountId: body.accountId, signer: sessionSigner(body.accountId) }, () => {
      if (atRetry) refuseSecond();
      const c = newCredential(body.accountId, body.type, nickname);
      otpEverAdded.add(`${body.accountId} ${body.type}`);
      return reply.status(201).send(presentCredential(c));
    });
  });

  app.delete('/auth/credentials/:credentialId', async (req, reply) => {
    const c = credential(parse(CredentialParams, req.params).credentialId);
    // Supplement 17: 400 when it is the account's last credential.
    if ((st.credentialsByAccount.get(c.accountId)?.size ?? 0) <= 1 && !ctx.faults.has('wallet-last-credential-deletable')) {
      throw badRequest('INVALID_INPUT', `Credential ${c.id} is the last credential of account ${c.accountId}`);
    }
    // openapi.yaml, AuthSignedRequestChallenge.type: the type of the credential revoked (the fault: of the account's first credential).
    const named = ctx.faults.has('wallet-revoke-challenge-names-first') ? credentialsOf(c.accountId)[0]?.type ?? c.type : c.type;
    // Signer: a session of another credential of the account (supplement 17).
    return signedRetry(ctx, req, reply, { activity: 'DELETE_AUTHENTICATORS', credentialType: named, accountId: c.accountId, signer: sessionSigner(c.accountId, (s) => s.credential.id !== c.id || ctx.faults.has('wallet-credential-delete-own-session-signs')) }, () => {
      st.credentials.delete(c.id);
      st.credentialsByAccount.get(c.accountId)?.delete(c.id);
      unindexNickname(st, c);
      const passkeyKey = c.passkey ? compound(c.accountId, c.passkey.credentialId) : undefined;
      if (passkeyKey && st.passkeyByAccount.get(passkeyKey) === c) st.passkeyByAccount.delete(passkeyKey);
      st.credentialSetVersion.set(c.accountId, (st.credentialSetVersion.get(c.accountId) ?? 0) + 1);
      for (const s of st.sessionsByCredential.get(c.id) ?? []) s.revoked = true;
      return reply.status(204).send();
    });
  });
}
