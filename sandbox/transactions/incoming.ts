// Incoming payments. Interface: Transaction status ("Approval of a transaction that is not pending
// platform approval answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"); Events
// (INCOMING_PAYMENT.REFUND_PENDING/COMPLETED/FAILED: "A returned deposit's refund progresses").
// Supplement section 3 (incoming PENDING is an approval: the receiver replies 200, 403 reject, 422 with
// requiredFields, or 202 then POST /transactions/{id}/approve|reject within 5 s; no retry of
// INCOMING_PAYMENT.PENDING), section 8 (POST /sandbox/uma/receive, approve, reject, the UMA
// sandbox senders, refund) and section 27 (refund events keep status FAILED plus refund). Confirm: ./confirm.ts.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { CURRENCIES } from '../currencies.js';
import { getCustomer } from '../customers/state.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { adjustBalance, assertCanMoveMoney, internalAccounts } from '../internal-accounts/state.js';
import { presentIncoming, transfersState, type IncomingTxn } from '../cross-currency-transfers/state.js';
import { cardsState } from '../cards/state.js';
import { accountsOf } from '../external-accounts/state.js';
import { confirmRoute } from './confirm.js';
import { indexTransaction } from './state.js';

/** What the sender's UMA address makes of an approved payment (sandbox/README.md). */
type Behavior = 'success' | 'pending' | 'refunded' | 'refund-fails';

interface Approval {
  behavior: Behavior;
  /** The platform answered 202: the payment waits for POST approve or reject. */
  awaiting: boolean;
  /**
   * INCOMING_PAYMENT.PENDING is out and unanswered. A platform that answers 202 may call approve or
   * reject before its answer reaches the sandbox (the network carries them separately): the decision
   * is taken, and the answer that follows it changes nothing (sandbox/README.md).
   */
  asking?: boolean;
  /** The platform's decision was taken (approve, reject, or an answer that decides). */
  decided?: boolean;
}

const approvals = (ctx: SandboxContext) => areaState(ctx, 'incoming-approvals', () => new Map<string, Approval>());

const Receive = z.object({
  senderUmaAddress: z.string().min(1),
  receiverUmaAddress: z.string().min(1).optional(),
  customerId: z.string().min(1).optional(),
  receivingCurrencyCode: z.string().min(1),
  receivingCurrencyAmount: z.number(),
});
const Approve = z.object({ receiverCustomerInfo: z.record(z.string(), z.unknown()).optional() });
const Reject = z.object({ reason: z.string().max(1024).optional() });
const IdParams = z.object({ transactionId: z.string().min(1) });

/** The supplement's sandbox UMA senders, and this sandbox's own refund senders, at sandbox.uma.money. */
function senderBehavior(address: string): Behavior {
  const m = /^\$([a-z0-9._-]+)@([a-z0-9-]+(\.[a-z0-9-]+)+)$/i.exec(address);
  if (!m) throw badRequest('INVALID_UMA_ADDRESS', `${address} is not an UMA address ($user@domain)`);
  if (m[2].toLowerCase() !== 'sandbox.uma.money') return 'success';
  const user = m[1].toLowerCase();
  if (user.startsWith('pending.long.')) return 'pending';
  if (user.startsWith('fail.compliance.')) return 'refunded';
  if (user.startsWith('fail.refund.')) return 'refund-fails';
  return 'success';
}

function step(ctx: SandboxContext): number {
  return Math.max(20, Math.min(ctx.settings.provisioningDelayMs, 100));
}

function touch(ctx: SandboxContext, t: IncomingTxn): void {
  t.updatedAt = isoNow(ctx.clock);
}

function emit(ctx: SandboxContext, t: IncomingTxn, suffix: string): void {
  ctx.webhooks.emit(`INCOMING_PAYMENT.${suffix}`, presentIncoming(t));
}

/** The platform approved (200 to INCOMING_PAYMENT.PENDING, or POST approve after 202): the payment proceeds. */
function proceed(ctx: SandboxContext, t: IncomingTxn, a: Approval): void {
  a.awaiting = false;
  a.decided = true;
  ctx.later(step(ctx), () => {
    if (t.status !== 'PENDING' || a.behavior === 'pending') return; // $pending.long...: stays PENDING
    // The outcome follows at once; the alternate is PROCESSING for a step first (supplement 13: "via
    // PROCESSING (inferred)"; no event: the catalog has no INCOMING_PAYMENT.PROCESSING).
    if (!ctx.choices.alternate('incoming-via-processing')) return settleApproved(ctx, t, a);
    t.status = 'PROCESSING';
    touch(ctx, t);
    ctx.later(step(ctx), () => settleApproved(ctx, t, a));
  });
}

