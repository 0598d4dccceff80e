// Interface: Events, CARD_TRANSACTION.* ("Every card transaction state transition: authorized, partially
// settled, settled, refunded, exception"; data: the full card transaction); INTERNAL_ACCOUNT.BALANCE_UPDATED
// ("Internal account balance changes"); Card state FROZEN. The ten simulate endpoints, the card
// transaction shape and GET /transactions: basis: supplement (sections 8 and 9).
import { describe, expect, it, type TestContext } from 'vitest';
import { eventually } from '../../helpers/eventually.js';
import { expectEvents, quietPeriod, waitForEvent, type Notification } from '../../helpers/events.js';
import { expectError, expectRefusal, expectSchema, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { accountIn } from '../../helpers/flows/customers.js';
import { activeCard, cardTransactions, patchCard, purchase, simulate, simulation } from '../../helpers/flows/cards.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Card, CardTransaction } from '../../helpers/schemas/index.js';
import { ADVICE_SENTENCES } from './authorization-field-rules.js';

const txn = (status: string) => ({ type: `CARD_TRANSACTION.${status}`, where: (d: Record<string, any>) => d.status === status, what: status });
const balance = (amount: number) => ({ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d: Record<string, any>) => d.balance.amount === amount, what: `balance ${amount}` });

/**
 * The card transaction's successive states as its events announce them ("Every card transaction state
 * transition"), each step recorded as a transition of the card-transaction machine (supplement §9).
 */
function expectStatePath(events: Notification[], path: string[]): void {
  expect(new Set(events.map((e) => e.data.id)).size, 'the events are about one card transaction').toBe(1);
  const states = events.map((e) => String(e.data.status));
  expect(states, 'the card transaction moves through the states its events name').toEqual(path);
  for (let i = 1; i < path.length; i++) expectTransition('card-transaction', states[i - 1], states[i], path[i - 1], path[i]);
}

async function ready(ctx: TestContext) {
  requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulation triggers');
  await basisSupplement('card simulations and card transactions (sections 8 and 9)');
  return activeCard();
}

/** The card transaction a simulation produced, once its event arrived. */
async function byToken(cardId: string, token: string, status: string, since: number): Promise<CardTransaction> {
  const event = await waitForEvent(cardId, (n) => n.type === `CARD_TRANSACTION.${status}` && n.data.issuerTransactionToken === token, `CARD_TRANSACTION.${status} for ${token}`, { since });
  return expectSchema(CardTransaction, event.data, `the data of CARD_TRANSACTION.${status} (the full card transaction)`);
}

