// Supplement sections 1, 4 and 15: GET /customers, filters platformCustomerId, customerType,
// createdAfter/Before, updatedAfter/Before (inclusive), region, currency, umaAddress,
// isIncludingDeleted (default false); paging limit 1-100 (default 20) and cursor; body
// {data, hasMore, nextCursor (only if hasMore)}. 405 METHOD_NOT_ALLOWED for unsupported methods.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { ApiError } from '../http/errors.js';
import { countMatches, indexedPage, timeRange } from '../store/position-index.js';
import { customerIndex, presentCustomer, type CustomerRecord } from './state.js';

const timestamp = z.iso.datetime({ offset: true });
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d+$/, 'a cursor returned as nextCursor').optional(),
  platformCustomerId: z.string().min(1).optional(),
  customerType: z.enum(['INDIVIDUAL', 'BUSINESS']).optional(),
  createdAfter: timestamp.optional(),
  createdBefore: timestamp.optional(),
  updatedAfter: timestamp.optional(),
  updatedBefore: timestamp.optional(),
  region: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code').optional(),
  currency: z.string().min(1).optional(),
  umaAddress: z.string().min(1).optional(),
  isIncludingDeleted: z.enum(['true', 'false']).optional(),
});

export async function customerListRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/customers', async (req) => {
    const q = parse(ListQuery, req.query);
    const ix = customerIndex(ctx);
    const includeDeleted = q.isIncludingDeleted === 'true' || ctx.faults.has('customers-list-includes-deleted');
    const t = (s?: string) => (s === undefined ? undefined : Date.parse(s));
    const [ca, cb, ua, ub] = [t(q.createdAfter), t(q.createdBefore), t(q.updatedAfter), t(q.updatedBefore)];
    const exclusiveAfter = ctx.faults.has('customers-list-created-after-exclusive');
    // The faults: platformCustomerId matched as a prefix; updatedAfter/Before judged on createdAt.
    const prefixMatch = ctx.faults.has('customers-list-platform-id-prefix-match');
    const onCreated = ctx.faults.has('customers-list-updated-filters-on-created');
    const updatedOf = (c: CustomerRecord) => (onCreated ? c.createdAt : c.updatedAt);
    const matches = (c: CustomerRecord) =>
      (includeDeleted ? c.isDeleted === true || !ctx.faults.has('customers-include-deleted-only-deleted') : !c.isDeleted) &&
      (q.platformCustomerId === undefined || c.fields.platformCustomerId === q.platformCustomerId || (prefixMatch && String(c.fields.platformCustomerId).startsWith(q.platformCustomerId))) &&
      (q.umaAddress === undefined || c.fields.umaAddress === q.umaAddress || ctx.faults.has('customers-list-uma-filter-stale')) &&
      (q.customerType === undefined || c.customerType === q.customerType) &&
      (q.region === undefined || c.fields.region === q.region || ctx.faults.has('customers-list-region-filter-ignored')) &&
      (q.currency === undefined || ((c.fields.currencies as string[] | undefined) ?? []).includes(q.currency)) &&
      (ca === undefined || (exclusiveAfter ? Date.parse(c.createdAt) > ca : Date.parse(c.createdAt) >= ca)) &&
      (ua === undefined || Date.parse(updatedOf(c)) >= ua) &&
      (ub === undefined || Date.parse(updatedOf(c)) <= ub);

    // Each equality filter names a positions list (creation order) and the page walks the shortest,
    // testing every filter; createdAfter/Before bound the positions by binary search (createdAt never
    // decreases along the order), updatedAfter/Before read the change log when few changes lie within.
    // (A customer that took a platformCustomerId or umaAddress by PATCH joined its list late: sorted here.)
    // The fault leaves them in the order they joined.
    const positions = (list: CustomerRecord[] | undefined) => {
      const joined = [...new Set((list ?? []).map((c) => ix.positionOf.get(c)!))];
      return ctx.faults.has('customers-list-joined-positions-unsorted') ? joined : joined.sort((x, y) => x - y);
    };
    const narrow = [
      q.platformCustomerId !== undefined && !prefixMatch ? positions(ix.everByPlatformId.get(q.platformCustomerId)) : undefined,
      q.umaAddress !== undefined ? positions(ix.everByUma.get(q.umaAddress)) : undefined,
      q.customerType !== undefined ? ix.typePositions.get(q.customerType) : undefined,
      q.region !== undefined && !ctx.faults.has('customers-list-region-filter-ignored') ? ix.byRegion.get(q.region) : undefined,
      q.currency !== undefined ? ix.byCurrency.get(q.currency) : undefined,
      includeDeleted ? undefined : ix.live.get('active'),
    ].filter((list) => list !== undefined);
    if ((ua !== undefined || ub !== undefined) && !onCreated) {
      const shortest = Math.min(ix.order.length, ...narrow.map((list) => list.length));
      const changed = ix.updates.within(ua, ub, Math.min(shortest, 10_000));
      if (changed) narrow.push(changed.map((c) => ix.positionOf.get(c)!).sort((x, y) => x - y));
    }
    const range = timeRange(ix.order, (c) => Date.parse(c.createdAt), { after: ca, before: cb, afterExclusive: exclusiveAfter });
    let last = -1;
    // Supplement 1: limit defaults to 20 (the fault pages 100 without one).
    const limit = (req.query as { limit?: unknown }).limit === undefined && ctx.faults.has('customers-default-limit-100') ? 100 : q.limit;
    const page = indexedPage(ix.order, { limit, cursor: q.cursor, narrow, range }, matches, (c, p) => {
      last = p;
      return presentCustomer(ctx, c);
    });
    // The fault's cursor names the last item returned: the next page starts with it again.
    if (page.nextCursor && ctx.faults.has('customers-list-next-cursor-repeats') && page.data.length > 1) page.nextCursor = String(last);
    // The alternate answers the optional totalCount: every customer the filters match, all pages.
    if (ctx.choices.alternate('customers-list-total-count')) return { ...page, totalCount: countMatches(ix.order, { narrow, range }, matches) };
    return page;
  });

  // Supplement section 15: 405 METHOD_NOT_ALLOWED (JSON) for methods /customers does not support.
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/customers',
      handler: async () => {
        if (ctx.faults.has('customers-unsupported-method-404')) throw new ApiError(404, 'REFERENCE_NOT_FOUND', `No operation ${method} /customers`);
        throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not supported on /customers; use GET or POST`);
      },
    });
  }
}
