// Supplement section 8: GET /transactions, filters customerId, platformCustomerId,
// (sender|receiver)AccountIdentifier, status, type, reference, startDate, endDate (on createdAt),
// sortOrder, cardId; paging. openapi.yaml, listTransactions: accountIdentifier "matches either sender or
// receiver"; status is a TransactionStatus.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { customerIndex, customers } from '../customers/state.js';
import { PageQuery } from '../store/cursor-page.js';
import { indexedPage, timeRange } from '../store/position-index.js';
import { customersPositions, transactionIndex } from './state.js';
import { cardsState } from '../cards/state.js';
import { lookup, type Presented } from './lookup.js';

const TransactionQuery = z.looseObject({
  customerId: z.string().min(1).optional(),
  platformCustomerId: z.string().min(1).optional(),
  accountIdentifier: z.string().min(1).optional(),
  senderAccountIdentifier: z.string().min(1).optional(),
  receiverAccountIdentifier: z.string().min(1).optional(),
  status: z.enum(['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED']).optional(),
  // openapi.yaml, listTransactions: type is a TransactionType (INCOMING|OUTGOING); card transactions are
  // listed among the others, told apart by their own `type: CARD`.
  type: z.enum(['INCOMING', 'OUTGOING']).optional(),
  reference: z.string().min(1).optional(),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  cardId: z.string().min(1).optional(),
});
// Built once: zod compiles each schema on its first parse, which costs more than the parse.
const TransactionPageQuery = TransactionQuery.extend(PageQuery.shape);
/** The fault transactions-status-any-value: any status string is taken. */
const AnyStatusPageQuery = TransactionPageQuery.extend({ status: z.string().min(1).optional() });

/** The ascending union of two ascending positions lists. */
function union(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (out[out.length - 1] !== next) out.push(next);
  }
  return out;
}

export function listTransactionsRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const f = ctx.faults;
  const platformIdOf = (customerId: unknown) => (typeof customerId === 'string' ? customers(ctx).get(customerId)?.fields.platformCustomerId : undefined);
  // The alternate matches an identifier to an accountId only (not an umaAddress, not a card's funding account).
  const byAccountIdOnly = ctx.choices.alternate('identifier-filters-account-id-only');
  const sides = (side: Presented | undefined): unknown[] => (side ? (byAccountIdOnly ? [side.accountId] : [side.accountId, side.umaAddress]) : []);
  const senderSides = (t: Presented): unknown[] => (t.type === 'CARD' ? (byAccountIdOnly ? [] : [t.accountId]) : sides(t.source));

  // Supplement section 8: filters customerId, platformCustomerId, (sender|receiver)AccountIdentifier,
  // status, type, reference, startDate, endDate (on createdAt), sortOrder; paging.
  app.get('/transactions', async (req) => {
    const q = parse(f.has('transactions-status-any-value') ? AnyStatusPageQuery : TransactionPageQuery, req.query);
    const ignore = f.has('transactions-filters-ignored');
    // The alternate lists nothing under a deleted customer's id (its transactions stay readable by id and in the unfiltered list).
    if (q.customerId && customers(ctx).get(q.customerId)?.isDeleted && ctx.choices.alternate('deleted-customer-transactions-unlisted')) return { data: [], hasMore: false };
    const ignoreIds = f.has('transactions-identifier-filters-ignored');
    // The faults: accountIdentifier is not read at all, or matches the sender only.
    const account = f.has('transactions-account-identifier-ignored') ? undefined : q.accountIdentifier;
    const senderOnly = f.has('transactions-account-identifier-sender-only');
    // The fault reads senderAccountIdentifier as accountIdentifier: either side.
    const eitherSide = f.has('transactions-sender-identifier-either-side');
    const from = q.startDate && !ignore ? Date.parse(q.startDate) : undefined;
    const to = q.endDate && !ignore ? Date.parse(q.endDate) : undefined;
    // Creation order is the index's order: asc reads it forwards, desc (the default) backwards. Each
    // equality filter names a positions list; the page walks the shortest (matches tests them all), and
    // the dates bound the positions by binary search, createdAt never decreasing along the order.
    const ix = transactionIndex(ctx);
    const ids = ix.all;
    const byPlatformId = q.platformCustomerId ? (customerIndex(ctx).everByPlatformId.get(q.platformCustomerId) ?? []).map((c) => c.id) : undefined;
    const narrow = [
      q.customerId ? ix.byCustomer.get(q.customerId) : undefined,
      byPlatformId ? customersPositions(ctx, byPlatformId) : undefined,
      q.type && !ignore ? ix.byType.get(q.type) : undefined,
      q.status && !ignore ? ix.byStatus.get(q.status) : undefined,
      q.cardId ? ix.byCard.get(q.cardId) : undefined,
      q.senderAccountIdentifier && !ignoreIds ? (eitherSide ? union(ix.bySender.get(q.senderAccountIdentifier), ix.byReceiver.get(q.senderAccountIdentifier)) : ix.bySender.get(q.senderAccountIdentifier)) : undefined,
      q.receiverAccountIdentifier && !ignoreIds ? ix.byReceiver.get(q.receiverAccountIdentifier) : undefined,
      q.reference && !ignoreIds ? ix.byReference.get(q.reference) : undefined,
      account ? (senderOnly ? ix.bySender.get(account) : union(ix.bySender.get(account), ix.byReceiver.get(account))) : undefined,
    ].filter((list) => list !== undefined);
    const range = timeRange(ix.createdAt, (t) => t, { after: from, before: to });
    let current: Presented | undefined;
    const matches = (id: string) => {
      const t = (current = lookup(ctx, id));
      return (
        t !== undefined &&
        (!q.type || ignore || t.type === q.type) &&
        (!q.customerId || t.customerId === q.customerId) &&
        (!q.cardId || cardsState(ctx).txns.get(id)?.cardId === q.cardId) &&
        (!q.status || ignore || t.status === q.status) &&
        (!q.platformCustomerId || platformIdOf(t.customerId) === q.platformCustomerId) &&
        (!q.senderAccountIdentifier || ignoreIds || senderSides(t).includes(q.senderAccountIdentifier) || (eitherSide && sides(t.destination).includes(q.senderAccountIdentifier))) &&
        (!account || senderSides(t).includes(account) || (!senderOnly && sides(t.destination).includes(account))) &&
        (!q.receiverAccountIdentifier || ignoreIds || sides(t.destination).includes(q.receiverAccountIdentifier)) &&
        (!q.reference || ignoreIds || t.refund?.reference === q.reference) &&
        (from === undefined || Date.parse(t.createdAt) >= from) &&
        (to === undefined || Date.parse(t.createdAt) <= to)
      );
    };
    const descending = q.sortOrder !== 'asc';
    if (f.has('transactions-no-pagination')) {
      const data = indexedPage(ids, { limit: Number.MAX_SAFE_INTEGER, descending, narrow, range }, matches, () => current!).data;
      return { data, hasMore: false, totalCount: data.length };
    }
    const page = indexedPage(ids, { limit: q.limit, cursor: q.cursor, descending: f.has('transactions-sort-order-ignored') || descending, narrow, range }, matches, () => current!);
    // The fault's cursor starts one item late: the next page skips an item.
    if (page.nextCursor && f.has('transactions-cursor-skips')) page.nextCursor = String(Number(page.nextCursor) + (descending ? -1 : 1));
    return page;
  });
}
