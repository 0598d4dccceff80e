// Supplement section 8: POST /transactions/{id}/confirm, the platform confirms the receipt of any
// transaction was delivered (receiptDeliveryConfirmedAt, default now; a repeat overwrites).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { notFound } from '../http/errors.js';
import { presentIncoming, presentOutgoing, transfersState } from '../cross-currency-transfers/state.js';
import { cardsState, presentCardTxn } from '../cards/state.js';

const Confirm = z.object({ receiptDeliveryConfirmedAt: z.iso.datetime().optional() });
const IdParams = z.object({ transactionId: z.string().min(1) });

export function confirmRoute(app: FastifyInstance): void {
  const { ctx } = app;
  // Supplement section 8: the platform confirms the receipt was delivered. Any transaction may be
  // confirmed here; the time given (or now) is kept as receiptDeliveryConfirmedAt.
  app.post('/transactions/:transactionId/confirm', async (req) => {
    const { transactionId } = parse(IdParams, req.params);
    const body = parse(Confirm, req.body);
    const at = body.receiptDeliveryConfirmedAt ? new Date(body.receiptDeliveryConfirmedAt).toISOString() : isoNow(ctx.clock);
    const s = transfersState(ctx);
    const incoming = s.incoming.get(transactionId);
    if (incoming) {
      incoming.receiptDeliveryConfirmedAt = at;
      return presentIncoming(incoming);
    }
    const outgoing = s.txns.get(transactionId);
    if (outgoing) {
      outgoing.receiptDeliveryConfirmedAt = at;
      return presentOutgoing(ctx, outgoing);
    }
    const card = cardsState(ctx).txns.get(transactionId);
    if (card) return presentCardTxn(card, ctx);
    if (ctx.faults.has('confirm-unknown-200')) return { id: transactionId, receiptDeliveryConfirmedAt: at };
    throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`);
  });
}
