// The event judgement (helpers/events.ts) against a real listener: notifications new since a mark
// (a redelivery or a late event from before the mark is not new), the whole sequence and a quiet
// period before "exactly these, in the order of the changes" (data.updatedAt, else the envelope
// timestamp), and data checked on every read.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListenerClient } from '../../helpers/listener/client.js';
import { WebhookListener, type ListenerInfo } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';

const current = vi.hoisted(() => ({ client: undefined as unknown as object }));
vi.mock('../../helpers/harness.js', () => ({
  listener: new Proxy({}, {
    get: (_t, key) => {
      const value = Reflect.get(current.client, key, current.client);
      return typeof value === 'function' ? value.bind(current.client) : value;
    },
  }),
  capabilities: { eventTimeoutMs: 1500 },
}));
// Judgement only: nothing recorded into the reports of a run.
vi.mock('../../helpers/coverage/recorder.js', () => ({ recordCovered: () => undefined, recordNote: () => undefined, recordSkip: () => undefined }));
vi.mock('../../helpers/allure.js', () => ({ allureTag: () => undefined, allureLabel: () => undefined, allureAttach: () => undefined }));

const { expectEvents, waitForEvent, waitForNotifications } = await import('../../helpers/events.js');

const keys = generateWebhookKeyPair();
let listener: WebhookListener;
let info: ListenerInfo;

beforeEach(async () => {
  listener = new WebhookListener({ publicKeyPem: keys.publicKeyPem });
  info = await listener.start();
  current.client = new ListenerClient(info);
  // Honest deliveries first, so the listener knows how the target's clock compares with its own.
  for (let i = 0; i < 5; i++) await deliver(balanceEvent(`InternalAccount:${randomUUID()}`, 1));
});
afterEach(async () => {
  await listener.close();
});

const client = () => current.client as ListenerClient;

function balanceEvent(accountId: string, amount: number, at = new Date()) {
  const money = { amount, currency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 } };
  return {
    id: `Webhook:${randomUUID()}`,
    type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED',
    timestamp: at.toISOString(),
    data: { id: accountId, customerId: 'Customer:x', type: 'INTERNAL_FIAT', status: 'ACTIVE', balance: money, totalBalance: money, fundingPaymentInstructions: [], createdAt: at.toISOString(), updatedAt: at.toISOString() },
  };
}

