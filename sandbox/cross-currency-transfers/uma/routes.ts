// Supplement §18: receiver lookups (GET /receiver/uma/{receiverUmaAddress},
// GET /receiver/external-account/{externalAccountId}); §8: a quote to an UMA address carries the
// lookup's id. The counterparties and their keys are made at the first lookup.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../context.js';
import { getCustomer } from '../../customers/state.js';
import { badRequest, invalidInput, notFound } from '../../http/errors.js';
import { externalAccounts, presentExternalAccount } from '../../external-accounts/state.js';
import { makeCounterparties } from './counterparties.js';
import { makeTrustAnchor } from './pki.js';
import { UMA_ADDRESS, UmaSender, type LookupRecord } from './sender.js';

import { SENDERS } from './state.js';

const LookupQuery = z.object({
  senderUmaAddress: z.string().regex(UMA_ADDRESS, 'an UMA address ($user@domain)').optional(),
  customerId: z.string().min(1).optional(),
});
/** This sandbox's fault: any senderUmaAddress taken. */
const AnySenderLookupQuery = LookupQuery.extend({ senderUmaAddress: z.string().optional() });

function presentLookup(l: LookupRecord) {
  return {
    lookupId: l.id,
    ...(l.receiverUmaAddress ? { receiverUmaAddress: l.receiverUmaAddress } : { accountId: l.accountId }),
    supportedCurrencies: l.supportedCurrencies,
    requiredPayerDataFields: l.requiredPayerDataFields,
  };
}

export async function umaRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const makeSender = async () => {
    const anchor = await makeTrustAnchor(ctx.clock.now());
    const directory = await makeCounterparties({
      anchor,
      now: () => ctx.clock.now(),
      sandboxDomain: 'sandbox.uma.money',
      senderDomain: () => ctx.config.umaDomain,
      wellBehaved: ctx.settings.umaWellBehavedCounterparties,
    });
    const sender = new UmaSender(ctx, anchor, directory);
    SENDERS.set(ctx, sender);
    return sender;
  };
  // Keys and chains are made at the first lookup, which waits for them (every lookup after it too): a
  // sandbox that answers none makes none (some 75 ms of CPU per sandbox, spent by every mutant run
  // and every self-test's sandbox otherwise).
  let made: Promise<UmaSender> | undefined;
  // A failed attempt is logged and forgotten: the next lookup tries again.
  const ready = () =>
    (made ??= makeSender().catch((err: unknown) => {
      made = undefined;
      app.log.error({ err }, 'UMA counterparties could not be made');
      throw err;
    }));

  // Supplement §18: the lookups' query is "senderUmaAddress or customerId": at least one is given (a
  // lookup with neither is refused 400 INVALID_INPUT naming both); both together are taken.
  function checkSender(query: unknown) {
    const q = parse(ctx.faults.has('receiver-lookup-sender-format-unchecked') ? AnySenderLookupQuery : LookupQuery, query);
    if (q.senderUmaAddress === undefined && q.customerId === undefined && !ctx.faults.has('receiver-lookup-sender-optional')) {
      const message = 'give senderUmaAddress or customerId';
      throw invalidInput([
        { field: 'senderUmaAddress', message },
        { field: 'customerId', message },
      ]);
    }
    if (q.customerId) getCustomer(ctx, q.customerId);
    return q;
  }

  app.get<{ Params: { receiverUmaAddress: string } }>('/receiver/uma/:receiverUmaAddress', async (req) => {
    const q = req.query as Record<string, unknown>;
    if (typeof q.senderUmaAddress === 'string' && !UMA_ADDRESS.test(q.senderUmaAddress) && !ctx.faults.has('receiver-lookup-sender-format-unchecked')) {
      throw badRequest('INVALID_UMA_ADDRESS', `senderUmaAddress ${q.senderUmaAddress} is not an UMA address ($user@domain)`, {
        errors: [{ field: 'senderUmaAddress', message: 'an UMA address ($user@domain)' }],
      });
    }
    checkSender(q);
    const sender = await ready();
    return presentLookup(await sender.lookup(req.params.receiverUmaAddress));
  });

  app.get<{ Params: { externalAccountId: string } }>('/receiver/external-account/:externalAccountId', async (req) => {
    checkSender(req.query);
    const account = externalAccounts(ctx).get(req.params.externalAccountId);
    if (!account) throw notFound('REFERENCE_NOT_FOUND', `External account ${req.params.externalAccountId} not found`);
    const sender = await ready();
    const found = presentLookup(sender.accountLookup(account.id, String(presentExternalAccount(account).currency)));
    // The alternate leaves out requiredPayerDataFields (optional; an account lookup asks for none).
    if (ctx.choices.alternate('account-lookup-no-payer-fields')) {
      const { requiredPayerDataFields: _none, ...rest } = found;
      return rest;
    }
    return found;
  });


}
