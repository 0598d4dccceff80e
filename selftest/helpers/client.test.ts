// The API client: redaction, path templates, bounded retries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, expandTemplate, redact, type Exchange } from '../../helpers/client.js';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/2025-10-13`;
}

describe('API client', () => {
  it('never records the Authorization header, the client secret or secret-named fields', async () => {
    const baseUrl = await serve((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'Token:1', clientSecret: 'issued-secret', note: 'echo s3cr3t-value' }));
    });
    const exchanges: Exchange[] = [];
    const client = new ApiClient({ baseUrl, clientId: 'id', clientSecret: 's3cr3t-value', onExchange: (e) => exchanges.push(e) });
    const res = await client.post('/tokens', { body: { name: 'x', password: 'p', nested: { privateKey: 'k' } } });
    expect(res.status).toBe(201);
    const recorded = JSON.stringify(exchanges);
    for (const secret of ['s3cr3t-value', 'issued-secret', Buffer.from('id:s3cr3t-value').toString('base64'), '"p"', '"k"']) {
      expect(recorded).not.toContain(secret);
    }
    expect(exchanges[0]).toMatchObject({ method: 'POST', template: '/tokens', status: 201 });
    await client.close();
  });

  it('expands path templates and encodes their values', () => {
    expect(expandTemplate('/cards/{cardId}', { cardId: 'Card:a/b' })).toBe('/cards/Card%3Aa%2Fb');
    expect(() => expandTemplate('/cards/{cardId}', {})).toThrow(/cardId/);
  });

  it('retries a refused connection a bounded number of times, then reports it', async () => {
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:1/2025-10-13', clientId: 'a', clientSecret: 'b', connectRetries: 1 });
    await expect(client.get('/config')).rejects.toThrow(/network error/);
    await client.close();
  });

  it('honours Retry-After on a 429 and never retries other answers', async () => {
    let calls = 0;
    const baseUrl = await serve((req, res) => {
      calls++;
      if (req.url?.endsWith('/limited') && calls === 1) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' });
        return res.end('{"status":429,"code":"RATE_LIMITED","message":"slow down"}');
      }
      res.writeHead(req.url?.endsWith('/limited') ? 200 : 500);
      res.end('{}');
    });
    const client = new ApiClient({ baseUrl, clientId: 'a', clientSecret: 'b' });
    expect((await client.get('/limited')).status).toBe(200);
    expect(calls).toBe(2);
    expect((await client.get('/broken')).status).toBe(500);
    expect(calls).toBe(3);
    await client.close();
  });

  it('sends a POST that may have reached the server exactly once, even when the connection is reset after its body', async () => {
    const seen: string[] = [];
    const baseUrl = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['idempotency-key'] ?? ''} ${body}`);
        // The body was read: the request reached the server; the answer never comes.
        if (seen.length <= 2) return req.socket.resetAndDestroy();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    const client = new ApiClient({ baseUrl, clientId: 'a', clientSecret: 'b', connectRetries: 3 });
    await expect(client.post('/quotes/Quote:1/execute', { body: { n: 1 } })).rejects.toThrow(/network error/);
    expect(seen).toEqual(['POST /2025-10-13/quotes/Quote:1/execute  {"n":1}']);
    // A request that may be repeated harmlessly is retried: a GET, and a POST with an Idempotency-Key.
    seen.length = 0;
    const retried = await client.post('/transfer-out', { body: { n: 2 }, headers: { 'Idempotency-Key': 'k-1' } });
    expect(retried.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    await client.close();
  });

  it('retries only where a second attempt cannot act twice', async () => {
    const { mayRetry } = await import('../../helpers/client.js');
    expect(mayRetry('POST', {}, 'ECONNREFUSED')).toBe(true);
    expect(mayRetry('POST', {}, 'ECONNRESET')).toBe(false);
    expect(mayRetry('POST', {}, 'UND_ERR_SOCKET')).toBe(false);
    expect(mayRetry('PATCH', {}, 'EPIPE')).toBe(false);
    expect(mayRetry('POST', { 'Idempotency-Key': 'x' }, 'ECONNRESET')).toBe(true);
    expect(mayRetry('GET', {}, 'ECONNRESET')).toBe(true);
    expect(mayRetry('DELETE', {}, 'UND_ERR_SOCKET')).toBe(true);
    expect(mayRetry('GET', {}, 'SOMETHING_ELSE')).toBe(false);
  });

  it('redacts nested secret-named keys', () => {
    expect(redact({ a: { clientSecret: 'x', list: [{ accessToken: 'y' }] } })).toEqual({ a: { clientSecret: '[redacted]', list: [{ accessToken: '[redacted]' }] } });
  });
});
