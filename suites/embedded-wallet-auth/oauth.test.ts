// Interface: functional area "Embedded Wallet Auth" (OAuth credentials). The OAUTH body, the token rules
// (JWT-shaped, supported iss, non-empty aud/sub, numeric iat/exp, iat < 60 s, nonce = sha256(clientPublicKey)
// at verify) and 400 INVALID_INPUT for a bad OIDC token: basis: supplement (section 17).
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { CREDENTIAL_VERIFY, CREDENTIALS, loggedInWallet, refusalOnEitherLeg, signed, WALLET_ACCOUNT, needEmbeddedWallet, oauthIssuer } from '../../helpers/flows/wallet.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { InternalAccount } from '../../helpers/schemas/index.js';
import { AuthMethod, AuthSession } from '../../helpers/schemas/wallet.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

// Which issuers a target supports is not stated (interface note wallet-oauth-issuer).
const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A JWT-shaped OIDC token with a dummy signature (supplement 17: "dummy signature ok"). */
function oidcToken(claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: capabilities.walletOauthIssuer, aud: 'conformance-client', sub: claims.sub ?? randomUUID(), email: 'oauth@example.com', iat: now, exp: now + 600, ...claims })}.${Buffer.from('dummy').toString('base64url')}`;
}
const nonceOf = (key: SessionKey) => createHash('sha256').update(key.publicKeyHex).digest('hex');

describe('OAUTH credentials: POST /auth/credentials and /verify', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/credentials', section: 'Functional areas', basis: 'supplement' });

  it('registers an OAUTH credential from an OIDC token, and verifies it into a session whose key signs when the nonce is sha256(clientPublicKey)', async (ctx) => {
    needEmbeddedWallet(ctx);
    oauthIssuer(ctx);
    await basisSupplement('section 17: OAUTH oidcToken*; verify {type, oidcToken, clientPublicKey} 200 at once; nonce = sha256(clientPublicKey)');
    noteInterface('wallet-oauth-issuer', ['supplement 17: "OAuth: JWT-shaped, supported iss, ..." (which issuers, and the nonce\'s encoding, are not stated)'], `iss ${capabilities.walletOauthIssuer}; nonce = hex SHA-256 of the clientPublicKey hex string`);
    const { account, key } = await loggedInWallet();
    const sub = randomUUID();
    const created = expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'OAUTH', accountId: account.id, oidcToken: oidcToken({ sub }) } }, key), 201, AuthMethod);
    expect([created.type, created.nickname], 'supplement 17: an OAUTH nickname is the OIDC email').toEqual(['OAUTH', 'oauth@example.com']);

    const sessionKey = new SessionKey();
    const wrongNonce = await api.post(CREDENTIAL_VERIFY, { params: { credentialId: created.id }, body: { type: 'OAUTH', oidcToken: oidcToken({ sub, nonce: nonceOf(new SessionKey()) }), clientPublicKey: sessionKey.publicKeyHex } });
    expectError(wrongNonce, 400, 'INVALID_INPUT', 'supplement 17: verify needs nonce = sha256(clientPublicKey) (a bad OIDC token: 400 INVALID_INPUT)');
    const res = await api.post(CREDENTIAL_VERIFY, { params: { credentialId: created.id }, body: { type: 'OAUTH', oidcToken: oidcToken({ sub, nonce: nonceOf(sessionKey) }), clientPublicKey: sessionKey.publicKeyHex } });
    const session = expectStatus(res, 200, AuthSession, 'control: the token carrying the nonce of the session key');
    expect([session.type, session.accountId]).toEqual(['OAUTH', account.id]);
    expectStatus(await signed('PATCH', WALLET_ACCOUNT, { params: { internalAccountId: account.id }, body: { privateEnabled: true } }, sessionKey), 200, InternalAccount, 'the OAuth session\'s key signs');
  });

  it('answers 400 INVALID_INPUT to an OIDC token issued more than 60 s ago, by an unsupported issuer, or not JWT-shaped; a fresh one registers', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:400:INVALID_INPUT']);
    oauthIssuer(ctx);
    await basisSupplement('section 17: INVALID_INPUT (bad OIDC); supported iss, iat < 60 s, JWT-shaped');
    const { account, key } = await loggedInWallet();
    const body = (oidc: string) => ({ body: { type: 'OAUTH', accountId: account.id, oidcToken: oidc } });
    const stale = oidcToken({ iat: Math.floor(Date.now() / 1000) - 120 });
    expectError(await refusalOnEitherLeg('POST', CREDENTIALS, body(stale), key), 400, 'INVALID_INPUT', 'iat < 60 s');
    expectError(await refusalOnEitherLeg('POST', CREDENTIALS, body(oidcToken({ iss: 'https://issuer.invalid' })), key), 400, 'INVALID_INPUT', 'supported iss');
    expectError(await refusalOnEitherLeg('POST', CREDENTIALS, body('not-a-jwt'), key), 400, 'INVALID_INPUT', 'JWT-shaped');
    expectStatus(await signed('POST', CREDENTIALS, body(oidcToken()), key), 201, AuthMethod, 'control: a fresh token');
  });
});
