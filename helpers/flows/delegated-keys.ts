// Delegated keys as a wallet client creates them: POST /auth/delegated-keys goes 202 -> 202 -> 201, the
// first signed leg asking for a second signature. basis: supplement (section 17); a module of its own
// because it needs both the card and the wallet flows (cards.ts already builds on wallet.ts).
import { expect } from 'vitest';
import { expectStatus } from '../expect.js';
import { DelegatedKey, SignatureRequest } from '../schemas/wallet.js';
import type { SessionKey } from '../wallets/stamp.js';
import { issueCard, untilActive } from './cards.js';
import { fund } from './customers.js';
import { loggedInWallet, signatureRequest, signedRetryOf, stampHeaders, type Call } from './wallet.js';

export const DELEGATED_KEYS = '/auth/delegated-keys';
export const DELEGATED_KEY = '/auth/delegated-keys/{delegatedKeyId}';

/** A logged-in wallet whose account funds a card, and the delegated-key call for that card. */
export async function walletWithCard(nickname = 'card signer') {
  const wallet = await loggedInWallet();
  const card = await issueCard(wallet.customerId, wallet.account.id);
  const call: Call = { body: { cardId: card.id, internalAccountId: wallet.account.id, nickname } };
  return { ...wallet, card, call };
}

/** The first two legs: 202, then the first signed retry answers 202 again with a new request. */
export async function delegatedKeyLegs(call: Call, key: SessionKey): Promise<SignatureRequest> {
  const first = await signatureRequest('POST', DELEGATED_KEYS, call);
  const res = await signedRetryOf('POST', DELEGATED_KEYS, call, stampHeaders(key, first));
  const second = expectStatus(res, 202, SignatureRequest, 'supplement 17: POST /auth/delegated-keys goes 202 -> 202 -> 201');
  expect(second.requestId, 'the second leg asks for a new request').not.toBe(first.requestId);
  return second;
}

/** All three legs: the two of delegatedKeyLegs, then the second request stamped by `key`: 201, the key ACTIVE. */
export async function completedDelegatedKey(call: Call, key: SessionKey): Promise<DelegatedKey> {
  const second = await delegatedKeyLegs(call, key);
  const res = await signedRetryOf('POST', DELEGATED_KEYS, call, stampHeaders(key, second));
  return expectStatus(res, 201, DelegatedKey, 'supplement 17: POST /auth/delegated-keys goes 202 -> 202 -> 201 DelegatedKey ACTIVE');
}

/**
 * walletWithCard, its wallet funded with `funding` (the sandbox funding trigger, supplement 6) and its
 * card ACTIVE: a card whose one funding source is the embedded wallet.
 */
export async function fundedWalletCard(funding: number, nickname?: string) {
  const wallet = await walletWithCard(nickname);
  const funded = await fund(wallet.account.id, funding);
  expect(funded.balance.amount, `the funding of ${funded.id} credits exactly ${funding}`).toBe(wallet.account.balance.amount + funding);
  const card = await untilActive(wallet.card.id);
  return { ...wallet, account: funded, card };
}