/** An approved payment's outcome: completed and credited, or returned by the compliance check and refunded. */
function settleApproved(ctx: SandboxContext, t: IncomingTxn, a: Approval): void {
  const f = ctx.faults;
  if (a.behavior === 'success') {
    // A deposit into the default UMA deposit external account leaves the internal accounts as they are.
    if (!t.depositTo && !f.has('incoming-completed-not-credited')) adjustBalance(ctx, t.destination, t.amount);
    t.status = 'COMPLETED';
    t.settledAt = isoNow(ctx.clock);
    touch(ctx, t);
    emit(ctx, t, 'COMPLETED');
    return;
  }
  // A deposit the compliance check returns: FAILED, then its refund to the sender progresses.
  t.status = 'FAILED';
  t.failureReason = 'COMPLIANCE_REJECTED';
  touch(ctx, t);
  emit(ctx, t, 'FAILED');
  if (f.has('incoming-refund-credited')) adjustBalance(ctx, t.destination, t.amount);
  t.refund = { reference: `Refund:${randomUUID()}`, initiatedAt: isoNow(ctx.clock), status: 'PENDING', reason: 'TRANSACTION_FAILED' };
  emit(ctx, t, 'REFUND_PENDING');
  ctx.later(step(ctx), () => {
    const outcome = a.behavior === 'refunded' ? 'COMPLETED' : 'FAILED';
    if (!f.has('refund-status-stale')) t.refund!.status = outcome;
    t.refund!.settledAt = isoNow(ctx.clock);
    touch(ctx, t);
    emit(ctx, t, `REFUND_${outcome}`);
  });
}

/** The platform refused (403 to INCOMING_PAYMENT.PENDING, or POST reject): nothing is received. */
function refuse(ctx: SandboxContext, t: IncomingTxn, a: Approval): void {
  if (ctx.faults.has('incoming-rejection-credited')) return proceed(ctx, t, { ...a, behavior: 'success' });
  a.awaiting = false;
  a.decided = true;
  t.status = ctx.choices.alternate('incoming-rejected-failed') ? 'FAILED' : 'REJECTED';
  touch(ctx, t);
  // Supplement 13: a rejected payment is announced by INCOMING_PAYMENT.FAILED (inferred); its status is REJECTED here.
  emit(ctx, t, 'FAILED');
}

function fail(ctx: SandboxContext, t: IncomingTxn, a: Approval, reason: string): void {
  a.awaiting = false;
  if (t.status !== 'PENDING') return;
  t.status = 'FAILED';
  t.failureReason = reason;
  touch(ctx, t);
  emit(ctx, t, 'FAILED');
}

/** Asks the platform with INCOMING_PAYMENT.PENDING (one attempt) and acts on its answer. */
async function requestApproval(ctx: SandboxContext, t: IncomingTxn, a: Approval): Promise<void> {
  a.asking = true;
  const answer = await ctx.webhooks.emitOnce('INCOMING_PAYMENT.PENDING', presentIncoming(t));
  a.asking = false;
  if (t.status !== 'PENDING' || a.decided) return;
  const status = answer?.status;
  if (status === 202 && !ctx.faults.has('incoming-202-treated-as-approval')) {
    a.awaiting = true;
    if (!ctx.faults.has('incoming-approval-never-times-out')) {
      ctx.later(ctx.settings.incomingApprovalWindowMs, () => {
        if (a.awaiting) fail(ctx, t, a, 'PAYMENT_APPROVAL_TIMED_OUT');
      });
    }
  // Any 2xx but 202 approves; the alternate approves on 200 only (another 2xx fails it below).
  } else if (status !== undefined && (ctx.choices.alternate('incoming-only-200-approves') ? status === 200 : status >= 200 && status < 300)) proceed(ctx, t, a);
  else if (status === 403) refuse(ctx, t, a);
  else if (status === 422) {
    if (ctx.faults.has('incoming-required-fields-ignored')) proceed(ctx, t, a);
    else fail(ctx, t, a, 'MISSING_MANDATORY_PAYEE_DATA');
  }
  else fail(ctx, t, a, 'PAYMENT_APPROVAL_WEBHOOK_ERROR');
}

