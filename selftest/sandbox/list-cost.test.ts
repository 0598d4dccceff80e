// A list page costs what its filters match, not what is stored (issue: the sandbox holds up over
// days of stored state): a filter matching one item reads as many items with 10,000 stored as with
// 10, and a transaction filter as many with 1,000 card transactions stored as with 10. Counted, not timed: `pageVisits` counts every item a list page reads (in this process only).
import { describe, expect, it } from 'vitest';
import { buildSandbox } from '../../sandbox/app.js';
import { createCustomerRecord } from '../../sandbox/customers/state.js';
import { pageVisits } from '../../sandbox/store/cursor-page.js';
import { transactionIndex } from '../../sandbox/transactions/state.js';
import { startDriver } from './driver.js';
import { card, cardAuthorization, fund, holder, simulate } from './flows.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

/** The items each filtered list reads, and what it answered, with `stored` customers besides the one sought. */
async function visits(stored: number) {
  let now = T0;
  const sandbox = await buildSandbox({ provisioningDelayMs: 60_000, clock: { now: () => now } });
  try {
    const auth = `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`;
    const call = async (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      const res = await sandbox.app.inject({ method, url: `/2025-10-13${url}`, headers: { authorization: auth }, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json() as { data: { id: string }[]; hasMore: boolean };
    };
    // Every stored customer: region US, USD; a third of them deleted.
    const many = [];
    for (let i = 0; i < stored; i++) many.push(createCustomerRecord(sandbox.ctx, { customerType: 'INDIVIDUAL', platformCustomerId: `many-${i}`, region: 'US' }));
    for (let i = 0; i < stored; i += 3) await call('DELETE', `/customers/${many[i].id}`);
    now += 60_000;
    const sought = createCustomerRecord(sandbox.ctx, { customerType: 'INDIVIDUAL', platformCustomerId: 'sought', region: 'NZ', currencies: ['EUR'] });
    now += 60_000;
    const touched = many[1];
    await call('PATCH', `/customers/${touched.id}`, { customerType: 'INDIVIDUAL', fullName: 'Changed Name' });
    const since = new Date(now).toISOString();
    now += 60_000;

    const counted = async (url: string) => {
      const before = pageVisits.count;
      const page = await call('GET', url);
      return { visited: pageVisits.count - before, ids: page.data.map((item) => item.id), hasMore: page.hasMore };
    };
    return {
      region: await counted('/customers?region=NZ'),
      currency: await counted('/customers?currency=EUR'),
      createdAfter: await counted(`/customers?createdAfter=${encodeURIComponent(new Date(T0 + 60_000).toISOString())}`),
      updatedAfter: await counted(`/customers?updatedAfter=${encodeURIComponent(since)}`),
      accounts: await counted('/customers/internal-accounts?currency=EUR'),
      touched: touched.id,
      sought: sought.id,
      // Control: an unfiltered deep page does read what lies before it when asked for everything.
      unfiltered: await counted('/customers?limit=100'),
    };
  } finally {
    await sandbox.close();
  }
}

describe('list cost and stored volume', () => {
  it('a filter matching one item reads the same items with 10 and with 10,000 customers stored', async () => {
    const small = await visits(10);
    const large = await visits(10_000);
    for (const run of [small, large]) {
      expect(run.region.ids).toEqual([run.sought]);
      expect(run.currency.ids).toEqual([run.sought]);
      expect(run.createdAfter.ids).toEqual([run.sought]);
      expect(run.updatedAfter.ids).toEqual([run.touched]);
      expect(run.accounts.ids).toHaveLength(1);
    }
    for (const filter of ['region', 'currency', 'createdAfter', 'updatedAfter', 'accounts'] as const) {
      expect(large[filter].visited, `${filter}: items read with 10,000 stored vs 10`).toBe(small[filter].visited);
      expect(large[filter].visited, filter).toBeLessThanOrEqual(2);
    }
    // The counter does count reads: a page of 100 over 10,000 customers reads at least 100.
    expect(large.unfiltered.ids).toHaveLength(100);
    expect(large.unfiltered.visited).toBeGreaterThanOrEqual(100);
  }, 120_000);

  it('a transaction filter matching one item reads the same items with 10 and with 1,000 card transactions stored', async () => {
    const run = async (stored: number) => {
      const d = await startDriver();
      try {
        const h = await holder(d, false, ['USD', 'EUR']);
        await fund(d, h.accounts.USD, 1_000_000);
        await fund(d, h.accounts.EUR, 1_000);
        const many = await card(d, h);
        if (!many) throw new Error('the card did not become ACTIVE');
        for (let i = 0; i < stored; i++) await cardAuthorization(d, many, 1);
        // One card, funded from the EUR account, with one transaction that ends in EXCEPTION (the
        // supplement's descriptor trigger 006).
        const one = await card(d, h, 'EUR');
        if (!one) throw new Error('the card did not become ACTIVE');
        await simulate(d, one, 'authorization', { amount: 1, currency: { code: 'EUR' }, merchant: { descriptor: 'Model Shop 006' } });
        // Simulations of a card run one after another: wait (with a deadline) until every transaction is stored.
        const until = Date.now() + 60_000;
        while (transactionIndex(d.sandbox.ctx).all.length < stored + 1 && Date.now() < until) await d.quiet(200);
        expect(transactionIndex(d.sandbox.ctx).all.length, 'card transactions stored').toBe(stored + 1);
        await d.quiet();
        const counted = async (query: string) => {
          const before = pageVisits.count;
          const page = await d.call('GET', `/transactions?${query}`);
          return { visited: pageVisits.count - before, cards: (page.body.data as { cardId: string; status: string }[]).map((t) => `${t.cardId} ${t.status}`) };
        };
        // status takes a TransactionStatus (openapi.yaml), which a card's EXCEPTION is not: the one
        // transaction is found by its funding account instead.
        const account = `accountIdentifier=${encodeURIComponent(h.accounts.EUR)}`;
        return {
          account: await counted(account),
          card: await counted(`cardId=${encodeURIComponent(one)}`),
          both: await counted(`customerId=${encodeURIComponent(h.id)}&${account}`),
          one,
          all: await counted(`customerId=${encodeURIComponent(h.id)}&limit=100`),
        };
      } finally {
        await d.close();
      }
    };
    const small = await run(10);
    const large = await run(1_000);
    for (const r of [small, large]) {
      for (const filter of ['account', 'card', 'both'] as const) expect(r[filter].cards, filter).toEqual([`${r.one} EXCEPTION`]);
    }
    for (const filter of ['account', 'card', 'both'] as const) {
      expect(large[filter].visited, `${filter}: items read with 1,000 stored vs 10`).toBe(small[filter].visited);
      expect(large[filter].visited, filter).toBeLessThanOrEqual(2);
    }
    // The control: an unfiltered page of 100 reads at least 100.
    expect(large.all.cards).toHaveLength(100);
    expect(large.all.visited).toBeGreaterThanOrEqual(100);
  }, 180_000);
});
