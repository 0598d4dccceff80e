// Every documented field rule of POST /cards and PATCH /cards/{cardId}, with generated data
// (helpers/field-rules/cards.ts holds the rules and their citations). Interface: Card `state` (ACTIVE,
// FROZEN, CLOSED); Errors (FieldError dot paths). basis: supplement (section 9: the create and patch
// bodies, "≥1 field", "CLOSED not combinable with the others"; the issuer magic on platformCardId, else
// cardholderId).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { individual } from '../../fixtures/customers.js';
import { expectError, expectStatus, FIELD_ERRORS_UNSTATED, noteInterface } from '../../helpers/expect.js';
import { activeCard, getCard, patchCard } from '../../helpers/flows/cards.js';
import { activeAccount, createCustomer } from '../../helpers/flows/customers.js';
import { api } from '../../helpers/harness.js';
import { cardCreate, cardPatch } from '../../helpers/field-rules/cards.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill } from '../../helpers/field-rules/quotes.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { fieldErrorsOf } from '../../helpers/schemas/errors.js';
import { Card, Page } from '../../helpers/schemas/index.js';

const CREATE = 'POST /cards';
const PATCH = 'PATCH /cards/{cardId}';
const send = (body: Record<string, unknown>) => api.post('/cards', { body });

/** Issuer magic (supplement 9): the last three characters of cardholderId decide a card without platformCardId. */
const MAGIC = /(001|002|004|005)$/;

/** An approved cardholder (createCustomer's fixtures are approved) whose id ends in no issuer magic, and their USD account. */
async function plainCardholder() {
  for (;;) {
    const customer = await createCustomer(individual());
    if (MAGIC.test(customer.id)) continue;
    const account = await activeAccount(customer.id);
    return { cardholder: customer.id, account: account.id };
  }
}

/** The cards listed by one filter of GET /cards (supplement 9: cardholderId, accountId). */
const cardsBy = async (query: { cardholderId: string } | { accountId: string }) =>
  expectStatus(await api.get('/cards', { query: { ...query, limit: 100 } }), 200, Page(Card), 'GET /cards lists the cards of a filter').data.map((c) => c.id);
const cardsOf = (cardholderId: string) => cardsBy({ cardholderId });

describe(CREATE, () => {
  scenario({ area: 'Cards', operation: CREATE, section: 'States and transitions', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and issues no card', async () => {
    await basisSupplement('section 9: POST /cards body; generated, one rule broken per request');
    const p = await plainCardholder();
    await checkRulesRefused({
      spec: cardCreate(),
      complete: (b) => fill(b, p),
      send,
      // By the cardholder and by the funding account: a request breaking the cardholderId rules names the account only.
      unchanged: async (rule) => {
        expect(await cardsOf(p.cardholder), `requests breaking ${rule.id} were refused and issued no card to ${p.cardholder}`).toEqual([]);
        expect(await cardsBy({ accountId: p.account }), `requests breaking ${rule.id} were refused and issued no card funded by ${p.account}`).toEqual([]);
      },
    });
  });

  it('accepts valid requests, optional fields present or not, and reads the card back as sent', async () => {
    await basisSupplement('section 9: POST /cards → 201 Card; GET /cards/{id}');
    const p = await plainCardholder();
    await checkValidAccepted({
      spec: cardCreate(),
      complete: (b) => fill(b, p),
      send,
      created: { status: 201, schema: Card },
      readBack: (c) => api.get('/cards/{cardId}', { params: { cardId: c.id } }),
      // The card carries what was asked of it; the 3-D Secure password is a secret the Card does not list
      // (supplement 9), and a US cardholder's USD card takes none (helpers/field-rules/cards.ts).
      echoes: (path) => path !== 'threeDSecurePassword',
    });
  });
});

describe(PATCH, () => {
  scenario({ area: 'Cards', operation: PATCH, section: 'States and transitions', basis: 'supplement' });
  const Snapshot = z.looseObject({ state: z.string(), fundingSources: z.array(z.string()), maxSpendPerTransaction: z.number().nullish() });
  const snapshot = (c: Card) => { const s = Snapshot.parse(c); return { state: s.state, fundingSources: s.fundingSources, maxSpendPerTransaction: s.maxSpendPerTransaction ?? null }; };

  it('refuses every request that breaks one documented field rule (CLOSED combined with another change among them) with 400 INVALID_INPUT naming the field, and changes nothing', async () => {
    await basisSupplement('section 9: PATCH /cards/{id} body, "CLOSED not combinable with the others"; generated, one rule broken per request');
    const { card, account } = await activeCard();
    const before = snapshot(card);
    await checkRulesRefused({
      spec: cardPatch(),
      complete: (b) => fill(b, { account: account.id }),
      send: (body) => patchCard(card.id, body),
      unchanged: async (rule) => expect(snapshot(await getCard(card.id)), `requests breaking ${rule.id} changed nothing on ${card.id}`).toEqual(before),
    });
  });

  it('refuses a body with none of state, fundingSources, maxSpendPerTransaction (≥1 field), and accepts one with a field (control)', async () => {
    await basisSupplement('section 9: PATCH /cards/{id} "≥1 field"');
    const { card } = await activeCard();
    // Description, updateCardById: "At least one field must be supplied"; 400 "for general invalid parameters".
    const error = expectError(await patchCard(card.id, {}), 400, 'INVALID_INPUT', 'supplement §9: PATCH /cards/{id} takes ≥1 field; Description, CardUpdateRequest: "At least one of state, fundingSources, or maxSpendPerTransaction must be supplied"');
    // FieldErrors are stated for submit endpoints, and which those are is not (openapi.yaml names POST and PATCH /customers): noted when absent.
    if (!fieldErrorsOf(error)?.length) noteInterface('field-errors:absent', FIELD_ERRORS_UNSTATED, 'PATCH /cards/{cardId} with an empty body: 400 INVALID_INPUT without details.errors');
    expect(snapshot(await getCard(card.id)), 'the refused empty patch changed nothing').toEqual(snapshot(card));
    const patched = expectStatus(await patchCard(card.id, { maxSpendPerTransaction: 4_321 }), 200, Card, 'control: one field is enough');
    expect(patched.maxSpendPerTransaction, 'the control patch applied').toBe(4_321);
    // Supplement 9: maxSpendPerTransaction?: int|null: null takes the limit away.
    expectStatus(await patchCard(card.id, { maxSpendPerTransaction: null }), 200, Card, 'supplement §9: PATCH /cards/{id} maxSpendPerTransaction: null');
    expect((await getCard(card.id)).maxSpendPerTransaction ?? null, 'supplement §9: maxSpendPerTransaction (int|null): a PATCH with null leaves the card without a limit').toBeNull();
  });
});
