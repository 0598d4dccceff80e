// Supplement §11, §21: GET /discoveries?country&currency -> {data[{bankName, displayName, country,
// currency}]}, unpaged; none = all; 400 on a malformed query. A discovered bankName is what an
// external account's accountInfo.bankName takes (sandbox/external-accounts keeps it).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { DISCOVERIES } from './state.js';
import { umaProviderRoutes } from './uma-providers.js';

const Query = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code').optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 currency code').optional(),
});

export async function discoveryRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/discoveries', async (req) => {
    const q = ctx.faults.has('discoveries-query-unchecked') ? (req.query as z.infer<typeof Query>) : parse(Query, req.query);
    // The alternate lists the banks in the reverse order (no document states one).
    const banks = ctx.choices.alternate('discoveries-reverse-order') ? [...DISCOVERIES].reverse() : DISCOVERIES;
    return {
      data: banks.filter((x) => !(ctx.faults.has('discoveries-one-filter-empty') && Boolean(q.country) !== Boolean(q.currency)) && (!q.country || x.country === q.country) && (!q.currency || x.currency === q.currency || ctx.faults.has('discoveries-currency-filter-ignored'))),
    };
  });
  umaProviderRoutes(app);
}
