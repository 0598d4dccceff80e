// Every documented field rule of the card simulations authorization and clearing, with generated data
// (helpers/field-rules/cards.ts). Interface: Versioning 2 ("ten sandbox simulate endpoints"); Errors
// (FieldError dot paths). basis: supplement (section 9: the simulate bodies, 202 {issuerTransactionToken},
// the card transaction found among GET /transactions' items of type CARD; merchant descriptor magic).
import { describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/eventually.js';
import { expectEvents } from '../../helpers/events.js';
import { expectStatus } from '../../helpers/expect.js';
import { accountIn } from '../../helpers/flows/customers.js';
import { activeCard, cardTransactions, purchase, simulate } from '../../helpers/flows/cards.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { cardClearing } from '../../helpers/field-rules/cards.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill } from '../../helpers/field-rules/quotes.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { SimulationAccepted } from '../../helpers/schemas/index.js';

const CLEARING = 'POST /sandbox/cards/{cardId}/simulate/clearing';

describe(CLEARING, () => {
  scenario({ area: 'Sandbox', operation: CLEARING, section: 'States and transitions', basis: 'supplement' });

  /** An AUTHORIZED card transaction of 2,500 on the card (supplement 9: its id is found among GET /transactions' items of type CARD). */
  async function authorized(cardId: string, customerId: string) {
    const token = await simulate(cardId, 'authorization', purchase(2_500));
    const t = await eventually(
      async () => (await cardTransactions(customerId, cardId)).find((x) => x.issuerTransactionToken === token),
      (x) => x?.status === 'AUTHORIZED',
      { timeoutMs: capabilities.eventTimeoutMs, what: `the authorization ${token}` },
    );
    return t!;
  }

  it('refuses every clearing that breaks one documented field rule (amount below 0 among them) with 400 INVALID_INPUT naming the field, and the authorization stays AUTHORIZED', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
    await basisSupplement('section 9: simulate clearing {cardTransactionId*, amount* ≥0}; generated, one rule broken per request');
    const { card, customerId } = await activeCard();
    const parent = await authorized(card.id, customerId);
    await checkRulesRefused({
      spec: cardClearing(),
      complete: (b) => fill(b, { parent: parent.id }),
      send: (body) => api.post(CLEARING.slice(5), { params: { cardId: card.id }, body }),
      unchanged: async (rule) => {
        const t = (await cardTransactions(customerId, card.id)).find((x) => x.id === parent.id);
        expect(t?.status, `clearings breaking ${rule.id} were refused: ${parent.id} is still AUTHORIZED`).toBe('AUTHORIZED');
      },
    });
  });

  it('accepts valid clearings (202 with an issuer token) of an authorization', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
    await basisSupplement('section 9: simulate clearing → 202 {issuerTransactionToken}');
    const { card, customerId, account } = await activeCard();
    let parent = '';
    let before = 0;
    let since = 0;
    await checkValidAccepted({
      spec: cardClearing(),
      // An authorization per clearing; the funding balance and the event mark after it (an authorization pulls nothing).
      complete: async (b) => {
        parent = (await authorized(card.id, customerId)).id;
        before = (await accountIn(customerId, 'USD')).balance.amount;
        since = await listener.mark();
        return fill(b, { parent });
      },
      send: (body) => api.post(CLEARING.slice(5), { params: { cardId: card.id }, body }),
      created: { status: 202, schema: SimulationAccepted },
      // The cleared card transaction is the read-back (it carries its issuerTransactionToken).
      readBack: () => api.get('/transactions/{transactionId}', { params: { transactionId: parent } }),
      echoes: () => false,
      then: async (sent) => {
        const amount = Number(sent.amount);
        const t = await eventually(
          async () => (await cardTransactions(customerId, card.id)).find((x) => x.id === parent),
          (x) => x?.status !== 'AUTHORIZED',
          { timeoutMs: capabilities.eventTimeoutMs, what: `the clearing of ${parent}` },
        );
        // The generated amounts are 1 to 2,000, below the authorization of 2,500: a clearing below it settles in part.
        expect(amount, 'a generated clearing amount lies between 1 and 2499').toBeGreaterThan(0);
        expect(amount).toBeLessThan(2_500);
        expect(t!.status, `supplement §9: a clearing of ${amount} of 2500 settles the authorization in part`).toBe('PARTIALLY_SETTLED');
        expect(t!.settledAmount?.amount, 'settled so far: exactly the cleared amount').toBe(amount);
        await expectEvents(account.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === before - amount, what: `balance ${before - amount}` }], { since });
        expect((await accountIn(customerId, 'USD')).balance.amount, `the funding account is pulled exactly the cleared ${amount}`).toBe(before - amount);
      },
    });
  });

  it('accepts a clearing of 0, the lower bound (0 = the authorization expires)', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
    await basisSupplement('section 9: simulate clearing {cardTransactionId*, amount* ≥0} (0 = auth expiry) → 202');
    const { card, customerId } = await activeCard();
    const parent = (await authorized(card.id, customerId)).id;
    expectStatus(await api.post(CLEARING.slice(5), { params: { cardId: card.id }, body: { cardTransactionId: parent, amount: 0 } }), 202, SimulationAccepted, 'supplement §9: amount* ≥0: a clearing of 0 is accepted');
  });
});
