// Interface: Card issuance against an internal account ("Issue debit cards against an internal account
// ... manage funding sources"). FUNDING_SOURCE_INELIGIBLE (400 on POST /cards and PATCH /cards/{cardId}:
// a source not the cardholder's, or of the wrong currency) and CARD.FUNDING_SOURCE_CHANGE (each PATCH
// setting fundingSources; data = the Card with the new order): basis: supplement (sections 9 and 25).
import { describe, expect, it, type TestContext } from 'vitest';
import { z } from 'zod';
import { individual } from '../../fixtures/customers.js';
import { eventually } from '../../helpers/eventually.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { cardholder, getCard, issueCard, patchCard } from '../../helpers/flows/cards.js';
import { activeAccount, createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Card } from '../../helpers/schemas/index.js';

const INELIGIBLE = 'FUNDING_SOURCE_INELIGIBLE';

/**
 * An approved cardholder with a USD account, an account in the target's second card funding currency
 * (declared: SVC_CARD_SECOND_FUNDING_CURRENCY) and an EUR account.
 */
async function cardholderAccounts(ctx: TestContext) {
  const second = capabilities.cardSecondFundingCurrency;
  requireCapability(ctx, capabilities.sandboxTriggers && Boolean(second) && second !== 'EUR', 'the target declares no second currency that funds a USD card (SVC_CARD_SECOND_FUNDING_CURRENCY)', ['event:CARD.FUNDING_SOURCE_CHANGE', 'error:400:FUNDING_SOURCE_INELIGIBLE']);
  await basisSupplement('fundingSources, FUNDING_SOURCE_INELIGIBLE, CARD.FUNDING_SOURCE_CHANGE (sections 9 and 25)');
  const customer = await createCustomer(individual({ currencies: ['USD', second!, 'EUR'] }));
  const [usd, usdc, eur] = await Promise.all(['USD', second!, 'EUR'].map((c) => activeAccount(customer.id, c)));
  return { customerId: customer.id, usd, usdc, eur };
}

/** cardholderAccounts, and an ACTIVE card on the USD account. */
async function cardWithAccounts(ctx: TestContext) {
  const { customerId, usd, usdc, eur } = await cardholderAccounts(ctx);
  const issued = await issueCard(customerId, usd.id);
  const card = await eventually(() => getCard(issued.id), (c) => c.state === 'ACTIVE', { timeoutMs: capabilities.eventTimeoutMs, what: `card ${issued.id} to become ACTIVE` });
  return { customerId, card, usd, usdc, eur };
}

describe('POST /cards: funding sources', () => {
  scenario({ area: 'Cards', operation: 'POST /cards', section: 'Errors', basis: 'supplement' });

  it("answers 400 FUNDING_SOURCE_INELIGIBLE for a source that is not the cardholder's, and issues no card", async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a cardholder account');
    await basisSupplement('FUNDING_SOURCE_INELIGIBLE on POST /cards (section 25)');
    const holder = await cardholder();
    const stranger = await cardholder();
    const body = (accountId: string) => ({ cardholderId: holder.customerId, form: 'VIRTUAL', fundingSources: [accountId] });

    expectError(await api.post('/cards', { body: body(stranger.account.id) }), 400, INELIGIBLE, "Supplement 25: a source not the cardholder's is ineligible");
    const listed = expectStatus(await api.get('/cards', { query: { cardholderId: holder.customerId } }), 200, z.looseObject({ data: z.array(Card) }));
    expect(listed.data, 'a refused issuance leaves no card').toEqual([]);

    const issued = expectStatus(await api.post('/cards', { body: body(holder.account.id) }), 201, Card, "control: the cardholder's own account is eligible");
    expect(issued.fundingSources).toEqual([holder.account.id]);
  });
});

describe('POST /cards: funding sources of the cardholder', () => {
  scenario({ area: 'Cards', operation: 'POST /cards', section: 'Errors', basis: 'supplement' });

  it('answers 400 FUNDING_SOURCE_INELIGIBLE for a source of the wrong currency, and issues a card on eligible sources in the order given', async (ctx) => {
    const { customerId, usd, usdc, eur } = await cardholderAccounts(ctx);
    const body = (fundingSources: string[]) => ({ cardholderId: customerId, form: 'VIRTUAL', fundingSources });

    expectError(await api.post('/cards', { body: body([usd.id, eur.id]) }), 400, INELIGIBLE, 'Supplement 25: POST /cards with a source of the wrong currency is ineligible');
    const listed = expectStatus(await api.get('/cards', { query: { cardholderId: customerId } }), 200, z.looseObject({ data: z.array(Card) }));
    expect(listed.data, 'a refused issuance leaves no card').toEqual([]);

    // Supplement 9: fundingSources*[InternalAccount ids, ≥1, priority order]: the order given is kept,
    // in both orders (a target that orders them its own way keeps at most one).
    for (const order of [[usdc.id, usd.id], [usd.id, usdc.id]]) {
      const issued = expectStatus(await api.post('/cards', { body: body(order) }), 201, Card, 'control: the cardholder\'s own sources of card currencies are eligible');
      expect(issued.fundingSources, 'supplement 9: fundingSources in priority order, as given').toEqual(order);
      expect((await getCard(issued.id)).fundingSources, 'the card keeps its sources in the order given').toEqual(order);
    }
  });
});

describe('PATCH /cards/{cardId}: funding sources', () => {
  scenario({ area: 'Cards', operation: 'PATCH /cards/{cardId}', section: 'Errors', basis: 'supplement' });

  it('announces each change of fundingSources with CARD.FUNDING_SOURCE_CHANGE carrying the card with the new order', async (ctx) => {
    const { card, usd, usdc } = await cardWithAccounts(ctx);
    const since = await listener.mark();

    const first = expectStatus(await patchCard(card.id, { fundingSources: [usdc.id, usd.id] }), 200, Card);
    expect(first.fundingSources, 'fundingSources is a full replace, in priority order').toEqual([usdc.id, usd.id]);
    const second = expectStatus(await patchCard(card.id, { fundingSources: [usd.id, usdc.id] }), 200, Card);
    expect(second.fundingSources).toEqual([usd.id, usdc.id]);

    await expectEvents(card.id, [
      { type: 'CARD.FUNDING_SOURCE_CHANGE', where: (d) => JSON.stringify(d.fundingSources) === JSON.stringify([usdc.id, usd.id]), what: 'USDC first' },
      { type: 'CARD.FUNDING_SOURCE_CHANGE', where: (d) => JSON.stringify(d.fundingSources) === JSON.stringify([usd.id, usdc.id]), what: 'USD first' },
    ], { since });
  });

  it("answers 400 FUNDING_SOURCE_INELIGIBLE for a source of the wrong currency or not the cardholder's, and changes nothing", async (ctx) => {
    const { card, usd, usdc, eur } = await cardWithAccounts(ctx);
    const stranger = await cardholder(0);

    expectError(await patchCard(card.id, { fundingSources: [usd.id, eur.id] }), 400, INELIGIBLE, 'Supplement 25: a source of the wrong currency is ineligible');
    expectError(await patchCard(card.id, { fundingSources: [stranger.account.id] }), 400, INELIGIBLE, "Supplement 25: a source not the cardholder's is ineligible");
    expect((await getCard(card.id)).fundingSources, 'a refused change leaves the funding sources as they were').toEqual([usd.id]);

    const changed = expectStatus(await patchCard(card.id, { fundingSources: [usd.id, usdc.id] }), 200, Card, 'control: eligible sources are accepted');
    expect(changed.fundingSources).toEqual([usd.id, usdc.id]);
  });
});
