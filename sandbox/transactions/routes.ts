// Interface: Transaction status ("Approval of a transaction that is not pending platform approval
// answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL. Cancelling a transaction that has settled or
// is past cancellation answers 409 TRANSACTION_NOT_CANCELLABLE"); Errors / 404 TRANSACTION_NOT_FOUND.
// Supplement section 8: GET /transactions (filters, paging), GET /transactions/{id}, approve, cancel.
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../clock.js';
import { cardsState, presentCardTxn } from '../cards/routes.js';
import { conflict, notFound } from '../errors.js';
import { page } from '../pagination.js';
import { presentIncoming, presentOutgoing, transfersState } from '../cross-currency-transfers/routes.js';
import { approveIncoming } from './incoming.js';

export async function transactionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const all = () => [
    ...[...cardsState(ctx).txns.values()].map((t) => presentCardTxn(t) as Record<string, unknown>),
    ...[...transfersState(ctx).txns.values()].map((t) => presentOutgoing(ctx, t) as Record<string, unknown>),
    ...[...transfersState(ctx).incoming.values()].map((t) => presentIncoming(t) as Record<string, unknown>),
  ];
  const find = (id: string) => {
    const t = all().find((x) => x.id === id);
    if (!t) throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${id} not found`);
    return t;
  };

  app.get('/transactions', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const list = all()
      .filter((t) => (!q.type || t.type === q.type) && (!q.customerId || t.customerId === q.customerId) && (!q.cardId || t.cardId === q.cardId) && (!q.status || t.status === q.status))
      .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    const ordered = q.sortOrder === 'asc' ? list : list.reverse();
    if (ctx.faults.has('transactions-no-pagination')) return { data: ordered, hasMore: false, totalCount: ordered.length };
    return page(ordered, req.query);
  });

  app.get('/transactions/:transactionId', async (req) => find((req.params as { transactionId: string }).transactionId));

  // Incoming payments the platform answered 202 wait for approval (./incoming.ts); nothing else does
  // (agents are not implemented).
  app.post('/transactions/:transactionId/approve', async (req) => {
    const id = (req.params as { transactionId: string }).transactionId;
    const incoming = approveIncoming(ctx, id, req.body);
    if (incoming) return incoming;
    const t = find(id);
    if (ctx.faults.has('approve-not-pending-200')) return t;
    throw conflict('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${String(t.id)} is ${String(t.status)}, not pending platform approval`);
  });

  app.post('/transactions/:transactionId/cancel', async (req) => {
    const id = (req.params as { transactionId: string }).transactionId;
    const t = find(id);
    const outgoing = transfersState(ctx).txns.get(id);
    const cancellable = outgoing && outgoing.status === 'PENDING' && ['ACH', 'WIRE'].includes(outgoing.paymentRail);
    if (!cancellable && !ctx.faults.has('cancel-settled-200')) {
      throw conflict('TRANSACTION_NOT_CANCELLABLE', `Transaction ${id} is ${String(t.status)} and past cancellation`);
    }
    if (outgoing) {
      outgoing.status = 'FAILED';
      outgoing.updatedAt = isoNow(ctx.clock);
    }
    return find(id);
  });
}
