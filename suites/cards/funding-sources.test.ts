// Interface: Card issuance against an internal account ("Issue debit cards against an internal account
// ... manage funding sources"). FUNDING_SOURCE_INELIGIBLE (400 on POST /cards and PATCH /cards/{cardId})
// and CARD.FUNDING_SOURCE_CHANGE (each PATCH setting fundingSources; data = the Card with the new order):
// basis: supplement (sections 9 and 25). Description: Card.currency "Derived from the funding sources at
// issue time — all funding sources bound to a card must be denominated in the same card-eligible
// currency"; CardCreateRequest.fundingSources "every source must belong to the cardholder and be
// denominated in a card-eligible currency; otherwise the request is rejected with
// FUNDING_SOURCE_INELIGIBLE"; CardUpdateRequest.fundingSources "Each id must belong to the cardholder and
// be denominated in the card's currency". Which currencies are card-eligible is the target's: a source
// in one the target does not take is refused alike, so only sources of two currencies together, or a
// source in another currency than the card's, are judged refused.
import { describe, expect, it, type TestContext } from 'vitest';
import { z } from 'zod';
import { individual } from '../../fixtures/customers.js';
import { eventually } from '../../helpers/eventually.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { cardholder, getCard, issueCard, patchCard, twoSourceCardholder } from '../../helpers/flows/cards.js';
import { activeAccount, createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { currencyCode } from '../../helpers/schemas/common.js';
import { Card } from '../../helpers/schemas/index.js';

const INELIGIBLE = 'FUNDING_SOURCE_INELIGIBLE';
const SAME_CURRENCY = 'Description, Card.currency: "all funding sources bound to a card must be denominated in the same card-eligible currency"';
const CARD_CURRENCY = 'Description, CardUpdateRequest.fundingSources: "Each id must belong to the cardholder and be denominated in the card\'s currency"';
const DERIVED = 'Description, Card.currency: "Derived from the funding sources at issue time"';
const Currency = z.looseObject({ currency: z.string().optional() });

/** Card.currency is optional in the description: where the card gives it, it is its sources' currency. */
function expectCurrency(card: Card, currency: string): void {
  const given = Currency.parse(card).currency;
  if (given !== undefined) expect(given, `${DERIVED}: a card funded in ${currency}`).toBe(currency);
}

/** twoSourceCardholder (an embedded wallet and an own account in its currency) and an ACTIVE card on the own account. */
async function cardWithAccounts(ctx: TestContext) {
  const holder = await twoSourceCardholder(ctx, ['event:CARD.FUNDING_SOURCE_CHANGE', 'error:400:FUNDING_SOURCE_INELIGIBLE']);
  await basisSupplement('fundingSources, FUNDING_SOURCE_INELIGIBLE, CARD.FUNDING_SOURCE_CHANGE (sections 9 and 25)');
  const issued = await issueCard(holder.customerId, holder.first);
  const card = await eventually(() => getCard(issued.id), (c) => c.state === 'ACTIVE', { timeoutMs: capabilities.eventTimeoutMs, what: `card ${issued.id} to become ACTIVE` });
  return { ...holder, card };
}

describe('POST /cards: funding sources', () => {
  scenario({ area: 'Cards', operation: 'POST /cards', section: 'Errors', basis: 'supplement' });

  it("answers 400 FUNDING_SOURCE_INELIGIBLE for a source that is not the cardholder's, and issues no card", async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a cardholder account');
    await basisSupplement('FUNDING_SOURCE_INELIGIBLE on POST /cards (section 25)');
    const holder = await cardholder();
    const stranger = await cardholder();
    const body = (accountId: string) => ({ cardholderId: holder.customerId, form: 'VIRTUAL', fundingSources: [accountId] });

    expectError(await api.post('/cards', { body: body(stranger.account.id) }), 400, INELIGIBLE, "Supplement 25; Description, CardCreateRequest.fundingSources: \"every source must belong to the cardholder\": a source not the cardholder's is ineligible");
    const listed = expectStatus(await api.get('/cards', { query: { cardholderId: holder.customerId } }), 200, z.looseObject({ data: z.array(Card) }));
    expect(listed.data, 'a refused issuance leaves no card').toEqual([]);

    const issued = expectStatus(await api.post('/cards', { body: body(holder.account.id) }), 201, Card, "control: the cardholder's own account is eligible");
    expect(issued.fundingSources).toEqual([holder.account.id]);
    expectCurrency(issued, currencyCode(holder.account.balance.currency));
  });
});

