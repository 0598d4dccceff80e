// The webhook listener: signature verification in both header forms, refusals, bookkeeping
// under load, armed failures, event-driven waits, HTTPS mode.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ListenerClient } from '../../helpers/listener/client.js';
import { WebhookListener, type ListenerInfo } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';

const keys = generateWebhookKeyPair();
const other = generateWebhookKeyPair();
let listener: WebhookListener | undefined;

afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function start(https = false): Promise<ListenerInfo> {
  listener = new WebhookListener({ publicKeyPem: keys.publicKeyPem, https });
  return listener.start();
}

const envelope = (dataId = `InternalAccount:${randomUUID()}`, id = `Webhook:${randomUUID()}`) => ({
  id,
  type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED',
  timestamp: new Date().toISOString(),
  data: { id: dataId },
});

async function deliver(url: string, body: string, signature?: string, dispatcher?: Agent) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['x-svc-signature'] = signature;
  const res = await request(url, { method: 'POST', body, headers, dispatcher });
  await res.body.text();
  return res.statusCode;
}

describe('webhook listener signature verification', () => {
  it('accepts a valid signature in the bare base64 form', async () => {
    const { url } = await start();
    const body = JSON.stringify(envelope());
    expect(await deliver(url, body, signWebhookBody(body, keys.privateKeyPem))).toBe(200);
    expect(listener!.deliveries[0].signatureOk).toBe(true);
    expect(listener!.findings).toEqual([]);
  });

  it('accepts a valid signature in the JSON form {"v":"1","s":"..."}', async () => {
    const { url } = await start();
    const body = JSON.stringify(envelope());
    const header = JSON.stringify({ v: '1', s: signWebhookBody(body, keys.privateKeyPem) });
    expect(await deliver(url, body, header)).toBe(200);
    expect(listener!.findings).toEqual([]);
  });

  it.each([
    ['another key', (body: string) => signWebhookBody(body, other.privateKeyPem), (b: string) => b],
    ['an altered body', (body: string) => signWebhookBody(body, keys.privateKeyPem), (b: string) => b.replace('BALANCE', 'BALANCF')],
    ['a truncated signature', (body: string) => signWebhookBody(body, keys.privateKeyPem).slice(0, 40), (b: string) => b],
    ['a JSON form with another version', (body: string) => JSON.stringify({ v: '2', s: signWebhookBody(body, keys.privateKeyPem) }), (b: string) => b],
    ['a signature that is not base64', () => '!!not base64!!', (b: string) => b],
  ])('answers 401 and records a finding for %s', async (_name, sign, alter) => {
    const { url } = await start();
    const body = JSON.stringify(envelope());
    expect(await deliver(url, alter(body), sign(body))).toBe(401);
    expect(listener!.findings.map((f) => f.kind)).toEqual(['signature']);
  });

  it('answers 401 and records a finding when the header is missing', async () => {
    const { url } = await start();
    expect(await deliver(url, JSON.stringify(envelope()))).toBe(401);
    expect(listener!.findings[0].message).toMatch(/missing/);
  });

  it('records a schema finding for a signed delivery without the envelope shape', async () => {
    const { url } = await start();
    const body = JSON.stringify({ id: 'not-a-webhook-id', type: 'X' });
    expect(await deliver(url, body, signWebhookBody(body, keys.privateKeyPem))).toBe(200);
    expect(listener!.findings.map((f) => f.kind)).toEqual(['schema']);
  });
});

describe('webhook listener bookkeeping', () => {
  it('records 1,000 concurrent deliveries, loses none and counts duplicates', async () => {
    const { url } = await start();
    const agent = new Agent({ connections: 64 });
    const unique = Array.from({ length: 900 }, () => envelope());
    const repeats = unique.slice(0, 100);
    const bodies = [...unique, ...repeats].map((e) => JSON.stringify(e));
    // First the unique ones, then the repeats, so that each repeat follows its acknowledged original.
    const statuses = await Promise.all(bodies.slice(0, 900).map((b) => deliver(url, b, signWebhookBody(b, keys.privateKeyPem), agent)));
    statuses.push(...(await Promise.all(bodies.slice(900).map((b) => deliver(url, b, signWebhookBody(b, keys.privateKeyPem), agent)))));
    await agent.close();
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(listener!.deliveries).toHaveLength(1000);
    expect(new Set(listener!.deliveries.map((d) => d.seq)).size).toBe(1000);
    expect(listener!.duplicates).toBe(100);
    expect(listener!.deliveries.filter((d) => d.duplicate)).toHaveLength(100);
    listener!.checkDuplicates();
    expect(listener!.findings.map((f) => f.kind), '100 duplicates of 900 notifications is beyond the 10% tolerance').toEqual(['duplicates']);
  });

  it('answers the next N deliveries about an armed resource with the chosen status, then 200', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const e = envelope();
    await client.arm(e.data.id, 2, 503);
    const body = JSON.stringify(e);
    const sig = signWebhookBody(body, keys.privateKeyPem);
    expect([await deliver(info.url, body, sig), await deliver(info.url, body, sig), await deliver(info.url, body, sig)]).toEqual([503, 503, 200]);
    expect(listener!.deliveries.map((d) => d.attempt)).toEqual([1, 2, 3]);
    expect(listener!.duplicates).toBe(0);
  });

  it('wakes a waiting worker when the awaited delivery arrives (no polling interval)', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const e = envelope();
    const waiting = client.waitFor(e.data.id, (all) => all.length === 1, { timeoutMs: 5000, what: 'one delivery' });
    const body = JSON.stringify(e);
    const sentAt = Date.now();
    await deliver(info.url, body, signWebhookBody(body, keys.privateKeyPem));
    const got = await waiting;
    expect(got[0].eventId).toBe(e.id);
    expect(Date.now() - sentAt).toBeLessThan(2000);
  });

  it('fails a wait at its deadline, saying what arrived', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    await expect(client.waitFor('InternalAccount:none', (all) => all.length > 0, { timeoutMs: 200, what: 'anything' })).rejects.toThrow(/Timed out after 200 ms waiting for anything/);
  });

  it('fails a wait at once when a delivery about the resource has a bad signature', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const e = envelope();
    const waiting = client.waitFor(e.data.id, (all) => all.length === 2, { timeoutMs: 5000, what: 'two deliveries' });
    const body = JSON.stringify(e);
    await deliver(info.url, body, signWebhookBody(body, other.privateKeyPem));
    await expect(waiting).rejects.toThrow(/X-Svc-Signature/);
  });

  it('serves HTTPS with a self-signed certificate when asked', async () => {
    const info = await start(true);
    expect(info.url).toMatch(/^https:/);
    const agent = new Agent({ connect: { ca: info.caPem } });
    const body = JSON.stringify(envelope());
    expect(await deliver(info.url, body, signWebhookBody(body, keys.privateKeyPem), agent)).toBe(200);
    await agent.close();
  });

  it('refuses control calls without the token', async () => {
    const info = await start();
    const res = await request(`${info.controlUrl}/mark`);
    await res.body.text();
    expect(res.statusCode).toBe(403);
  });
});
