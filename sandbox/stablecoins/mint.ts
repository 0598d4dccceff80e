// Supplement section 22: mints, funded by wire (with funding instructions), ACH debit, an internal
// account (debited at once; in the alternate as the mint completes) or the provider's balance, to a SPARK wallet or an internal account.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { invalidInput, notFound } from '../http/errors.js';
import { adjustBalance, assertCanMoveMoney, internalAccounts } from '../internal-accounts/state.js';
import { digits, id, stablecoinTools, type Operation, boundIdentifiers } from './state.js';

const MintFunding = z.discriminatedUnion('type', [
  z.object({ type: z.literal('WIRE') }),
  z.object({ type: z.literal('ACH_DEBIT'), externalAccountId: id }),
  z.object({ type: z.literal('SAME_DAY_ACH_DEBIT'), externalAccountId: id }),
  z.object({ type: z.literal('SVC_INTERNAL_ACCOUNT'), accountId: id }),
  z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE'), sourceTokenIdentifier: id, cryptoNetwork: id }),
]);

const Mint = z.object({
  amount: digits,
  fundingSource: MintFunding,
  destination: z.object({ accountId: id }),
  description: z.string().max(1024).optional(),
});

export async function stablecoinMintRoutes(app: FastifyInstance) {
  const { ctx, idempotent, getLink, usable, reachable, getCoin, centsOf, externalFor, start } = stablecoinTools(app.ctx);

  app.post('/stablecoins/:stablecoinId/mints', async (req, reply) =>
    idempotent(req, reply, () => {
      const coin = getCoin((req.params as { stablecoinId: string }).stablecoinId);
      // openapi.yaml, StablecoinMintFundingSourceBase: `type` is required; the fault reads a funding source without it as WIRE.
      const sent = req.body as { fundingSource?: Record<string, unknown> } | null;
      if (ctx.faults.has('stablecoin-funding-type-optional') && sent?.fundingSource && typeof sent.fundingSource === 'object' && sent.fundingSource.type === undefined) sent.fundingSource.type = 'WIRE';
      const body = parse(ctx.faults.has('stablecoin-description-unbounded') ? Mint.extend({ description: z.string().optional() }) : Mint, req.body);
      boundIdentifiers(ctx, body);
      reachable(usable(getLink(coin.stablecoinProviderAccountId)));
      const cents = centsOf(coin, body.amount);
      const dest = body.destination.accountId;
      if (dest.startsWith('InternalAccount:')) {
        const account = internalAccounts(ctx).get(dest);
        if (!account) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${dest} not found`);
        assertCanMoveMoney(ctx, account, 'receive');
      } else externalFor(dest, 'destination.accountId', 'spark');
      const funding = body.fundingSource;
      let debit: Operation['debit'];
      let pendingDebit: Operation['pendingDebit'];
      if (funding.type === 'ACH_DEBIT' || funding.type === 'SAME_DAY_ACH_DEBIT') externalFor(funding.externalAccountId, 'fundingSource.externalAccountId', 'bank');
      if (funding.type === 'SVC_INTERNAL_ACCOUNT') {
        const account = internalAccounts(ctx).get(funding.accountId);
        if (!account) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${funding.accountId} not found`);
        if (account.currency !== coin.baseCurrency) throw invalidInput([{ field: 'fundingSource.accountId', message: `the funding account must hold ${coin.baseCurrency}` }]);
        assertCanMoveMoney(ctx, account, 'send');
        const taken = ctx.faults.has('stablecoin-funding-debit-wrong') ? Math.round(cents / 100) : cents;
        if (account.available < taken) throw invalidInput([{ field: 'fundingSource.accountId', message: `the funding account holds ${account.available} cents; the mint needs ${cents}` }]);
        // The alternate takes the amount as the mint completes, not at creation.
        if (ctx.choices.alternate('stablecoin-internal-debit-at-completion')) pendingDebit = { accountId: account.id, cents: taken };
        else {
          adjustBalance(ctx, account, -taken);
          debit = { accountId: account.id, cents: taken };
        }
      }
      const wire = funding.type === 'WIRE';
      const op = start(
        {
          id: `StablecoinOperation:${randomUUID()}`,
          stablecoinId: coin.id,
          operationType: 'MINT',
          amount: body.amount,
          source: { ...funding },
          destination: { accountId: dest },
          ...(wire && !ctx.faults.has('stablecoin-wire-without-instructions')
            ? {
                fundingInstructions: {
                  rail: 'WIRE',
                  network: 'FEDWIRE',
                  address: '000987654321',
                  valueType: 'FIAT',
                  accountNumber: '000987654321',
                  routingNumber: '021000021',
                  reference: `MINT-${randomUUID().slice(0, 8).toUpperCase()}`,
                  amount: cents,
                  currency: coin.baseCurrency,
                },
              }
            : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(debit ? { debit } : {}),
          ...(pendingDebit ? { pendingDebit } : {}),
        },
        coin,
        wire,
      );
      return op;
    }),
  );
}
