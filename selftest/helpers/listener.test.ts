// The webhook listener: signature verification in both header forms, refusals, bookkeeping
// under load, armed failures, event-driven waits, HTTPS mode, and hostile requests none of which
// may end the run.
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenKey } from '../../helpers/card-attribution.js';
import { ListenerClient } from '../../helpers/listener/client.js';
import { MAX_FINDINGS, WebhookListener, type ListenerInfo } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';

const keys = generateWebhookKeyPair();
const other = generateWebhookKeyPair();
let listener: WebhookListener | undefined;

afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function start(https = false, opts: Partial<ConstructorParameters<typeof WebhookListener>[0]> = {}): Promise<ListenerInfo> {
  listener = new WebhookListener({ publicKeyPem: keys.publicKeyPem, https, ...opts });
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

/** Delivers envelope `e`, signed with the test's key. */
const deliverSigned = (url: string, e: object) => deliver(url, JSON.stringify(e), signWebhookBody(JSON.stringify(e), keys.privateKeyPem));

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
    expect(listener!.findings, '100 notifications each redelivered once are within the per-notification tolerance, however many they are').toEqual([]);
  });

  it('records no finding when every notification is delivered three times, with no declared tolerance', async () => {
    const { url } = await start();
    for (let i = 0; i < 40; i++) {
      const body = JSON.stringify(envelope());
      const sig = signWebhookBody(body, keys.privateKeyPem);
      for (let copy = 0; copy < 3; copy++) expect(await deliver(url, body, sig)).toBe(200);
    }
    expect(listener!.duplicates).toBe(80);
    listener!.checkDuplicates();
    expect(listener!.findings).toEqual([]);
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

  it('leaves an arm to notifications first delivered after it: a late retry of an earlier one is acknowledged', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const earlier = envelope();
    await client.arm(earlier.data.id, 1, 503);
    expect(await deliverSigned(info.url, earlier), 'the earlier notification, armed for, is refused').toBe(503);
    await client.arm(earlier.data.id, 1, 503);
    expect(await deliverSigned(info.url, earlier), 'its retry, after the new arm, is acknowledged').toBe(200);
    // The resource's next notification, which happens (and is stamped) after the arm: one stamped
    // before it, as this test once made it, is left out of the arm like any late one.
    const later = { ...envelope(), data: { ...earlier.data } };
    expect(await deliverSigned(info.url, later), 'the next notification takes the arm').toBe(503);
  });

  it('leaves an arm to notifications stamped after it: a late first delivery of an earlier TEST is acknowledged', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    // The listener learns the clock offset, and that timestamps carry milliseconds, from deliveries
    // (a few: its bound leaves out values far below the median).
    for (let i = 0; i < 5; i++) {
      const stamp = new Date(Date.now() - 1);
      if (stamp.getUTCMilliseconds() === 0) stamp.setUTCMilliseconds(1);
      expect(await deliverSigned(info.url, { ...envelope(), timestamp: stamp.toISOString() }), 'a delivery to learn the clock from').toBe(200);
    }
    const test = (timestamp: string) => ({ test: true, id: `Webhook:${randomUUID()}`, type: 'TEST', timestamp });
    const earlier = test(new Date(Date.now() - 5000).toISOString());
    await client.arm('TEST', 2, 503);
    expect(await deliverSigned(info.url, earlier), 'a TEST stamped before the arm, first delivered after it, is acknowledged').toBe(200);
    const mine = test(new Date().toISOString());
    expect(await deliverSigned(info.url, mine), 'the TEST stamped after the arm takes it').toBe(503);
    expect(await deliverSigned(info.url, mine), 'and so does its retry').toBe(503);
  });

  it('gives a target whose timestamps count whole seconds a second of slack: its TEST stamped in the arm\'s second takes the arm', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const whole = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
    for (let i = 0; i < 5; i++) expect(await deliverSigned(info.url, { ...envelope(), timestamp: whole(Date.now()) }), 'a delivery to learn the clock from').toBe(200);
    await client.arm('TEST', 1, 503);
    // Stamped with the second it happened in, so up to 999 ms before the arm on this clock.
    expect(await deliverSigned(info.url, { test: true, id: `Webhook:${randomUUID()}`, type: 'TEST', timestamp: whole(Date.now()) })).toBe(503);
  });

  it('arms `<TYPE>@<id>` for that type of event about that resource only', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const status = { ...envelope(), type: 'INTERNAL_ACCOUNT.STATUS_UPDATED' };
    const balance = { ...envelope(), type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', data: { ...status.data } };
    await client.arm(`INTERNAL_ACCOUNT.BALANCE_UPDATED@${status.data.id}`, 1, 503);
    expect(await deliverSigned(info.url, status), 'another type about the resource is acknowledged').toBe(200);
    expect(await deliverSigned(info.url, balance), 'the armed type about the resource is refused').toBe(503);
    expect(await deliverSigned(info.url, balance), 'its retry is acknowledged once the arm is spent').toBe(200);
  });

  it('gives workers the raw body and X-Svc-Signature of a delivery only when asked (raw=1)', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const e = envelope();
    const body = JSON.stringify(e);
    const sig = signWebhookBody(body, keys.privateKeyPem);
    expect(await deliver(info.url, body, sig)).toBe(200);
    const [plain] = await client.deliveries(e.data.id);
    expect(plain).not.toHaveProperty('rawBody');
    expect(plain).not.toHaveProperty('headers');
    const [raw] = await client.rawDeliveries(e.data.id);
    expect({ rawBody: raw.rawBody, signatureHeader: raw.signatureHeader, eventId: raw.eventId }).toEqual({ rawBody: body, signatureHeader: sig, eventId: e.id });
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

  it('polls once, without waiting, when the deadline is already past or the condition holds of nothing', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const polls = vi.spyOn(client, 'deliveries');
    expect(await client.gather('InternalAccount:none', () => false, { timeoutMs: 0 })).toEqual({ deliveries: [], done: false });
    expect(polls.mock.calls).toEqual([['InternalAccount:none', 0, 0]]);
    polls.mockClear();
    expect(await client.gather('InternalAccount:none', () => true, { timeoutMs: 5000 })).toEqual({ deliveries: [], done: true });
    expect(polls.mock.calls).toEqual([['InternalAccount:none', 0, 0]]);
  });

  it('takes a delivery already there with one waiting poll, answered at once', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const e = envelope();
    await deliverSigned(info.url, e);
    const polls = vi.spyOn(client, 'deliveries');
    const got = await client.gather(e.data.id, (all) => all.length === 1, { timeoutMs: 5000 });
    expect({ done: got.done, events: got.deliveries.map((d) => d.eventId) }).toEqual({ done: true, events: [e.id] });
    expect(polls).toHaveBeenCalledTimes(1);
    expect(polls.mock.calls[0][2]).toBeGreaterThan(0);
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
    // Attached before the delivery: the wait fails as the forged delivery arrives, maybe before deliver() returns.
    const waiting = expect(client.waitFor(e.data.id, (all) => all.length === 2, { timeoutMs: 5000, what: 'two deliveries' })).rejects.toThrow(/X-Svc-Signature/);
    const body = JSON.stringify(e);
    await deliver(info.url, body, signWebhookBody(body, other.privateKeyPem));
    await waiting;
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

/** A raw TCP client: sends `chunks` (then optionally closes), resolves with what came back when the server closes or after `waitMs`. */
function raw(url: string, chunks: (string | Buffer)[], opts: { end?: boolean; waitMs?: number } = {}): Promise<{ response: string; closedByServer: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let response = '';
    let closedByServer = false;
    const socket: Socket = connect(Number(port), hostname, () => {
      for (const c of chunks) socket.write(c);
      if (opts.end) socket.end();
    });
    socket.on('data', (d) => (response += d.toString()));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ response, closedByServer });
    }, opts.waitMs ?? 2000);
    socket.on('close', () => {
      closedByServer = true;
      clearTimeout(timer);
      resolve({ response, closedByServer });
    });
  });
}

