// Supplement sections 1, 4 and 15: GET /customers, filters platformCustomerId, customerType,
// createdAfter/Before, updatedAfter/Before (inclusive), region, currency, umaAddress,
// isIncludingDeleted (default false); paging limit 1-100 (default 20) and cursor; body
// {data, hasMore, nextCursor (only if hasMore)}. 405 METHOD_NOT_ALLOWED for unsupported methods.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { ApiError } from '../errors.js';
import { customerIndex } from './index.js';
import { presentCustomer, type CustomerRecord } from './routes.js';

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

/** First position in `list` (ordered by createdAt) whose createdAt is at or after `t`. */
function firstAtOrAfter(list: CustomerRecord[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Date.parse(list[mid].createdAt) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export async function customerListRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/customers', async (req) => {
    const q = parse(ListQuery, req.query);
    const ix = customerIndex(ctx);
    // The narrowest index the filters allow; every candidate list is in creation order.
    const candidates =
      (q.platformCustomerId !== undefined && (ix.everByPlatformId.get(q.platformCustomerId) ?? [])) ||
      (q.umaAddress !== undefined && (ix.everByUma.get(q.umaAddress) ?? [])) ||
      (q.customerType !== undefined && (ix.byType.get(q.customerType) ?? [])) ||
      ix.order;
    const includeDeleted = q.isIncludingDeleted === 'true' || ctx.faults.has('customers-list-includes-deleted');
    const t = (s?: string) => (s === undefined ? undefined : Date.parse(s));
    const [ca, cb, ua, ub] = [t(q.createdAfter), t(q.createdBefore), t(q.updatedAfter), t(q.updatedBefore)];
    const exclusiveAfter = ctx.faults.has('customers-list-created-after-exclusive');
    const matches = (c: CustomerRecord) =>
      (includeDeleted || !c.isDeleted) &&
      (q.platformCustomerId === undefined || c.fields.platformCustomerId === q.platformCustomerId) &&
      (q.umaAddress === undefined || c.fields.umaAddress === q.umaAddress) &&
      (q.customerType === undefined || c.customerType === q.customerType) &&
      (q.region === undefined || c.fields.region === q.region || ctx.faults.has('customers-list-region-filter-ignored')) &&
      (q.currency === undefined || ((c.fields.currencies as string[] | undefined) ?? []).includes(q.currency)) &&
      (ca === undefined || (exclusiveAfter ? Date.parse(c.createdAt) > ca : Date.parse(c.createdAt) >= ca)) &&
      (ua === undefined || Date.parse(c.updatedAt) >= ua) &&
      (ub === undefined || Date.parse(c.updatedAt) <= ub);

    // Creation order lets createdAfter start the scan and createdBefore end it.
    let i = Math.max(q.cursor !== undefined ? Number(q.cursor) : 0, ca !== undefined ? firstAtOrAfter(candidates, ca) : 0);
    const data: CustomerRecord[] = [];
    let hasMore = false;
    for (; i < candidates.length; i++) {
      const c = candidates[i];
      if (cb !== undefined && Date.parse(c.createdAt) > cb) break;
      if (!matches(c)) continue;
      if (data.length === q.limit) {
        hasMore = true;
        break;
      }
      data.push(c);
    }
    // The cursor names where the next page starts: the first match not returned.
    const next = ctx.faults.has('customers-list-next-cursor-repeats') && data.length > 1 ? i - 1 : i;
    return { data: data.map((c) => presentCustomer(ctx, c)), hasMore, ...(hasMore ? { nextCursor: String(next) } : {}) };
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
