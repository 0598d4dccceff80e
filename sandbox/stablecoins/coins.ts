// Supplement section 22: token registration under a provider-account link (the one named, else the
// only ACTIVE one), the tokens' list and one token.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { cursorPage, PageQuery } from '../store/cursor-page.js';
import { compound, id, stablecoinTools, TOKEN_DECIMALS, type ProviderAccount, type Stablecoin, boundIdentifiers } from './state.js';

const RegisterToken = z.object({
  providerTokenIdentifier: id,
  networkTokenIdentifier: id,
  network: z.literal('SPARK'),
  stablecoinProviderAccountId: id.optional(),
});

export async function stablecoinRegistrationRoutes(app: FastifyInstance) {
  const { ctx, st, links, coins, now, idempotent, getLink, usable, getCoin } = stablecoinTools(app.ctx);

  /** The link a registration uses: the one named, else the only ACTIVE one (several: SELECTION_REQUIRED). */
  function resolveLink(linkId: string | undefined): ProviderAccount {
    if (linkId !== undefined) return usable(getLink(linkId));
    const active = st.activeLinks;
    const several = active.size > 1 || (active.size === 1 && ctx.faults.has('stablecoin-selection-always-required'));
    if (several && !ctx.faults.has('stablecoin-selection-not-required')) {
      throw badRequest('STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', `${active.size} provider accounts are ACTIVE: pass stablecoinProviderAccountId`);
    }
    // The only ACTIVE link (under the fault, the first of several to become ACTIVE), else the only link.
    const first = active.values().next().value;
    // The alternate takes only an ACTIVE link when none is named: no fall-back to a lone INVALID or REVOKED one.
    const fallBack = links.size === 1 && !ctx.choices.alternate('stablecoin-unnamed-link-active-only');
    const only = first !== undefined ? links.get(first) : fallBack ? links.get(st.linkOrder[0]) : undefined;
    if (!only) throw notFound('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', 'No usable stablecoin provider account is linked');
    return usable(only);
  }

  app.post('/stablecoins', async (req, reply) =>
    idempotent(req, reply, () => {
      const body = parse(ctx.faults.has('stablecoin-network-any') ? RegisterToken.extend({ network: z.string() }) as unknown as typeof RegisterToken : RegisterToken, req.body);
      boundIdentifiers(ctx, body);
      const link = resolveLink(body.stablecoinProviderAccountId);
      const taken = st.coinByToken.get(compound(link.id, body.providerTokenIdentifier));
      if (taken) throw conflict('CONFLICT', `Token ${body.providerTokenIdentifier} is already registered as ${taken.id}`);
      const symbol = body.providerTokenIdentifier.replace(/[^A-Za-z0-9]/g, '').slice(0, 6).toUpperCase() || 'TOKEN';
      const at = now();
      const coin: Stablecoin = {
        id: `Stablecoin:${randomUUID()}`,
        name: `Sandbox ${symbol}`,
        symbol,
        baseCurrency: 'USD',
        network: 'SPARK',
        // The alternate's provider issues tokens of 8 decimals (the token's attributes are the provider's).
        decimals: ctx.choices.alternate('stablecoin-decimals-8') ? 8 : TOKEN_DECIMALS,
        // The token exists at the provider already: registration finds it issued and enables it.
        issuanceStatus: 'PROVISIONED',
        svcOperationsStatus: 'ENABLED',
        networkTokenIdentifier: body.networkTokenIdentifier,
        provider: link.provider,
        stablecoinProviderAccountId: link.id,
        providerEnvironment: 'SANDBOX',
        providerTokenIdentifier: body.providerTokenIdentifier,
        createdAt: at,
        updatedAt: at,
      };
      coins.set(coin.id, coin);
      st.coinOrder.push(coin.id);
      st.coinByToken.set(compound(link.id, coin.providerTokenIdentifier), coin);
      return { status: 201, body: { ...coin } };
    }),
  );

  const CoinQuery = PageQuery.extend({
    issuanceStatus: z.enum(['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED']).optional().transform((v) => (ctx.faults.has('stablecoin-coins-issuance-filter-ignored') ? undefined : v)),
    svcOperationsStatus: z.enum(['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED']).optional(),
    // The alternate refuses a provider outside the description's StablecoinProvider enum.
    provider: ctx.choices.alternate('stablecoin-provider-filter-refused') ? z.enum(['BRALE']).optional() : z.string().optional(),
  });
  // Registration order; no totalCount (supplement 1).
  app.get('/stablecoins', async (req) => {
    const q = parse(CoinQuery, req.query);
    const matches = (id: string) => {
      const c = coins.get(id)!;
      return (!q.issuanceStatus || c.issuanceStatus === q.issuanceStatus) && (!q.svcOperationsStatus || c.svcOperationsStatus === q.svcOperationsStatus) && (!q.provider || c.provider === q.provider);
    };
    const page = cursorPage(st.coinOrder, q, matches, (id) => ({ ...coins.get(id)! }));
    if (ctx.faults.has('stablecoins-has-more-when-full') && !page.hasMore && page.data.length === q.limit) Object.assign(page, { hasMore: true, nextCursor: String(st.coinOrder.length) });
    return page;
  });

  app.get('/stablecoins/:stablecoinId', async (req) => getCoin((req.params as { stablecoinId: string }).stablecoinId));
}
