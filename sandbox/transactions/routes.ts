// Interface: Transaction status ("Approval of a transaction that is not pending platform approval
// answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL. Cancelling a transaction that has settled or
// is past cancellation answers 409 TRANSACTION_NOT_CANCELLABLE"); Errors / 404 TRANSACTION_NOT_FOUND.
// Supplement section 8: GET /transactions (./list.ts), GET /transactions/{id}, approve, cancel.
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../clock.js';
import { conflict } from '../http/errors.js';
import { z } from 'zod';
import { parse } from '../context.js';
import { transfersState } from '../cross-currency-transfers/state.js';
import { approveIncoming } from './incoming.js';
import { listTransactionsRoute } from './list.js';
import { find } from './lookup.js';

const CancelBody = z.object({ reason: z.string().optional() });
/** Supplement 8 and 13: cancel applies to bank-rail ACH or wire payments only. */
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
    if (!ctx.faults.has('cancel-body-unchecked')) parse(CancelBody, req.body);
    const t = find(ctx, id);
    const outgoing = transfersState(ctx).txns.get(id);
    // Supplement 8 and 13: unsettled ACH or wire only (the fault cancels any rail).
    const cancellable = outgoing && outgoing.status === 'PENDING' && (bankRail(outgoing.paymentRail) || ctx.faults.has('cancel-any-rail'));
    if (!cancellable && !ctx.faults.has('cancel-settled-200')) {
      throw conflict('TRANSACTION_NOT_CANCELLABLE', `Transaction ${id} is ${String(t.status)} and past cancellation`);
    }
    if (outgoing && cancellable) transfersState(ctx).cancel!(outgoing);
    else if (outgoing) {
      outgoing.status = 'FAILED';
      outgoing.updatedAt = isoNow(ctx.clock);
    }
    return find(ctx, id);
  });
}