async function stillServes(url: string): Promise<void> {
  const body = JSON.stringify(envelope());
  expect(await deliver(url, body, signWebhookBody(body, keys.privateKeyPem)), 'a valid delivery after the hostile request is acknowledged').toBe(200);
}

describe('webhook listener against hostile requests', () => {
  it('drops a body that announces Content-Length 1000, sends 10 bytes and closes: no delivery, no finding, still serving', async () => {
    const { url } = await start();
    const path = new URL(url).pathname;
    await raw(url, [`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`, '{"id":"Web'], { end: true, waitMs: 500 });
    await expect.poll(() => listener!.refusals.aborted).toBe(1);
    expect(listener!.deliveries).toHaveLength(0);
    expect(listener!.findings).toEqual([]);
    await stillServes(url);
  });

  it('answers 413 to an announced 5 MiB body without reading it', async () => {
    const { url } = await start();
    const path = new URL(url).pathname;
    const { response } = await raw(url, [`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`, 'x'.repeat(1024)], { waitMs: 3000 });
    expect(response).toMatch(/^HTTP\/1\.1 413/);
    expect(listener!.deliveries).toHaveLength(0);
    expect(listener!.findings).toEqual([]);
    await stillServes(url);
  });

  it('answers 413 to a 5 MiB delivery sent in full, and to a chunked body beyond the limit, reading no more than the limit', async () => {
    const { url } = await start(false, { maxBodyBytes: 64 * 1024 });
    const big = 'x'.repeat(5 * 1024 * 1024);
    // The client sending the whole body sees the 413, not a reset connection.
    const res = await request(url, { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
    await res.body.text();
    expect(res.statusCode).toBe(413);
    const path = new URL(url).pathname;
    const chunk = 'y'.repeat(32 * 1024);
    const chunked = [`POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`, ...Array.from({ length: 4 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`)];
    const { response } = await raw(url, chunked, { waitMs: 3000 });
    expect(response).toMatch(/^HTTP\/1\.1 413/);
    expect(listener!.refusals.tooLarge).toBeGreaterThanOrEqual(1);
    expect(listener!.deliveries).toHaveLength(0);
    expect(listener!.findings).toEqual([]);
    await stillServes(url);
  });

  it('disconnects a slow client that does not finish its request in time', async () => {
    const { url } = await start(false, { requestTimeoutMs: 300 });
    const path = new URL(url).pathname;
    const started = Date.now();
    const { closedByServer } = await raw(url, [`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n`, '{'], { waitMs: 5000 });
    expect(closedByServer, 'the listener closed the connection').toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(listener!.deliveries).toHaveLength(0);
    await stillServes(url);
  });

  it('caps concurrent connections and keeps serving after a burst', async () => {
    const { url } = await start(false, { maxConnections: 8 });
    const { hostname, port } = new URL(url);
    const sockets = await Promise.all(
      Array.from({ length: 40 }, () => new Promise<Socket>((resolve) => {
        const s = connect(Number(port), hostname, () => resolve(s));
        s.on('error', () => resolve(s));
      })),
    );
    // Beyond the cap the listener closes new connections at once.
    await expect.poll(() => sockets.filter((s) => s.destroyed || s.readableEnded).length, { timeout: 3000 }).toBeGreaterThanOrEqual(32);
    for (const s of sockets) s.destroy();
    await expect.poll(async () => {
      const body = JSON.stringify(envelope());
      return deliver(url, body, signWebhookBody(body, keys.privateKeyPem)).catch(() => 0);
    }, { timeout: 3000 }).toBe(200);
  });

  it.each([
    ['GET', '/', 404],
    ['GET', '/favicon.ico', 404],
    ['POST', '/', 404],
    ['GET', '/webhooks', 405],
    ['PUT', '/webhooks', 405],
    ['DELETE', '/webhooks', 405],
  ])('answers %s %s with %i and records neither a delivery nor a finding', async (method, path, status) => {
    const { url } = await start();
    const res = await request(new URL(path, url).toString(), { method: method as 'GET', body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
    await res.body.text();
    expect(res.statusCode).toBe(status);
    expect(listener!.deliveries).toHaveLength(0);
    expect(listener!.findings).toEqual([]);
    // Counted for listener.json; a POST to another path is a delivery on the wrong path (the run says so).
    expect(listener!.refusals).toMatchObject({ notFound: status === 404 ? 1 : 0, notFoundPosts: status === 404 && method === 'POST' ? 1 : 0, methodNotAllowed: status === 405 ? 1 : 0 });
    await stillServes(url);
  });

  it('survives a request that is not HTTP', async () => {
    const { url } = await start();
    await raw(url, ['\x16\x03\x01 not http at all\r\n\r\n'], { waitMs: 1000 });
    expect(listener!.findings).toEqual([]);
    await stillServes(url);
  });

  it.each([
    ['an unchecked status', { key: 'k', count: 1, status: 99 }],
    ['a status that is not a number', { key: 'k', count: 1, status: 'abc' }],
    ['a status beyond 599', { key: 'k', count: 1, status: 1000 }],
    ['a negative count', { key: 'k', count: -1, status: 503 }],
    ['no key', { count: 1, status: 503 }],
    ['a body that is not an object', null],
  ])('answers 400 to /arm with %s, and keeps serving', async (_name, body) => {
    const info = await start();
    const res = await request(`${info.controlUrl}/arm`, { method: 'POST', headers: { 'x-control-token': info.controlToken }, body: JSON.stringify(body) });
    await res.body.text();
    expect(res.statusCode).toBe(400);
    const bad = await request(`${info.controlUrl}/arm`, { method: 'POST', headers: { 'x-control-token': info.controlToken }, body: '{not json' });
    await bad.body.text();
    expect(bad.statusCode).toBe(400);
    await stillServes(info.url);
  });

  it('keeps raw bodies only for the latest deliveries and the parsed body of every one', async () => {
    const { url } = await start(false, { rawBodyWindow: 5 });
    for (let i = 0; i < 12; i++) {
      const body = JSON.stringify(envelope());
      await deliver(url, body, signWebhookBody(body, keys.privateKeyPem));
    }
    expect(listener!.deliveries.map((d) => d.rawBody !== undefined)).toEqual([...Array(7).fill(false), ...Array(5).fill(true)]);
    expect(listener!.deliveries.every((d) => (d.body as { id: string }).id.startsWith('Webhook:'))).toBe(true);
    expect(Object.keys(listener!.deliveries[0].headers).sort()).toEqual(['content-length', 'content-type', 'x-svc-signature']);
  });

  it('gives each delivery the seq of its notification\'s first delivery, and records a finding for one notification redelivered beyond its tolerance', async () => {
    const { url } = await start(false, { duplicatesPerNotification: 2 });
    const e = envelope();
    const body = JSON.stringify(e);
    const sig = signWebhookBody(body, keys.privateKeyPem);
    const other = JSON.stringify(envelope());
    await deliver(url, other, signWebhookBody(other, keys.privateKeyPem));
    for (let i = 0; i < 4; i++) await deliver(url, body, sig);
    expect(listener!.deliveries.map((d) => d.firstSeq)).toEqual([1, 2, 2, 2, 2]);
    expect(listener!.deliveries.map((d) => d.duplicate)).toEqual([false, false, true, true, true]);
    listener!.checkDuplicates();
    expect(listener!.findings.map((f) => f.kind)).toEqual(['duplicates']);
    expect(listener!.findings[0].eventId).toBe(e.id);
    expect(listener!.findings[0].message).toMatch(/3 more time\(s\) after it was acknowledged \(tolerance 2 per notification\)/);
  });
});

describe('webhook listener clock comparison', () => {
  it('bounds the target clock offset by the smallest receipt lag, leaving out future-stamped deliveries', async () => {
    const { url } = await start();
    const send = async (offsetMs: number) => {
      const e = { ...envelope(), timestamp: new Date(Date.now() + offsetMs).toISOString() };
      const body = JSON.stringify(e);
      await deliver(url, body, signWebhookBody(body, keys.privateKeyPem));
    };
    for (let i = 0; i < 6; i++) await send(-50);
    expect(listener!.lagMs).toBeGreaterThanOrEqual(50);
    const honest = listener!.lagMs!;
    await send(60_000);
    expect(listener!.lagMs, 'one delivery stamped a minute ahead does not move the bound').toBe(honest);
  });
});

describe('webhook listener memory', () => {
  it('keeps no body of rejected 1 MiB deliveries: what it retains stays bounded', async () => {
    const { url } = await start();
    const honest = JSON.stringify(envelope());
    expect(await deliver(url, honest, signWebhookBody(honest, keys.privateKeyPem))).toBe(200);
    const baseline = listener!.retainedBytes;
    expect(baseline, 'an accepted delivery is counted').toBeGreaterThanOrEqual(2 * honest.length);
    // 1 MiB bodies (the read limit), each forged: a huge envelope id and padding, signed with another key.
    const big = (i: number) => JSON.stringify({ ...envelope(), id: `Webhook:${'x'.repeat(300_000)}${i}`, pad: 'y'.repeat(1024 * 1024 - 300_200) });
    const agent = new Agent({ connections: 8 });
    const statuses = await Promise.all(Array.from({ length: 48 }, (_, i) => big(i)).map((b) => deliver(url, b, signWebhookBody(b, other.privateKeyPem), agent)));
    // And bodies beyond the limit, refused with 413 unread.
    const over = 'z'.repeat(1024 * 1024 + 10);
    statuses.push(await deliver(url, over, 'x', agent));
    await agent.close();
    expect(statuses.slice(0, 48).every((st) => st === 401)).toBe(true);
    expect(statuses[48]).toBe(413);
    expect(listener!.deliveries).toHaveLength(49);
    expect(listener!.deliveries.slice(1).every((d) => d.body === undefined && d.rawBody === undefined), 'a rejected delivery keeps no body').toBe(true);
    expect(listener!.findings.filter((f) => f.kind === 'signature')).toHaveLength(48);
    // 48 MiB were posted and 48 findings recorded: what is held is their clipped metadata.
    const grown = listener!.retainedBytes - baseline;
    expect(grown, `retained ${grown} bytes for 48 rejected 1 MiB deliveries`).toBeLessThan(48 * 2048);
    expect(listener!.deliveries[1].eventId!.length).toBeLessThan(300);
  });

  it('holds only the latest deliveries in memory and reads the older ones back from its spill file, bodies and order intact', async () => {
    const { url, controlUrl, controlToken } = await start(false, { heldDeliveries: 16, rawBodyWindow: 4 });
    const accounts = [`InternalAccount:${randomUUID()}`, `InternalAccount:${randomUUID()}`, `InternalAccount:${randomUUID()}`];
    const sent = Array.from({ length: 120 }, (_, i) => envelope(accounts[i % 3]));
    const agent = new Agent({ connections: 8 });
    for (let i = 0; i < sent.length; i += 8) await Promise.all(sent.slice(i, i + 8).map((e) => deliver(url, JSON.stringify(e), signWebhookBody(JSON.stringify(e), keys.privateKeyPem), agent)));
    await agent.close();
    expect(listener!.lastSeq).toBe(120);
    expect(listener!.deliveries.length, 'held in memory').toBeLessThanOrEqual(16);
    const retainedHeld = listener!.retainedBytes;
    expect(retainedHeld, 'what is counted is what is held: 16 deliveries at most').toBeLessThan(16 * 2 * (JSON.stringify(sent[0]).length + 400));
    const client = new ListenerClient({ controlUrl, controlToken });
    for (const account of accounts) {
      const got = await client.deliveries(account, 0);
      const expected = sent.filter((e) => e.data.id === account);
      expect(got.map((d) => d.eventId)).toEqual(expected.map((e) => e.id));
      expect(got.map((d) => d.body)).toEqual(expected);
      expect(got.every((d, i) => i === 0 || d.seq > got[i - 1].seq)).toBe(true);
      expect(got.every((d) => d.signatureOk && d.attempt === 1 && d.answered === 200)).toBe(true);
    }
    // A poll from a mark among the spilled ones, and every delivery after one.
    expect((await client.deliveries(accounts[0], 30)).map((d) => d.seq)).toEqual(sent.flatMap((_, i) => (i % 3 === 0 && i + 1 > 30 ? [i + 1] : [])));
    expect((await listener!.poll([], 100, 0)).map((d) => d.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
  });

  it('caps the findings it keeps and counts the ones it drops', async () => {
    const { url } = await start();
    const agent = new Agent({ connections: 16 });
    await Promise.all(Array.from({ length: MAX_FINDINGS + 15 }, () => JSON.stringify(envelope())).map((b) => deliver(url, b, 'not-a-signature', agent)));
    await agent.close();
    expect(listener!.findings).toHaveLength(MAX_FINDINGS);
    expect(listener!.findingsDropped).toBe(15);
  });

  it('finds a resource\'s deliveries through its index, after a mark', async () => {
    const info = await start();
    const { url } = info;
    const client = new ListenerClient(info);
    const account = `InternalAccount:${randomUUID()}`;
    for (let i = 0; i < 50; i++) {
      const body = JSON.stringify(i % 10 === 0 ? envelope(account) : envelope());
      await deliver(url, body, signWebhookBody(body, keys.privateKeyPem));
    }
    expect((await listener!.poll(account, 0, 0)).map((d) => d.seq)).toEqual([1, 11, 21, 31, 41]);
    expect((await listener!.poll(account, 21, 0)).map((d) => d.seq)).toEqual([31, 41]);
    expect((await listener!.poll('*', 45, 0)).map((d) => d.seq)).toEqual([46, 47, 48, 49, 50]);
    expect((await client.deliveries(account, 31, 0)).map((d) => d.seq)).toEqual([41]);
  });

  it("finds a card's transactions by the card and, where they name no cardId, by their issuer token; a poll of several keys merges them in seq order", async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const card = `Card:${randomUUID()}`;
    const txn = (data: Record<string, unknown>) => ({ ...envelope(), type: 'CARD_TRANSACTION.AUTHORIZED', data: { id: `CardTransaction:${randomUUID()}`, ...data } });
    const bodies = [txn({ cardId: card }), envelope(), txn({ issuerTransactionToken: 'itt_1' }), txn({ cardId: card, issuerTransactionToken: 'itt_2' }), txn({ issuerTransactionToken: 'itt_3' })].map((e) => JSON.stringify(e));
    for (const body of bodies) await deliver(info.url, body, signWebhookBody(body, keys.privateKeyPem));
    expect((await client.deliveries(card, 0, 0)).map((d) => d.seq)).toEqual([1, 4]);
    expect((await client.deliveries(tokenKey('itt_2'), 0, 0)).map((d) => d.seq)).toEqual([]);
    expect((await client.deliveries([card, tokenKey('itt_3'), tokenKey('itt_1')], 0, 0)).map((d) => d.seq)).toEqual([1, 3, 4, 5]);
    expect((await client.deliveries([card, tokenKey('itt_1')], 3, 0)).map((d) => d.seq)).toEqual([4]);
    // A waiting poll of several keys wakes on a delivery under any of them.
    const waiting = client.deliveries([tokenKey('itt_9'), tokenKey('itt_8')], 5, 5000);
    const late = JSON.stringify(txn({ issuerTransactionToken: 'itt_8' }));
    await deliver(info.url, late, signWebhookBody(late, keys.privateKeyPem));
    expect((await waiting).map((d) => d.seq)).toEqual([6]);
  });
});

describe('webhook listener control by channel', () => {
  const transports = (info: ListenerInfo) => ({ channel: new ListenerClient(info), http: new ListenerClient({ ...info, pid: undefined }) });

  it('sends by channel in the listener\'s process and over HTTP elsewhere, with the same answers', async () => {
    const info = await start();
    const { channel, http } = transports(info);
    expect([channel.byChannel, http.byChannel]).toEqual([true, false]);
    const e = envelope();
    await channel.arm(e.data.id, 1, 503);
    expect(await deliverSigned(info.url, e)).toBe(503);
    expect(await deliverSigned(info.url, e)).toBe(200);
    const strip = (ds: object[]) => ds.map((d) => ({ ...d, receivedAt: 0 }));
    expect(strip(await channel.deliveries(e.data.id))).toEqual(strip(await http.deliveries(e.data.id)));
    expect(await channel.rawDeliveries(e.data.id)).toEqual(await http.rawDeliveries(e.data.id));
    expect(await channel.findings()).toEqual(await http.findings());
    expect(await channel.mark()).toBe(await http.mark());
    expect([channel.lagMs, channel.wholeSeconds]).toEqual([http.lagMs, http.wholeSeconds]);
    // A refusal reads the same: the control server's status and body in the error.
    const refused = (c: ListenerClient) => c.deliveries(e.data.id, Number.NaN).then(() => 'answered', (err: Error) => err.message);
    expect(await refused(channel)).toMatch(/^listener control GET \/deliveries\?.*: 400 .*since and waitMs must be numbers/);
    expect(await refused(channel)).toBe(await refused(http));
  });

  it('wakes a waiting poll by channel when the delivery arrives, and keeps concurrent calls apart', async () => {
    const info = await start();
    const client = new ListenerClient(info);
    const [a, b] = [envelope(), envelope()];
    const waits = [a, b].map((e) => client.waitFor(e.data.id, (all) => all.length === 1, { timeoutMs: 5000, what: 'one delivery' }));
    await deliverSigned(info.url, b);
    await deliverSigned(info.url, a);
    const [gotA, gotB] = await Promise.all(waits);
    expect([gotA.map((d) => d.eventId), gotB.map((d) => d.eventId)]).toEqual([[a.id], [b.id]]);
  });

  it('wakes a waiting poll over HTTP too, when the client is in another process', async () => {
    const info = await start();
    const client = new ListenerClient({ ...info, pid: undefined });
    const e = envelope();
    const waiting = client.waitFor(e.data.id, (all) => all.length === 1, { timeoutMs: 5000, what: 'one delivery' });
    await deliverSigned(info.url, e);
    expect((await waiting).map((d) => d.eventId)).toEqual([e.id]);
  });

  it('answers a path it cannot read with 400 rather than leaving the caller waiting', async () => {
    const info = await start();
    const { ControlChannel } = await import('../../helpers/listener/control-channel.js');
    const reply = await new ControlChannel(info.controlToken).request('GET', 'http://[bad', undefined, 5000);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toHaveProperty('error');
  });

  it('answers no request on a channel named with another token, and answers malformed or foreign-addressed messages nowhere', async () => {
    const info = await start();
    const { ControlChannel, controlChannelName } = await import('../../helpers/listener/control-channel.js');
    const stranger = new ControlChannel(randomUUID());
    await expect(stranger.request('GET', '/mark', undefined, 300)).rejects.toThrow(/no answer within 300 ms/);
    const { BroadcastChannel } = await import('node:worker_threads');
    const name = controlChannelName(info.controlToken);
    // The channels a careless listener would answer on: one outside its name, and one of its own named by a malformed request.
    const heard: unknown[] = [];
    const watched = ['elsewhere', `${name}:malformed`].map((n) => {
      const ch = new BroadcastChannel(n);
      ch.onmessage = (event) => heard.push((event as { data: unknown }).data);
      return ch;
    });
    const requests = new BroadcastChannel(name);
    for (const junk of [null, 'mark', { id: 'x' }, { id: 1, replyTo: 'elsewhere', method: 'GET', path: '/mark' }, { id: 2, replyTo: `${name}:malformed`, method: 7, path: '/mark' }, { id: 3, replyTo: `${name}:malformed`, method: 'GET', path: '/mark', body: 5 }]) requests.postMessage(junk);
    requests.close();
    // A well-formed request after them is answered, and a while later none of them has been.
    expect(await new ListenerClient(info).mark()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const ch of watched) ch.close();
    expect(heard).toEqual([]);
  });
});
