// Internal accounts (interface: InternalAccount; States and transitions / Internal account status).
// Provisioned with the customer, one per currency: PENDING, then ACTIVE after the provisioning
// delay, each change announced by INTERNAL_ACCOUNT.STATUS_UPDATED.
import { randomUUID } from 'node:crypto';
import { areaState, type SandboxContext } from '../context.js';
import { PositionIndex } from '../store/position-index.js';
import { CRYPTO, money } from '../currencies.js';
import { ApiError, conflict, notFound } from '../http/errors.js';
import { isoNow } from '../clock.js';
import { withPaymentRails } from '../payment-rails.js';

export type InternalAccountStatus = 'PENDING' | 'ACTIVE' | 'CLOSED' | 'FROZEN' | 'FAILED';

export interface InternalAccountRecord {
  id: string;
  customerId: string | null;
  type: 'INTERNAL_FIAT' | 'INTERNAL_CRYPTO' | 'EMBEDDED_WALLET';
  /** Embedded wallets only (supplement 17: PATCH /internal-accounts/{id} {privateEnabled}). */
  privateEnabled?: boolean;
  status: InternalAccountStatus;
  currency: string;
  /** Available balance, smallest unit. */
  available: number;
  /** Held amounts (pending debits), smallest unit. */
  held: number;
  createdAt: string;
  updatedAt: string;
  /** Funding coordinates added after provisioning (a SWIFT collection account once ready). */
  extraInstructions?: Record<string, unknown>[];
  /** Faults refund-credited-twice(-later): a refund credited again once the account has next been listed, or a moment after. */
  lateCredit?: number;
}

export const internalAccounts = (ctx: SandboxContext) =>
  areaState(ctx, 'internal-accounts', () => new Map<string, InternalAccountRecord>());
/** The accounts of each customer, in order of creation (lists by customerId read only these). */
export const accountsByCustomer = (ctx: SandboxContext) =>
  areaState(ctx, 'internal-accounts-by-customer', () => new Map<string, InternalAccountRecord[]>());
/** Every customer account, in order of creation (a list without customerId pages over it). */
export const customerAccountOrder = (ctx: SandboxContext) => areaState(ctx, 'internal-accounts-order', () => [] as InternalAccountRecord[]);
/** Positions in `customerAccountOrder` per customer, currency and type (neither of the last two changes). */
export const customerAccountPositions = (ctx: SandboxContext) =>
  areaState(ctx, 'internal-accounts-positions', () => ({ customer: new PositionIndex(), currency: new PositionIndex(), type: new PositionIndex() }));