async function deliver(envelope: object): Promise<number> {
  const body = JSON.stringify(envelope);
  const res = await request(info.url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-svc-signature': signWebhookBody(body, keys.privateKeyPem) } });
  await res.body.text();
  return res.statusCode;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const balance = (amount: number) => ({ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d: Record<string, any>) => d.balance.amount === amount, what: `balance ${amount}` });

describe('event judgement', () => {
  it('does not count a redelivery, after the mark, of a notification first delivered before it', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const before = balanceEvent(account, 100);
    await deliver(before);
    const since = await client().mark();
    await deliver(before);
    await deliver(before);
    await deliver(balanceEvent(account, 200));
    const got = await expectEvents(account, [balance(200)], { since });
    expect(got.map((n) => n.data.balance.amount)).toEqual([200]);
  });

  it('does not count an event that happened before the mark and was delivered after it', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const late = balanceEvent(account, 100);
    await sleep(150);
    const since = await client().mark();
    await deliver(late);
    await deliver(balanceEvent(account, 200));
    await expectEvents(account, [balance(200)], { since });
  });

  it('does not count a change made before the mark and sent after it (its data.updatedAt is before the mark, its envelope timestamp after)', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const changed = new Date();
    await sleep(150);
    const since = await client().mark();
    await sleep(20);
    const status = (state: string, at = new Date()) => {
      const e = balanceEvent(account, 100, at);
      return { ...e, type: 'INTERNAL_ACCOUNT.STATUS_UPDATED', data: { ...e.data, status: state } };
    };
    await deliver({ ...status('ACTIVE', changed), timestamp: new Date().toISOString() });
    await deliver(status('FROZEN'));
    const frozen = { type: 'INTERNAL_ACCOUNT.STATUS_UPDATED', where: (d: Record<string, any>) => d.status === 'FROZEN', what: 'FROZEN' };
    const got = await expectEvents(account, [frozen], { since });
    expect(got.map((n) => n.data.status)).toEqual(['FROZEN']);
  });

  it('waits for the whole sequence and orders it by envelope timestamp, whatever the arrival order', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const since = await client().mark();
    await sleep(30);
    const t = Date.now();
    const first = balanceEvent(account, 100, new Date(t - 10));
    const second = balanceEvent(account, 200, new Date(t - 5));
    const judging = expectEvents(account, [balance(100), balance(200)], { since });
    await deliver(second);
    await sleep(300);
    await deliver(first);
    expect((await judging).map((n) => n.data.balance.amount)).toEqual([100, 200]);
  });

  it('orders by data.updatedAt, the change, where the data carries it: a change sent later (a retry) is not a later change', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const since = await client().mark();
    await sleep(30);
    const t = Date.now();
    // The first change is sent after the second (a retry after backoff): its envelope says so, its data does not.
    const first = { ...balanceEvent(account, 100, new Date(t - 10)), timestamp: new Date(t).toISOString() };
    const second = balanceEvent(account, 200, new Date(t - 5));
    const judging = expectEvents(account, [balance(100), balance(200)], { since });
    await deliver(second);
    await deliver(first);
    expect((await judging).map((n) => n.data.balance.amount)).toEqual([100, 200]);
    // The data saying the changes came the other way round fails the order expected.
    const other = `InternalAccount:${randomUUID()}`;
    const mark = await client().mark();
    await sleep(30);
    const u = Date.now();
    const failing = expect(expectEvents(other, [balance(100), balance(200)], { since: mark })).rejects.toThrow(/Event 1 \(INTERNAL_ACCOUNT\.BALANCE_UPDATED \(balance 100\)\)/);
    await deliver({ ...balanceEvent(other, 100, new Date(u - 5)), timestamp: new Date(u - 10).toISOString() });
    await deliver({ ...balanceEvent(other, 200, new Date(u - 10)), timestamp: new Date(u - 5).toISOString() });
    await failing;
  });

  it('counts an event that arrives during the quiet period after the sequence, and fails on it', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const since = await client().mark();
    // The expectation is attached before anything is delivered: the wait may fail while a delivery is
    // still being answered, and a rejection without a handler by then is an unhandled error of the run.
    const judging = expect(expectEvents(account, [balance(100)], { since })).rejects.toThrow(/expected INTERNAL_ACCOUNT\.BALANCE_UPDATED \(balance 100\); received INTERNAL_ACCOUNT\.BALANCE_UPDATED\(ACTIVE\) → INTERNAL_ACCOUNT\.BALANCE_UPDATED\(ACTIVE\)/);
    await deliver(balanceEvent(account, 100));
    await sleep(50);
    await deliver(balanceEvent(account, 300));
    await judging;
  });

  it('takes one balance change posted in two steps (a hold, then the rest), and an event type the documents do not name, beside the one expected', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const since = await client().mark();
    const t = Date.now();
    await deliver(balanceEvent(account, 50, new Date(t - 20)));
    await deliver({ ...balanceEvent(account, 50, new Date(t - 10)), type: 'INTERNAL_ACCOUNT.NOT_A_DOCUMENTED_TYPE' });
    await deliver(balanceEvent(account, 100, new Date(t)));
    const judged = await expectEvents(account, [balance(100)], { since });
    expect(judged.map((n) => n.data.balance.amount)).toEqual([100]);
  });

  it('fails on the order when a later event carries an earlier timestamp', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const since = await client().mark();
    await sleep(30);
    const t = Date.now();
    await deliver(balanceEvent(account, 100, new Date(t - 5)));
    await deliver(balanceEvent(account, 200, new Date(t - 10)));
    await expect(expectEvents(account, [balance(100), balance(200)], { since })).rejects.toThrow(/Event 1 \(INTERNAL_ACCOUNT\.BALANCE_UPDATED \(balance 100\)\)/);
  });

  it('fails a wait at once on an event whose data carries another status than its type names (stale data)', async () => {
    const card = `Card:${randomUUID()}`;
    const since = await client().mark();
    const money = { amount: 500, currency: { code: 'USD', decimals: 2 } };
    const now = new Date().toISOString();
    const stale = {
      id: `Webhook:${randomUUID()}`, type: 'CARD_TRANSACTION.SETTLED', timestamp: new Date().toISOString(),
      data: {
        id: `CardTransaction:${randomUUID()}`, type: 'CARD', cardId: card, issuerTransactionToken: 't', status: 'AUTHORIZED', direction: 'DEBIT', merchant: { descriptor: 'BLUE BOTTLE COFFEE SF' },
        authorizedAmount: money, accountId: 'InternalAccount:x', customerId: `Customer:${randomUUID()}`, platformCustomerId: 'p-1', authorizedAt: now, createdAt: now, updatedAt: now,
      },
    };
    // Attached before the delivery: the wait fails as the stale event arrives, maybe before deliver() returns.
    const waiting = expect(waitForEvent(card, (n) => n.type === 'CARD_TRANSACTION.REFUNDED', 'a refund', { since })).rejects.toThrow(/data\.status is "AUTHORIZED", expected SETTLED/);
    await deliver(stale);
    await waiting;
  });

  it('fails on data that does not have the schema of its type', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const since = await client().mark();
    const broken = balanceEvent(account, 100) as { data: Record<string, unknown> };
    delete broken.data.totalBalance;
    await deliver(broken);
    await expect(expectEvents(account, [balance(100)], { since })).rejects.toThrow(/the data of INTERNAL_ACCOUNT\.BALANCE_UPDATED does not match/);
  });

  it('takes notifications stamped alike in the expected order, whatever their arrival order', async () => {
    const account = `InternalAccount:${randomUUID()}`;
    const since = await client().mark();
    const at = new Date();
    await deliver(balanceEvent(account, 200, at));
    await deliver(balanceEvent(account, 100, at));
    const got = await expectEvents(account, [balance(100), balance(200)], { since });
    expect(got.map((n) => n.data.balance.amount)).toEqual([100, 200]);
  });

  it('accepts a TEST webhook without data and with data {} (supplement 3), and refuses one whose test is not true (description, TestWebhookRequest)', async () => {
    const test = (data?: object) => ({ test: true, timestamp: new Date().toISOString(), id: `Webhook:${randomUUID()}`, type: 'TEST', ...(data ? { data } : {}) });
    let since = await client().mark();
    await deliver(test());
    await deliver(test({}));
    expect(await waitForNotifications('TEST', 2, { since })).toHaveLength(2);
    since = await client().mark();
    await deliver({ ...test({}), test: false });
    await expect(waitForNotifications('TEST', 1, { since })).rejects.toThrow(/TEST webhook/);
  });
});
