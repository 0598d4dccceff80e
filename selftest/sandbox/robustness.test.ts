// Bad input to the sandbox gets a clear 4xx error body, never a 5xx: every route, hostile bodies.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/client.js';
import { ErrorBody } from '../../helpers/schemas/index.js';
import type { Sandbox } from '../../sandbox/app.js';
import { useInProcessSandbox } from './in-process.js';

let sandbox: Sandbox;
let client: ApiClient;
useInProcessSandbox((s, c) => {
  sandbox = s;
  client = c;
});

const BODIES = ['{', '[]', '"text"', 'null', '{"a":{"b":{"c":[1,2,{"d":null}]}}}', JSON.stringify({ amount: 'NaN', state: 42, signature: {} }), 'x'.repeat(2000)];

describe('sandbox robustness', () => {
  it('answers hostile bodies on every route with a 4xx error body, never a 5xx', async () => {
    const problems: string[] = [];
    const routes = sandbox.routes.filter((r) => r.url.startsWith('/2025-10-13'));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const path = route.url.slice('/2025-10-13'.length).replace(/:(\w+)/g, (_m, name: string) => `{${name}}`);
      const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 'Unknown:123']));
      for (const raw of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BODIES) {
        const res = await client.request(route.method, path, { params, rawBody: raw, query: { limit: 'abc', cursor: '-1' } });
        if (res.status >= 500 && res.status !== 501) problems.push(`${route.method} ${path} ${raw?.slice(0, 20)} → ${res.status} ${res.text.slice(0, 100)}`);
        if (res.status >= 400 && !ErrorBody.safeParse(res.body).success) problems.push(`${route.method} ${path} → ${res.status} without the error body: ${res.text.slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers an unknown route with 404 and the error body', async () => {
    const res = await client.get('/no/such/operation');
    expect(res.status).toBe(404);
    expect(ErrorBody.safeParse(res.body).success).toBe(true);
  });
});
