// The agent routes of the sandbox answer hostile bodies and queries, sent with a valid agent token, with
// a 4xx error body, never a 5xx; and the platform's Basic credentials do not open /agents/me.
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
}, { provisioningDelayMs: 1 });

const BODIES = ['{', '[]', '"text"', 'null', '{"source":{"accountId":7},"amount":"NaN"}', JSON.stringify({ source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:x' }, destination: { destinationType: 'ACCOUNT' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: -1 }), 'x'.repeat(2000)];
const POLICIES = [{}, { permissions: ['NOPE'] }, { spendingLimits: { currency: 'XXX' } }, { spendingLimits: { dailyLimit: -5 } }, { accountRestrictions: { accountRules: [{}] } }, { approvalThresholds: null, accountRestrictions: null }];

describe('agent routes of the sandbox under malformed input', () => {
  it('answer 4xx error bodies, never 5xx, on every /agents route', async () => {
    const customer = await client.post('/customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Ada Agent' } });
    expect(customer.status).toBe(201);
    const created = await client.post('/agents', {
      body: { name: 'robust', customerId: customer.body.id, policy: { permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'], defaultExecutionMode: 'AUTO', spendingLimits: { currency: 'USD', perTransactionLimit: 100 } } },
    });
    expect(created.status).toBe(201);
    const agentId = created.body.agent.id as string;
    const redeemed = await client.post('/agents/device-codes/{deviceCode}/redeem', { params: { deviceCode: created.body.deviceCode.code }, auth: 'none' });
    expect(redeemed.status).toBe(200);
    const bearer = { authorization: `Bearer ${redeemed.body.accessToken as string}` };

    const problems: string[] = [];
    const judge = (what: string, res: { status: number; body: unknown; text: string }) => {
      if (res.status >= 500) problems.push(`${what} → ${res.status} ${res.text.slice(0, 100)}`);
      if (res.status >= 400 && !ErrorBody.safeParse(res.body).success) problems.push(`${what} → ${res.status} without the error body`);
    };
    const routes = sandbox.routes.filter((r) => r.url.startsWith('/2025-10-13/agents'));
    expect(routes.length).toBe(27);
    for (const route of routes) {
      const path = route.url.slice('/2025-10-13'.length).replace(/:(\w+)/g, (_m, name: string) => `{${name}}`);
      const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], m[1] === 'agentId' ? agentId : 'Unknown:123']));
      const auth = path.startsWith('/agents/me') ? bearer : 'basic';
      for (const raw of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BODIES) {
        const res = await client.request(route.method, path, { params, rawBody: raw, auth, query: { limit: 'abc', cursor: '-1', isPaused: 'maybe', status: 'X', startDate: 'soon' } });
        judge(`${route.method} ${path} ${raw?.slice(0, 20) ?? ''}`, res);
      }
    }
    for (const body of POLICIES) judge(`PATCH policy ${JSON.stringify(body)}`, await client.patch('/agents/{agentId}/policy', { params: { agentId }, body }));
    expect(problems).toEqual([]);
  });

  it('refuses the platform\'s Basic credentials on /agents/me with 401', async () => {
    const res = await client.get('/agents/me');
    expect(res.status).toBe(401);
    expect(ErrorBody.safeParse(res.body).success).toBe(true);
  });
});
