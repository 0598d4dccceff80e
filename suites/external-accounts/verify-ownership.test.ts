// Interface: "Verify ownership with a wallet signature" (rules 1-4, the responses table);
// "States and transitions / External account status"; Ownership challenge; OwnershipVerifyRequest;
// Events (EXTERNAL_ACCOUNT.STATUS_UPDATED covers the whole ownership verification lifecycle).
// Creating accounts and starting challenges: basis: supplement (section 7).
import { randomUUID } from 'node:crypto';
import { describe, expect, it, type TestContext } from 'vitest';
import { msUntil, untilPast } from '../../helpers/deadline.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectRefusedTransition, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { createPendingOwnershipWallet, getPlatformAccount, startLivenessChallenge, startWalletChallenge, verify, VERIFY } from '../../helpers/flows/external-accounts.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';
import { ids } from '../../helpers/spec/catalog.js';
import { wallets, type TestWallet } from '../../helpers/wallets/index.js';

const PENDING = 'PENDING_OWNERSHIP_VERIFICATION';
const pendingWallet = async (ctx: TestContext, wallet: TestWallet, covers: string[] = []) => {
  requireCapability(ctx, capabilities.counterpartyRules, 'the platform is not subject to counterparty rules, so self-custody wallets need no ownership verification (SVC_COUNTERPARTY_RULES=0)', covers);
  return createPendingOwnershipWallet(wallet);
};
const statusIs = (status: string) => ({ type: 'EXTERNAL_ACCOUNT.STATUS_UPDATED', where: (d: Record<string, any>) => d.status === status, what: `status ${status}` });

const CHAINS: [string, () => TestWallet][] = [
  ['ETHEREUM_WALLET (EIP-191)', () => wallets.evm('ETHEREUM_WALLET')],
  ['BASE_WALLET (EIP-191)', () => wallets.evm('BASE_WALLET')],
  ['POLYGON_WALLET (EIP-191)', () => wallets.evm('POLYGON_WALLET')],
  ['PLASMA_WALLET (EIP-191)', () => wallets.evm('PLASMA_WALLET')],
  ['SOLANA_WALLET (Ed25519, base58)', () => wallets.solana()],
];

