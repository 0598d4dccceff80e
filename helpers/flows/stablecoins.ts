// Stablecoin flows (supplement section 22): link a provider account, register a token, create mints
// and burns, read and drive operations. Every POST of the interface carries an Idempotency-Key
// ("Every POST requires Idempotency-Key*"); the target's own triggers stand in for funds arriving
// and the provider deciding, as the target declares them (SVC_STABLECOIN_TRIGGERS).
import { randomUUID } from 'node:crypto';
import type { TestContext } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { rng } from '../../fixtures/random.js';
import { eventually } from '../eventually.js';
import { expectStatus, expectTransition } from '../expect.js';
import { getPlatformAccount } from './external-accounts.js';
import { api, capabilities } from '../harness.js';
import { requireCapability } from '../scenario.js';
import { ExternalAccount } from '../schemas/index.js';
import { ProviderAccount, Stablecoin, StablecoinOperation } from '../schemas/stablecoins.js';
import { wallets } from '../wallets/index.js';

export const LINKS = '/stablecoin-provider-accounts';
export const LINK = '/stablecoin-provider-accounts/{stablecoinProviderAccountId}';
export const COINS = '/stablecoins';
export const COIN = '/stablecoins/{stablecoinId}';
export const MINTS = '/stablecoins/{stablecoinId}/mints';
export const BURNS = '/stablecoins/{stablecoinId}/burns';
export const OPERATIONS = '/stablecoins/{stablecoinId}/operations';
export const OPERATION = '/stablecoin-operations/{stablecoinOperationId}';

/** Skips unless the target declares its provider value and its stablecoin triggers (nothing skips in embedded mode). */
export function needStablecoins(ctx: TestContext, covers: string[] = []): void {
  const s = capabilities.stablecoins;
  requireCapability(
    ctx,
    capabilities.sandboxTriggers && s.provider !== undefined && s.triggers,
    'the target declares no stablecoin provider value and triggers (SVC_STABLECOIN_PROVIDER, SVC_STABLECOIN_TRIGGERS)',
    covers,
  );
}

export const newKey = () => randomUUID();

/** A POST of the area with an Idempotency-Key (a fresh one unless given). */
export function post(template: string, body: unknown, opts: { params?: Record<string, string>; key?: string | null } = {}) {
  const headers: Record<string, string> = opts.key === null ? {} : { 'Idempotency-Key': opts.key ?? newKey() };
  return api.post(template, { params: opts.params, body, headers });
}

const tag = () => rng().string.alphanumeric(12).toLowerCase();

export function linkBody(over: Record<string, unknown> = {}) {
  const t = tag();
  return { provider: capabilities.stablecoins.provider, apiClientId: `client-${t}`, apiClientSecret: `secret-${t}`, providerAccountId: `acct-${t}`, ...over };
}

export async function linkAccount(over: Record<string, unknown> = {}): Promise<ProviderAccount> {
  return expectStatus(await post(LINKS, linkBody(over)), 201, ProviderAccount, 'Supplement 22: POST /stablecoin-provider-accounts links a provider account (201)');
}

export function tokenBody(stablecoinProviderAccountId: string | undefined, over: Record<string, unknown> = {}) {
  const t = tag();
  return { providerTokenIdentifier: `tok-${t}`, networkTokenIdentifier: `btkn1${t}`, network: 'SPARK', ...(stablecoinProviderAccountId ? { stablecoinProviderAccountId } : {}), ...over };
}

export async function registerToken(stablecoinProviderAccountId: string): Promise<Stablecoin> {
  return expectStatus(await post(COINS, tokenBody(stablecoinProviderAccountId)), 201, Stablecoin, 'Supplement 22: POST /stablecoins registers an existing token (201 Stablecoin)');
}

/** A linked account and a token registered on it. */
export async function linkedToken(): Promise<{ link: ProviderAccount; coin: Stablecoin }> {
  const link = await linkAccount();
  return { link, coin: await registerToken(link.id) };
}

/** Supplement 22: "amount must equal whole fiat cents at the token's decimals": `cents` as a digit string of token units. */
export function tokenAmount(coin: Stablecoin, cents: number): string {
  return (BigInt(cents) * 10n ** BigInt(coin.decimals - 2)).toString();
}

export async function getOperation(stablecoinOperationId: string): Promise<StablecoinOperation> {
  return expectStatus(await api.get(OPERATION, { params: { stablecoinOperationId } }), 200, StablecoinOperation, 'Supplement 22: GET /stablecoin-operations/{id} answers the operation');
}

/** The target's trigger: funds arrive or the provider takes the operation up (-> PROCESSING); a PROCESSING one settles. */
export async function advance(stablecoinOperationId: string, outcome?: 'COMPLETED' | 'FAILED'): Promise<StablecoinOperation> {
  const res = await api.post('/sandbox/stablecoin-operations/{stablecoinOperationId}/advance', { params: { stablecoinOperationId }, body: outcome ? { outcome } : {} });
  expectStatus(res, 200, StablecoinOperation, 'the declared trigger moves the operation on');
  return getOperation(stablecoinOperationId);
}

/** Reads the operation after `step` and asserts (and records) the transition from `from` to `to`. */
export async function step(op: StablecoinOperation, from: string, to: string, act: () => Promise<StablecoinOperation>): Promise<StablecoinOperation> {
  const after = await act();
  expectTransition('stablecoin-operation', op.status, after.status, from, to);
  return after;
}

/** An ACTIVE USD bank account of the platform: an ACH debit's source, a burn's destination. */
export async function platformBankAccount(): Promise<ExternalAccount> {
  return active(expectStatus(await api.post('/platform/external-accounts', { body: usdAccount(undefined) }), 201, ExternalAccount, 'a USD bank external account'));
}

/** The account once ACTIVE (a target may provision it first: PENDING is waited out, bounded). */
async function active(account: ExternalAccount): Promise<ExternalAccount> {
  if (account.status === 'ACTIVE') return account;
  return eventually(() => getPlatformAccount(account.id), (a) => a.status === 'ACTIVE', { timeoutMs: capabilities.eventTimeoutMs, what: `external account ${account.id} to become ACTIVE` });
}

/** An ACTIVE SPARK wallet external account: a mint's destination ("initially an active SPARK wallet"). */
export async function sparkWallet(): Promise<ExternalAccount> {
  const wallet = wallets.bitcoin('SPARK_WALLET', 'spark');
  const body = {
    currency: wallet.currency,
    ownershipType: 'THIRD_PARTY',
    accountInfo: { accountType: 'SPARK_WALLET', address: wallet.address, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Token Holder', countryOfResidence: 'US' } },
  };
  return active(expectStatus(await api.post('/platform/external-accounts', { body }), 201, ExternalAccount, 'a SPARK wallet external account'));
}
