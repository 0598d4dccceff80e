// The sandbox's credit_authorization_advice (sandbox/README.md, "Cards"): the authorization body of
// supplement 9; without a parent a credit authorization advised at `amount`, with the `cardTransactionId`
// extension the named credit authorization's new total; no money moves until clearing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriver, type Driver } from './driver.js';
import { balance, card, cardTransactions, fund, holder, simulate } from './flows.js';

let d: Driver;
beforeAll(async () => {
  d = await startDriver();
});
afterAll(async () => {
  await d.close();
});

const body = (amount: number) => ({ amount, currency: { code: 'USD' }, merchant: { descriptor: 'Model Refund' } });

describe('sandbox: credit_authorization_advice', () => {
  it('without a parent is a credit authorization advised at amount; with cardTransactionId sets that credit\'s total; neither moves money', async () => {
    const a = await holder(d);
    await fund(d, a.accounts.USD, 1000);
    const cardId = (await card(d, a))!;
    expect(cardId).toBeDefined();
    const advice = await simulate(d, cardId, 'credit_authorization_advice', body(250));
    expect(advice.status).toBe(202);
    await d.quiet();
    const [advised] = await cardTransactions(d, a, cardId);
    expect(advised).toMatchObject({ status: 'AUTHORIZED', issuerTransactionToken: advice.body.issuerTransactionToken, authorizedAmount: { amount: 250 } });
    expect((await simulate(d, cardId, 'credit_authorization_advice', { ...body(400), cardTransactionId: advised.id })).status).toBe(202);
    await d.quiet();
    const listed = await cardTransactions(d, a, cardId);
    expect(listed.map((t) => [t.id, t.status, t.authorizedAmount.amount])).toEqual([[advised.id, 'AUTHORIZED', 400]]);
    expect(await balance(d, a)).toBe(1000);
    expect((await simulate(d, cardId, 'clearing', { cardTransactionId: advised.id, amount: 400 })).status).toBe(202);
    await d.quiet();
    expect(await balance(d, a)).toBe(1400);
  });

  it('refuses the advice as the authorizations: no merchant, or a parent named that is not a credit authorization of the card', async () => {
    const a = await holder(d);
    await fund(d, a.accounts.USD, 1000);
    const cardId = (await card(d, a))!;
    const { merchant: _, ...noMerchant } = body(100);
    const refused = await simulate(d, cardId, 'credit_authorization_advice', noMerchant);
    expect(refused.status).toBe(400);
    expect(refused.body.details.errors.map((e: any) => e.field)).toContain('merchant');
    expect((await simulate(d, cardId, 'credit_authorization_advice', { ...body(100), cardTransactionId: 'CardTransaction:none' })).status).toBe(404);
    expect((await simulate(d, cardId, 'authorization', body(100))).status).toBe(202);
    await d.quiet();
    const [debit] = await cardTransactions(d, a, cardId);
    expect((await simulate(d, cardId, 'credit_authorization_advice', { ...body(100), cardTransactionId: debit.id })).status).toBe(409);
    expect((await simulate(d, cardId, 'credit_authorization_advice', body(100))).status, 'control: the same advice with its merchant and no parent').toBe(202);
  });
});