describe('POST /cards: funding sources of one currency', () => {
  scenario({ area: 'Cards', operation: 'POST /cards', section: 'Errors', basis: 'supplement' });

  it('answers 400 FUNDING_SOURCE_INELIGIBLE for sources of two currencies, in either order, and issues a card of the one currency of its source', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a cardholder account', ['error:400:FUNDING_SOURCE_INELIGIBLE']);
    await basisSupplement('FUNDING_SOURCE_INELIGIBLE on POST /cards (section 25)');
    const customer = await createCustomer(individual({ currencies: ['USD', 'EUR'] }));
    const [usd, eur] = await Promise.all(['USD', 'EUR'].map((c) => activeAccount(customer.id, c)));
    const body = (fundingSources: string[]) => ({ cardholderId: customer.id, form: 'VIRTUAL', fundingSources });

    for (const mixed of [[usd.id, eur.id], [eur.id, usd.id]]) {
      expectError(await api.post('/cards', { body: body(mixed) }), 400, INELIGIBLE, `${SAME_CURRENCY}: POST /cards with a USD and a EUR source`);
    }
    const listed = expectStatus(await api.get('/cards', { query: { cardholderId: customer.id } }), 200, z.looseObject({ data: z.array(Card) }));
    expect(listed.data, 'a refused issuance leaves no card').toEqual([]);

    const issued = expectStatus(await api.post('/cards', { body: body([usd.id]) }), 201, Card, 'control: the USD source alone is eligible');
    expectCurrency(issued, 'USD');
    // Whether EUR is card-eligible is the target's (Description: "a card-eligible currency"): a EUR
    // card, where the target issues one, is a EUR card.
    const euro = await api.post('/cards', { body: body([eur.id]) });
    if (euro.status === 201) expectCurrency(expectStatus(euro, 201, Card), 'EUR');
    else expectError(euro, 400, INELIGIBLE, 'Description, CardCreateRequest.fundingSources: a source not in a card-eligible currency is FUNDING_SOURCE_INELIGIBLE');
    noteInterface('cards:eur-card-eligible', ['Description, CardCreateRequest.fundingSources: "denominated in a card-eligible currency" (which currencies are is not stated)'], `a card on a EUR account answered ${euro.status}`);
  });

  it('issues a card on two sources of one currency, keeping the order given, in both orders', async (ctx) => {
    const { customerId, currency, first, second } = await twoSourceCardholder(ctx, ['error:400:FUNDING_SOURCE_INELIGIBLE']);
    await basisSupplement('fundingSources*[InternalAccount ids, ≥1, priority order] (section 9)');
    const body = (fundingSources: string[]) => ({ cardholderId: customerId, form: 'VIRTUAL', fundingSources });
    // Supplement 9: fundingSources*[InternalAccount ids, ≥1, priority order]: the order given is kept,
    // in both orders (a target that orders them its own way keeps at most one).
    for (const order of [[second, first], [first, second]]) {
      const issued = expectStatus(await api.post('/cards', { body: body(order) }), 201, Card, `control: the cardholder's own sources, both in ${currency}, are eligible together`);
      expect(issued.fundingSources, 'supplement 9: fundingSources in priority order, as given').toEqual(order);
      expect((await getCard(issued.id)).fundingSources, 'the card keeps its sources in the order given').toEqual(order);
      expectCurrency(issued, currency);
    }
  });
});

describe('PATCH /cards/{cardId}: funding sources', () => {
  scenario({ area: 'Cards', operation: 'PATCH /cards/{cardId}', section: 'Errors', basis: 'supplement' });

  it('announces each change of fundingSources with CARD.FUNDING_SOURCE_CHANGE carrying the card with the new order', async (ctx) => {
    const { card, first, second } = await cardWithAccounts(ctx);
    const since = await listener.mark();

    const one = expectStatus(await patchCard(card.id, { fundingSources: [second, first] }), 200, Card);
    expect(one.fundingSources, 'fundingSources is a full replace, in priority order').toEqual([second, first]);
    const two = expectStatus(await patchCard(card.id, { fundingSources: [first, second] }), 200, Card);
    expect(two.fundingSources).toEqual([first, second]);

    await expectEvents(card.id, [
      { type: 'CARD.FUNDING_SOURCE_CHANGE', where: (d) => JSON.stringify(d.fundingSources) === JSON.stringify([second, first]), what: 'the wallet first' },
      { type: 'CARD.FUNDING_SOURCE_CHANGE', where: (d) => JSON.stringify(d.fundingSources) === JSON.stringify([first, second]), what: 'the own account first' },
    ], { since });
  });

  it("answers 400 FUNDING_SOURCE_INELIGIBLE for a source in another currency than the card's or not the cardholder's, and changes nothing", async (ctx) => {
    const { card, currency, first, second, usd, eur } = await cardWithAccounts(ctx);
    const stranger = await cardholder(0);

    for (const [other, name] of [[usd, 'USD'], [eur, 'EUR']] as const) {
      expectError(await patchCard(card.id, { fundingSources: [first, other] }), 400, INELIGIBLE, `${CARD_CURRENCY}: a ${name} source on a ${currency} card`);
    }
    expectError(await patchCard(card.id, { fundingSources: [stranger.account.id] }), 400, INELIGIBLE, `Supplement 25; ${CARD_CURRENCY}: a source not the cardholder's`);
    expect((await getCard(card.id)).fundingSources, 'a refused change leaves the funding sources as they were').toEqual([first]);

    const changed = expectStatus(await patchCard(card.id, { fundingSources: [first, second] }), 200, Card, `control: the cardholder's sources in the card's currency (${currency}) are accepted`);
    expect(changed.fundingSources).toEqual([first, second]);
  });
});
