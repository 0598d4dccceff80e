// External-account flows: create a wallet account, start a challenge, verify. Each step asserts
// what the interface (or, labelled, the supplement) says of it.
import { expectStatus } from '../expect.js';
import { api } from '../harness.js';
import { ExternalAccount, LivenessChallenge, WalletSignatureChallenge } from '../schemas.js';
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
