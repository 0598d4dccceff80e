// The harness's HTTP transport (helpers/http.ts): what it sends, how it reads answers, and how a
// request without an answer ends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../helpers/http.js';

let server: http.Server | undefined;
const transport = new HttpTransport();
afterEach(async () => {
  transport.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server?.closeAllConnections();
  server = undefined;
});

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('HTTP transport', () => {
  it('sends a body with its length, never chunked, and reads headers as undici does: lower-cased, a repeated one as a list', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const base = await serve((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        res.setHeader('X-Once', 'a');
        res.setHeader('X-Twice', ['b', 'c']);
        res.setHeader('Set-Cookie', ['k=1']);
        res.end('{"ok":true,"é":1}');
      });
    });
    const res = await transport.request(`${base}/x`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"é":1}' });
    expect(seen[0]['content-length']).toBe(String(Buffer.byteLength('{"é":1}')));
    expect(seen[0]['transfer-encoding']).toBeUndefined();
    expect(res.statusCode).toBe(200);
    expect(res.text).toBe('{"ok":true,"é":1}');
    expect(res.headers['x-once']).toBe('a');
    expect(res.headers['x-twice']).toEqual(['b', 'c']);
    expect(res.headers['set-cookie']).toBe('k=1');
  });

  it('keeps a connection for the next request', async () => {
    const ports: number[] = [];
    const base = await serve((req, res) => {
      ports.push(req.socket.remotePort!);
      res.end('{}');
    });
    await transport.request(`${base}/a`, { method: 'GET' });
    await transport.request(`${base}/b`, { method: 'GET' });
    expect(ports).toHaveLength(2);
    expect(ports[1]).toBe(ports[0]);
  });

  it('fails a request with no answer in time with a timeout code, and one cut off mid-answer with a socket code', async () => {
    const base = await serve((req, res) => {
      if (req.url === '/silent') return; // never answers
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => req.socket.destroy(), 20);
    });
    await expect(transport.request(`${base}/silent`, { method: 'GET', timeoutMs: 100 })).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    const cut = await transport.request(`${base}/cut`, { method: 'GET' }).then(
      () => undefined,
      (err: { code?: string }) => err.code,
    );
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(cut);
  });

  it('refuses a URL that is neither http nor https', async () => {
    await expect(transport.request('ftp://127.0.0.1/x', { method: 'GET' })).rejects.toThrow(/only http and https/);
  });
});
