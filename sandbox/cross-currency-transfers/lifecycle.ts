// An outgoing payment's lifecycle from its quote (supplement section 8): execute checks the quote and
// its source, the transaction starts PENDING, waits for SCA where the customer's region needs it
// (PENDING_AUTHORIZATION, one challenge after another), then settles; an unexecuted quote expires.
import { randomUUID } from 'node:crypto';
import { isoNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { getCustomer, requiresSca } from '../customers/state.js';
import { badRequest, conflict } from '../http/errors.js';
import { primaryIdentifier, skipsPerTransactionSca } from '../external-accounts/state.js';
import { assertCanMoveMoney } from '../internal-accounts/state.js';
import { indexTransaction } from '../transactions/state.js';
import { assertDailyVolume, debit, emit, railOf, refund, setStatus, settle, step, TRANSFER_IMMEDIATE } from './payments.js';
import { usdCents } from '../exchange-rates/state.js';
import { presentOutgoing, transfersState, type OutgoingTxn, type Quote } from './state.js';

/** Checks a quote can execute now; the debit waits for SCA where the customer's region needs it. */
export function execute(ctx: SandboxContext, q: Quote): OutgoingTxn {
  if (!q.source) throw conflict('CONFLICT', `Quote ${q.id} is funded by its payment instructions, not executed`);
  ready(ctx, q);
  return start(ctx, q);
}

/** A quote still PENDING and unexpired, and a source that can pay it. */
export function ready(ctx: SandboxContext, q: Quote): void {
  const f = ctx.faults;
  if (q.status !== 'PENDING') throw conflict('CONFLICT', `Quote ${q.id} is ${q.status}; only a PENDING quote executes`);
  if (ctx.clock.now() >= q.expiresAt) {
    expire(ctx, q);
    throw conflict('CONFLICT', `Quote ${q.id} expired at ${new Date(q.expiresAt).toISOString()}`);
  }
  if (!q.source) return;
  if (!f.has('frozen-account-sends')) assertCanMoveMoney(ctx, q.source, 'send');
  // The fault refuses at execution what the quote allowed: a transfer below the threshold to a wallet pending ownership verification.
  if (f.has('pending-ownership-execute-refused') && q.destination.kind === 'external' && q.destination.account.status === 'PENDING_OWNERSHIP_VERIFICATION') {
    throw badRequest('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', `Destination ${q.destination.account.id} must be verified before the transfer`);
  }
  if (q.source.available < q.pricing.totalSending) {
    throw conflict('CONFLICT', `Internal account ${q.source.id} holds ${q.source.available}, less than ${q.pricing.totalSending}`);
  }
  // The description, executeQuote: 429 "when executing the quote would exceed the configured daily volume
  // limit" (the volume of payments executed since the quote was made); the fault checks it at creation only.
  const limited = !q.onBehalfOfPlatform || ctx.choices.alternate('platform-own-limits');
  if (!f.has('execute-daily-volume-unchecked')) assertDailyVolume(ctx, limited ? q.customerId : undefined, usdCents(q.sending, q.pricing.totalSending));
}

/**
 * A quote not executed or funded by its expiresAt: EXPIRED, and its PENDING payment with it
 * (supplement sections 8 and 26: PENDING -> EXPIRED, OUTGOING_PAYMENT.EXPIRED).
 */
export function expire(ctx: SandboxContext, q: Quote): void {
  const s = transfersState(ctx);
  const f = ctx.faults;
  // A realtime quote still awaiting its authorization expires too: its challenge goes with it.
  const awaitingAuthorization = q.status === 'PENDING_AUTHORIZATION' && !q.source;
  if (q.status === 'PENDING' || awaitingAuthorization) q.status = 'EXPIRED';
  if (awaitingAuthorization) q.scaChallenge = undefined;
  const t = s.txns.get(q.transactionId);
  if (!t || t.status !== 'PENDING') return;
  if (f.has('outgoing-expiry-silent')) return;
  setStatus(ctx, t, 'EXPIRED');
}

/**
 * A REALTIME_FUNDING quote's payment waits PENDING for its funds (POST /sandbox/send) until the
 * quote's expiresAt, then EXPIRES. A customer's quote that needs SCA first awaits its authorization
 * (awaitsRealtimeAuthorization): answers true for it.
 */
export function awaitFunds(ctx: SandboxContext, q: Quote): boolean {
  const s = transfersState(ctx);
  const now = isoNow(ctx.clock);
  const t: OutgoingTxn = { id: q.transactionId, quote: q, status: 'PENDING', paymentRail: railOf(q), createdAt: now, updatedAt: now };
  s.txns.set(t.id, t);
  indexTransaction(ctx, q.customerId, t, presentOutgoing(ctx, t));
  emit(ctx, t, 'PENDING');
  ctx.later(Math.max(0, q.expiresAt - ctx.clock.now()), () => expire(ctx, q));
  return awaitsRealtimeAuthorization(ctx, q, t);
}

/**
 * The description, createQuote 202: a realtime-funding quote of a customer whose provider requires SCA
 * is "awaiting Strong Customer Authentication": PENDING_AUTHORIZATION with an scaChallenge, its
 * paymentInstructions withheld until the challenge is authorized (./authorize.ts), its payment PENDING
 * meanwhile (TransactionStatus PENDING: "Quote has been created"; PROCESSING: "Funding has been
 * received"). Authorizations as for an executed send (supplement 16). The fault answers it as any
 * realtime quote: 201 with its instructions.
 */
function awaitsRealtimeAuthorization(ctx: SandboxContext, q: Quote, t: OutgoingTxn): boolean {
  if (!needsSca(ctx, q) || ctx.faults.has('realtime-sca-quote-201')) return false;
  q.status = 'PENDING_AUTHORIZATION';
  q.instructionsWithheld = true;
  // By currency, as a send (supplement 16: "cross-currency sends currently two"); the alternate takes one.
  q.authorizationsLeft = q.sending !== q.receiving && !ctx.choices.alternate('realtime-sca-one-authorization') ? 2 : 1;
  challenge(ctx, q, t);
  return true;
}

/**
 * A payment of the quote waits for SCA: a customer's (not the platform's own) whose region requires it,
 * unless it goes to a trusted beneficiary (supplement 12: "Trusted ⇒ sends skip per-transaction SCA").
 */
function needsSca(ctx: SandboxContext, q: Quote): boolean {
  if (q.onBehalfOfPlatform || !requiresSca(ctx, getCustomer(ctx, q.customerId))) return false;
  return !(q.destination.kind === 'external' && skipsPerTransactionSca(ctx, q.destination.account.id));
}

/** The transaction of a quote: PENDING, then SCA where needed, then settlement. */
export function start(ctx: SandboxContext, q: Quote): OutgoingTxn {
  const s = transfersState(ctx);
  const f = ctx.faults;
  const waiting = s.txns.get(q.transactionId);
  if (waiting && waiting.status === 'PENDING') {
    // A funded REALTIME_FUNDING payment: already PENDING (and announced), it settles now.
    settle(ctx, q, waiting);
    return waiting;
  }
  const now = isoNow(ctx.clock);
  const t: OutgoingTxn = {
    id: q.transactionId,
    quote: q,
    status: 'PENDING',
    paymentRail: railOf(q),
    createdAt: now,
    updatedAt: now,
  };
  s.txns.set(t.id, t);
  indexTransaction(ctx, q.customerId, t, presentOutgoing(ctx, t));
  // The fault says PENDING came after the payment settled, its data and its stamp a minute ahead
  // (delivered first all the same).
  if (f.has('outgoing-events-out-of-order')) {
    const later = new Date(ctx.clock.now() + 60_000).toISOString();
    ctx.webhooks.emit('OUTGOING_PAYMENT.PENDING', { ...presentOutgoing(ctx, t), updatedAt: later }, later);
  } else emit(ctx, t, 'PENDING');
  const immediate = q.transfer && q.destination.kind === 'external' ? TRANSFER_IMMEDIATE[primaryIdentifier(q.destination.account.accountInfo).slice(-3)] : undefined;
  if (immediate) {
    q.status = 'FAILED';
    // The alternate names every failed transfer-out QUOTE_EXECUTION_FAILED (it "covers the whole path to settlement").
    t.failureReason = ctx.choices.alternate('transfer-out-one-failure-reason') ? 'QUOTE_EXECUTION_FAILED' : immediate;
    setStatus(ctx, t, 'FAILED');
    return t;
  }
  if (needsSca(ctx, q)) {
    // Supplement section 8: PENDING -> PENDING_AUTHORIZATION -> PROCESSING | FAILED (SCA_NOT_COMPLETED).
    // By default the debit waits for the authorization; --sca-debit-at execute takes it now.
    // --sca-debit-at after-execute takes it a moment later; so does the fault, which keeps it.
    if (ctx.settings.scaDebitAt === 'execute') debit(ctx, q, t);
    else if (ctx.settings.scaDebitAt === 'after-execute') debitLater(ctx, q, t, Math.max(step(ctx), ctx.settings.challengeTtlMs / 4));
    else if (f.has('sca-late-debit-kept')) debitLater(ctx, q, t, step(ctx), { keep: true });
    q.status = 'PENDING_AUTHORIZATION';
    // Supplement 16: pre-funded sends need one authorization, cross-currency sends currently two.
    q.authorizationsLeft = q.sending !== q.receiving ? 2 : 1;
    challenge(ctx, q, t);
    setStatus(ctx, t, 'PENDING_AUTHORIZATION');
    return t;
  }
  settle(ctx, q, t);
  return t;
}

/**
 * A new SCA challenge for the quote: the payment fails with SCA_NOT_COMPLETED if this challenge is
 * still the open one when it expires (a later challenge has its own expiry).
 */
export function challenge(ctx: SandboxContext, q: Quote, t: OutgoingTxn, previous?: string): void {
  const f = ctx.faults;
  const id = previous && f.has('sca-next-challenge-same-id') ? previous : `ScaChallenge:${randomUUID()}`;
  const issued = { id, expiresAt: ctx.clock.now() + ctx.settings.challengeTtlMs };
  q.scaChallenge = issued;
  if (previous && f.has('sca-later-challenge-never-expires')) return;
  ctx.later(ctx.settings.challengeTtlMs, () => {
    if (q.status !== 'PENDING_AUTHORIZATION' || (q.scaChallenge !== issued && !f.has('sca-expiry-from-first-challenge'))) return;
    q.status = 'FAILED';
    t.failureReason = f.has('sca-expiry-wrong-reason') ? 'QUOTE_EXECUTION_FAILED' : 'SCA_NOT_COMPLETED';
    setStatus(ctx, t, 'FAILED');
    // Debited before it expired (--sca-debit-at execute or after-execute): supplement 8, a failed payment is refunded automatically.
    if (t.debited && !t.keepsDebit) refund(ctx, t, { refund: 'COMPLETED' });
  });
}

/**
 * The debit of a payment awaiting its authorization, `ms` after execute answered: a source that no
 * longer covers it fails the payment (QUOTE_EXECUTION_FAILED), nothing taken. `keep`: fault
 * sca-late-debit-kept, no refund when the challenge expires.
 */
export function debitLater(ctx: SandboxContext, q: Quote, t: OutgoingTxn, ms: number, opts: { keep?: boolean } = {}): void {
  ctx.later(ms, () => {
    if (q.status !== 'PENDING_AUTHORIZATION' || t.charged) return;
    if (q.source && q.source.available < q.pricing.totalSending) {
      q.status = 'FAILED';
      t.failureReason = 'QUOTE_EXECUTION_FAILED';
      setStatus(ctx, t, 'FAILED');
      return;
    }
    debit(ctx, q, t);
    t.keepsDebit = opts.keep;
  });
}