describe('Card transactions', () => {
  scenario({ area: 'Cards', operation: 'POST /sandbox/cards/{cardId}/simulate/{name}', section: 'Events', basis: 'supplement' });

  it('declines on a frozen card, authorizes once unfrozen, settles on clearing and refunds on return, events in order and balances pulled and restored', async (ctx) => {
    const { card, customerId, account } = await ready(ctx);
    expectStatus(await patchCard(card.id, { state: 'FROZEN' }), 200, Card);
    const frozenSince = await listener.mark();
    const declinedToken = await simulate(card.id, 'authorization', purchase(2_500));
    // Supplement 9: the simulation's "result arrives async"; when the issuer decides is not stated, so the
    // card stays frozen for a quiet period after the 202, and an issuer deciding then still sees it frozen.
    await quietPeriod(frozenSince);
    expectStatus(await patchCard(card.id, { state: 'ACTIVE' }), 200, Card);
    // Supplement 9, sandbox values: a merchant descriptor ending 002 or 003 is declined, on an ACTIVE card too.
    const valueDeclined = [await simulate(card.id, 'authorization', purchase(2_500, 'SANDBOX SHOP 002')), await simulate(card.id, 'authorization', purchase(2_500, 'SANDBOX SHOP 003'))];
    const since = await listener.mark();
    const start = account.balance.amount;

    const token = await simulate(card.id, 'authorization', purchase(2_500));
    const authorized = await byToken(card.id, token, 'AUTHORIZED', since);
    await simulate(card.id, 'clearing', { cardTransactionId: authorized.id, amount: 2_500 });
    await waitForEvent(account.id, (n) => n.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' && n.data.balance.amount === start - 2_500, `the funding pull of 2500 from ${start}`, { since });
    await byToken(card.id, token, 'SETTLED', since);
    await simulate(card.id, 'return', { cardTransactionId: authorized.id, amount: 2_500 });

    expectStatePath(await expectEvents(card.id, [txn('AUTHORIZED'), txn('SETTLED'), txn('REFUNDED')], { since, about: 'cardId' }), ['AUTHORIZED', 'SETTLED', 'REFUNDED']);
    await expectEvents(account.id, [balance(start - 2_500), balance(start)], { since });
    const all = await cardTransactions(customerId, card.id);
    expect(all.map((t) => t.id), 'GET /transactions lists the card transaction made (type CARD)').toContain(authorized.id);
    expect(all.map((t) => t.issuerTransactionToken), 'the authorization on the frozen card was declined: it left no card transaction').not.toContain(declinedToken);
    for (const t of valueDeclined) expect(all.map((x) => x.issuerTransactionToken), 'supplement 9: the descriptors ending 002 (INSUFFICIENT_FUNDS) and 003 (CARD_PAUSED) are declined: no card transaction').not.toContain(t);
    const listed = all.find((t) => t.id === authorized.id)!;
    expect(listed.status).toBe('REFUNDED');
    expect(listed.authorizedAmount.amount, 'the authorized amount is the one requested').toBe(2_500);
    expect(listed.refundedAmount?.amount, 'the refunded amount is the one returned').toBe(2_500);
    expect(listed.accountId, 'the funding account pulled').toBe(account.id);
    // Description, CardTransaction: the summaries (optional) sum their events "in the smallest unit of the
    // funding source's currency" (a USD account here): one pull and one clearing of 2 500, one return of 2 500.
    if (listed.pullSummary) expect(listed.pullSummary.totalAmount, 'pullSummary.totalAmount: the sum of the pulls').toBe(2_500);
    if (listed.settlementSummary) expect(listed.settlementSummary.totalAmount, 'settlementSummary.totalAmount: the sum of the clearings').toBe(2_500);
    if (listed.refundSummary) expect(listed.refundSummary.totalAmount, 'refundSummary.totalAmount: the sum of the returns').toBe(2_500);
  });

  it('partially settles on a clearing below the authorization, then settles the rest, pulling exactly each cleared amount', async (ctx) => {
    const { card, account } = await ready(ctx);
    const since = await listener.mark();
    const token = await simulate(card.id, 'authorization', purchase(5_000));
    const authorized = await byToken(card.id, token, 'AUTHORIZED', since);
    expect(authorized.authorizedAmount, 'the authorized amount is the one requested, in its currency').toMatchObject({ amount: 5_000, currency: { code: 'USD' } });
    await simulate(card.id, 'clearing', { cardTransactionId: authorized.id, amount: 2_000 });
    await byToken(card.id, token, 'PARTIALLY_SETTLED', since);
    await simulate(card.id, 'clearing', { cardTransactionId: authorized.id, amount: 3_000 });
    const events = await expectEvents(card.id, [txn('AUTHORIZED'), txn('PARTIALLY_SETTLED'), txn('SETTLED')], { since, about: 'cardId' });
    expectStatePath(events, ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED']);
    const [, partial, settled] = events;
    expect(partial.data.settledAmount?.amount, 'settled so far: the first clearing').toBe(2_000);
    expect(settled.data.settledAmount?.amount, 'settled in all: both clearings').toBe(5_000);
    // Description, CardSettlementSummary: totalAmount "Sum of all settled amounts in the smallest unit of the funding source's currency".
    const summaries = [partial, settled].map((e) => expectSchema(CardTransaction, e.data, 'the data of a CARD_TRANSACTION event (the full card transaction)').settlementSummary);
    if (summaries[0]) expect(summaries[0].totalAmount, 'settlementSummary.totalAmount after the first clearing').toBe(2_000);
    if (summaries[1]) expect(summaries[1].totalAmount, 'settlementSummary.totalAmount after both clearings').toBe(5_000);
    await expectEvents(account.id, [balance(account.balance.amount - 2_000), balance(account.balance.amount - 5_000)], { since });
  });

  it('ends in EXCEPTION when the confirmation of an authorization fails, announced by CARD_TRANSACTION.EXCEPTION', async (ctx) => {
    // basis: supplement (section 9): merchant.descriptor ending 006, confirmation FAILED -> EXCEPTION.
    const { card, customerId } = await ready(ctx);
    const since = await listener.mark();
    const token = await simulate(card.id, 'authorization', purchase(1_500, 'SANDBOX KIOSK 006'));
    const [exception] = await expectEvents(card.id, [txn('EXCEPTION')], { since, about: 'cardId' });
    const failed = expectSchema(CardTransaction, exception.data, 'the data of CARD_TRANSACTION.EXCEPTION (the full card transaction)');
    expect(failed.issuerTransactionToken, 'the exception is about the simulated authorization').toBe(token);
    const listed = (await cardTransactions(customerId, card.id)).find((t) => t.id === failed.id);
    expect(listed?.status, 'GET /transactions lists the card transaction in EXCEPTION').toBe('EXCEPTION');
  });

  it('takes a new authorized total from an authorization advice', async (ctx) => {
    const { card, customerId } = await ready(ctx);
    const since = await listener.mark();
    const token = await simulate(card.id, 'authorization', purchase(4_000));
    const authorized = await byToken(card.id, token, 'AUTHORIZED', since);
    await simulate(card.id, 'authorization_advice', { cardTransactionId: authorized.id, amount: 6_000 });
    const updated = await eventually(
      async () => (await cardTransactions(customerId, card.id)).find((t) => t.id === authorized.id),
      (t) => t?.authorizedAmount.amount === 6_000,
      { timeoutMs: capabilities.eventTimeoutMs, what: 'the advised authorized amount 6000' },
    );
    expect(updated?.status).toBe('AUTHORIZED');
  });

  it('settles a financial (single-message) authorization: AUTHORIZED then SETTLED, in that order', async (ctx) => {
    const { card, account } = await ready(ctx);
    const since = await listener.mark();
    await simulate(card.id, 'financial_authorization', purchase(1_200));
    await expectEvents(card.id, [txn('AUTHORIZED'), txn('SETTLED')], { since, about: 'cardId' });
    await expectEvents(account.id, [balance(account.balance.amount - 1_200)], { since });
  });

  it('restores the settled state on a return reversal, pulling the returned amount again: the balance moves by exactly -900, +900, -900', async (ctx) => {
    // basis: supplement (section 9): financial_authorization settles at once; return of the net settled
    // amount → REFUNDED; return_reversal (parent REFUNDED) → SETTLED. The funding account moves by exactly
    // each amount pulled and returned.
    const { card, customerId, account } = await ready(ctx);
    const start = account.balance.amount;
    const since = await listener.mark();
    await simulate(card.id, 'financial_authorization', purchase(900));
    const settled = await waitForEvent(card.id, (n) => n.type === 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.SETTLED', { since });
    // First two simulations the conditions forbid, moving nothing: a reversal of a parent not REFUNDED, and
    // a return above the net settled amount. A simulation's result "arrives async" (supplement 9), so each
    // may be refused (4xx) or taken (202, noted) and come to nothing: the exact events and balances below
    // show nothing came of it.
    const forbidden = async (name: string, body: Record<string, unknown>, rule: string, note: { id: string; sentences: string[] }) => {
      const res = await simulation(card.id, name, body);
      if (res.status === 202) noteInterface(note.id, note.sentences, `${name} answered 202; nothing came of it`);
      else expectRefusal(res, rule, note);
    };
    await forbidden('return_reversal', { cardTransactionId: settled.data.id }, 'supplement 9: return_reversal {cardTransactionId*} (parent REFUNDED): a SETTLED parent is not reversed', { id: 'cards:return-reversal-not-refunded', sentences: ['supplement 9: return_reversal | {cardTransactionId*} (parent REFUNDED)'] });
    await forbidden('return', { cardTransactionId: settled.data.id, amount: 901 }, 'supplement 9: return {cardTransactionId*, amount*} ≤ net settled: 901 of 900 is not returned', { id: 'cards:return-above-settled', sentences: ['supplement 9: return | {cardTransactionId*, amount*} ≤ net settled'] });
    await simulate(card.id, 'return', { cardTransactionId: settled.data.id, amount: 900 });
    await waitForEvent(card.id, (n) => n.type === 'CARD_TRANSACTION.REFUNDED', 'CARD_TRANSACTION.REFUNDED', { since });
    await simulate(card.id, 'return_reversal', { cardTransactionId: settled.data.id });
    const events = await expectEvents(card.id, [txn('AUTHORIZED'), txn('SETTLED'), txn('REFUNDED'), txn('SETTLED')], { since, about: 'cardId' });
    expectStatePath(events, ['AUTHORIZED', 'SETTLED', 'REFUNDED', 'SETTLED']);
    const [, , refunded, resettled] = events.map((e, i) => expectSchema(CardTransaction, e.data, `the data of ${events[i].type} (the full card transaction)`));
    expect(refunded.refundedAmount?.amount, 'the refunded amount is the one returned').toBe(900);
    expect(resettled.settledAmount?.amount, 'settled again: the whole 900').toBe(900);
    await expectEvents(account.id, [balance(start - 900), balance(start), balance(start - 900)], { since });
    const funding = await accountIn(customerId, 'USD');
    expect(funding.id).toBe(account.id);
    expect(funding.balance.amount, 'after debit, refund and reversal the funding account is down exactly 900').toBe(start - 900);
  });

  it('credits the funding account on a financial credit authorization, and credits exactly the cleared amount of a credit authorization after an advice', async (ctx) => {
    // basis: supplement (section 9): financial_credit_authorization settles at once; credit_authorization
    // authorizes; credit_authorization_advice takes the authorization body {amount*, currency*, merchant*}
    // and answers 202 {issuerTransactionToken}; clearing of the whole authorized amount settles it.
    // Money moves only on settlement, by exactly the settled amount. What the advice does to amounts is
    // not written: recorded as an interface note, not judged.
    const { card, customerId, account } = await ready(ctx);
    const start = account.balance.amount;
    const since = await listener.mark();
    await simulate(card.id, 'financial_credit_authorization', purchase(700));
    await expectEvents(account.id, [balance(start + 700)], { since });
    const token = await simulate(card.id, 'credit_authorization', purchase(300));
    const credit = await byToken(card.id, token, 'AUTHORIZED', since);
    expect(credit.authorizedAmount.amount, 'the authorized credit is the one requested').toBe(300);
    const adviceToken = await simulate(card.id, 'credit_authorization_advice', purchase(350));
    await simulate(card.id, 'clearing', { cardTransactionId: credit.id, amount: 300 });
    const cleared = await waitForEvent(
      card.id,
      (n) => n.data.id === credit.id && (n.type === 'CARD_TRANSACTION.SETTLED' || n.type === 'CARD_TRANSACTION.PARTIALLY_SETTLED'),
      `the clearing of ${credit.id}`,
      { since },
    );
    const settled = expectSchema(CardTransaction, cleared.data, `the data of ${cleared.type} (the full card transaction)`);
    expect(settled.settledAmount?.amount, 'settled: exactly the cleared 300').toBe(300);
    // Cleared in full it settles; were its total advised above 300, it would stay partially settled.
    expect(cleared.type, `a clearing of 300 against an authorized total of ${settled.authorizedAmount.amount}`).toBe(settled.authorizedAmount.amount <= 300 ? 'CARD_TRANSACTION.SETTLED' : 'CARD_TRANSACTION.PARTIALLY_SETTLED');
    await expectEvents(account.id, [balance(start + 700), balance(start + 1_000)], { since });
    const funding = await accountIn(customerId, 'USD');
    expect(funding.balance.amount, 'credited exactly 700 and then 300, nothing on the authorization or its advice').toBe(start + 1_000);
    const advised = (await cardTransactions(customerId, card.id)).find((t) => t.issuerTransactionToken === adviceToken);
    noteInterface('cards:credit-authorization-advice-effect', ADVICE_SENTENCES, `after credit_authorization 300 and an advice of 350 (no parent named): the credit authorization's total ${settled.authorizedAmount.amount}; the advice's own card transaction ${advised ? `${advised.status} at ${advised.authorizedAmount.amount}` : 'none'}`);
  });

  it('answers a balance inquiry without creating a card transaction', async (ctx) => {
    const { card, customerId } = await ready(ctx);
    const token = await simulate(card.id, 'balance_inquiry', { merchant: { descriptor: 'SANDBOX ATM 000' } });
    const since = await listener.mark();
    const later = await simulate(card.id, 'authorization', purchase(100));
    const authorized = await byToken(card.id, later, 'AUTHORIZED', since);
    const listed = await cardTransactions(customerId, card.id);
    expect(listed.map((t) => t.id), 'GET /transactions lists the authorization made after the inquiry (type CARD)').toContain(authorized.id);
    expect(listed.map((t) => t.issuerTransactionToken), 'the balance inquiry left no card transaction').not.toContain(token);
  });
});
