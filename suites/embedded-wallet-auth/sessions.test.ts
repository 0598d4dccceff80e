// Interface: Authentication 4 (WALLET_SIGNATURE_INVALID "fails verification against the registered
// credential", WALLET_SIGNATURE_BODY_MISMATCH). Sessions, their refresh and revocation, and which
// session signs what: basis: supplement (sections 10 and 17).
import { assert, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import {
  listSessions, loggedInWallet, otpLogin, privacyChange, SESSION, SESSION_REFRESH, signatureRequest, signed, signedRetryOf, stampHeaders, WALLET_ACCOUNT, needEmbeddedWallet,
} from '../../helpers/flows/wallet.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { InternalAccount } from '../../helpers/schemas/index.js';
import { AuthSession } from '../../helpers/schemas/wallet.js';
import { openCredentialBundle } from '../../helpers/wallets/hpke.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

describe('POST /auth/sessions/{sessionId}/refresh', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/sessions/{sessionId}/refresh', section: 'Authentication', basis: 'supplement' });

  it('answers 201 with a new session for the new key, signed by the current session; a retry for another key is a body mismatch; the new key signs', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_BODY_MISMATCH']);
    await basisSupplement('section 17: refresh {clientPublicKey*} same both legs, 202 -> (current session) 201 AuthSession; BODY_MISMATCH for the refresh key');
    const { account, session, key } = await loggedInWallet();
    const next = new SessionKey();
    const call = { params: { sessionId: session.id }, body: { clientPublicKey: next.publicKeyHex } };
    const request = await signatureRequest('POST', SESSION_REFRESH, call);
    const otherKey = { ...call, body: { clientPublicKey: new SessionKey().publicKeyHex } };
    expectError(await signedRetryOf('POST', SESSION_REFRESH, otherKey, stampHeaders(key, request)), 401, 'WALLET_SIGNATURE_BODY_MISMATCH');

    const refreshed = expectStatus(await signed('POST', SESSION_REFRESH, call, key), 201, AuthSession);
    expect(refreshed.id, 'a refresh makes a new session').not.toBe(session.id);
    expect(refreshed.accountId).toBe(account.id);
    const active = (await listSessions(account.id)).map((s) => s.id);
    expect(active, 'supplement 17: GET /auth/sessions lists active sessions: the new one').toContain(refreshed.id);
    noteInterface('wallet-refresh-old-session', [
      'supplement 17: "POST /auth/sessions/{id}/refresh {clientPublicKey*} same both legs; 202-> (current session) 201 AuthSession"',
      'openapi.yaml, POST /auth/sessions/{id}/refresh: "Refresh an active Embedded Wallet auth session and create a new session signing key" (whether the session refreshed stays active is not stated)',
    ], active.includes(session.id) ? 'the session refreshed stays active beside the new one' : 'the session refreshed is no longer active: the new one takes its place');
    expectStatus(await signed('PATCH', WALLET_ACCOUNT, privacyChange(account.id, true), next), 200, InternalAccount, 'the refreshed session\'s key signs');
  });
});

describe('POST /auth/sessions/{sessionId}/refresh (legacy uncompressed key)', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/sessions/{sessionId}/refresh', section: 'Authentication', basis: 'supplement' });

  it('returns the new session key sealed to an uncompressed clientPublicKey (base58check: 33-byte encapsulated key + AES-256-GCM), and that key signs', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: clientPublicKey uncompressed = legacy, key returned sealed (base58check: 33-byte encapsulated key + AES-256-GCM); encryptedSessionSigningKey?');
    const { account, session, key } = await loggedInWallet();
    const client = new SessionKey();
    const res = await signed('POST', SESSION_REFRESH, { params: { sessionId: session.id }, body: { clientPublicKey: client.uncompressedPublicKeyHex } }, key);
    const refreshed = expectStatus(res, 201, AuthSession.extend({ encryptedSessionSigningKey: z.string().min(1) }), 'a legacy refresh returns the session key sealed');
    let secret: Uint8Array;
    try {
      secret = openCredentialBundle(refreshed.encryptedSessionSigningKey, client.secretKey);
    } catch (err) {
      return assert.fail(`the client key does not open encryptedSessionSigningKey with the provider's library: ${(err as Error).message}`);
    }
    expect(secret.length, 'the sealed session key is a P-256 private key').toBe(32);
    expectStatus(await signed('PATCH', WALLET_ACCOUNT, privacyChange(account.id, true), new SessionKey(secret)), 200, InternalAccount, 'the unsealed key is the new session\'s key');
  });
});

describe('DELETE /auth/sessions/{sessionId}', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'DELETE /auth/sessions/{sessionId}', section: 'Authentication', basis: 'supplement' });

  it('revokes a session (signed by another session): it leaves the active list, its key no longer signs (401 WALLET_SIGNATURE_INVALID) while the other still does, and deleting it again is 404', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_INVALID']);
    await basisSupplement('section 17: DELETE /auth/sessions/{id} 202 -> (any verified session) 204; 404 inactive; sessions active only; stamps by a verified session key');
    const { account, emailOtp, session: doomed, key: doomedKey } = await loggedInWallet();
    const { session: keeper, key: keeperKey } = await otpLogin(emailOtp);
    expectStatus(await signed('PATCH', WALLET_ACCOUNT, privacyChange(account.id, true), doomedKey), 200, InternalAccount, 'control: the session signs before it is revoked');

    expectStatus(await signed('DELETE', SESSION, { params: { sessionId: doomed.id }, challengeType: doomed.type }, keeperKey), 204);

    const active = (await listSessions(account.id)).map((s) => s.id);
    expect(active, 'a revoked session is not listed as active').not.toContain(doomed.id);
    expect(active).toContain(keeper.id);
    const call = privacyChange(account.id, false);
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, call);
    expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, stampHeaders(doomedKey, request)), 401, 'WALLET_SIGNATURE_INVALID', 'a revoked session no longer signs');
    const patched = expectStatus(await signed('PATCH', WALLET_ACCOUNT, call, keeperKey), 200, InternalAccount.extend({ privateEnabled: z.boolean() }), 'control: the live session signs the same request');
    expect(patched.privateEnabled).toBe(false);
    expectError(await api.delete(SESSION, { params: { sessionId: doomed.id } }), 404, undefined, 'supplement 17: 404 inactive (safe to repeat)');
  });

  it('lets a session revoke itself', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: DELETE /auth/sessions/{id}: any verified session, self allowed');
    const { account, session, key } = await loggedInWallet();
    expectStatus(await signed('DELETE', SESSION, { params: { sessionId: session.id }, challengeType: session.type }, key), 204);
    expect((await listSessions(account.id)).map((s) => s.id)).not.toContain(session.id);
  });
});

