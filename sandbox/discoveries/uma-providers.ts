// The UMA provider directory the sandbox serves (GET /uma-providers, supplement §18). Invented
// entries in the shape of openapi.yaml, UmaProvider: supportedCurrencies are Currency objects and
// allowListStatus says whether the provider is on the platform's allow list (sandbox/README.md).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { CURRENCIES, type CurrencyInfo } from '../currencies.js';

/** A directory currency the money areas do not use. */
const DIRECTORY_ONLY: readonly CurrencyInfo[] = [{ code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh', decimals: 2 }];
const currencyOf = (code: string): CurrencyInfo => {
  const c = CURRENCIES.get(code) ?? DIRECTORY_ONLY.find((d) => d.code === code);
  if (!c) throw new Error(`unknown directory currency ${code}`);
  return { ...c };
};

export interface UmaProvider {
  name: string;
  supportedRegions: string[];
  domain: string;
  logoUrl: string;
  /** openapi.yaml, UmaProvider: supportedCurrencies [Currency]. */
  supportedCurrencies: CurrencyInfo[];
  lei: string;
  /** openapi.yaml, UmaProvider: allowListStatus, whether the provider is on the allow list. */
  allowListStatus: boolean;
}

const p = (name: string, domain: string, regions: string[], currencies: string[], lei: string, allowListStatus = true): UmaProvider => ({
  name,
  supportedRegions: regions,
  domain,
  logoUrl: `https://${domain}/logo.png`,
  supportedCurrencies: currencies.map(currencyOf),
  lei,
  allowListStatus,
});

export const UMA_PROVIDERS: readonly UmaProvider[] = [
  p('Aurora Pay', 'aurorapay.example', ['US', 'CA'], ['USD', 'CAD'], '5493001KJTIIGC8Y1R12'),
  p('Banco Horizonte', 'horizonte.example', ['MX'], ['MXN', 'USD'], '5493002KJTIIGC8Y1R13'),
  p('Cobalt Wallet', 'cobalt.example', ['US', 'GB', 'DE'], ['USD', 'GBP', 'EUR'], '5493003KJTIIGC8Y1R14'),
  p('Dunmore Remit', 'dunmore.example', ['GB', 'NG'], ['GBP', 'NGN'], '5493004KJTIIGC8Y1R15'),
  p('Eko Transfer', 'eko.example', ['NG'], ['NGN'], '5493005KJTIIGC8Y1R16'),
  p('Fjord Money', 'fjord.example', ['DE', 'FR', 'NL'], ['EUR'], '5493006KJTIIGC8Y1R17'),
  p('Garuda Send', 'garuda.example', ['IN'], ['INR'], '5493007KJTIIGC8Y1R18'),
  p('Harbor Cash', 'harbor.example', ['US'], ['USD'], '5493008KJTIIGC8Y1R19', false),
  p('Ipê Pagamentos', 'ipe.example', ['BR'], ['BRL', 'USD'], '5493009KJTIIGC8Y1R20'),
  p('Jalisco Giros', 'jalisco.example', ['MX', 'US'], ['MXN', 'USD'], '5493010KJTIIGC8Y1R21', false),
  p('Kestrel Pay', 'kestrel.example', ['CA'], ['CAD'], '5493011KJTIIGC8Y1R22'),
  p('Lumen Wallet', 'lumen.example', ['US', 'MX', 'BR'], ['USD', 'MXN', 'BRL'], '5493012KJTIIGC8Y1R23', false),
  p('Meridian FX', 'meridian.example', ['GB', 'US', 'DE'], ['GBP', 'USD', 'EUR'], '5493013KJTIIGC8Y1R24'),
  p('Nairobi Link', 'nairobi.example', ['KE'], ['KES'], '5493014KJTIIGC8Y1R25'),
];

// openapi.yaml, getAvailableUmaProviders: hasBlockedProviders is a boolean (default: include the
// providers not on the allow list); sortOrder asc | desc, default desc.
const ProvidersQuery = z.object({
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2').optional(),
  currencyCode: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217').optional(),
  hasBlockedProviders: z.enum(['true', 'false']).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d+$/, 'a cursor returned as nextCursor').optional(),
});

/** GET /uma-providers: filters countryCode, currencyCode, hasBlockedProviders; sortOrder (by name, or by domain in the alternate); paging. */
export function umaProviderRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  app.get('/uma-providers', async (req) => {
    const q = parse(ProvidersQuery, req.query);
    let items = UMA_PROVIDERS.filter(
      (p) =>
        (!q.countryCode || p.supportedRegions.includes(q.countryCode) || ctx.faults.has('uma-providers-filter-ignored')) &&
        (!q.currencyCode || (p.supportedCurrencies.some((c) => c.code === q.currencyCode) && !ctx.faults.has('uma-providers-currency-filter-empty'))) &&
        ((ctx.faults.has('uma-providers-blocked-excluded-by-default') ? q.hasBlockedProviders === 'true' : q.hasBlockedProviders !== 'false') || p.allowListStatus || ctx.faults.has('uma-providers-blocked-included')),
    );
    // The alternate sorts by domain (no document says what sortOrder sorts by).
    const sortKey = ctx.choices.alternate('uma-providers-by-domain') ? (x: UmaProvider) => x.domain : (x: UmaProvider) => x.name;
    items = [...items].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    if (q.sortOrder === 'desc' && !ctx.faults.has('uma-providers-sort-order-ignored')) items.reverse();
    const start = q.cursor ? Number(q.cursor) : 0;
    const data = items.slice(start, start + q.limit);
    const hasMore = start + q.limit < items.length;
    return { data, hasMore, ...(hasMore ? { nextCursor: String(start + q.limit) } : {}), totalCount: items.length };
  });
}
