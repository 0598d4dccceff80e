// Interface: Transaction status ("Approval of a transaction that is not pending platform approval
// answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL. Cancelling a transaction that has settled or
// is past cancellation answers 409 TRANSACTION_NOT_CANCELLABLE"); Errors / 404 TRANSACTION_NOT_FOUND.
// Supplement section 8: GET /transactions (./list.ts), GET /transactions/{id}, approve, cancel.
// openapi.yaml, cancelTransaction: "Cancellation applies to bank-rail transfers; requests for
// transaction types that cannot be cancelled are rejected" (400 "the transaction cannot be cancelled");
// 409 "The transaction has already settled or is otherwise past the point where it can be cancelled".
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../clock.js';
import { badRequest, conflict } from '../http/errors.js';
import { z } from 'zod';
import { parse } from '../context.js';
import { presentIncoming, transfersState } from '../cross-currency-transfers/state.js';
import { approveIncoming } from './incoming.js';
import { listTransactionsRoute } from './list.js';
import { find } from './lookup.js';

const CancelBody = z.object({ reason: z.string().optional() });
/** Supplement 8 and 13, openapi.yaml cancelTransaction: cancel applies to bank-rail ACH (push or pull) or wire transfers only. */
const bankRail = (rail: string | null) => rail === 'ACH' || rail === 'WIRE';

export async function transactionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const f = ctx.faults;
  listTransactionsRoute(app);

  app.get('/transactions/:transactionId', async (req) => find(ctx, (req.params as { transactionId: string }).transactionId));

  // Incoming payments the platform answered 202 wait for approval (./incoming.ts); nothing else does
  // (agents are not implemented).
  app.post('/transactions/:transactionId/approve', async (req) => {
    const id = (req.params as { transactionId: string }).transactionId;
    const incoming = approveIncoming(ctx, id, req.body);
    if (incoming) return incoming;
    const t = find(ctx, id);
    if (f.has('approve-not-pending-200')) return t;
    // The fault answers an outgoing payment's approval (an agent's, approved already) as done.
    if (f.has('approve-outgoing-not-pending-200') && transfersState(ctx).txns.has(id)) return t;
    throw conflict('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${String(t.id)} is ${String(t.status)}, not pending platform approval`);
  });

  app.post('/transactions/:transactionId/cancel', async (req) => {
    const id = (req.params as { transactionId: string }).transactionId;
    // Supplement section 13: {reason?} (free text).
    if (ctx.faults.has('cancel-refused-later') && !CancelBody.safeParse(req.body).success) {
      // The fault: a refused cancel of a cancellable payment reaches the bank partner, whose cancellation lands a moment later.
      const o = transfersState(ctx).txns.get(id);
      if (o && o.status === 'PENDING' && bankRail(o.paymentRail)) {
        ctx.later(50, () => {
          if (o.status === 'PENDING' && !o.cancelled) transfersState(ctx).cancel!(o);
        });
      }
    }
    const checkBody = () => { if (!ctx.faults.has('cancel-body-unchecked')) parse(CancelBody, req.body); };
    // The body is read first; the alternate finds the transaction and judges its state before it.
    const stateFirst = ctx.choices.alternate('cancel-reject-state-before-body');
    if (!stateFirst) checkBody();
    const t = find(ctx, id);
    const outgoing = transfersState(ctx).txns.get(id);
    // A transfer-in is an ACH pull, a bank-rail type: the partner has processed it from the start, so it
    // is past its cancellation window (sandbox/README.md).
    const pull = transfersState(ctx).incoming.has(id) && transfersState(ctx).incoming.get(id)!.sourceUma === undefined;
    // openapi.yaml, cancelTransaction 400: a type that cannot be cancelled (not a bank-rail transfer: a
    // card transaction, an UMA payment, a payment on another rail or on none). The fault answers 409.
    const cancellableType = pull || (outgoing !== undefined && (bankRail(outgoing.paymentRail) || ctx.faults.has('cancel-any-rail')));
    if (!cancellableType && !ctx.faults.has('cancel-settled-200')) {
      if (ctx.faults.has('cancel-other-type-409')) throw conflict('TRANSACTION_NOT_CANCELLABLE', `Transaction ${id} is past cancellation`);
      throw badRequest('INVALID_INPUT', `Transaction ${id} cannot be cancelled: cancellation applies to bank-rail (ACH or wire) transfers`);
    }
    // The alternate cancels a transfer-in whose pull is still PENDING: FAILED, nothing credited.
    const pulled = pull ? transfersState(ctx).incoming.get(id)! : undefined;
    if (pulled?.status === 'PENDING' && ctx.choices.alternate('transfer-in-cancellable')) {
      pulled.status = 'FAILED';
      pulled.failureReason = 'QUOTE_EXECUTION_FAILED';
      pulled.updatedAt = isoNow(ctx.clock);
      ctx.webhooks.emit('INCOMING_PAYMENT.FAILED', presentIncoming(pulled));
      return find(ctx, id);
    }
    // Supplement 8 and 13: unsettled only (the fault cancels any rail).
    // The alternate also cancels one still PROCESSING (not settled yet).
    const unsettled = outgoing?.status === 'PENDING' || (outgoing?.status === 'PROCESSING' && ctx.choices.alternate('cancel-while-processing'));
    const cancellable = outgoing !== undefined && cancellableType && unsettled;
    if (!cancellable && !ctx.faults.has('cancel-settled-200')) {
      throw conflict('TRANSACTION_NOT_CANCELLABLE', `Transaction ${id} is ${String(t.status)} and past cancellation`);
    }
    if (stateFirst) checkBody();
    if (outgoing && cancellable) transfersState(ctx).cancel!(outgoing);
    else if (outgoing) {
      outgoing.status = 'FAILED';
      outgoing.updatedAt = isoNow(ctx.clock);
    }
    return find(ctx, id);
  });
}
