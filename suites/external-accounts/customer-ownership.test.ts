// Interface: "POST path ending external-accounts/{externalAccountId}/challenge" (starts ownership
// verification by wallet signature); "States and transitions / External account status" (verify:
// PENDING_OWNERSHIP_VERIFICATION -> ACTIVE on a valid signature, -> UNVERIFIED on an invalid one;
// EXTERNAL_ACCOUNT.STATUS_UPDATED covers the lifecycle). The customer paths of challenge and verify,
// and "New challenge abandons any in-flight one; UNVERIFIED -> PENDING_OWNERSHIP_VERIFICATION":
// basis: supplement (section 7).
import { describe, expect, it, type TestContext } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectStatus, expectTransition } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, WalletSignatureChallenge } from '../../helpers/schemas/index.js';
import { ids } from '../../helpers/spec/catalog.js';
import { wallets, type TestWallet } from '../../helpers/wallets/index.js';

const PENDING = 'PENDING_OWNERSHIP_VERIFICATION';
const CHALLENGE = '/customers/external-accounts/{externalAccountId}/challenge';
const VERIFY = '/customers/external-accounts/{externalAccountId}/verify';
const ACCOUNT = '/customers/external-accounts/{externalAccountId}';
const statusIs = (status: string) => ({ type: 'EXTERNAL_ACCOUNT.STATUS_UPDATED', where: (d: Record<string, any>) => d.status === status, what: `status ${status}` });

async function pendingCustomerWallet(ctx: TestContext, wallet: TestWallet, covers: string[] = []) {
  requireCapability(ctx, capabilities.counterpartyRules, 'the platform is not subject to counterparty rules, so self-custody wallets need no ownership verification (SVC_COUNTERPARTY_RULES=0)', covers);
  const customer = await createCustomer(individual());
  const body = { customerId: customer.id, currency: wallet.currency, ownershipType: 'FIRST_PARTY', accountInfo: { accountType: wallet.accountType, address: wallet.address } };
  const account = expectStatus(await api.post('/customers/external-accounts', { body }), 201, ExternalAccount, 'creating a first-party self-custody wallet of a customer');
  expect(account.customerId).toBe(customer.id);
  // Observed, not declared: under the counterparty rules the target declares, the wallet must wait for verification.
  expect(account.status, `Interface (external account states): ${PENDING} means wallet ownership must be verified before unrestricted use; the target declares counterparty rules (SVC_COUNTERPARTY_RULES), so a new first-party self-custody wallet awaits it`).toBe(PENDING);
  return account;
}
const challenge = async (externalAccountId: string) =>
  expectStatus(await api.post(CHALLENGE, { params: { externalAccountId }, body: { method: 'WALLET_SIGNATURE' } }), 201, WalletSignatureChallenge, 'POST .../challenge starts ownership verification by wallet signature');
const status = async (externalAccountId: string) => expectStatus(await api.get(ACCOUNT, { params: { externalAccountId } }), 200, ExternalAccount).status;

describe(`POST ${VERIFY}`, () => {
  scenario({ area: 'External Accounts', operation: `POST ${VERIFY}`, section: 'States and transitions', basis: 'supplement' });

  it('moves a customer wallet from PENDING_OWNERSHIP_VERIFICATION to ACTIVE on a valid signature, with EXTERNAL_ACCOUNT.STATUS_UPDATED', async (ctx) => {
    await basisSupplement('customer challenge and verify paths (section 7)');
    const wallet = wallets.evm();
    const account = await pendingCustomerWallet(ctx, wallet, [ids.transition('external-account', PENDING, 'ACTIVE')]);
    const { messageToSign } = await challenge(account.id);
    const since = await listener.mark();

    const verified = expectStatus(await api.post(VERIFY, { params: { externalAccountId: account.id }, body: { signature: await wallet.sign(messageToSign) } }), 200, ExternalAccount, 'verify: 200 carries the account; status is ACTIVE');

    expect(verified.id).toBe(account.id);
    expectTransition('external-account', account.status, verified.status, PENDING, 'ACTIVE');
    await expectEvents(account.id, [statusIs('ACTIVE')], { since });
  });

  it('answers 409 to verify with no WALLET_SIGNATURE challenge outstanding, leaving the state unchanged', async (ctx) => {
    const wallet = wallets.evm();
    const account = await pendingCustomerWallet(ctx, wallet);
    expectError(await api.post(VERIFY, { params: { externalAccountId: account.id }, body: { signature: await wallet.sign('no challenge') } }), 409, undefined, 'verify answers 409 when no WALLET_SIGNATURE challenge is outstanding');
    expect(await status(account.id)).toBe(PENDING);
  });
});

describe(`POST ${CHALLENGE}`, () => {
  scenario({ area: 'External Accounts', operation: `POST ${CHALLENGE}`, section: 'States and transitions', basis: 'supplement' });

  it('moves an UNVERIFIED account back to PENDING_OWNERSHIP_VERIFICATION when a new challenge starts, and the new challenge then verifies it', async (ctx) => {
    await basisSupplement('section 7: "New challenge abandons any in-flight one; UNVERIFIED -> PENDING_OWNERSHIP_VERIFICATION"');
    const wallet = wallets.solana();
    const covers = [ids.transition('external-account', 'UNVERIFIED', PENDING)];
    const account = await pendingCustomerWallet(ctx, wallet, covers);
    const first = await challenge(account.id);
    const bad = await api.post(VERIFY, { params: { externalAccountId: account.id }, body: { signature: await wallets.solana().sign(first.messageToSign) } });
    expectError(bad, 400, undefined, 'verify: 400 for an invalid signature; the account moves to UNVERIFIED');
    const failed = await status(account.id);
    expectTransition('external-account', account.status, failed, PENDING, 'UNVERIFIED');
    const since = await listener.mark();

    const fresh = await challenge(account.id);

    expect(fresh.messageToSign, 'a new challenge is a new message').not.toBe(first.messageToSign);
    expectTransition('external-account', failed, await status(account.id), 'UNVERIFIED', PENDING);
    await expectEvents(account.id, [statusIs(PENDING)], { since });
    const ok = await api.post(VERIFY, { params: { externalAccountId: account.id }, body: { signature: await wallet.sign(fresh.messageToSign) } });
    expectTransition('external-account', PENDING, expectStatus(ok, 200, ExternalAccount).status, PENDING, 'ACTIVE');
  });

  it('abandons the in-flight challenge: a signature over the old message no longer verifies', async (ctx) => {
    await basisSupplement('section 7: "New challenge abandons any in-flight one"');
    const wallet = wallets.evm();
    const account = await pendingCustomerWallet(ctx, wallet);
    const old = await challenge(account.id);
    const fresh = await challenge(account.id);
    const res = await api.post(VERIFY, { params: { externalAccountId: account.id }, body: { signature: await wallet.sign(old.messageToSign) } });
    expectError(res, 400, undefined, 'verify rule 1: the message must be signed exactly as the (outstanding) challenge returned it');
    // Control: the account verifies with the outstanding challenge after another one.
    const again = await challenge(account.id);
    expect(again.messageToSign).not.toBe(fresh.messageToSign);
    const ok = await api.post(VERIFY, { params: { externalAccountId: account.id }, body: { signature: await wallet.sign(again.messageToSign) } });
    expect(expectStatus(ok, 200, ExternalAccount).status).toBe('ACTIVE');
  });
});
