// The sandbox's webhook sender (sandbox/webhooks/state.ts) against receivers of this test's own:
// each delivery is the envelope's JSON with its length and a signature the harness verifies; a 200
// ends it, a 5xx is retried with the same envelope id, a receiver that does not answer within the
// timeout is given up on and tried again, an HTTPS endpoint is reached through the extra CA, and
// closing the sender ends a delivery still waiting on its receiver.
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../helpers/listener/server.js';
import { verifyWebhookSignature } from '../../helpers/webhook-signature.js';
import { systemClock } from '../../sandbox/clock.js';
import { generateWebhookKeyPair, publicKeyFromPrivate } from '../../sandbox/crypto/webhook-signing.js';
import { Faults } from '../../sandbox/faults.js';
import { WebhookDelivery, type DeliveryOptions } from '../../sandbox/webhooks/state.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

/** A receiver answering each delivery as `answer` says (undefined: never answers). */
async function receiver(answer: (n: number) => number | undefined, tls?: { key: string; cert: string }) {
  const received: Received[] = [];
  const waiting = new Set<() => void>();
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      for (const w of waiting) w();
      const status = answer(received.length);
      if (status !== undefined) res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${received.length}`);
    });
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  let connections = 0;
  server.on(tls ? 'secureConnection' : 'connection', () => connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://localhost:${port}/hooks`,
    received,
    connections: () => connections,
    /** Resolves once `n` deliveries have come (the test's timeout bounds the wait). */
    until: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (received.length < n) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const closing: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c();
});

function sender(url: string, opts: Partial<DeliveryOptions> = {}) {
  const { privateKeyPem } = generateWebhookKeyPair();
  const delivery = new WebhookDelivery({ privateKeyPem, retryBaseDelayMs: 10, maxAttempts: 3, timeoutMs: 30_000, ...opts }, () => url, new Faults(), systemClock);
  closing.push(() => delivery.close());
  return { delivery, publicKeyPem: publicKeyFromPrivate(privateKeyPem) };
}

describe('webhook delivery', () => {
  it('sends the envelope as JSON with its length and a signature over the raw body, once on a 200', async () => {
    const r = await receiver(() => 200);
    closing.push(r.close);
    const { delivery, publicKeyPem } = sender(r.url);
    const envelope = delivery.emit('CUSTOMER.STATUS_UPDATED', { id: 'Customer:1', status: 'ACTIVE', name: 'Zoë ✓' });
    await delivery.idle();
    expect(r.received).toHaveLength(1);
    const [{ headers, raw }] = r.received;
    expect(headers['content-type']).toBe('application/json');
    expect(Number(headers['content-length'])).toBe(raw.length);
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(raw.toString('utf8'))).toEqual(envelope);
    expect(verifyWebhookSignature(raw, String(headers['x-svc-signature']), publicKeyPem)).toMatchObject({ ok: true });
  });

  it('retries a 5xx with the same envelope id until a 200, over a kept-alive connection', async () => {
    const r = await receiver((n) => (n < 3 ? 503 : 200));
    closing.push(r.close);
    const { delivery } = sender(r.url);
    const envelope = delivery.emit('CUSTOMER.STATUS_UPDATED', { id: 'Customer:2', status: 'ACTIVE' });
    await delivery.idle();
    expect(r.received.map((d) => JSON.parse(d.raw.toString('utf8')).id)).toEqual([envelope.id, envelope.id, envelope.id]);
    expect(r.connections(), 'one connection for the three attempts').toBe(1);
  });

  it('gives up on a receiver that does not answer within the timeout, and tries again', async () => {
    const r = await receiver((n) => (n === 1 ? undefined : 200));
    closing.push(r.close);
    const { delivery } = sender(r.url, { timeoutMs: 200 });
    const envelope = delivery.emit('CUSTOMER.STATUS_UPDATED', { id: 'Customer:3', status: 'ACTIVE' });
    await delivery.idle();
    expect(r.received.map((d) => JSON.parse(d.raw.toString('utf8')).id)).toEqual([envelope.id, envelope.id]);
  }, 10_000);

  it('reaches an HTTPS endpoint whose certificate the extra CA signs, and not without it', async () => {
    const tls = selfSignedCertificate('localhost');
    const r = await receiver(() => 200, tls);
    closing.push(r.close);
    const trusted = sender(r.url, { caPem: tls.cert });
    expect(await trusted.delivery.emitOnce('CUSTOMER.STATUS_UPDATED', { id: 'Customer:4' })).toMatchObject({ attempt: 1, status: 200 });
    const untrusted = sender(r.url);
    const refused = await untrusted.delivery.emitOnce('CUSTOMER.STATUS_UPDATED', { id: 'Customer:5' });
    expect(refused?.status).toBeUndefined();
    expect(refused?.error).toMatch(/certificate/i);
    expect(r.received).toHaveLength(1);
  });

  it('ends a delivery still waiting on its receiver when it is closed, and tries it no more', async () => {
    const r = await receiver(() => undefined);
    closing.push(r.close);
    const { delivery } = sender(r.url, { retryBaseDelayMs: 50 });
    const answer = delivery.emitOnce('CUSTOMER.STATUS_UPDATED', { id: 'Customer:6' });
    delivery.emit('CUSTOMER.STATUS_UPDATED', { id: 'Customer:7' });
    await r.until(2);
    await delivery.close();
    // Its receiver's 30 s have not passed: the close ended it.
    expect(await answer).toEqual({ attempt: 1, error: 'the sandbox is closing' });
    // The retried one is not sent again, and nothing is left waiting.
    await delivery.idle();
    expect(r.received.map((d) => JSON.parse(d.raw.toString('utf8')).data.id).sort()).toEqual(['Customer:6', 'Customer:7']);
  }, 10_000);

  it('closes, ending the delivery under way, where the host formats stacks with a function that throws', async () => {
    const r = await receiver(() => undefined);
    closing.push(r.close);
    const { delivery } = sender(r.url);
    const answer = delivery.emitOnce('CUSTOMER.STATUS_UPDATED', { id: 'Customer:8' });
    await r.until(1);
    // As vitest's module runner does for a frame of the global setup, whose teardown closes the sandbox.
    const previous = Error.prepareStackTrace;
    Error.prepareStackTrace = () => {
      throw new TypeError('code.charCodeAt is not a function');
    };
    try {
      await delivery.close();
    } finally {
      Error.prepareStackTrace = previous;
    }
    expect(await answer).toEqual({ attempt: 1, error: 'the sandbox is closing' });
  }, 10_000);
});
