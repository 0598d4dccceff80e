// External-account flows: create a wallet account, start a challenge, verify. Each step asserts
// what the interface (or, labelled, the supplement) says of it.
import { expect } from 'vitest';
import { z } from 'zod';
import { eventually } from '../eventually.js';
import type { ApiResponse } from '../client.js';
import { expectError, expectStatus, noteInterface } from '../expect.js';
import { api, capabilities } from '../harness.js';
import { ExternalAccount, LivenessChallenge, WalletSignatureChallenge } from '../schemas/index.js';
import type { TestWallet } from '../wallets/index.js';

export const VERIFY = '/platform/external-accounts/{externalAccountId}/verify';
export const CHALLENGE = '/platform/external-accounts/{externalAccountId}/challenge';

/** basis: supplement (section 7): POST /platform/external-accounts creates an account (201). */
export async function createWalletAccount(wallet: TestWallet, extra: Record<string, unknown> = {}): Promise<ExternalAccount> {
  const body = {
    currency: wallet.currency,
    ownershipType: 'FIRST_PARTY',
    accountInfo: { accountType: wallet.accountType, address: wallet.address },
    ...extra,
  };
  return expectStatus(await api.post('/platform/external-accounts', { body }), 201, ExternalAccount, 'creating a self-custody wallet account');
}

export const PENDING_OWNERSHIP = 'PENDING_OWNERSHIP_VERIFICATION';

/**
 * A first-party self-custody wallet on a platform the target declares subject to counterparty rules
 * (the caller has checked `capabilities.counterpartyRules`). Its ownership must be verified before
 * unrestricted use, so it is held PENDING_OWNERSHIP_VERIFICATION, never ACTIVE. A target may
 * provision or review it first: transitions out of PENDING are not shown, and the state a new wallet
 * enters is not stated, so PENDING and UNDER_REVIEW are waited out (bounded by the event deadline) and noted.
 */
export async function createPendingOwnershipWallet(wallet: TestWallet, extra: Record<string, unknown> = {}): Promise<ExternalAccount> {
  const created = await createWalletAccount(wallet, extra);
  let account = created;
  // PENDING and UNDER_REVIEW: states a new account may pass through on the way (the state a new wallet enters is not stated).
  if (created.status === 'PENDING' || created.status === 'UNDER_REVIEW') {
    noteInterface(
      'first-party-wallet-created-pending',
      ['States and transitions / External account status: "Transitions out of PENDING ... not shown"'],
      `a new first-party self-custody ${wallet.accountType} was ${created.status}; the suite waited for the state it left it for`,
    );
    account = await eventually(() => getPlatformAccount(created.id), (a) => a.status !== 'PENDING' && a.status !== 'UNDER_REVIEW', {
      timeoutMs: capabilities.eventTimeoutMs,
      what: `the new ${wallet.accountType} ${created.id} to leave ${created.status}`,
    });
  }
  expect(
    account.status,
    'ExternalAccount.ownershipType / External account status: on a platform subject to counterparty requirements (for example the EU Travel Rule), a first-party ' +
      `self-custody wallet's ownership "must be verified ... before unrestricted use" (PENDING_OWNERSHIP_VERIFICATION); the new ${wallet.accountType} ${account.id} was ${account.status}`,
  ).toBe(PENDING_OWNERSHIP);
  return account;
}

export async function getPlatformAccount(externalAccountId: string): Promise<ExternalAccount> {
  return expectStatus(await api.get('/platform/external-accounts/{externalAccountId}', { params: { externalAccountId } }), 200, ExternalAccount);
}

/** Interface: a WALLET_SIGNATURE challenge carries messageToSign and expiresAt (201: supplement). */
export async function startWalletChallenge(externalAccountId: string) {
  const res = await api.post(CHALLENGE, { params: { externalAccountId }, body: { method: 'WALLET_SIGNATURE' } });
  return expectStatus(res, 201, WalletSignatureChallenge, 'POST .../challenge starts ownership verification by wallet signature');
}

export async function startLivenessChallenge(externalAccountId: string) {
  const res = await api.post(CHALLENGE, { params: { externalAccountId }, body: { method: 'LIVENESS' } });
  return expectStatus(res, 201, LivenessChallenge, 'POST .../challenge starts a hosted liveness check');
}

export const verify = (externalAccountId: string, body: Record<string, unknown>) => api.post(VERIFY, { params: { externalAccountId }, body });

/** Supplement §7: create accepts LIGHTNING, responses may say LIGHTNING_ACCOUNT (the read-back's documented alias). */
export const LIGHTNING_ALIASES = { 'accountInfo.accountType': (sent: unknown) => (sent === 'LIGHTNING' ? ['LIGHTNING_ACCOUNT'] : []) };

/**
 * Supplement §7: a second account with the same details is refused, "409 exists", and creates nothing:
 * after it, the list the account is in (`listed`) holds it once and no account it did not hold before
 * with the same accountInfo (other scenarios may add other accounts to a platform list meanwhile).
 */
export async function expectDuplicateRefused(send: (b: Record<string, unknown>) => Promise<ApiResponse>, sent: Record<string, unknown>, created: ExternalAccount, listed: () => Promise<ExternalAccount[]>) {
  const before = new Set((await listed()).map((a) => a.id));
  expect(before.has(created.id), `control: ${created.id} is listed before its duplicate is sent`).toBe(true);
  // The code is not stated (supplement §7: "409 exists"; openapi.yaml: "Conflict - External account already exists"): any of Error409's, noted.
  const refused = expectError(await send(sent), 409, undefined, `supplement §7: POST external accounts answers "409 exists" for an account with the same details as ${created.id}`);
  noteInterface('external-accounts:duplicate-code', ['supplement §7: "409 exists"', 'openapi.yaml, createCustomerExternalAccount 409: "Conflict - External account already exists" (no code named)'], `a duplicate answered 409 ${refused.code}`);
  const details = JSON.stringify(created.accountInfo);
  const after = await listed();
  expect(after.filter((a) => a.id === created.id).length, `${created.id} is listed once after its refused duplicate`).toBe(1);
  const made = after.filter((a) => !before.has(a.id) && JSON.stringify(a.accountInfo) === details).map((a) => a.id);
  expect(made, `the refused duplicate of ${created.id} created nothing: no new account holds its accountInfo`).toEqual([]);
}
