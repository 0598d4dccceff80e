// Every documented field rule of the card simulations on a parent card transaction (authorization_advice,
// return, return_reversal) and of balance_inquiry, with generated data (helpers/field-rules/cards.ts).
// Interface: Versioning 2 ("ten sandbox simulate endpoints"); Errors (FieldError dot paths). basis:
// supplement (section 9: the simulate bodies; authorization_advice's amount is the new total; a return
// of the whole net settled amount REFUNDS; return_reversal needs a REFUNDED parent).
import { describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/eventually.js';
import { activeCard, cardTransactions, purchase, simulate } from '../../helpers/flows/cards.js';
import { api, capabilities } from '../../helpers/harness.js';
import { cardBalanceInquiry, cardChildSimulation } from '../../helpers/field-rules/cards.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill } from '../../helpers/field-rules/quotes.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import type { CardTransaction } from '../../helpers/schemas/index.js';
import { SimulationAccepted } from '../../helpers/schemas/index.js';

const path = (name: string) => `/sandbox/cards/{cardId}/simulate/${name}`;

/** The card transaction of `token` once it reaches `status`. */
async function reaching(customerId: string, cardId: string, find: (t: CardTransaction) => boolean, status: string) {
  const t = await eventually(async () => (await cardTransactions(customerId, cardId)).find(find), (x) => x?.status === status, { timeoutMs: capabilities.eventTimeoutMs, what: `a card transaction ${status}` });
  return t!;
}

/** An authorization of 2,500, AUTHORIZED; with `settle`, cleared whole (SETTLED); with `refund` too, returned whole (REFUNDED). */
async function parent(cardId: string, customerId: string, to: 'AUTHORIZED' | 'SETTLED' | 'REFUNDED') {
  const token = await simulate(cardId, 'authorization', purchase(2_500));
  const t = await reaching(customerId, cardId, (x) => x.issuerTransactionToken === token, 'AUTHORIZED');
  if (to === 'AUTHORIZED') return t.id;
  await simulate(cardId, 'clearing', { cardTransactionId: t.id, amount: 2_500 });
  await reaching(customerId, cardId, (x) => x.id === t.id, 'SETTLED');
  if (to === 'SETTLED') return t.id;
  await simulate(cardId, 'return', { cardTransactionId: t.id, amount: 2_500 });
  await reaching(customerId, cardId, (x) => x.id === t.id, 'REFUNDED');
  return t.id;
}

for (const [name, state] of [['authorization_advice', 'AUTHORIZED'], ['return', 'SETTLED'], ['return_reversal', 'REFUNDED']] as const) {
  const op = `POST ${path(name)}`;
  describe(op, () => {
    scenario({ area: 'Sandbox', operation: op, section: 'States and transitions', basis: 'supplement' });

    it(`refuses every ${name} that breaks one documented field rule with 400 INVALID_INPUT naming the field, and the parent stays ${state}`, async (ctx) => {
      requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
      await basisSupplement(`section 9: simulate ${name} body; generated, one rule broken per request`);
      const { card, customerId } = await activeCard();
      const id = await parent(card.id, customerId, state);
      await checkRulesRefused({
        spec: cardChildSimulation(name),
        complete: (b) => fill(b, { parent: id }),
        send: (body) => api.post(path(name), { params: { cardId: card.id }, body }),
        unchanged: async (rule) => {
          const t = (await cardTransactions(customerId, card.id)).find((x) => x.id === id);
          expect(t?.status, `requests breaking ${rule.id} were refused: ${id} is still ${state}`).toBe(state);
        },
      });
    });
  });
}

describe('POST /sandbox/cards/{cardId}/simulate/authorization_advice', () => {
  scenario({ area: 'Sandbox', operation: 'POST /sandbox/cards/{cardId}/simulate/authorization_advice', section: 'States and transitions', basis: 'supplement' });

  it('accepts valid advices (202) and the authorization takes the new total', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
    await basisSupplement('section 9: authorization_advice {cardTransactionId*, amount*} (new total) → 202');
    const { card, customerId } = await activeCard();
    let id = '';
    await checkValidAccepted({
      spec: cardChildSimulation('authorization_advice'),
      complete: async (b) => {
        id = await parent(card.id, customerId, 'AUTHORIZED');
        return fill(b, { parent: id });
      },
      send: (body) => api.post(path('authorization_advice'), { params: { cardId: card.id }, body }),
      created: { status: 202, schema: SimulationAccepted },
      readBack: () => api.get('/transactions/{transactionId}', { params: { transactionId: id } }),
      echoes: () => false,
      then: async (sent) => {
        const t = await eventually(async () => (await cardTransactions(customerId, card.id)).find((x) => x.id === id), (x) => x?.authorizedAmount.amount === sent.amount, { timeoutMs: capabilities.eventTimeoutMs, what: `the advice of ${id}` });
        expect(t?.authorizedAmount.amount, `supplement §9: authorization_advice amount ${sent.amount} is the new total`).toBe(sent.amount);
      },
    });
  });
});

describe('POST /sandbox/cards/{cardId}/simulate/balance_inquiry', () => {
  scenario({ area: 'Sandbox', operation: 'POST /sandbox/cards/{cardId}/simulate/balance_inquiry', section: 'States and transitions', basis: 'supplement' });

  it('refuses every balance inquiry that breaks one documented field rule with 400 INVALID_INPUT naming the field, and accepts a valid one (202) as control', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
    await basisSupplement('section 9: simulate balance_inquiry {merchant*}; generated, one rule broken per request');
    const { card, customerId } = await activeCard();
    await checkRulesRefused({
      spec: cardBalanceInquiry(),
      send: (body) => api.post(path('balance_inquiry'), { params: { cardId: card.id }, body }),
      unchanged: async (rule) => expect(await cardTransactions(customerId, card.id), `inquiries breaking ${rule.id} left no card transaction`).toEqual([]),
    });
    await simulate(card.id, 'balance_inquiry', { merchant: { descriptor: 'SHOP CONTROL 000' } });
  });
});