describe(`POST ${VERIFY}`, () => {
  scenario({ area: 'External Accounts', operation: `POST ${VERIFY}`, section: 'Verify ownership with a wallet signature' });

  it.for(CHAINS)('moves %s from PENDING_OWNERSHIP_VERIFICATION to ACTIVE on a valid signature before expiresAt, with EXTERNAL_ACCOUNT.STATUS_UPDATED', async ([, make], ctx) => {
    const wallet = make();
    const account = await pendingWallet(ctx, wallet, [ids.transition('external-account', PENDING, 'ACTIVE')]);
    const challenge = await startWalletChallenge(account.id);
    const since = await listener.mark();

    const res = await verify(account.id, { signature: await wallet.sign(challenge.messageToSign) });

    const verified = expectStatus(res, 200, ExternalAccount, 'Verify responses: 200 carries the ExternalAccount; status is ACTIVE');
    expect(verified.id).toBe(account.id);
    expectTransition('external-account', account.status, verified.status, PENDING, 'ACTIVE');
    await expectEvents(account.id, [statusIs('ACTIVE')], { since });
    expect((await getPlatformAccount(account.id)).status, 'polling the account shows ACTIVE').toBe('ACTIVE');
  });

  it('answers 400 to a signature by another key, moves the account to UNVERIFIED, and needs a new challenge to retry', async (ctx) => {
    const wallet = wallets.evm();
    const account = await pendingWallet(ctx, wallet, [ids.transition('external-account', PENDING, 'UNVERIFIED')]);
    const challenge = await startWalletChallenge(account.id);
    const since = await listener.mark();

    const res = await verify(account.id, { signature: await wallets.evm().sign(challenge.messageToSign) });

    expectError(res, 400, undefined, 'Verify responses: 400 for an invalid signature; account moves to UNVERIFIED');
    const after = await getPlatformAccount(account.id);
    expectTransition('external-account', account.status, after.status, PENDING, 'UNVERIFIED');
    await expectEvents(account.id, [statusIs('UNVERIFIED')], { since });

    // "a new challenge must be started to retry": the used challenge is no longer outstanding.
    const retry = await verify(account.id, { signature: await wallet.sign(challenge.messageToSign) });
    expectError(retry, 409, undefined, 'Verify 400 row: a new challenge must be started to retry; 409 when no WALLET_SIGNATURE challenge is outstanding');
    // "When verify is called and no WALLET_SIGNATURE challenge is outstanding, the state does not change and 409 is returned."
    expectRefusedTransition('external-account', 'UNVERIFIED', 'ACTIVE', (await getPlatformAccount(account.id)).status);

    const fresh = await startWalletChallenge(account.id);
    const before = (await getPlatformAccount(account.id)).status;
    // The interface leaves the state after a new challenge unshown; the supplement (section 7) states
    // "New challenge: abandons any in-flight one; UNVERIFIED -> PENDING_OWNERSHIP_VERIFICATION".
    expect(before, 'basis: supplement (section 7): a new challenge moves UNVERIFIED back to PENDING_OWNERSHIP_VERIFICATION').toBe(PENDING);
    noteInterface('external-account:state-after-new-challenge', [
      'Transitions out of PENDING, UNDER_REVIEW and INACTIVE, and the state after a new challenge starts: not shown.',
      'supplement 7: New challenge: abandons any in-flight one; UNVERIFIED → PENDING_OWNERSHIP_VERIFICATION',
    ], `after a new challenge the account was ${before}`);
    const ok = await verify(account.id, { signature: await wallet.sign(fresh.messageToSign) });
    const active = expectStatus(ok, 200, ExternalAccount, 'States: any state with an outstanding WALLET_SIGNATURE challenge -> ACTIVE on a valid signature');
    expectTransition('external-account', before, active.status, PENDING, 'ACTIVE');
  });

  it('answers 400 to a signature over a message that differs from messageToSign by one character', async (ctx) => {
    const wallet = wallets.evm();
    const account = await pendingWallet(ctx, wallet);
    const challenge = await startWalletChallenge(account.id);
    const altered = challenge.messageToSign.slice(0, -1) + (challenge.messageToSign.endsWith('0') ? '1' : '0');

    const res = await verify(account.id, { signature: await wallet.sign(altered) });

    expectError(res, 400, undefined, 'Verify rule 1: the message must be signed exactly as the challenge returned it');
    expectTransition('external-account', account.status, (await getPlatformAccount(account.id)).status, PENDING, 'UNVERIFIED');
  });

  it('answers 400 to a valid signature submitted after expiresAt, moving the account to UNVERIFIED', async (ctx) => {
    const wallet = wallets.solana();
    const account = await pendingWallet(ctx, wallet, [ids.transition('external-account', PENDING, 'UNVERIFIED')]);
    const challenge = await startWalletChallenge(account.id);
    const wait = msUntil(challenge.expiresAt);
    requireCapability(ctx, wait <= capabilities.waitBudgetMs, `the challenge expires in ${Math.round(wait / 1000)} s, beyond the run's wait budget of ${capabilities.waitBudgetMs / 1000} s (SVC_WAIT_BUDGET_MS)`);
    const signature = await wallet.sign(challenge.messageToSign);
    await untilPast(challenge.expiresAt);
    const since = await listener.mark();

    const res = await verify(account.id, { signature });

    expectError(res, 400, undefined, 'Verify rule 2: the signature must be submitted before expiresAt; 400 for an expired signature');
    expectTransition('external-account', account.status, (await getPlatformAccount(account.id)).status, PENDING, 'UNVERIFIED');
    await expectEvents(account.id, [statusIs('UNVERIFIED')], { since });
  });

  it('answers 409 and leaves the state unchanged when no WALLET_SIGNATURE challenge is outstanding', async (ctx) => {
    const wallet = wallets.evm();
    const account = await pendingWallet(ctx, wallet);

    const res = await verify(account.id, { signature: await wallet.sign('I verify that I control this wallet.') });

    expectError(res, 409, undefined, 'Verify responses: 409 when no WALLET_SIGNATURE challenge is outstanding');
    expect((await getPlatformAccount(account.id)).status, 'States: when no challenge is outstanding the state does not change').toBe(PENDING);
  });

  it('answers 409 once the challenge was used: a verified account has no outstanding challenge', async (ctx) => {
    const wallet = wallets.evm();
    const account = await pendingWallet(ctx, wallet);
    const challenge = await startWalletChallenge(account.id);
    const signature = await wallet.sign(challenge.messageToSign);
    expectStatus(await verify(account.id, { signature }), 200, ExternalAccount);

    const again = await verify(account.id, { signature });

    expectError(again, 409, undefined, 'Verify responses: 409 when no WALLET_SIGNATURE challenge is outstanding');
    expect((await getPlatformAccount(account.id)).status).toBe('ACTIVE');

    // basis: supplement (section 7, Eligible): a challenge on an account already verified answers 409.
    const challengeAgain = await api.post('/platform/external-accounts/{externalAccountId}/challenge', { params: { externalAccountId: account.id }, body: { method: 'WALLET_SIGNATURE' } });
    expectError(challengeAgain, 409, undefined, 'supplement 7: challenge -> 409 for an account already verified');
    expectRefusedTransition('external-account', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', (await getPlatformAccount(account.id)).status);
  });

  it('answers 409 while only a LIVENESS challenge is outstanding (LIVENESS challenges never use this endpoint)', async (ctx) => {
    const wallet = wallets.evm();
    const account = await pendingWallet(ctx, wallet);
    await startLivenessChallenge(account.id);

    const res = await verify(account.id, { signature: await wallet.sign('anything') });

    expectError(res, 409, undefined, 'Verify rule 3: LIVENESS challenges never use this endpoint');
    expect((await getPlatformAccount(account.id)).status).toBe(PENDING);
  });

  it('answers 404 for an unknown external account', async () => {
    const res = await verify(`ExternalAccount:${randomUUID()}`, { signature: '0x00' });
    expectError(res, 404, undefined, 'Verify responses: 404 when the external account is not found');
  });

  it('answers 400 when the required signature is missing', async (ctx) => {
    const account = await pendingWallet(ctx, wallets.evm());
    await startWalletChallenge(account.id);
    const res = await verify(account.id, {});
    expectError(res, 400, undefined, 'OwnershipVerifyRequest: signature (string, required)');
  });

  it.for(CHAINS.filter(([n]) => n.startsWith('ETHEREUM') || n.startsWith('SOLANA')))('ignores signatureScheme on %s (only Bitcoin uses it)', async ([, make], ctx) => {
    const wallet = make();
    const account = await pendingWallet(ctx, wallet);
    const challenge = await startWalletChallenge(account.id);
    const res = await verify(account.id, { signature: await wallet.sign(challenge.messageToSign), signatureScheme: 'electrum' });
    const verified = expectStatus(res, 200, ExternalAccount, 'Verify rule 4: signatureScheme only matters for Bitcoin; other chains ignore it');
    expect(verified.status).toBe('ACTIVE');
  });
});
