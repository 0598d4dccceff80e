// The API client's recording hook: with SVC_RECORD_EXCHANGES set before the client's modules load,
// every exchange the client makes is one line of the file, named by its scenario, without the
// client's credential.
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const SECRET = 'cs_recorder_client_selftest_77a1';

describe('the API client with SVC_RECORD_EXCHANGES set', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-recorder-client-')), 'exchanges.ndjson');
  const server = http.createServer((req, res) => {
    res.writeHead(req.url?.includes('missing') ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'Customer:1', echoed: req.headers.authorization ?? null }));
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it('appends each exchange as one JSON line, with its scenario and no credential', async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2025-10-13`;
    vi.stubEnv('SVC_RECORD_EXCHANGES', file);
    vi.resetModules();
    const { ApiClient } = await import('../../helpers/client.js');
    // The recorder reads the running test's name through vitest, loaded when it first records.
    await new Promise((r) => setTimeout(r, 50));
    const client = new ApiClient({ baseUrl, clientId: 'client-id', clientSecret: SECRET });
    await client.get('/customers/{customerId}', { params: { customerId: 'Customer:1' }, query: { expand: 'all' } });
    await client.post('/customers/missing', { body: { platformCustomerId: 'p-1' } });
    await client.close();

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(Buffer.from(`client-id:${SECRET}`).toString('base64'));
    const lines = text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/customers/Customer%3A1', query: { expand: 'all' }, status: 200, requestBodyKind: 'none', requestHeaders: {} });
    expect(lines[1]).toMatchObject({ method: 'POST', status: 404, requestBodyKind: 'json', requestBody: { platformCustomerId: 'p-1' }, requestHeaders: { 'content-type': 'application/json' } });
    expect(lines[0].scenario).toContain('appends each exchange as one JSON line');
  });
});
