// Interface: Exchange Rates area ("Cached foreign-exchange rates, including platform-specific fees");
// Limits (cache age about 5 minutes). Supplement section 11: GET /exchange-rates.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { badRequest } from '../http/errors.js';
import { CACHE_MS, price, rate, rateSupported } from './state.js';

const Query = z.object({
  sourceCurrency: z.string().regex(/^[A-Z]{3,4}$/),
  destinationCurrency: z.union([z.string(), z.array(z.string())]).optional(),
  sendingAmount: z.coerce.number().int().positive().max(1e11).default(10_000),
});

export async function exchangeRateRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/exchange-rates', async (req) => {
    const q = parse(Query, req.query);
    if (!rateSupported(q.sourceCurrency)) throw badRequest('INVALID_CURRENCY', `Currency ${q.sourceCurrency} is not supported`);
    // Supplement section 11: destinationCurrency is repeatable (the fault keeps the first only).
    const asked = [q.destinationCurrency ?? []].flat();
    const destinations = q.destinationCurrency === undefined ? ['USD', 'EUR', 'GBP', 'MXN', 'BRL', 'USDC'] : ctx.faults.has('exchange-rates-destination-repeat-ignored') ? asked.slice(0, 1) : asked;
    const unknown = destinations.filter((d) => !rateSupported(d));
    if (unknown.length) throw badRequest('INVALID_CURRENCY', `Currency ${unknown.join(', ')} is not supported`);
    const configured = ctx.config.feeConfigs.find((c) => c.sourceCurrency === q.sourceCurrency);
    // Interface, Limits: rates include platform-specific fees (the faults leave the fee out, or its fixed part).
    const platform = configured && !ctx.faults.has('exchange-rates-platform-fee-ignored')
      ? { fixed: ctx.faults.has('exchange-rates-platform-fixed-fee-dropped') ? 0 : configured.fixedFee.amount, bps: configured.variableFeeBps }
      : undefined;
    return {
      data: destinations.filter((d) => d !== q.sourceCurrency).map((d) => {
        const p = price(ctx, q.sourceCurrency, d, 'SENDING', q.sendingAmount, platform);
        const { windowStart } = rate(ctx, q.sourceCurrency, d);
        return {
          sourceCurrency: q.sourceCurrency,
          destinationCurrency: d,
          sendingAmount: q.sendingAmount,
          receivingAmount: p.totalReceiving,
          exchangeRate: p.exchangeRate,
          fees: { fixed: platform?.fixed ?? 0, total: p.svcFee + p.platformFee },
          updatedAt: new Date(windowStart).toISOString(),
          expiresAt: new Date(windowStart + CACHE_MS).toISOString(),
        };
      }),
    };
  });
}
