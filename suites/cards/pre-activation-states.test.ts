// Interface: Card `state` ("Any other requested transition answers 409 INVALID_STATE_TRANSITION").
// Description, CardUpdateRequest: "state transitions are limited to ACTIVE ⇄ FROZEN and ACTIVE | FROZEN
// → CLOSED; any other transition returns 409 INVALID_STATE_TRANSITION": PATCH {state} from PROCESSING or
// PENDING_KYC answers it. The pre-activation states PROCESSING (start state; -> ACTIVE, or -> CLOSED with
// stateReason ISSUER_REJECTED, both with CARD.STATE_CHANGE) and PENDING_KYC (enum only), and the
// platformCardId magic (001 stays PROCESSING, 002 CLOSED ISSUER_REJECTED, 005 ACTIVE after ~30 s):
// basis: supplement (sections 9, 25, 28).
import { randomUUID } from 'node:crypto';
import { describe, expect, it, type TestContext } from 'vitest';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectRefusedTransition, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { cardholder, getCard, patchCard } from '../../helpers/flows/cards.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { CardWithReason } from '../../helpers/schemas/cards.js';

const REQUESTABLE = ['ACTIVE', 'FROZEN', 'CLOSED'] as const;

/** A card issued with a platformCardId ending in `suffix` (the supplement's issuer magic). */
async function issueWith(ctx: TestContext, suffix: string) {
  requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card issuer magic');
  await basisSupplement('PROCESSING start state, platformCardId magic, CARD.STATE_CHANGE (sections 9 and 25)');
  const { customerId, account } = await cardholder(0);
  const since = await listener.mark();
  const issuedAt = Date.now();
  const res = await api.post('/cards', { body: { cardholderId: customerId, form: 'VIRTUAL', fundingSources: [account.id], platformCardId: `conf-${randomUUID().slice(0, 8)}-${suffix}` } });
  const card = expectStatus(res, 201, CardWithReason, 'POST /cards issues a card');
  return { card, since, issuedAt };
}

/** Every requested state from a pre-activation state answers 409 INVALID_STATE_TRANSITION and changes nothing. */
async function expectNoRequestedTransition(cardId: string, from: string): Promise<void> {
  for (const to of REQUESTABLE) {
    const res = await patchCard(cardId, { state: to });
    expectError(res, 409, 'INVALID_STATE_TRANSITION', `Description, CardUpdateRequest: "state transitions are limited to ACTIVE ⇄ FROZEN and ACTIVE | FROZEN → CLOSED; any other transition returns 409 INVALID_STATE_TRANSITION": ${from} -> ${to}`);
    expectRefusedTransition('card', from, to, (await getCard(cardId)).state);
  }
}

describe('POST /cards: the PROCESSING start state', () => {
  scenario({ area: 'Cards', operation: 'POST /cards', section: 'States and transitions', basis: 'supplement' });

  it('starts PROCESSING and becomes ACTIVE, announced by CARD.STATE_CHANGE', async (ctx) => {
    const { card, since } = await issueWith(ctx, '000');
    expect(card.state, 'Supplement 9: 201 Card, state PROCESSING').toBe('PROCESSING');
    const [change] = await expectEvents(card.id, [{ type: 'CARD.STATE_CHANGE', where: (d) => d.state === 'ACTIVE', what: 'ACTIVE' }], { since });
    expectTransition('card', card.state, change.data.state, 'PROCESSING', 'ACTIVE');
    expect((await getCard(card.id)).state).toBe('ACTIVE');
  });

  it('goes PROCESSING -> CLOSED with stateReason ISSUER_REJECTED when the issuer rejects it (platformCardId 002)', async (ctx) => {
    const { card, since } = await issueWith(ctx, '002');
    const [change] = await expectEvents(card.id, [{ type: 'CARD.STATE_CHANGE', where: (d) => d.state === 'CLOSED', what: 'CLOSED' }], { since });
    expect(change.data.stateReason, 'Supplement 25: -> CLOSED + ISSUER_REJECTED').toBe('ISSUER_REJECTED');
    expectTransition('card', card.state, change.data.state, 'PROCESSING', 'CLOSED');
    const after = expectStatus(await api.get('/cards/{cardId}', { params: { cardId: card.id } }), 200, CardWithReason);
    expect(after.stateReason).toBe('ISSUER_REJECTED');
  });

  it('stays PROCESSING (platformCardId 001), where every requested state answers 409 INVALID_STATE_TRANSITION', async (ctx) => {
    const { card } = await issueWith(ctx, '001');
    expect((await getCard(card.id)).state).toBe('PROCESSING');
    await expectNoRequestedTransition(card.id, 'PROCESSING');
  });

  it('becomes ACTIVE only after the issuer delay (platformCardId 005)', async (ctx) => {
    const delay = capabilities.cardActivationDelayMs;
    requireCapability(ctx, delay !== undefined && delay <= capabilities.waitBudgetMs, `the card activation delay (${delay} ms) is beyond the wait budget`, ['transition:card:PROCESSING->ACTIVE']);
    const { card, since, issuedAt } = await issueWith(ctx, '005');
    expect((await getCard(card.id)).state, 'the card waits in PROCESSING').toBe('PROCESSING');
    const [change] = await expectEvents(card.id, [{ type: 'CARD.STATE_CHANGE', where: (d) => d.state === 'ACTIVE', what: 'ACTIVE' }], { since, timeoutMs: delay! + capabilities.eventTimeoutMs });
    expectTransition('card', card.state, change.data.state, 'PROCESSING', 'ACTIVE');
    expect(Date.now() - issuedAt, `Supplement 9: 005 becomes ACTIVE after the issuer delay (declared ${delay} ms)`).toBeGreaterThanOrEqual(delay! * 0.8);
  });
});

describe('PATCH /cards/{cardId} from PENDING_KYC', () => {
  scenario({ area: 'Cards', operation: 'PATCH /cards/{cardId}', section: 'States and transitions', basis: 'supplement' });

  it('answers 409 INVALID_STATE_TRANSITION to every requested state and changes nothing', async (ctx) => {
    const trigger = capabilities.cardPendingKycTrigger;
    requireCapability(ctx, Boolean(trigger), 'the target declares no way to hold a card in PENDING_KYC (SVC_CARD_PENDING_KYC_TRIGGER)', ['transition:card:PENDING_KYC->ACTIVE']);
    const { card } = await issueWith(ctx, trigger!);
    noteInterface('cards:pending-kyc-entry', ['PENDING_KYC: enum only; entry not stated (supplement 25, 28.4)'], `platformCardId ending ${trigger} issued a card in ${card.state}`);
    expect((await getCard(card.id)).state, `the declared trigger ${trigger} holds the card in PENDING_KYC`).toBe('PENDING_KYC');
    await expectNoRequestedTransition(card.id, 'PENDING_KYC');
  });
});
