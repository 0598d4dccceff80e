// How an outgoing payment moves once it proceeds: its OUTGOING_PAYMENT events, the debit, the
// settlement with the destination's outcome (supplement section 8, the magic destination suffixes,
// and this sandbox's own), and the automatic refund of a failed payment.
import { randomUUID } from 'node:crypto';
import { isoNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { primaryIdentifier } from '../external-accounts/state.js';
import { adjustBalance } from '../internal-accounts/state.js';
import { usdCents } from '../exchange-rates/state.js';
import { withPaymentRails } from '../payment-rails.js';
import { LIMITS, presentOutgoing, transfersState, type OutgoingStatus, type OutgoingTxn, type Quote } from './state.js';
import { ApiError, badRequest } from '../http/errors.js';

/** Outcomes by the last three digits of the destination's identifier (supplement section 8, and this sandbox's own). */
interface Outcome {
  reason: string;
  /** Completes first, then fails (a payout returned). */
  after?: 'COMPLETED';
  refund: 'COMPLETED' | 'FAILED';
  /** Stays pending a while before it fails. */
  slow?: boolean;
}
const OUTCOMES: Record<string, Outcome> = {
  '002': { reason: 'QUOTE_EXECUTION_FAILED', refund: 'COMPLETED' },
  '004': { reason: 'ACCOUNT_CANNOT_RECEIVE', refund: 'COMPLETED' },
  '005': { reason: 'PAYOUT_RETURNED', after: 'COMPLETED', refund: 'COMPLETED' },
  '007': { reason: 'QUOTE_EXECUTION_FAILED', refund: 'FAILED' },
  '008': { reason: 'ACCOUNT_INVALID', refund: 'COMPLETED' },
  '009': { reason: 'COMPLIANCE_REJECTED', refund: 'COMPLETED' },
  '011': { reason: 'LIMIT_EXCEEDED', refund: 'COMPLETED' },
};
/**
 * transfer-out outcomes (supplement section 8): 002 insufficient funds and 003 closed or invalid account
 * fail at once, nothing debited; 004 the bank rejects and 005 stays pending, then fails: both refunded.
 */
export const TRANSFER_IMMEDIATE: Record<string, string> = { '002': 'QUOTE_EXECUTION_FAILED', '003': 'ACCOUNT_INVALID' };
const TRANSFER_OUTCOMES: Record<string, Outcome> = {
  '004': { reason: 'ACCOUNT_CANNOT_RECEIVE', refund: 'COMPLETED' },
  '005': { reason: 'QUOTE_EXECUTION_FAILED', refund: 'COMPLETED', slow: true },
};

/**
 * The rail a payment settles on (openapi.yaml, OutgoingTransaction.paymentRail: a PaymentRail, "Null
 * when no external rail is used (e.g. instant or intra-network transfers, or non-direct-destination
 * transactions)"): the one the destination names, else the first rail of the external bank account
 * paid; none to an internal account, a wallet (no PaymentRail names a blockchain) or an UMA address.
 */
export function railOf(q: Quote): string | null {
  const requested = q.request.destination.destinationType === 'ACCOUNT' ? q.request.destination.paymentRail : undefined;
  if (requested) return requested;
  if (q.destination.kind !== 'external') return null;
  const rails = withPaymentRails(q.destination.account.accountInfo).paymentRails;
  return Array.isArray(rails) && typeof rails[0] === 'string' ? rails[0] : null;
}
export const NETWORK: Record<string, string> = { ETHEREUM_WALLET: 'ETHEREUM', BASE_WALLET: 'BASE', POLYGON_WALLET: 'POLYGON', PLASMA_WALLET: 'PLASMA', SOLANA_WALLET: 'SOLANA', TRON_WALLET: 'TRON', SPARK_WALLET: 'SPARK', LIGHTNING: 'BITCOIN' };

/** The delay between a payment's scheduled steps. */
export const step = (ctx: SandboxContext) => Math.max(20, Math.min(ctx.settings.provisioningDelayMs, 100));

export const emit = (ctx: SandboxContext, t: OutgoingTxn, suffix: string, timestamp?: string) => ctx.webhooks.emit(`OUTGOING_PAYMENT.${suffix}`, presentOutgoing(ctx, t), timestamp);
export const setStatus = (ctx: SandboxContext, t: OutgoingTxn, status: OutgoingStatus) => {
  const f = ctx.faults;
  const before = t.status;
  t.status = status;
  t.updatedAt = isoNow(ctx.clock);
  // OUTGOING_PAYMENT.<STATUS> carries the transaction as it is after the change.
  if (f.has('stale-event-data')) ctx.webhooks.emit(`OUTGOING_PAYMENT.${status}`, { ...presentOutgoing(ctx, t), status: before });
  else emit(ctx, t, status);
};

export function refund(ctx: SandboxContext, t: OutgoingTxn, outcome: { refund: 'COMPLETED' | 'FAILED' }, reason = 'TRANSACTION_FAILED') {
  const f = ctx.faults;
  if (f.has('no-refund-after-execution-failed')) return;
  t.refund = { reference: `Refund:${randomUUID()}`, initiatedAt: isoNow(ctx.clock), status: 'PENDING', reason };
  emit(ctx, t, 'REFUND_PENDING');
  ctx.later(step(ctx), () => {
    if (!f.has('refund-status-stale')) t.refund!.status = outcome.refund;
    t.refund!.settledAt = isoNow(ctx.clock);
    const keep = t.quote.transfer && f.has('transfer-failure-keeps-debit');
    if (outcome.refund === 'COMPLETED' && t.quote.source && !keep) {
      adjustBalance(ctx, t.quote.source, t.quote.pricing.totalSending);
      // The faults credit the refund again once the account has next been read, or a moment after (internal-accounts/list.ts).
      if (f.has('refund-credited-twice') || f.has('refund-credited-twice-later')) t.quote.source.lateCredit = (t.quote.source.lateCredit ?? 0) + t.quote.pricing.totalSending;
    }
    emit(ctx, t, outcome.refund === 'COMPLETED' ? 'REFUND_COMPLETED' : 'REFUND_FAILED');
  });
}

/** Takes the payment's amount, once: the day's volume, and the source's balance where it has one. */
export function debit(ctx: SandboxContext, q: Quote, t: OutgoingTxn): void {
  const s = transfersState(ctx);
  const f = ctx.faults;
  if (t.charged) return;
  t.charged = true;
  const dayKey = `${q.customerId}/${new Date(ctx.clock.now()).toISOString().slice(0, 10)}`;
  // A platform's own payment counts toward no daily volume; the alternate counts it toward the platform's own.
  if (!q.onBehalfOfPlatform || ctx.choices.alternate('platform-own-limits')) s.daily.set(dayKey, (s.daily.get(dayKey) ?? 0) + usdCents(q.sending, q.pricing.totalSending));
  if (q.source) adjustBalance(ctx, q.source, -(q.pricing.totalSending + (f.has('debit-not-equal-sent') ? 1 : 0)));
  t.debited = q.source !== undefined;
}

/** Debits the source at once (unless done at execute), then PROCESSING, then COMPLETED or the destination's failure. */
export function settle(ctx: SandboxContext, q: Quote, t: OutgoingTxn): void {
  const f = ctx.faults;
  debit(ctx, q, t);
  q.status = 'PROCESSING';
  // A cancelled payment is not advanced by what was scheduled before the cancellation.
  const stopped = () => t.cancelled === true && !f.has('cancelled-transaction-advances');
  const suffix = q.destination.kind === 'external' ? primaryIdentifier(q.destination.account.accountInfo).slice(-3) : '';
  if (suffix === '012') {
    // This sandbox's own hold: the payment waits in compliance review (pendingReason), debited.
    t.pendingReason = f.has('held-without-pending-reason') ? undefined : 'COMPLIANCE_REVIEW';
    t.updatedAt = isoNow(ctx.clock);
    return;
  }
  const uma = q.destination.kind === 'uma' ? q.destination.behavior : undefined;
  // The alternate names every failed transfer-out QUOTE_EXECUTION_FAILED.
  const transferOutcome = TRANSFER_OUTCOMES[suffix] && ctx.choices.alternate('transfer-out-one-failure-reason') ? { ...TRANSFER_OUTCOMES[suffix], reason: 'QUOTE_EXECUTION_FAILED' } : TRANSFER_OUTCOMES[suffix];
  const outcome: Outcome | undefined = uma === 'compliance' ? { reason: 'COMPLIANCE_REJECTED', refund: 'COMPLETED' } : q.transfer ? transferOutcome : OUTCOMES[suffix];
  const slow = outcome?.slow;
  ctx.later(step(ctx), () => {
    if (stopped()) return;
    setStatus(ctx, t, 'PROCESSING');
    if (uma === 'pending') return; // $pending.long...: stays in PROCESSING
    ctx.later(slow ? step(ctx) * 5 : step(ctx), () => {
      if (stopped()) return;
      if (outcome && !outcome.after) {
        t.failureReason = f.has('removed-failure-reason') && outcome.reason === 'QUOTE_EXECUTION_FAILED' ? 'SETTLEMENT_FAILED' : outcome.reason;
        q.status = 'FAILED';
        setStatus(ctx, t, 'FAILED');
        refund(ctx, t, outcome);
        return;
      }
      t.settledAt = isoNow(ctx.clock);
      if (q.destination.kind === 'internal') adjustBalance(ctx, q.destination.account, q.pricing.totalReceiving);
      const network = q.destination.kind === 'external' ? NETWORK[q.destination.account.accountInfo.accountType] : undefined;
      // The fault reports another EVM chain than the wallet's.
      const reported = network === 'ETHEREUM' && f.has('onchain-network-wrong') ? 'BASE' : network;
      if (reported) t.onChainTransaction = { transactionHash: `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`, network: reported };
      q.status = 'COMPLETED';
      setStatus(ctx, t, 'COMPLETED');
      if (outcome?.after) {
        ctx.later(step(ctx), () => {
          t.failureReason = outcome.reason;
          q.status = 'FAILED';
          setStatus(ctx, t, 'FAILED');
          refund(ctx, t, outcome);
        });
      }
    });
  });
}

/**
 * Interface, Limits: daily volume exceeded: 429 DAILY_VOLUME_LIMIT_EXCEEDED; the description: at quote
 * creation, and at execution "when executing the quote would exceed the configured daily volume limit"
 * (quotes made before others executed). `customerId` undefined: a payment that counts toward no volume.
 */
export function assertDailyVolume(ctx: SandboxContext, customerId: string | undefined, usd: number): void {
  if (customerId === undefined) return;
  const today = transfersState(ctx).daily.get(`${customerId}/${new Date(ctx.clock.now()).toISOString().slice(0, 10)}`) ?? 0;
  if (today + usd <= LIMITS.dailyVolumeUsdCents) return;
  throw ctx.faults.has('daily-limit-wrong-status')
    ? badRequest('TRANSACTION_SIZE_LIMIT_EXCEEDED', 'limit')
    : new ApiError(429, 'DAILY_VOLUME_LIMIT_EXCEEDED', `The customer's daily volume of ${LIMITS.dailyVolumeUsdCents} US cents would be exceeded`);
}
