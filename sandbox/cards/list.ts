// Supplement sections 1 and 9: the cards' list (issue order, newest first by default, its filters
// read from the positions indexes) and one card. openapi.yaml, listCards accountId: "Returns cards whose
// fundingSources array contains the given internal account id".
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { PageQuery } from '../store/cursor-page.js';
import { indexedPage } from '../store/position-index.js';
import { cardTools, IdParams } from './state.js';

const CardListQuery = PageQuery.extend({
  cardholderId: z.string().optional(),
  state: z.string().optional(),
  platformCardId: z.string().optional(),
  accountId: z.string().optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
}).passthrough();

export async function cardListRoutes(app: FastifyInstance) {
  const { s, f, getCard } = cardTools(app.ctx);

  app.get('/cards', async (req) => {
    const q = parse(CardListQuery, req.query);
    // Issue order: desc (the default) reads it backwards. Each filter names a positions list; the page
    // walks the shortest and tests every filter.
    const ix = s.positions;
    const narrow = [
      q.cardholderId ? ix.holder.get(q.cardholderId) : undefined,
      q.state ? ix.state.get(q.state) : undefined,
      q.platformCardId ? ix.platformCardId.get(q.platformCardId) : undefined,
      q.accountId && !f.has('cards-account-filter-ignored') ? ix.account.get(q.accountId) : undefined,
    ].filter((list) => list !== undefined);
    const matches = (id: string) => {
      const c = s.cards.get(id)!;
      return (!q.cardholderId || c.cardholderId === q.cardholderId) && (!q.state || c.state === q.state) &&
        (!q.platformCardId || c.platformCardId === q.platformCardId) && (!q.accountId || f.has('cards-account-filter-ignored') || (f.has('cards-account-filter-first-source-only') ? c.fundingSources[0] === q.accountId : c.fundingSources.includes(q.accountId)));
    };
    // Supplement section 1: sortOrder asc|desc, default desc.
    const descending = f.has('cards-sort-order-ignored') || q.sortOrder !== 'asc';
    let last = -1;
    const page = indexedPage(s.order, { limit: q.limit, cursor: q.cursor, descending, narrow }, matches, (id, p) => {
      last = p;
      return s.cards.get(id)!;
    });
    // The fault's cursor names the last card returned: the next page repeats it.
    if (page.nextCursor && f.has('cards-cursor-repeats')) page.nextCursor = String(last);
    // The alternate counts every card the filters match (totalCount is optional, supplement 1), walking the shortest filter's list.
    if (app.ctx.choices.alternate('cards-total-count')) {
      const shortest = narrow.length ? narrow.reduce((a, b) => (b.length < a.length ? b : a)).map((p) => s.order[p]) : s.order;
      return { ...page, totalCount: shortest.filter(matches).length };
    }
    return page;
  });

  app.get('/cards/:cardId', async (req) => getCard(parse(IdParams, req.params).cardId));
}
