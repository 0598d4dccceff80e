// The receiver lookups' query rules, both ways, with generated data (helpers/field-rules/receiver.ts holds
// the rules and their citations): supplement §18 gives both lookups the query "`senderUmaAddress` or
// `customerId`"; interface Errors: FieldError dot paths, 400 INVALID_UMA_ADDRESS. A refused lookup is
// judged by its answer alone: a lookup changes nothing a client can read but the lookupId it answers,
// which a refusal does not carry. basis: supplement (sections 8, 18).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eurDestination, sender } from '../../helpers/flows/transfers.js';
import { lookupUma, senderQuery, SUCCESS_RECEIVER } from '../../helpers/flows/uma.js';
import { api, capabilities } from '../../helpers/harness.js';
import { expectStatus, noteInterface } from '../../helpers/expect.js';
import { checkRulesRefused, judged, seedFor, validRequests } from '../../helpers/field-rules/check.js';
import { fill } from '../../helpers/field-rules/quotes.js';
import { receiverLookup, type ReceiverLookup } from '../../helpers/field-rules/receiver.js';
import { validBody } from '../../helpers/field-rules/rules.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AccountLookup, UmaLookup } from '../../helpers/schemas/uma.js';

const UMA: ReceiverLookup = 'GET /receiver/uma/{receiverUmaAddress}';
const ACCOUNT: ReceiverLookup = 'GET /receiver/external-account/{externalAccountId}';
const NO_RECEIVERS = 'the target serves no sandbox UMA receivers (supplement 8: $success.<ccy>@sandbox.uma.money)';

type Query = Record<string, unknown>;

/** Supplement 18 says "senderUmaAddress or customerId" and nothing of both together: observed and noted, not asserted. */
const BOTH_NOTE = ['Receiver lookups: query "`senderUmaAddress` or `customerId`" (supplement 18); both together: not stated'];
const noteBoth = (operation: ReceiverLookup, status: number, code: unknown) =>
  noteInterface('receiver-lookup:both-sender-and-customer', BOTH_NOTE, `${operation} with both: ${status}${code ? ` ${String(code)}` : ''}`);
const asQuery = (q: Query) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

/** Valid queries of every branch (senderUmaAddress, or customerId of a real customer): 200 with the lookup's schema. */
async function checkLookupsAnswered(operation: ReceiverLookup, customerId: string, send: (q: Query) => Promise<void>) {
  const spec = receiverLookup(operation);
  const seen = new Set<string>();
  for (const variant of spec.variants) {
    const { arbitrary, parameters } = validRequests(variant, `${operation} ${variant.name} valid`, 4);
    await judged(fc.assert(
      fc.asyncProperty(arbitrary, async (valid) => {
        const q = fill(valid, { customer: customerId, sender: (await senderQuery()).senderUmaAddress });
        for (const p of variant.oneOf!.paths) if (q[p] !== undefined) seen.add(p);
        await send(q);
      }),
      parameters,
    ));
    // Each branch of the group once more, whatever the generation picked.
    for (const p of variant.oneOf!.paths) {
      if (seen.has(p)) continue;
      const [q] = fc.sample(validBody(variant).filter((b) => b[p] !== undefined), { numRuns: 1, seed: seedFor(`${operation} ${p}`) });
      await send(fill(q, { customer: customerId, sender: (await senderQuery()).senderUmaAddress }));
    }
  }
}

describe(UMA, () => {
  scenario({ area: 'Cross-Currency Transfers', operation: UMA, section: 'Errors', basis: 'supplement' });
  const why = 'Supplement 18: GET /receiver/uma/{receiverUmaAddress} with senderUmaAddress or customerId answers {lookupId, receiverUmaAddress, supportedCurrencies, requiredPayerDataFields?}';

  it('refuses every lookup that breaks one documented query rule with 400, naming the field', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('section 18: GET /receiver/uma/{receiverUmaAddress}, query senderUmaAddress or customerId; generated, one rule broken per request');
    const { customerId } = await sender({ USD: 0 });
    expectStatus(await lookupUma(SUCCESS_RECEIVER(), { customerId }), 200, UmaLookup, `${why} (control)`);
    await checkRulesRefused({
      spec: receiverLookup(UMA),
      complete: async (q) => fill(q, { customer: customerId, sender: (await senderQuery()).senderUmaAddress }),
      send: (q) => lookupUma(SUCCESS_RECEIVER(), asQuery(q)),
    });
  });

  it('answers a lookup for each documented query: a well-formed senderUmaAddress, or a real customer', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('section 18: 200 {lookupId*, receiverUmaAddress*, supportedCurrencies*, requiredPayerDataFields?}; generated queries of each branch');
    const { customerId } = await sender({ USD: 0 });
    await checkLookupsAnswered(UMA, customerId, async (q) => {
      const found = expectStatus(await lookupUma(SUCCESS_RECEIVER(), asQuery(q)), 200, UmaLookup, `${why}: ${JSON.stringify(q)}`);
      expect(found.receiverUmaAddress, `Supplement 18: the lookup names the receiver asked about (${JSON.stringify(q)})`).toBe(SUCCESS_RECEIVER());
    });
    const both = await lookupUma(SUCCESS_RECEIVER(), { ...(await senderQuery()), customerId });
    noteBoth(UMA, both.status, (both.body as { code?: unknown } | undefined)?.code);
  });
});

describe(ACCOUNT, () => {
  scenario({ area: 'Cross-Currency Transfers', operation: ACCOUNT, section: 'Errors', basis: 'supplement' });
  const why = 'Supplement 18: GET /receiver/external-account/{accountId} with senderUmaAddress or customerId answers {lookupId, accountId, supportedCurrencies, requiredPayerDataFields?}';
  const lookupAccount = (externalAccountId: string, q: Query) => api.get('/receiver/external-account/{externalAccountId}', { params: { externalAccountId }, query: asQuery(q) });

  it('refuses every lookup that breaks one documented query rule with 400, naming the field', async () => {
    await basisSupplement('section 18: GET /receiver/external-account/{accountId}, query "same" (senderUmaAddress or customerId); generated, one rule broken per request');
    const { customerId } = await sender({ USD: 0 });
    const account = await eurDestination(customerId);
    expectStatus(await lookupAccount(account.id, { customerId }), 200, AccountLookup, `${why} (control)`);
    await checkRulesRefused({
      spec: receiverLookup(ACCOUNT),
      complete: async (q) => fill(q, { customer: customerId, sender: (await senderQuery()).senderUmaAddress }),
      send: (q) => lookupAccount(account.id, q),
    });
  });

  it('answers a lookup for each documented query: a well-formed senderUmaAddress, or a real customer', async () => {
    await basisSupplement('section 18: 200 as the UMA lookup, accountId replaces receiverUmaAddress; generated queries of each branch');
    const { customerId } = await sender({ USD: 0 });
    const account = await eurDestination(customerId);
    await checkLookupsAnswered(ACCOUNT, customerId, async (q) => {
      const found = expectStatus(await lookupAccount(account.id, q), 200, AccountLookup, `${why}: ${JSON.stringify(q)}`);
      expect(found.accountId, `Supplement 18: accountId replaces receiverUmaAddress (${JSON.stringify(q)})`).toBe(account.id);
    });
    const both = await lookupAccount(account.id, { ...(await senderQuery()), customerId });
    noteBoth(ACCOUNT, both.status, (both.body as { code?: unknown } | undefined)?.code);
  });
});
