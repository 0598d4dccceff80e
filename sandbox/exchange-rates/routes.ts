// Interface: Exchange Rates area ("Cached foreign-exchange rates, including platform-specific fees");
// Limits (cache age about 5 minutes). Supplement section 11: GET /exchange-rates. Each rate has the
// shape of openapi.yaml's ExchangeRate: the two currencies as Currency objects, the destination's
// payment rail, the sending bounds, the amounts, the rate, the fees and when it was refreshed.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { LIMITS } from '../cross-currency-transfers/state.js';
import { CURRENCIES } from '../currencies.js';
import { badRequest } from '../http/errors.js';
import { PAYMENT_RAILS } from '../payment-rails.js';
import { price, rate, rateSupported, unitsPerUsd, usdCents, type PlatformFee } from './state.js';

const Query = z.object({
  // openapi.yaml: sourceCurrency is optional ("Filter by source currency"); without it every source is answered.
  sourceCurrency: z.string().regex(/^[A-Z]{3,4}$/).optional(),
  destinationCurrency: z.union([z.string(), z.array(z.string())]).optional(),
  // openapi.yaml: sendingAmount integer, minimum 0, default 10000.
  sendingAmount: z.coerce.number().int().min(0).max(1e11).default(10_000),
});
/** The fault's reading: any number, a fraction or below 0 priced as given. */
const LooseQuery = Query.extend({ sendingAmount: z.coerce.number().default(10_000) });

/** The corridors of this sandbox, each way: the fiat currencies it prices and pays out. */
const CORRIDOR_CURRENCIES = ['USD', 'EUR', 'GBP', 'MXN', 'BRL'];

/**
 * The rail a destination currency is paid out over (openapi.yaml, ExchangeRate.destinationPaymentRail, a
 * PaymentRail): the first rail its bank accounts take (sandbox/payment-rails.ts). A currency without one
 * (a stablecoin, bitcoin) has no corridor here.
 */
const railOf = (code: string): string | undefined => PAYMENT_RAILS[`${code}_ACCOUNT`]?.[0];
/** Every rail a destination currency's bank accounts take. */
const railsOf = (code: string): readonly string[] => PAYMENT_RAILS[`${code}_ACCOUNT`] ?? [];

/** The least sending amount that leaves something to receive once the fees are taken (a quote below it is 400 AMOUNT_OUT_OF_RANGE). */
function minSending(ctx: FastifyInstance['ctx'], from: string, to: string, platform: PlatformFee | undefined, max: number): number {
  let lo = 1;
  let hi = Math.max(1, max);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (price(ctx, from, to, 'SENDING', mid, platform).totalReceiving >= 1) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The greatest sending amount within the single-transaction limit (a quote above it is 400 TRANSACTION_SIZE_LIMIT_EXCEEDED). */
function maxSending(from: string): number {
  const decimals = CURRENCIES.get(from)!.decimals;
  let amount = Math.floor(unitsPerUsd(from) * (LIMITS.singleTransactionUsdCents / 100) * 10 ** decimals);
  while (usdCents(from, amount) > LIMITS.singleTransactionUsdCents) amount--;
  while (usdCents(from, amount + 1) <= LIMITS.singleTransactionUsdCents) amount++;
  return amount;
}

export async function exchangeRateRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Interface, Limits: rates are cached (the fault answers the sandbox's first read off the cache).
  let firstRead = true;
  app.get('/exchange-rates', async (req) => {
    const q = parse(ctx.faults.has('exchange-rates-amount-unchecked') ? LooseQuery : Query, req.query);
    if (q.sourceCurrency !== undefined && !rateSupported(q.sourceCurrency)) throw badRequest('INVALID_CURRENCY', `Currency ${q.sourceCurrency} is not supported`);
    // Supplement section 11: destinationCurrency is repeatable (the fault keeps the first only).
    const asked = [q.destinationCurrency ?? []].flat();
    const destinations = q.destinationCurrency === undefined ? CORRIDOR_CURRENCIES : ctx.faults.has('exchange-rates-destination-repeat-ignored') ? asked.slice(0, 1) : asked;
    const unknown = destinations.filter((d) => !rateSupported(d));
    if (unknown.length) throw badRequest('INVALID_CURRENCY', `Currency ${unknown.join(', ')} is not supported`);
    const sources = q.sourceCurrency === undefined ? CORRIDOR_CURRENCIES : [q.sourceCurrency];
    const uncached = firstRead && ctx.faults.has('exchange-rates-first-read-uncached');
    firstRead = false;
    const data = [];
    for (const source of sources) {
      const configured = ctx.config.feeConfigs.find((c) => c.sourceCurrency === source);
      // Interface, Limits: rates include platform-specific fees (the faults leave the fee out, or its fixed part).
      const platform = configured && !ctx.faults.has('exchange-rates-platform-fee-ignored')
        ? { fixed: ctx.faults.has('exchange-rates-platform-fixed-fee-dropped') ? 0 : configured.fixedFee.amount, bps: configured.variableFeeBps }
        : undefined;
      const max = maxSending(source);
      for (const d of destinations) {
        if (d === source || !railOf(d)) continue;
        const p = price(ctx, source, d, 'SENDING', q.sendingAmount, platform);
        // One rate for the destination's first rail; the alternate answers one for each of its rails.
        const rails = ctx.choices.alternate('rate-per-rail') ? railsOf(d) : [railOf(d)!];
        for (const rail of rails) data.push({
          sourceCurrency: { ...CURRENCIES.get(source)! },
          sendingAmount: q.sendingAmount,
          minSendingAmount: minSending(ctx, source, d, platform, max),
          maxSendingAmount: max,
          destinationCurrency: { ...CURRENCIES.get(d)! },
          destinationPaymentRail: rail,
          receivingAmount: Math.max(0, p.totalReceiving),
          exchangeRate: uncached ? p.exchangeRate * 1.005 : p.exchangeRate,
          fees: { fixed: platform?.fixed ?? 0, total: p.svcFee + p.platformFee },
          updatedAt: new Date(rate(ctx, source, d).windowStart).toISOString(),
        });
      }
    }
    return { data };
  });
}
