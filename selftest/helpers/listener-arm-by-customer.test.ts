// The listener armed by event type and customer (`<TYPE>@<customerId>`): an incoming payment's first
// delivery is answered as armed although its id was unknown when the listener was armed; other
// types, other customers and later deliveries get the usual 200.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookListener } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';

const keys = generateWebhookKeyPair();
let listener: WebhookListener | undefined;

afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function deliver(url: string, type: string, customerId: string): Promise<number> {
  const body = JSON.stringify({ id: `Webhook:${randomUUID()}`, type, timestamp: new Date().toISOString(), data: { id: `Transaction:${randomUUID()}`, customerId } });
  const res = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-svc-signature': signWebhookBody(body, keys.privateKeyPem) } });
  await res.body.text();
  return res.statusCode;
}

describe('webhook listener arming by type and customer', () => {
  it('answers the next delivery of that type about that customer with the armed status, once', async () => {
    listener = new WebhookListener({ publicKeyPem: keys.publicKeyPem });
    const { url } = await listener.start();
    const customer = `Customer:${randomUUID()}`;
    listener.arm(`INCOMING_PAYMENT.PENDING@${customer}`, 1, 403);

    expect(await deliver(url, 'INCOMING_PAYMENT.COMPLETED', customer), 'another type').toBe(200);
    expect(await deliver(url, 'INCOMING_PAYMENT.PENDING', `Customer:${randomUUID()}`), 'another customer').toBe(200);
    expect(await deliver(url, 'INCOMING_PAYMENT.PENDING', customer), 'the armed delivery').toBe(403);
    expect(await deliver(url, 'INCOMING_PAYMENT.PENDING', customer), 'the arming is spent').toBe(200);
    expect(listener.findings).toEqual([]);
  });
});