/** The incoming payment `id` when it waits for the platform's decision, else undefined (not incoming), else 409. */
function awaitingDecision(ctx: SandboxContext, id: string): { t: IncomingTxn; a: Approval } | undefined {
  const t = transfersState(ctx).incoming.get(id);
  if (!t) return undefined;
  const a = approvals(ctx).get(id);
  // A decision before the platform's answer has arrived is taken; the alternate refuses it (no 202 yet).
  const early = a?.asking && !a.decided && !ctx.choices.alternate('decision-before-answer-refused');
  if (!a || !(a.awaiting || early) || t.status !== 'PENDING') {
    throw conflict('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${id} is ${t.status}, not pending platform approval`);
  }
  return { t, a };
}

/** POST /transactions/{id}/approve for an incoming payment the platform answered 202; undefined for other transactions. */
export function approveIncoming(ctx: SandboxContext, id: string, body: unknown) {
  parse(Approve, body);
  const found = awaitingDecision(ctx, id);
  if (!found) return undefined;
  proceed(ctx, found.t, found.a);
  return presentIncoming(found.t);
}

export async function incomingPaymentRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/sandbox/uma/receive', async (req) => {
    const body = parse(Receive, req.body);
    const behavior = senderBehavior(body.senderUmaAddress);
    if (!body.customerId) {
      throw body.receiverUmaAddress
        ? new ApiError(501, 'NOT_IMPLEMENTED', 'This sandbox addresses the receiver by customerId')
        : badRequest('INVALID_INPUT', 'customerId (or receiverUmaAddress) is required', { errors: [{ field: 'customerId', message: 'the receiving customer' }] });
    }
    const currency = CURRENCIES.get(body.receivingCurrencyCode);
    if (!currency) throw badRequest('INVALID_CURRENCY', `Currency ${body.receivingCurrencyCode} is not supported`);
    if (!Number.isInteger(body.receivingCurrencyAmount) || body.receivingCurrencyAmount <= 0 || body.receivingCurrencyAmount > 1e11) {
      throw badRequest('INVALID_AMOUNT', 'receivingCurrencyAmount must be a positive integer in the smallest unit of the receiving currency', {
        errors: [{ field: 'receivingCurrencyAmount', message: 'a positive integer of the smallest unit' }],
      });
    }
    const customer = getCustomer(ctx, body.customerId);
    const accounts = internalAccounts(ctx);
    const destination = customer.internalAccountIds.map((id) => accounts.get(id)).find((a) => a && a.currency === currency.code);
    if (!destination) throw badRequest('INVALID_CURRENCY', `Customer ${customer.id} holds no ${currency.code} internal account`);
    assertCanMoveMoney(ctx, destination, 'receive');
    // Interface, ExternalAccount.defaultUmaDepositAccount: "incoming UMA payments to the customer's UMA address
    // are deposited into this account instead of the primary internal account"; one in another currency
    // than the payment's is passed over (sandbox/README.md). The fault ignores the default.
    const byDefault = ctx.faults.has('default-uma-deposit-ignored') ? undefined : accountsOf(ctx, customer.id).find((x) => x.defaultUmaDepositAccount && x.currency === currency.code);
    const now = isoNow(ctx.clock);
    const t: IncomingTxn = {
      id: `Transaction:${randomUUID()}`,
      status: 'PENDING',
      source: body.senderUmaAddress,
      sourceUma: body.senderUmaAddress,
      destination,
      ...(byDefault ? { depositTo: { id: byDefault.id, currency: byDefault.currency } } : {}),
      amount: body.receivingCurrencyAmount,
      customerId: customer.id,
      platformCustomerId: String(customer.fields.platformCustomerId),
      createdAt: now,
      updatedAt: now,
    };
    const a: Approval = { behavior, awaiting: false };
    transfersState(ctx).incoming.set(t.id, t);
    indexTransaction(ctx, t.customerId, t, presentIncoming(t));
    approvals(ctx).set(t.id, a);
    void requestApproval(ctx, t, a);
    return presentIncoming(t);
  });

  app.post('/transactions/:transactionId/reject', async (req) => {
    const { transactionId } = parse(IdParams, req.params);
    // Supplement section 13: {reason?} (free text), read first; the alternate judges the transaction before it.
    const checkBody = () => { if (!ctx.faults.has('reject-body-unchecked')) parse(Reject, req.body); };
    const stateFirst = ctx.choices.alternate('cancel-reject-state-before-body');
    if (!stateFirst) checkBody();
    const t = transfersState(ctx).incoming.get(transactionId);
    if (!t) {
      if (transfersState(ctx).txns.has(transactionId) || cardsState(ctx).txns.has(transactionId)) {
        throw conflict('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${transactionId} is not an incoming payment pending platform approval`);
      }
      throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`);
    }
    if (ctx.faults.has('reject-not-pending-200') && t.status !== 'PENDING') return presentIncoming(t);
    const found = awaitingDecision(ctx, transactionId)!;
    if (stateFirst) checkBody();
    refuse(ctx, found.t, found.a);
    return presentIncoming(found.t);
  });

  confirmRoute(app);
}
