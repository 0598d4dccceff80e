// The sandbox's stablecoin routes (supplement 22) under hostile input carrying an Idempotency-Key (the
// general robustness test sends none, so it stops at the missing key): a 4xx error body, never a 5xx,
// and nothing kept under the key of a refused request.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/client.js';
import { ErrorBody } from '../../helpers/schemas/index.js';
import type { Sandbox } from '../../sandbox/app.js';
import { useInProcessSandbox } from './in-process.js';
import { STABLECOIN_PROVIDER } from '../../sandbox/stablecoins/state.js';

let sandbox: Sandbox;
let client: ApiClient;
let coinId = '';
let keyN = 0;
const key = () => ({ 'Idempotency-Key': `selftest-${++keyN}` });

useInProcessSandbox((s, c) => {
  sandbox = s;
  client = c;
});
beforeAll(async () => {
  const link = await client.post('/stablecoin-provider-accounts', { body: { provider: STABLECOIN_PROVIDER, apiClientId: 'c', apiClientSecret: 's' }, headers: key() });
  expect(link.status).toBe(201);
  const coin = await client.post('/stablecoins', { body: { providerTokenIdentifier: 't', networkTokenIdentifier: 'n', network: 'SPARK', stablecoinProviderAccountId: link.body.id }, headers: key() });
  expect(coin.status).toBe(201);
  coinId = coin.body.id;
});

const BODIES = ['{', '[]', '"text"', 'null', '{"amount":"1e6","fundingSource":{"type":"WIRE"},"destination":{"accountId":"ExternalAccount:x"}}', JSON.stringify({ amount: '9'.repeat(40), source: { type: 'EXTERNAL_ACCOUNT' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: 'ExternalAccount:x', rail: 'WIRE' } }), JSON.stringify({ amount: 100, fundingSource: [], destination: null })];

describe('sandbox stablecoins', () => {
  it('answers hostile bodies with an Idempotency-Key with a 4xx error body on every POST of the area', async () => {
    const problems: string[] = [];
    for (const path of ['/stablecoin-provider-accounts', '/stablecoins', `/stablecoins/${coinId}/mints`, `/stablecoins/${coinId}/burns`]) {
      for (const raw of BODIES) {
        const res = await client.request('POST', path, { rawBody: raw, headers: key() });
        if (res.status < 400 || res.status >= 500 || !ErrorBody.safeParse(res.body).success) problems.push(`POST ${path} ${raw.slice(0, 30)} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps nothing under the key of a refused request: the corrected request under that key is taken', async () => {
    const headers = key();
    const bad = await client.post('/stablecoin-provider-accounts', { body: { provider: 'OTHER', apiClientId: 'c2', apiClientSecret: 's' }, headers });
    expect(bad.status).toBe(400);
    const good = await client.post('/stablecoin-provider-accounts', { body: { provider: STABLECOIN_PROVIDER, apiClientId: 'c2', apiClientSecret: 's' }, headers });
    expect(good.status).toBe(201);
  });

  it('compares a replay on its JSON, not on the order of its keys', async () => {
    const headers = key();
    const first = await client.post('/stablecoin-provider-accounts', { rawBody: JSON.stringify({ provider: STABLECOIN_PROVIDER, apiClientId: 'c3', apiClientSecret: 's' }), headers });
    const again = await client.post('/stablecoin-provider-accounts', { rawBody: JSON.stringify({ apiClientSecret: 's', apiClientId: 'c3', provider: STABLECOIN_PROVIDER }), headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });
});
