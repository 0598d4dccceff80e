// Supplement section 22: burns, from a deposit of the tokens (with funding instructions) or the
// provider's balance, paid out to a USD bank external account on the rail asked.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { notFound } from '../http/errors.js';
import { assertCanMoveMoney, internalAccounts } from '../internal-accounts/state.js';
import { digits, id, stablecoinTools, boundIdentifiers } from './state.js';

const BurnSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EXTERNAL_ACCOUNT'), externalAccountId: id.optional() }),
  z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE'), sourceTokenIdentifier: id.optional(), cryptoNetwork: id.optional() }),
]);

const Burn = z.object({
  amount: digits,
  source: BurnSource,
  destination: z.object({
    type: z.literal('EXTERNAL_ACCOUNT'),
    externalAccountId: id,
    rail: z.enum(['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT']),
  }),
  description: z.string().max(1024).optional(),
});

/** Fault stablecoin-burn-internal-source-accepted: the reserved source the profile declares not offered is taken. */
const BurnFromInternal = Burn.extend({
  source: z.discriminatedUnion('type', [...BurnSource.options, z.object({ type: z.literal('SVC_INTERNAL_ACCOUNT'), accountId: id })]),
});

const DELIVERY_TIMING: Record<string, string> = { WIRE: 'SAME_DAY', ACH_CREDIT: 'NEXT_BUSINESS_DAY', SAME_DAY_ACH_CREDIT: 'SAME_DAY', RTP_CREDIT: 'INSTANT' };

export async function stablecoinBurnRoutes(app: FastifyInstance) {
  const { ctx, idempotent, getLink, usable, reachable, getCoin, centsOf, externalFor, start } = stablecoinTools(app.ctx);

  app.post('/stablecoins/:stablecoinId/burns', async (req, reply) =>
    idempotent(req, reply, () => {
      const coin = getCoin((req.params as { stablecoinId: string }).stablecoinId);
      // The alternate offers the reserved source SVC_INTERNAL_ACCOUNT {accountId} (declared in the profile).
      const offered = ctx.choices.alternate('stablecoin-burn-internal-source');
      const shape = ctx.faults.has('stablecoin-burn-internal-source-accepted') || offered ? BurnFromInternal : Burn;
      const body = parse(ctx.faults.has('stablecoin-burn-rail-any') ? shape.extend({ destination: Burn.shape.destination.extend({ rail: z.string() }) }) : shape, req.body);
      boundIdentifiers(ctx, body);
      reachable(usable(getLink(coin.stablecoinProviderAccountId)));
      const cents = centsOf(coin, body.amount);
      externalFor(body.destination.externalAccountId, 'destination.externalAccountId', 'bank');
      // The tokens burned from an internal account are those the provider keeps for it (a mint to it): no balance of its changes.
      if (offered && body.source.type === 'SVC_INTERNAL_ACCOUNT') {
        const account = internalAccounts(ctx).get(body.source.accountId);
        if (!account) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${body.source.accountId} not found`);
        assertCanMoveMoney(ctx, account, 'send');
      }
      const deposit = body.source.type === 'EXTERNAL_ACCOUNT';
      return start(
        {
          id: `StablecoinOperation:${randomUUID()}`,
          stablecoinId: coin.id,
          operationType: 'BURN',
          amount: body.amount,
          source: { ...body.source },
          destination: { accountId: body.destination.externalAccountId, rail: body.destination.rail },
          estimatedDelivery: { rail: body.destination.rail, amount: String(cents), currency: coin.baseCurrency, timing: DELIVERY_TIMING[body.destination.rail] },
          ...(deposit
            ? {
                fundingInstructions: {
                  rail: 'SPARK',
                  network: 'SPARK',
                  address: `spark1sandbox${randomUUID().replace(/-/g, '')}`,
                  valueType: 'TOKEN',
                  tokenIdentifier: coin.networkTokenIdentifier,
                  amount: body.amount,
                },
              }
            : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
        },
        coin,
        deposit,
      );
    }),
  );
}
