// Supplement section 6: GET /customers/internal-accounts (paged, filters customerId, currency, type)
// and GET /platform/internal-accounts (the platform's own accounts, unpaged).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { PageQuery } from '../store/cursor-page.js';
import { indexedPage } from '../store/position-index.js';
import { EMBEDDED_TIMINGS } from '../profile.js';
import { adjustBalance, customerAccountOrder, customerAccountPositions, internalAccounts, platformCurrencies, presentInternalAccount, provisionInternalAccount, type InternalAccountRecord } from './state.js';

// The description: type is an InternalAccountType; under the fault any text is a type no account has.
const ACCOUNT_TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET'] as const;
const ListQuery = z.object({ currency: z.string().optional(), customerId: z.string().optional(), type: z.enum(ACCOUNT_TYPES).optional() }).passthrough();
const LooseListQuery = ListQuery.extend({ type: z.string().optional() });

/** The platform's own accounts (supplement 6: customerId absent), ready at start (sandbox/README.md). */
// Schemas are built once: zod compiles each on its first parse, which costs more than the parse.
const CustomerListQuery = ListQuery.extend(PageQuery.shape);
const LooseCustomerListQuery = LooseListQuery.extend(PageQuery.shape);

export async function internalAccountListRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const platformIds = platformCurrencies(ctx.choices.alternate('platform-usd-account-only')).map((currency) => {
    const account = provisionInternalAccount(ctx, null, currency, { hold: true });
    account.status = 'ACTIVE';
    return account.id;
  });
  // Every customer account in creation order; customerId, currency and type each name a positions
  // list, and a page walks the shortest from its cursor, testing every filter.
  const customerAccounts = (query: unknown) => {
    const q = parse(ctx.faults.has('internal-accounts-type-unchecked') ? LooseCustomerListQuery : CustomerListQuery, query);
    const ix = customerAccountPositions(ctx);
    const narrow = [
      q.customerId && !ctx.faults.has('internal-accounts-customer-filter-ignored') ? ix.customer.get(q.customerId) : undefined,
      q.currency && !ctx.faults.has('internal-accounts-currency-filter-ignored') ? ix.currency.get(q.currency) : undefined,
      q.type ? ix.type.get(q.type) : undefined,
    ].filter((list) => list !== undefined);
    const matches = (a: InternalAccountRecord) =>
      a.customerId !== null && (!q.customerId || a.customerId === q.customerId || ctx.faults.has('internal-accounts-customer-filter-ignored')) && (!q.currency || a.currency === q.currency || ctx.faults.has('internal-accounts-currency-filter-ignored')) && (!q.type || a.type === q.type);
    // Supplement 1: limit defaults to 20 (the fault pages 100 without one).
    const limit = (query as { limit?: unknown } | undefined)?.limit === undefined && ctx.faults.has('internal-accounts-default-limit-100') ? 100 : q.limit;
    return indexedPage(customerAccountOrder(ctx), { limit, cursor: q.cursor, narrow }, matches, (a) => presentInternalAccount(ctx, a));
  };
  const platformAccounts = (query: unknown) => {
    const q = parse(ctx.faults.has('internal-accounts-type-unchecked') ? LooseListQuery : ListQuery, query);
    const all = internalAccounts(ctx);
    // The platform's few accounts are kept by id, so the list never scans the customers' accounts.
    const candidates = ctx.faults.has('platform-accounts-include-customer-accounts') ? [...all.values()] : platformIds.map((id) => all.get(id)!);
    return candidates.filter((a) => (!q.currency || a.currency === q.currency) && (!q.type || a.type === q.type)).map((a) => presentInternalAccount(ctx, a));
  };

  app.get('/customers/internal-accounts', async (req) => {
    const page = customerAccounts(req.query);
    if (ctx.faults.has('internal-accounts-has-more-when-full') && !page.hasMore && page.data.length === parse(CustomerListQuery, req.query).limit) {
      Object.assign(page, { hasMore: true, nextCursor: String(customerAccountOrder(ctx).length) });
    }
    // The faults credit a refund again once its account has been read, or half the declared quiet period
    // after that read, when the read showed the right balance (cross-currency-transfers/routes.ts).
    const later = ctx.faults.has('refund-credited-twice-later');
    for (const { id } of ctx.faults.has('refund-credited-twice') || later ? page.data : []) {
      const a = internalAccounts(ctx).get(id);
      if (!a?.lateCredit) continue;
      const credit = a.lateCredit;
      a.lateCredit = 0;
      if (later) ctx.later(EMBEDDED_TIMINGS.eventQuietMs / 2, () => adjustBalance(ctx, a, credit));
      else adjustBalance(ctx, a, credit);
    }
    return page;
  });
  // Supplement 1 and 6: the platform's accounts answer just {data}, unpaged.
  app.get('/platform/internal-accounts', async (req) => {
    const data = platformAccounts(req.query);
    // The fault pages the list as others are paged: its first account only, more said to follow.
    return ctx.faults.has('platform-accounts-paged') ? { data: data.slice(0, 1), hasMore: data.length > 1, nextCursor: '1' } : { data };
  });
}
