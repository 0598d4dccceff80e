// The sandbox's two readings of the quote velocity (supplement 1: 403 VELOCITY_LIMIT_EXCEEDED, no
// condition or order stated): by default only accepted quotes and transfer-outs count, the velocity
// judged after every other rule; with quoteVelocityRefused `count` (SANDBOX_QUOTE_VELOCITY_REFUSED)
// refused ones count as well, and the velocity answers first, a malformed body included. The second is
// what selftest/verdict/allowed-variants.test.ts runs the field rules against.
import { afterEach, describe, expect, it } from 'vitest';
import { startDriver, type Driver } from './driver.js';
import { holder, quote } from './flows.js';

let d: Driver | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

/** Three refused requests of one customer (a quote of no amount, twice, and a transfer-out of an unknown destination), then a valid quote's answer. */
async function afterThreeRefused(quoteVelocityRefused?: 'count' | 'ignore') {
  d = await startDriver({ quoteVelocityCount: 3, ...(quoteVelocityRefused ? { quoteVelocityRefused } : {}) });
  const from = await holder(d);
  const to = await holder(d);
  for (let i = 0; i < 2; i++) expect((await quote(d, from, to, 0)).status).toBe(400);
  expect((await d.call('POST', '/transfer-out', { source: { accountId: from.accounts.USD }, destination: { accountId: 'ExternalAccount:none' }, amount: 100 })).status).toBe(404);
  return { res: await quote(d, from, to, 100), source: from.accounts.USD };
}

describe('quote velocity and refused requests', () => {
  it('counts accepted quotes only, by default', async () => {
    expect((await afterThreeRefused()).res.status).toBe(201);
  });

  it('counts refused quotes and transfer-outs toward the customer\'s velocity with quoteVelocityRefused count, and answers it first', async () => {
    const { res, source } = await afterThreeRefused('count');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('VELOCITY_LIMIT_EXCEEDED');
    const malformed = await d!.call('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: source }, lockedCurrencyAmount: 'many' });
    expect(malformed.status, 'a malformed quote of a customer over the velocity').toBe(403);
  });

  it('counts a quote refused after it was stored (an immediate execute without funds) once', async () => {
    d = await startDriver({ quoteVelocityCount: 3, quoteVelocityRefused: 'count' });
    const from = await holder(d);
    const to = await holder(d);
    const refused = await quote(d, from, to, 100, true);
    expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    for (let i = 0; i < 2; i++) expect((await quote(d, from, to, 100)).status, `quote ${i + 2} of the 3 the velocity allows`).toBe(201);
    expect((await quote(d, from, to, 100)).status).toBe(403);
  });
});
