// Fixed regression cases of the sandbox's invariants (sandbox/README.md, "Holding up"): sequences of
// valid calls that once crashed the process, overdrew an account or let a cancelled payment
// complete; inputs that once answered 5xx; a test webhook that relayed what the endpoint said.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, startDriver, type Driver } from './driver.js';
import { authorize, balance, cancel, card, cardAuthorization, cardTransactions, execute, fund, holder, quote, simulate } from './flows.js';

let d: Driver;
beforeAll(async () => {
  d = await startDriver({ allowInsecureLoopbackWebhooks: true });
});
afterAll(async () => {
  await d.close();
});

function expectLedger(funded: Map<string, number>) {
  const l = ledger(d);
  expect(l.negative, 'no account below zero').toEqual([]);
  for (const [currency, total] of funded) expect(l.accounted.get(currency), `${currency} conserved`).toBe(total);
}

describe('sandbox invariants: the issue sequences', () => {
  it('a payment in flight whose customer is deleted completes; the process lives and its transactions stay listable', async () => {
    const a = await holder(d);
    const b = await holder(d);
    await fund(d, a.accounts.USD, 1000);
    const q = await quote(d, a, b, 500, true);
    expect(q.status).toBe(201);
    expect((await d.call('DELETE', `/customers/${encodeURIComponent(a.id)}`)).status).toBe(200);
    await d.quiet();
    const all = await d.call('GET', '/transactions');
    expect(all.status).toBe(200);
    const mine = await d.call('GET', `/transactions?customerId=${encodeURIComponent(a.id)}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((t: any) => [t.id, t.status])).toEqual([[q.body.transactionId, 'COMPLETED']]);
    expect((await d.call('GET', `/transactions/${encodeURIComponent(q.body.transactionId)}`)).body.platformCustomerId).toMatch(/^model-/);
    expect(await balance(d, b)).toBe(500);
  });

  it('two SCA quotes over the balance: the second authorization is refused and nothing goes below zero', async () => {
    const a = await holder(d, true);
    const b = await holder(d);
    await fund(d, a.accounts.USD, 1000);
    const q1 = await quote(d, a, b, 800);
    const q2 = await quote(d, a, b, 800);
    expect((await execute(d, q1.body.id)).body.status).toBe('PENDING_AUTHORIZATION');
    expect((await execute(d, q2.body.id)).body.status).toBe('PENDING_AUTHORIZATION');
    expect((await authorize(d, q1.body.id)).status).toBe(200);
    const second = await authorize(d, q2.body.id);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('CONFLICT');
    await d.quiet();
    expect(await balance(d, a)).toBe(200);
    expect(ledger(d).negative).toEqual([]);
  });

  it('a cancelled payment is FAILED, refunded with USER_CANCELLATION, and never completes', async () => {
    const a = await holder(d);
    const b = await holder(d);
    await fund(d, a.accounts.USD, 1000);
    // To a bank account: cancel applies to ACH or wire payments (supplement 8), not to one between internal accounts.
    const q = await quote(d, a, b, 600, true, true);
    const res = await cancel(d, q.body.transactionId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('FAILED');
    await d.quiet();
    const t = (await d.call('GET', `/transactions/${encodeURIComponent(q.body.transactionId)}`)).body;
    expect(t.status).toBe('FAILED');
    expect(t.refund).toMatchObject({ status: 'COMPLETED', reason: 'USER_CANCELLATION' });
    expect(await balance(d, a)).toBe(1000);
    expect(await balance(d, b)).toBe(0);
  });
});

describe('sandbox invariants: money at every debit', () => {
  it('a card clearing the account can no longer pay ends in EXCEPTION without a debit', async () => {
    const a = await holder(d);
    const b = await holder(d);
    await fund(d, a.accounts.USD, 1000);
    const cardId = (await card(d, a))!;
    expect(cardId).toBeDefined();
    expect((await cardAuthorization(d, cardId, 800)).status).toBe(202);
    await d.quiet();
    const [auth] = await cardTransactions(d, a, cardId);
    expect(auth.status).toBe('AUTHORIZED');
    await quote(d, a, b, 900, true);
    await d.quiet();
    expect((await simulate(d, cardId, 'clearing', { cardTransactionId: auth.id, amount: 800 })).status).toBe(202);
    await d.quiet();
    const [after] = await cardTransactions(d, a, cardId);
    expect(after.status).toBe('EXCEPTION');
    expect(await balance(d, a)).toBe(100);
    expect(ledger(d).negative).toEqual([]);
  });
});

describe('sandbox invariants: no 5xx from input', () => {
  it('a simulation named after an Object.prototype member is 404, not 500', async () => {
    const a = await holder(d);
    const cardId = (await card(d, a))!;
    for (const name of ['valueOf', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const res = await simulate(d, cardId, name, {});
      expect(res.status, name).toBe(404);
    }
  });

  it('a card authorization in a currency other than the card\'s is 400 INVALID_CURRENCY and the transactions stay listable', async () => {
    const a = await holder(d);
    await fund(d, a.accounts.USD, 1000);
    const cardId = (await card(d, a))!;
    const res = await simulate(d, cardId, 'authorization', { amount: 100, currency: { code: 'JPY' }, merchant: { descriptor: 'Tokyo' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CURRENCY');
    await d.quiet();
    expect((await d.call('GET', '/transactions')).status).toBe(200);
    expect((await cardAuthorization(d, cardId, 100)).status, 'control: the card\'s own currency').toBe(202);
  });
});

describe('sandbox invariants: the test webhook relays nothing of the endpoint', () => {
  let server: Server;
  let answer = { status: 200, body: 'SECRET-OF-THE-ENDPOINT' };
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(answer.status).end(answer.body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers success or failure without the endpoint\'s body or the network error', async () => {
    const port = (server.address() as AddressInfo).port;
    expect((await d.call('PATCH', '/config', { webhookEndpoint: `http://127.0.0.1:${port}/hook` })).status).toBe(200);
    answer = { status: 200, body: 'SECRET-OF-THE-ENDPOINT' };
    const ok = await d.call('POST', '/webhooks/test');
    expect(ok.status).toBe(200);
    expect(ok.body.response_status).toBe(200);
    expect(JSON.stringify(ok.body)).not.toContain('SECRET');
    answer = { status: 500, body: 'SECRET-OF-THE-ENDPOINT' };
    const failed = await d.call('POST', '/webhooks/test');
    expect(failed.status).toBe(400);
    expect(failed.body.code).toBe('WEBHOOK_DELIVERY_ERROR');
    expect(JSON.stringify(failed.body)).not.toContain('SECRET');
    // Nothing listens on port 9 of the loopback: the connection error's text stays inside.
    expect((await d.call('PATCH', '/config', { webhookEndpoint: 'http://127.0.0.1:9/hook' })).status).toBe(200);
    const refused = await d.call('POST', '/webhooks/test');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('WEBHOOK_DELIVERY_ERROR');
    expect(JSON.stringify(refused.body)).not.toMatch(/ECONNREFUSED|connect/i);
    expect((await d.call('PATCH', '/config', { webhookEndpoint: null })).status).toBeLessThan(500);
  });
});
