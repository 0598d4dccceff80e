// The sandbox's authorization loop (supplement 16: "each authorize may return a fresh challenge (new
// id) while still PENDING_AUTHORIZATION; pre-funded sends need one, cross-currency sends currently
// two"; sandbox/README.md: a send whose currencies differ takes two): each challenge expires on its own.
// The first one's expiry does not fail a payment whose second challenge is open; the second one's
// expiry fails it with SCA_NOT_COMPLETED and moves no money (interface, Failure reasons:
// "SCA_NOT_COMPLETED: a transaction that failed on an expired SCA challenge"); resend keeps the open
// challenge (supplement 16: "Resend reuses the challenge without extending expiresAt").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriver, type Driver } from './driver.js';
import { authorize, balance, execute, fund, holder, type Holder } from './flows.js';

const TTL_MS = 600;
let d: Driver;
beforeAll(async () => {
  d = await startDriver({ challengeTtlMs: TTL_MS });
});
afterAll(() => d.close());

/** Resolves once `iso` has passed by `marginMs` (the sandbox's own timestamps, its clock is this process's). */
const past = (iso: string, marginMs: number) => new Promise((r) => setTimeout(r, Math.max(0, Date.parse(iso) + marginMs - Date.now())));

/** A funded sender of an SCA region, logged in, and a USD to EUR quote executed into its first challenge. */
async function awaitingEurSend(): Promise<{ sender: Holder; quoteId: string; transactionId: string; first: { id: string; expiresAt: string }; funds: number }> {
  const sender = await holder(d, true, ['USD']);
  const receiver = await holder(d, false, ['EUR']);
  const funds = 100_000;
  expect((await fund(d, sender.accounts.USD, funds)).status).toBe(200);
  const quote = await d.call('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: sender.accounts.USD },
    destination: { destinationType: 'ACCOUNT', accountId: receiver.accounts.EUR },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 10_000,
  });
  expect(quote.status).toBe(201);
  const executed = await execute(d, quote.body.id);
  expect(executed.status).toBe(200);
  expect(executed.body.status).toBe('PENDING_AUTHORIZATION');
  return { sender, quoteId: quote.body.id, transactionId: quote.body.transactionId, first: executed.body.scaChallenge, funds };
}

const transaction = async (id: string) => (await d.call('GET', `/transactions/${encodeURIComponent(id)}`)).body as { status: string; failureReason?: string };

describe('sandbox SCA authorization loop of a cross-currency send', () => {
  it('answers a fresh challenge to the first authorization and proceeds on the second; the first challenge\'s expiry does not fail it', async () => {
    const { sender, quoteId, transactionId, first, funds } = await awaitingEurSend();
    const round1 = await authorize(d, quoteId);
    expect(round1.status).toBe(200);
    expect(round1.body.status).toBe('PENDING_AUTHORIZATION');
    expect(round1.body.scaChallenge.id).not.toBe(first.id);
    expect(Date.parse(round1.body.scaChallenge.expiresAt)).toBeGreaterThanOrEqual(Date.parse(first.expiresAt));
    expect(await balance(d, sender), 'nothing is debited before the last authorization').toBe(funds);
    // Resend reuses the open challenge without extending it.
    expect((await d.call('POST', `/quotes/${encodeURIComponent(quoteId)}/authorize/resend`, {})).status).toBe(204);
    const reread = await d.call('GET', `/quotes/${encodeURIComponent(quoteId)}`);
    expect(reread.body.scaChallenge).toEqual(round1.body.scaChallenge);
    const round2 = await authorize(d, quoteId);
    expect(round2.status).toBe(200);
    expect(round2.body.status).not.toBe('PENDING_AUTHORIZATION');
    expect(round2.body.scaChallenge).toBeUndefined();
    await past(first.expiresAt, 150);
    await d.quiet();
    expect((await transaction(transactionId)).status).toBe('COMPLETED');
    expect(await balance(d, sender)).toBe(funds - round2.body.totalSendingAmount);
  });

  it('keeps the payment awaiting its second challenge past the first one\'s expiry, then fails it with SCA_NOT_COMPLETED when the second expires, moving no money', async () => {
    const { sender, quoteId, transactionId, first, funds } = await awaitingEurSend();
    // Answered late in the first challenge's life, so that the first expires well before the second.
    await past(first.expiresAt, -TTL_MS / 2);
    const round1 = await authorize(d, quoteId);
    expect(round1.body.status).toBe('PENDING_AUTHORIZATION');
    const second = round1.body.scaChallenge as { id: string; expiresAt: string };
    expect(Date.parse(second.expiresAt) - Date.parse(first.expiresAt)).toBeGreaterThanOrEqual(TTL_MS / 4);
    await past(first.expiresAt, 50);
    expect((await transaction(transactionId)).status, 'the first challenge\'s expiry leaves the payment to its open second challenge').toBe('PENDING_AUTHORIZATION');
    expect((await d.call('GET', `/quotes/${encodeURIComponent(quoteId)}`)).body.status).toBe('PENDING_AUTHORIZATION');
    await past(second.expiresAt, 150);
    const failed = await transaction(transactionId);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe('SCA_NOT_COMPLETED');
    expect(await balance(d, sender), 'no money moved').toBe(funds);
    expect((await authorize(d, quoteId)).status, 'nothing is left to authorize').toBe(409);
  });
});
