// External accounts (interface: ExternalAccount; supplement sections 7 and 12): the store and
// presenters of the customers' and the platform's external accounts, the wallet types, the status
// changes and their event, and each account's beneficiary trust.
import { KeyedOrder } from '../store/cursor-page.js';
import { isoNow } from '../clock.js';
import { areaState, type SandboxContext } from '../context.js';
import { conflict, notFound } from '../http/errors.js';
import { withPaymentRails } from '../payment-rails.js';

export type ExternalStatus = 'PENDING' | 'ACTIVE' | 'PENDING_OWNERSHIP_VERIFICATION' | 'UNVERIFIED' | 'UNDER_REVIEW' | 'INACTIVE';

export interface Challenge {
  method: 'WALLET_SIGNATURE' | 'LIVENESS';
  messageToSign?: string;
  expiresAt: number;
  token?: string;
}

export interface ExternalAccountRecord {
  id: string;
  customerId: string | null;
  status: ExternalStatus;
  platformAccountId?: string;
  ownershipType?: 'FIRST_PARTY' | 'THIRD_PARTY';
  currency: string;
  defaultUmaDepositAccount: boolean;
  beneficiaryVerificationStatus?: string;
  beneficiaryVerifiedData?: { fullName: string };
  accountInfo: Record<string, unknown> & { accountType: string };
  challenge?: Challenge;
  createdAt: string;
  updatedAt: string;
}

export const externalAccounts = (ctx: SandboxContext) => areaState(ctx, 'external-accounts', () => new Map<string, ExternalAccountRecord>());
/**
 * Account ids in creation order per owner (`customer:<id>`) and per scope (`scope:customers`,
 * `scope:platform`), so that a list, a duplicate check or a default change reads one owner's
 * accounts, not every account stored. A deleted account leaves the map; its id is skipped.
 */
export const externalAccountOrder = (ctx: SandboxContext) => areaState(ctx, 'external-accounts-order', () => new KeyedOrder());
export const ownerKey = (customerId: string | null) => (customerId === null ? 'scope:platform' : `customer:${customerId}`);
/** The accounts of one owner (a customer, or the platform), oldest first. */
export function accountsOf(ctx: SandboxContext, customerId: string | null): ExternalAccountRecord[] {
  const all = externalAccounts(ctx);
  return externalAccountOrder(ctx).get(ownerKey(customerId)).flatMap((id) => all.get(id) ?? []);
}

export const EVM_WALLETS = new Set(['ETHEREUM_WALLET', 'BASE_WALLET', 'POLYGON_WALLET', 'PLASMA_WALLET']);
export const WALLETS = new Set([...EVM_WALLETS, 'SOLANA_WALLET', 'TRON_WALLET', 'SPARK_WALLET', 'LIGHTNING', 'LIGHTNING_ACCOUNT']);
/** The sandbox's Bitcoin-keyed wallet type (sandbox/README.md). */
export const BITCOIN_KEYED = 'SPARK_WALLET';

/** The two sets of external accounts: the customers' and the platform's own. */
export type Scope = 'platform' | 'customers';

/** The account's primary identifier, whose last three digits drive the sandbox magic. */
export function primaryIdentifier(info: Record<string, unknown>): string {
  const value = info.accountNumber ?? info.iban ?? info.clabeNumber ?? info.address ?? info.invoice ?? info.bolt12 ?? info.lightningAddress ?? '';
  const s = String(value);
  return s.includes('@') ? s.split('@')[0] : s;
}

export const isSelfCustodyWallet = (info: Record<string, unknown>) => WALLETS.has(String(info.accountType)) && !info.vaspName;

export function presentExternalAccount(a: ExternalAccountRecord, faults?: SandboxContext['faults']) {
  return {
    id: a.id,
    customerId: a.customerId,
    status: a.status,
    ...(a.platformAccountId ? { platformAccountId: a.platformAccountId } : {}),
    ...(a.ownershipType ? { ownershipType: a.ownershipType } : {}),
    currency: a.currency,
    defaultUmaDepositAccount: a.defaultUmaDepositAccount,
    ...(a.beneficiaryVerificationStatus ? { beneficiaryVerificationStatus: a.beneficiaryVerificationStatus } : {}),
    ...(a.beneficiaryVerifiedData ? { beneficiaryVerifiedData: a.beneficiaryVerifiedData } : {}),
    // The fault leaves a USD account's paymentRails out.
    accountInfo: faults?.has('usd-payment-rails-missing') && a.accountInfo.accountType === 'USD_ACCOUNT' ? a.accountInfo : withPaymentRails(a.accountInfo),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export function getExternalAccount(ctx: SandboxContext, id: string, scope: 'platform' | 'customers'): ExternalAccountRecord {
  const a = externalAccounts(ctx).get(id);
  if (!a || (scope === 'platform') !== (a.customerId === null)) {
    throw notFound('REFERENCE_NOT_FOUND', `External account ${id} not found`);
  }
  return a;
}

/** Every status change is announced with EXTERNAL_ACCOUNT.STATUS_UPDATED carrying the account. */
export function setExternalStatus(ctx: SandboxContext, a: ExternalAccountRecord, status: ExternalStatus): void {
  if (a.status === status) return;
  const before = presentExternalAccount(a);
  a.status = status;
  a.updatedAt = isoNow(ctx.clock);
  if (status === 'ACTIVE' && ctx.faults.has('no-event-on-active')) return;
  ctx.webhooks.emit('EXTERNAL_ACCOUNT.STATUS_UPDATED', ctx.faults.has('event-before-state-change') ? before : presentExternalAccount(a));
}

export type Action = 'trust' | 'untrust';
export interface TrustState {
  trusted: boolean;
  pending?: { action: Action; challengeId: string; expiresAt: number; customerId: string; assertionChallenge?: string };
}

/** Trust by external account id (a map: a request's cost does not grow with stored volume). */
export const trustStates = (ctx: SandboxContext) => areaState(ctx, 'beneficiary-trust', () => new Map<string, TrustState>());

/** Supplement 12: "Trusted ⇒ sends skip per-transaction SCA" (the fault challenges them all the same). */
export const skipsPerTransactionSca = (ctx: SandboxContext, accountId: string): boolean =>
  trustStates(ctx).get(accountId)?.trusted === true && !ctx.faults.has('trusted-beneficiary-still-challenged');

/** Guard of DELETE /customers/external-accounts/{id}: a trusted beneficiary cannot be deleted. */
export function assertNotTrusted(ctx: SandboxContext, a: ExternalAccountRecord): void {
  if (trustStates(ctx).get(a.id)?.trusted && !ctx.faults.has('trusted-beneficiary-deletable')) {
    throw conflict('BENEFICIARY_TRUSTED', `External account ${a.id} is a trusted beneficiary; untrust and confirm first`);
  }
}

/** Forgets the trust of a deleted account. */
export function forgetTrust(ctx: SandboxContext, id: string): void {
  trustStates(ctx).delete(id);
}
