// The listener's store over a long run (helpers/listener/delivery-store.ts): the latest deliveries
// held whole, the older ones spilled to a file and read back by seq, by key and in full, in seq order.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DeliveryStore, type Delivery } from '../../helpers/listener/delivery-store.js';

const delivery = (seq: number, key: string): Delivery => ({
  seq,
  receivedAt: 1_700_000_000_000 + seq,
  headers: { 'x-svc-signature': `sig-${seq}` },
  rawBody: `{"n":${seq}}`,
  signatureOk: true,
  eventId: `Webhook:${seq}`,
  type: 'OUTGOING_PAYMENT.COMPLETED',
  dataId: key,
  key,
  attempt: 1,
  firstSeq: seq,
  duplicate: false,
  answered: 200,
  body: { id: `Webhook:${seq}`, data: { id: key, amount: seq * 100 } },
});

describe('the listener delivery store', () => {
  it('holds the latest window, spills the rest, and reads every delivery back as recorded, less its raw body and headers', () => {
    const store = new DeliveryStore(8, () => 10);
    let released = 0;
    const keys = (seq: number) => (seq % 2 ? 'odd' : 'even');
    for (let seq = 1; seq <= 50; seq++) released += store.add(delivery(seq, keys(seq)), [keys(seq), seq % 5 === 0 ? 'fifth' : undefined]);
    expect(store.size).toBe(50);
    expect(store.held.length).toBeLessThanOrEqual(8);
    expect(store.spilledCount + store.held.length).toBe(50);
    expect(released, 'each spilled delivery releases what it was counted at').toBe(store.spilledCount * 10);
    const { rawBody: _r, headers: _h, ...first } = delivery(1, 'odd');
    expect(store.at(1)).toEqual({ ...first, headers: {} });
    expect(store.at(50)).toEqual(delivery(50, 'even'));
    expect(store.at(0)).toBeUndefined();
    expect(store.at(51)).toBeUndefined();
    expect(store.after('odd', 0).map((d) => d.seq)).toEqual(Array.from({ length: 25 }, (_, i) => 2 * i + 1));
    expect(store.after('even', 37).map((d) => d.seq)).toEqual([38, 40, 42, 44, 46, 48, 50]);
    expect(store.after('fifth', 0).map((d) => (d.body as { data: { amount: number } }).data.amount)).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000]);
    expect(store.after('none', 0)).toEqual([]);
    expect(store.all(45).map((d) => d.seq)).toEqual([46, 47, 48, 49, 50]);
    expect(store.all(0).map((d) => d.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    store.close();
  });

  it('refuses a seq out of order, and removes its file on close', () => {
    const store = new DeliveryStore(2, () => 0);
    for (let seq = 1; seq <= 6; seq++) store.add(delivery(seq, 'k'), ['k']);
    expect(() => store.add(delivery(9, 'k'), ['k'])).toThrow(/seq 9 recorded after 6/);
    const dir = (store as unknown as { dir: string }).dir;
    expect(existsSync(dir)).toBe(true);
    store.close();
    expect(existsSync(dir)).toBe(false);
  });
});
