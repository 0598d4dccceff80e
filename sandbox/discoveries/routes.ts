// Supplement §11, §21: GET /discoveries?country&currency -> {data[{bankName, displayName, country,
// currency}]}, unpaged; none = all; 400 on a malformed query. A discovered bankName is what an
// external account's accountInfo.bankName takes (sandbox/external-accounts keeps it).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';

export interface Discovery {
  bankName: string;
  displayName: string;
  country: string;
  currency: string;
}

const d = (bankName: string, displayName: string, country: string, currency: string): Discovery => ({ bankName, displayName, country, currency });

/** The banks per corridor this sandbox knows (invented names, sandbox/README.md). */
export const DISCOVERIES: readonly Discovery[] = [
  d('FIRST_MERIDIAN_BANK', 'First Meridian Bank', 'US', 'USD'),
  d('HARBORVIEW_CREDIT_UNION', 'Harborview Credit Union', 'US', 'USD'),
  d('BANCO_DEL_SOL', 'Banco del Sol', 'MX', 'MXN'),
  d('BANCO_TERRAZA', 'Banco Terraza', 'MX', 'MXN'),
  d('RHEINLAND_SPARKASSE', 'Rheinland Sparkasse', 'DE', 'EUR'),
  d('BANQUE_DU_LAC', 'Banque du Lac', 'FR', 'EUR'),
  d('THAMES_MUTUAL', 'Thames Mutual', 'GB', 'GBP'),
  d('BANCO_IPE', 'Banco Ipê', 'BR', 'BRL'),
  d('LAGOS_TRUST_BANK', 'Lagos Trust Bank', 'NG', 'NGN'),
  d('DECCAN_BANK', 'Deccan Bank', 'IN', 'INR'),
];

const Query = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code').optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 currency code').optional(),
});

export async function discoveryRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/discoveries', async (req) => {
    const q = ctx.faults.has('discoveries-query-unchecked') ? (req.query as z.infer<typeof Query>) : parse(Query, req.query);
    return {
      data: DISCOVERIES.filter((x) => !(ctx.faults.has('discoveries-one-filter-empty') && Boolean(q.country) !== Boolean(q.currency)) && (!q.country || x.country === q.country) && (!q.currency || x.currency === q.currency || ctx.faults.has('discoveries-currency-filter-ignored'))),
    };
  });
}