export function presentInternalAccount(ctx: SandboxContext, a: InternalAccountRecord) {
  const balance = money(a.available, a.currency);
  const total = money(a.available + a.held, a.currency);
  if (ctx.faults.has('balance-amount-major-units')) {
    balance.amount = a.available / 10 ** balance.currency.decimals;
  }
  return {
    id: a.id,
    // Supplement 6: customerId absent = a platform account.
    ...(a.customerId !== null ? { customerId: a.customerId } : {}),
    type: a.type,
    status: a.status,
    ...(a.privateEnabled !== undefined ? { privateEnabled: a.privateEnabled } : {}),
    balance,
    totalBalance: total,
    fundingPaymentInstructions: [
      {
        accountOrWalletInfo: CRYPTO.has(a.currency)
          ? { accountType: 'SOLANA_WALLET', address: `Sandbox${a.id.slice(-12).replace(/-/g, '')}` }
          : withPaymentRails({ accountType: 'USD_ACCOUNT', accountNumber: '000123456789', routingNumber: '021000021', reference: a.id.slice(-8) }),
        isPlatformAccount: a.customerId === null,
      },
      ...(a.extraInstructions ?? []),
    ],
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export function setInternalAccountStatus(ctx: SandboxContext, a: InternalAccountRecord, status: InternalAccountStatus): void {
  if (a.status === status) return;
  a.status = status;
  a.updatedAt = isoNow(ctx.clock);
  if (!ctx.faults.has('provisioning-no-status-event')) {
    ctx.webhooks.emit('INTERNAL_ACCOUNT.STATUS_UPDATED', presentInternalAccount(ctx, a));
  }
}

/** A uuid that does not end in the card funding magic 002/003 (supplement 9), so no account is ineligible by chance. */
function accountUuid(): string {
  for (;;) {
    const id = randomUUID();
    if (!/00[23]$/.test(id)) return id;
  }
}

/**
 * Creates a PENDING account that becomes ACTIVE after the provisioning delay, or, held (this
 * sandbox's trigger, sandbox/README.md), stays PENDING until POST /sandbox/internal-accounts/{id}/activate or /fail.
 */
export function provisionInternalAccount(ctx: SandboxContext, customerId: string | null, currency: string, opts: { hold?: boolean; type?: 'EMBEDDED_WALLET' } = {}): InternalAccountRecord {
  const now = isoNow(ctx.clock);
  const account: InternalAccountRecord = {
    id: `InternalAccount:${accountUuid()}`,
    customerId,
    type: opts.type ?? (CRYPTO.has(currency) ? 'INTERNAL_CRYPTO' : 'INTERNAL_FIAT'),
    // The alternate provisions an account ACTIVE at once (no STATUS_UPDATED), a hold aside.
    status: ctx.choices.alternate('accounts-active-at-once') && !opts.hold ? 'ACTIVE' : 'PENDING',
    currency,
    available: 0,
    held: 0,
    createdAt: now,
    updatedAt: now,
  };
  internalAccounts(ctx).set(account.id, account);
  if (customerId !== null) {
    const own = accountsByCustomer(ctx).get(customerId);
    if (own) own.push(account);
    else accountsByCustomer(ctx).set(customerId, [account]);
    const ix = customerAccountPositions(ctx);
    const p = customerAccountOrder(ctx).push(account) - 1;
    ix.customer.add(customerId, p);
    ix.currency.add(account.currency, p);
    ix.type.add(account.type, p);
  }
  if (!opts.hold) ctx.later(ctx.settings.provisioningDelayMs, () => { if (account.status === 'PENDING') setInternalAccountStatus(ctx, account, 'ACTIVE'); });
  return account;
}

export function getInternalAccount(ctx: SandboxContext, id: string): InternalAccountRecord {
  const account = internalAccounts(ctx).get(id);
  if (!account) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${id} not found`);
  return account;
}

/** Interface: "Frozen and failed accounts cannot send or receive payments." */
export function assertCanMoveMoney(ctx: SandboxContext, a: InternalAccountRecord, direction: 'send' | 'receive'): void {
  const blocked = a.status === 'FROZEN' || a.status === 'FAILED' || a.status === 'CLOSED';
  const allowedByFault = (direction === 'receive' && ctx.faults.has('frozen-account-receives') && a.status === 'FROZEN') || (ctx.faults.has('failed-account-moves-money') && a.status === 'FAILED');
  if (blocked && !allowedByFault) {
    const message = `Internal account ${a.id} is ${a.status} and cannot ${direction} payments`;
    // The fault: the refusal says the account is not there.
    if (ctx.faults.has('frozen-refusal-as-not-found')) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${a.id} not found`);
    // The alternate refuses with 400 INVALID_INPUT, a status every operation concerned lists (409 is not one of POST /quotes' or /transfer-in's).
    if (ctx.choices.alternate('account-status-refusal-400')) throw new ApiError(400, 'INVALID_INPUT', message, { status: a.status });
    throw conflict('CONFLICT', message, { status: a.status });
  }
}

/** Changes the available balance and announces it with INTERNAL_ACCOUNT.BALANCE_UPDATED. */
export function adjustBalance(ctx: SandboxContext, a: InternalAccountRecord, delta: number): void {
  // The alternate posts a movement in two steps (a hold, then the rest), each announced.
  if (ctx.choices.alternate('balance-in-two-steps') && Math.abs(delta) >= 2 && !ctx.faults.has('funding-no-balance-event')) {
    const first = Math.trunc(delta / 2);
    a.available += first;
    a.updatedAt = isoNow(ctx.clock);
    ctx.webhooks.emit('INTERNAL_ACCOUNT.BALANCE_UPDATED', presentInternalAccount(ctx, a));
    delta -= first;
  }
  a.available += delta;
  a.updatedAt = isoNow(ctx.clock);
  if (!ctx.faults.has('funding-no-balance-event')) {
    ctx.webhooks.emit('INTERNAL_ACCOUNT.BALANCE_UPDATED', presentInternalAccount(ctx, a));
  }
}

/** The platform's own accounts: USD and USDC, the alternate USD alone (the profile declares which). */
export const platformCurrencies = (alternate: boolean) => (alternate ? ['USD'] : ['USD', 'USDC']);
