// The exchange recorder (helpers/description/recorder.ts) writes what the description judges and no
// credential: of the request's headers only Content-Type, and bodies, query and URL redacted, however
// the secret travels (a Basic or Bearer header, a signature, a secret-named member or parameter, a
// secret the run knows appearing in text, a file part's bytes).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../helpers/client.js';
import { recordExchange, type RecordedExchange } from '../../helpers/description/recorder.js';
import { redactor } from '../../helpers/redact.js';

const CLIENT_SECRET = 'cs_recorder_selftest_4f9d2c7a';
const ISSUED = 'issued_token_recorder_8b1e6f0d';
const SIGNATURE = 'MEUCIQDrecorderSelftestSignature0123456789abcdef';
const FILE_BYTES = 'file-bytes-recorder-3c5a9e';
const basic = `Basic ${Buffer.from(`client-id:${CLIENT_SECRET}`).toString('base64')}`;

function fakeExchange(over: Partial<Exchange> = {}): Exchange {
  return {
    method: 'POST',
    template: '/tokens',
    path: '/tokens',
    status: 201,
    durationMs: 1,
    request: {
      headers: { authorization: basic, 'x-svc-signature': SIGNATURE, cookie: `session=${CLIENT_SECRET}`, 'content-type': 'application/json', accept: 'application/json' },
      body: { name: 'ci', password: CLIENT_SECRET, nested: { privateKey: CLIENT_SECRET }, note: `sent with ${CLIENT_SECRET}` },
    },
    response: { headers: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': `s=${ISSUED}` }, body: { id: 'Token:1', clientSecret: ISSUED, accessToken: ISSUED } },
    ...over,
  };
}

function recorded(exchange: Exchange, sent: Parameters<typeof recordExchange>[1]): { text: string; record: RecordedExchange } {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-recorder-')), 'exchanges.ndjson');
  recordExchange(exchange, sent, file);
  const text = readFileSync(file, 'utf8');
  expect(text.trim().split('\n')).toHaveLength(1);
  return { text, record: JSON.parse(text) as RecordedExchange };
}

describe('the exchange recorder', () => {
  redactor.addCredential('client-id', CLIENT_SECRET);

  it('never writes the Authorization header, a signature, a cookie or a secret, and keeps Content-Type', () => {
    const query = new URLSearchParams({ limit: '5', token: ISSUED, apiKey: CLIENT_SECRET });
    const { text, record } = recorded(fakeExchange(), { url: `http://client-id:${CLIENT_SECRET}@127.0.0.1:1/2025-10-13/tokens?${query}`, query });
    for (const secret of [CLIENT_SECRET, ISSUED, SIGNATURE, basic, Buffer.from(`client-id:${CLIENT_SECRET}`).toString('base64')]) expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text.toLowerCase()).not.toContain('x-svc-signature');
    expect(text.toLowerCase()).not.toContain('cookie');
    expect(record.requestHeaders).toEqual({ 'content-type': 'application/json' });
    expect(record.responseContentType).toBe('application/json; charset=utf-8');
    expect(record.query.limit).toBe('5');
    expect(record).toMatchObject({ method: 'POST', status: 201, requestBodyKind: 'json', requestBody: { name: 'ci' }, responseBody: { id: 'Token:1' } });
  });

  it('writes a multipart body as its fields, a file part as a marker without its bytes', () => {
    const form = new FormData();
    form.set('documentType', 'PASSPORT');
    form.set('file', new Blob([FILE_BYTES], { type: 'image/png' }), 'passport.png');
    const exchange = fakeExchange({ request: { headers: { authorization: basic, 'content-type': 'multipart/form-data; boundary=x' }, body: '(multipart form)' } });
    const { text, record } = recorded(exchange, { url: 'http://127.0.0.1:1/2025-10-13/documents', query: new URLSearchParams(), form });
    expect(text).not.toContain(FILE_BYTES);
    expect(record.requestBodyKind).toBe('multipart');
    expect(record.requestBody).toEqual({ documentType: 'PASSPORT', file: `(binary passport.png, image/png, ${FILE_BYTES.length} bytes)` });
  });

  it('writes a body that is no JSON as a marker, and no body as none', () => {
    const raw = recorded(fakeExchange({ request: { headers: {}, body: `{"password": "${CLIENT_SECRET}"` } }), { url: 'http://127.0.0.1:1/2025-10-13/tokens', query: new URLSearchParams() });
    expect(raw.text).not.toContain(CLIENT_SECRET);
    expect(raw.record).toMatchObject({ requestBodyKind: 'raw', requestHeaders: {} });
    const none = recorded(fakeExchange({ method: 'GET', request: { headers: { authorization: basic } } }), { url: 'http://127.0.0.1:1/2025-10-13/tokens', query: new URLSearchParams() });
    expect(none.record.requestBodyKind).toBe('none');
    expect(none.record).not.toHaveProperty('requestBody');
  });
});
