// Interface: functional area "Embedded Wallet Auth" (passkey credentials); Errors / 400
// (PASSKEY_CREDENTIAL_ALREADY_EXISTS "same WebAuthn credentialId already registered on the internal
// account"). The PASSKEY body (nickname, challenge single use, attestation) and "many passkeys" per
// account: basis: supplement (section 17). Attestations come from the suite's own software authenticator.
import { randomBytes } from 'node:crypto';
import { describe, expect, it, type TestContext } from 'vitest';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import { CREDENTIALS, listCredentials, loggedInWallet, refusalOnEitherLeg, signed } from '../../helpers/flows/wallet.js';
import { capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AuthMethod } from '../../helpers/schemas/wallet.js';
import { SoftwareAuthenticator } from '../../helpers/sca/webauthn.js';

const needWallet = (ctx: TestContext, ids: string[] = []) =>
  requireCapability(ctx, capabilities.embeddedWalletTrigger, 'the target declares no way to create an embedded wallet account (SVC_EMBEDDED_WALLET_TRIGGER)', ids);
// The relying party of embedded-wallet passkeys is stated nowhere (interface note wallet-passkey-relying-party).
const RP_ID = 'wallet.conformance.example';
const ORIGIN = `https://${RP_ID}`;
const newChallenge = () => randomBytes(32).toString('base64url');

function passkeyBody(accountId: string, authenticator: SoftwareAuthenticator, challenge = newChallenge(), signedChallenge = challenge) {
  const credential = authenticator.register({ challenge: signedChallenge }, ORIGIN, RP_ID);
  return {
    type: 'PASSKEY',
    accountId,
    nickname: 'conformance passkey',
    challenge,
    attestation: { credentialId: credential.id, clientDataJson: credential.response.clientDataJSON, attestationObject: credential.response.attestationObject, transports: credential.response.transports },
  };
}

describe('POST /auth/credentials (PASSKEY)', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/credentials', section: 'Errors', basis: 'supplement' });

  it('registers passkeys signed by a verified session (many per account), and answers 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS to the same credential id again', async (ctx) => {
    needWallet(ctx, ['error:400:PASSKEY_CREDENTIAL_ALREADY_EXISTS']);
    await basisSupplement('section 17: PASSKEY {nickname, challenge, attestation} 202 -> 201 AuthMethod; many passkeys per account');
    const { account, key } = await loggedInWallet();
    const first = new SoftwareAuthenticator();
    const created = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, first) }, key), 201, AuthMethod, 'a new passkey');
    expect([created.type, created.nickname]).toEqual(['PASSKEY', 'conformance passkey']);
    noteInterface('wallet-passkey-relying-party', ['supplement 17: PASSKEY attestation*{credentialId*, clientDataJson*, attestationObject*, transports?} (the relying party and origin are not stated)'], `a passkey of relying party ${RP_ID} at ${ORIGIN} was accepted`);
    const second = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, new SoftwareAuthenticator()) }, key), 201, AuthMethod, 'supplement 17: many passkeys per account');
    expect(second.id).not.toBe(created.id);

    const again = await refusalOnEitherLeg('POST', CREDENTIALS, { body: passkeyBody(account.id, first) }, key);
    expectError(again, 400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS', 'Errors / 400: same WebAuthn credentialId already registered on the internal account');
    expect((await listCredentials(account.id)).filter((c) => c.type === 'PASSKEY'), 'the refusal added nothing').toHaveLength(2);
  });

  it('refuses an attestation made over another challenge than the body names, and a challenge used twice; the right one registers', async (ctx) => {
    needWallet(ctx);
    await basisSupplement('section 17: challenge* (base64url, single use); passkeys validated for real');
    const { account, key } = await loggedInWallet();
    const note = { id: 'wallet-passkey-attestation-refusal', sentences: ['supplement 17: POST /auth/credentials errors 400 ... INVALID_INPUT (bad OIDC); 401; 404 (the code of a bad attestation is not stated)'] };
    const wrong = await refusalOnEitherLeg('POST', CREDENTIALS, { body: passkeyBody(account.id, new SoftwareAuthenticator(), newChallenge(), newChallenge()) }, key);
    expectRefusal(wrong, 'an attestation over another challenge', note);

    const challenge = newChallenge();
    expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, new SoftwareAuthenticator(), challenge) }, key), 201, AuthMethod, 'control: the attestation over the body\'s challenge');
    const reused = await refusalOnEitherLeg('POST', CREDENTIALS, { body: passkeyBody(account.id, new SoftwareAuthenticator(), challenge) }, key);
    expectRefusal(reused, 'a passkey challenge used a second time', note);
  });
});
