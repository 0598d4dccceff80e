// Interface: functional area "Embedded Wallet Auth" (passkey credentials); Errors / 400
// (PASSKEY_CREDENTIAL_ALREADY_EXISTS "same WebAuthn credentialId already registered on the internal
// account"). The PASSKEY body (nickname, challenge single use, attestation) and "many passkeys" per
// account: basis: supplement (section 17). Attestations come from the suite's own software authenticator.
import { randomBytes } from 'node:crypto';
import { assert, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import { CREDENTIAL_CHALLENGE, CREDENTIAL_VERIFY, CREDENTIALS, listCredentials, listSessions, loggedInWallet, newPasskeyChallenge, passkeyBody, refusalOnEitherLeg, signed, WALLET_ACCOUNT, needEmbeddedWallet, passkeyParty } from '../../helpers/flows/wallet.js';
import { api, capabilities } from '../../helpers/harness.js';
import { InternalAccount } from '../../helpers/schemas/index.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';
import { basisSupplement, judgedPartly, scenario } from '../../helpers/scenario.js';
import { openCredentialBundle } from '../../helpers/wallets/hpke.js';
import { AuthMethod, AuthSession, PasskeyChallenge } from '../../helpers/schemas/wallet.js';
import { SoftwareAuthenticator } from '../../helpers/authenticators/webauthn.js';

// The relying party of embedded-wallet passkeys is stated nowhere (interface note wallet-passkey-relying-party).
const newChallenge = newPasskeyChallenge;

/** The relying party the target declares for wallet passkeys (passkeyParty skips a scenario without it). */
const party = () => ({ origin: capabilities.walletPasskeyOrigin!, rpId: new URL(capabilities.walletPasskeyOrigin!).hostname });

describe('POST /auth/credentials (PASSKEY)', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/credentials', section: 'Errors', basis: 'supplement' });

  it('registers passkeys signed by a verified session (many per account), and answers 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS to the same credential id again', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:400:PASSKEY_CREDENTIAL_ALREADY_EXISTS']);
    passkeyParty(ctx);
    await basisSupplement('section 17: PASSKEY {nickname, challenge, attestation} 202 -> 201 AuthMethod; many passkeys per account');
    const { account, key } = await loggedInWallet();
    const first = new SoftwareAuthenticator();
    const created = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, { authenticator: first }) }, key), 201, AuthMethod, 'a new passkey');
    expect([created.type, created.nickname]).toEqual(['PASSKEY', 'conformance passkey']);
    noteInterface('wallet-passkey-relying-party', ['supplement 17: PASSKEY attestation*{credentialId*, clientDataJson*, attestationObject*, transports?} (the relying party and origin are not stated)'], `a passkey of relying party ${party().rpId} at ${party().origin} (the target's declared origin) was accepted`);
    const second = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id) }, key), 201, AuthMethod, 'supplement 17: many passkeys per account');
    expect(second.id).not.toBe(created.id);

    const again = await refusalOnEitherLeg('POST', CREDENTIALS, { body: passkeyBody(account.id, { authenticator: first }) }, key);
    expectError(again, 400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS', 'Errors / 400: same WebAuthn credentialId already registered on the internal account');
    expect((await listCredentials(account.id)).filter((c) => c.type === 'PASSKEY'), 'the refusal added nothing').toHaveLength(2);

    // The code is for a credentialId registered "on the internal account": another account's wallet
    // registering the same authenticator is not that case (whether it is taken is noted).
    const other = await loggedInWallet();
    const elsewhere = await refusalOnEitherLeg('POST', CREDENTIALS, { body: passkeyBody(other.account.id, { authenticator: first }) }, other.key);
    noteInterface('wallet-passkey-other-account', ['Errors / 400: PASSKEY_CREDENTIAL_ALREADY_EXISTS (same WebAuthn credentialId already registered on the internal account)'], `the same credentialId on another account answered ${elsewhere.status}`);
    if (elsewhere.status !== 201) {
      expect(elsewhere.status, 'an answer other than 201 is a refusal: a client error, never a 5xx').toBeLessThan(500);
      expect((elsewhere.body as { code?: string } | undefined)?.code, 'Errors / 400: PASSKEY_CREDENTIAL_ALREADY_EXISTS is for the same internal account, not another one').not.toBe('PASSKEY_CREDENTIAL_ALREADY_EXISTS');
    }
  });

  it('refuses an attestation made over another challenge than the body names, and a challenge used twice; the right one registers', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    await basisSupplement('section 17: challenge* (base64url, single use); passkeys validated for real');
    const { account, key } = await loggedInWallet();
    const note = { id: 'wallet-passkey-attestation-refusal', sentences: ['supplement 17: POST /auth/credentials errors 400 ... INVALID_INPUT (bad OIDC); 401; 404 (the code of a bad attestation is not stated)'] };
    const wrong = await refusalOnEitherLeg('POST', CREDENTIALS, { body: passkeyBody(account.id, { challenge: newChallenge(), signedChallenge: newChallenge() }) }, key);
    expectRefusal(wrong, 'an attestation over another challenge', note, { statuses: [401, 404], sentence: 'supplement 17: POST /auth/credentials errors 400; 401; 404' });

    const challenge = newChallenge();
    expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, { challenge }) }, key), 201, AuthMethod, 'control: the attestation over the body\'s challenge');
    const reused = await refusalOnEitherLeg('POST', CREDENTIALS, { body: passkeyBody(account.id, { challenge }) }, key);
    expectRefusal(reused, 'a passkey challenge used a second time', note, { statuses: [401, 404], sentence: 'supplement 17: POST /auth/credentials errors 400; 401; 404' });
  });
});

