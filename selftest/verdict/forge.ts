// A forged delivery: a well-formed envelope signed with a key the target does not hold, posted to a
// run's webhook listener. It stands for a third party that found the listener's URL; the listener
// must refuse it and the run must fail, whatever the scenarios did.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';

/** The listener URL a run prints in its first line ("...; webhook listener <url>; seed ..."). */
export function listenerUrlIn(output: string): string | undefined {
  return /webhook listener (\S+?);/.exec(output)?.[1];
}

/** Posts one envelope signed with a stranger's key; returns the listener's answer. */
export async function postForgedDelivery(url: string): Promise<{ status: number; eventId: string }> {
  const eventId = `Webhook:${randomUUID()}`;
  const body = JSON.stringify({ id: eventId, type: 'TEST', timestamp: new Date().toISOString(), data: { id: `Forged:${randomUUID()}` } });
  const stranger = generateWebhookKeyPair();
  const res = await request(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-svc-signature': signWebhookBody(body, stranger.privateKeyPem) },
  });
  await res.body.text();
  return { status: res.statusCode, eventId };
}