describe('POST /auth/credentials/{credentialId}/challenge and /verify (PASSKEY)', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/credentials/{credentialId}/verify', section: 'Functional areas', basis: 'supplement' });

  it('gives a new passkey its first session: the challenge\'s hex digest signed by the authenticator, verify with Request-Id, 200 AuthSession whose key signs; an assertion over another challenge is refused', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    await basisSupplement('section 17: a new passkey\'s first session comes from challenge + verify; PASSKEY challenge = lowercase hex SHA-256, pass its UTF-8 bytes to WebAuthn; verify {type, assertion} + Request-Id -> 200');
    const { account, key } = await loggedInWallet();
    const authenticator = new SoftwareAuthenticator();
    const passkey = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, { authenticator: authenticator }) }, key), 201, AuthMethod);
    const sessionKey = new SessionKey();
    const challenge = expectStatus(await api.post(CREDENTIAL_CHALLENGE, { params: { credentialId: passkey.id }, body: { clientPublicKey: sessionKey.publicKeyHex } }), 200, PasskeyChallenge);
    expect(challenge.credentialId, 'the challenge names the WebAuthn credential id').toBe(authenticator.credentialIdB64url);
    expect(challenge.challenge, 'supplement 17: the PASSKEY challenge is the lowercase hex SHA-256 of the session-creation body').toMatch(/^[0-9a-f]{64}$/);
    const verify = (webauthnChallenge: string, requestId = challenge.requestId) => {
      const assertion = authenticator.authenticate({ challenge: webauthnChallenge }, party().origin, party().rpId);
      const body = { type: 'PASSKEY', assertion: { credentialId: assertion.id, clientDataJson: assertion.response.clientDataJSON, authenticatorData: assertion.response.authenticatorData, signature: assertion.response.signature } };
      return api.post(CREDENTIAL_VERIFY, { params: { credentialId: passkey.id }, body, headers: { 'Request-Id': requestId } });
    };
    const over = (c: { challenge: string }) => Buffer.from(c.challenge, 'utf8').toString('base64url');

    const wrong = await verify(Buffer.from(randomBytes(32).toString('hex'), 'utf8').toString('base64url'));
    expectRefusal(wrong, 'an assertion over another challenge', { id: 'wallet-passkey-assertion-refusal', sentences: ['supplement 17: verify errors 400; 401; 404; 429 (the code of a failed assertion is not stated)'] }, { statuses: [401, 404], sentence: 'supplement 17: POST /auth/credentials/{id}/verify errors 400; 401; 404; 429' });
    // Whether a failed attempt leaves the challenge open is not stated: the same challenge, else a new one.
    let res = await verify(over(challenge));
    noteInterface('wallet-passkey-failed-attempt', [
      'supplement 17: POST /auth/credentials/{id}/challenge PASSKEY: + credentialId*, challenge*, requestId*, expiresAt*; verify {type, assertion*} + Request-Id, 200 at once (whether a failed verify ends the challenge is not stated)',
    ], res.status === 200 ? 'a failed assertion leaves the challenge open: the right one then logs in' : `after a failed assertion the challenge answers ${res.status} to the right one; a new challenge logs in`);
    if (res.status !== 200) {
      const renewed = expectStatus(await api.post(CREDENTIAL_CHALLENGE, { params: { credentialId: passkey.id }, body: { clientPublicKey: sessionKey.publicKeyHex } }), 200, PasskeyChallenge, 'a new PASSKEY challenge');
      res = await verify(over(renewed), renewed.requestId);
    }
    const session = expectStatus(res, 200, AuthSession, 'the assertion over the challenge\'s UTF-8 bytes');
    expect([session.type, session.accountId]).toEqual(['PASSKEY', account.id]);
    expect((await listSessions(account.id)).map((s) => s.id)).toContain(session.id);
    expectStatus(await signed('PATCH', WALLET_ACCOUNT, { params: { internalAccountId: account.id }, body: { privateEnabled: true } }, sessionKey), 200, InternalAccount, 'the passkey session\'s key signs');
  });

  it('logs a passkey in with an uncompressed (legacy) clientPublicKey where the target takes one: the session signing key comes back sealed to it (encryptedSessionSigningKey) and signs', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    await basisSupplement('section 17: clientPublicKey uncompressed = legacy, key returned sealed (base58check: 33-byte encapsulated key + AES-256-GCM); openapi.yaml, AuthCredentialChallengeRequest.clientPublicKey');
    const { account, key } = await loggedInWallet();
    const authenticator = new SoftwareAuthenticator();
    const passkey = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, { authenticator: authenticator }) }, key), 201, AuthMethod);
    const client = new SessionKey();
    const res = await api.post(CREDENTIAL_CHALLENGE, { params: { credentialId: passkey.id }, body: { clientPublicKey: client.uncompressedPublicKeyHex } });
    noteInterface('wallet-passkey-legacy-key', [
      'openapi.yaml, AuthCredentialChallengeRequest.clientPublicKey: "Send an uncompressed SEC1 key ... for the deprecated legacy flow, where Svc seals the session signing key to it instead"',
      'supplement 17: "clientPublicKey ... compressed = client keeps the session key (recommended); uncompressed = legacy, key returned sealed" (whether a target still serves the deprecated flow is not stated)',
    ], res.status === 200 ? 'a passkey challenge takes an uncompressed clientPublicKey (legacy)' : `a passkey challenge with an uncompressed clientPublicKey answers ${res.status}`);
    if (res.status !== 200) {
      expectError(res, 400, undefined, 'a target that does not serve the deprecated legacy flow refuses the key as input');
      judgedPartly('the target refuses the legacy uncompressed key at the passkey challenge (the deprecated flow), so the sealed session key was not judged');
      return;
    }
    const challenge = expectStatus(res, 200, PasskeyChallenge, 'supplement 17: a PASSKEY challenge');
    const assertion = authenticator.authenticate({ challenge: Buffer.from(challenge.challenge, 'utf8').toString('base64url') }, party().origin, party().rpId);
    const body = { type: 'PASSKEY', assertion: { credentialId: assertion.id, clientDataJson: assertion.response.clientDataJSON, authenticatorData: assertion.response.authenticatorData, signature: assertion.response.signature } };
    const verified = await api.post(CREDENTIAL_VERIFY, { params: { credentialId: passkey.id }, body, headers: { 'Request-Id': challenge.requestId } });
    const session = expectStatus(verified, 200, AuthSession.extend({ encryptedSessionSigningKey: z.string().min(1) }), 'openapi.yaml, AuthSession.encryptedSessionSigningKey: present for the legacy flow, selected by an uncompressed clientPublicKey');
    let secret: Uint8Array;
    try {
      secret = openCredentialBundle(session.encryptedSessionSigningKey, client.secretKey);
    } catch (err) {
      return assert.fail(`the client key does not open encryptedSessionSigningKey with the provider's library: ${(err as Error).message}`);
    }
    expect(secret.length, 'the sealed session key is a P-256 private key').toBe(32);
    expectStatus(await signed('PATCH', WALLET_ACCOUNT, { params: { internalAccountId: account.id }, body: { privateEnabled: true } }, new SessionKey(secret)), 200, InternalAccount, 'the unsealed key is the new session\'s key');
  });
});
