// Interface: "Authentication" 1 to 3, on every operation: "Platform calls use HTTP Basic
// authentication"; "Rejected platform credentials answer 401 with code UNAUTHORIZED"; agents act "with
// credentials obtained through device-code redemption". Which scheme an operation takes is the
// description's `security` of that operation (helpers/spec/security.ts). Supplement 23: `DELETE
// /agents/{id}`: "204; token dead at once". Each request is independent of the others, so they go out
// together (helpers/concurrency.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../helpers/client.js';
import { inPool } from '../../helpers/concurrency.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { AGENT, connectAgent, ME } from '../../helpers/flows/agents.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, target } from '../../helpers/harness.js';
import { scenario } from '../../helpers/scenario.js';
import { Agent } from '../../helpers/schemas/agents.js';
import { AUTH_RULES, operationSchemes, type Scheme } from '../../helpers/spec/security.js';
import { individual } from '../../fixtures/customers.js';

/** Requests in flight at once: independent reads and refusals, wide enough for a remote target. */
const WIDTH = 16;

const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
// Never the real secret in a form it could be recovered from: random, of the real one's length.
const wrongSecret = () => randomUUID().replace(/-/g, '').padEnd(target.clientSecret.length, '0').slice(0, Math.max(8, target.clientSecret.length));

const operationsOf = (scheme: Scheme) => [...operationSchemes()].filter(([, s]) => s === scheme).map(([op]) => op);

/** The operation's method and template, its path parameters each given a value no resource has. */
function call(op: string): { method: string; template: string; params: Record<string, string> } {
  const [method, template] = op.split(' ');
  const params = Object.fromEntries([...template.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], `conformance-${randomUUID()}`]));
  return { method, template, params };
}

/** A refused credential never reaches the operation: the operation is not counted as exercised by it, but its documented 401 is. */
const NOT_REACHED = { operation: false, response: true };

/** Operations whose call with the right credentials has an effect beyond the request (a delivery to the listener): no control is sent to them. */
const SIDE_EFFECTS = new Set(['POST /webhooks/test', 'POST /sandbox/webhooks/test']);

/** Sends each (operation, credential) pair, judges each answer, and fails once with every operation that did not hold. */
async function judgeEach(pairs: readonly { op: string; auth: RequestOptions['auth']; rule: string; judge: (res: Awaited<ReturnType<typeof api.request>>, why: string) => void }[]): Promise<void> {
  const failures: string[] = [];
  await inPool(pairs, WIDTH, async ({ op, auth, rule, judge }) => {
    const { method, template, params } = call(op);
    const res = await api.request(method, template, { params, auth });
    try {
      judge(res, `${op}: ${rule}`);
      recordRule(op, rule);
    } catch (err) {
      failures.push(`${op} (${rule}): ${(err as Error).message.split('\n')[0]}`);
    }
  });
  expect(failures, `${failures.length} of ${pairs.length} requests did not hold:\n${failures.join('\n')}`).toEqual([]);
}

describe('Authentication of every platform operation', () => {
  scenario({ area: 'Authentication', operation: 'Basic authentication', section: 'Authentication' });

  // One scenario per refused credential, and the control: each some 150 requests, judged within a
  // scenario's time on a busy machine (the four together took longer than that under load).
  const ops = () => {
    const all = operationsOf('basic');
    expect(all.length, 'the description gives BasicAuth to the platform operations').toBeGreaterThan(100);
    return all;
  };
  const refused = (rule: string) => (res: Awaited<ReturnType<typeof api.request>>, why: string) => expectError(res, 401, 'UNAUTHORIZED', `Authentication 3: rejected platform credentials answer 401 with code UNAUTHORIZED; ${why}`, NOT_REACHED);
  const refusals: [string, string, () => RequestOptions['auth']][] = [
    ['without credentials', AUTH_RULES.basic.missing, () => 'none' as const],
    ['with a wrong client secret', AUTH_RULES.basic.wrong, () => basic(target.clientId, wrongSecret())],
    ['with another scheme (Bearer)', AUTH_RULES.basic.scheme, () => ({ authorization: `Bearer ${wrongSecret()}` })],
  ];
  for (const [how, rule, auth] of refusals) {
    it(`answers 401 UNAUTHORIZED with the error body to every platform operation called ${how}`, async () => {
      await judgeEach(ops().map((op) => ({ op, auth: auth(), rule, judge: refused(rule) })));
    });
  }

  it('lets every platform operation called with its credentials past authentication (the control of the refusals)', async () => {
    // The same calls with the platform's credentials are not refused for them (whatever else a call
    // without its resource or body gets: 400, 404, 409, or a wallet signature's own 401).
    const controls = ops().filter((op) => !SIDE_EFFECTS.has(op));
    const failures: string[] = [];
    await inPool(controls, WIDTH, async (op) => {
      const { method, template, params } = call(op);
      // An empty object where the method carries a body: what the target makes of it beyond authentication is not judged here.
      const res = await api.request(method, template, { params, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
      if (res.status === 401 && res.body?.code === 'UNAUTHORIZED') failures.push(op);
      if (res.status >= 500) failures.push(`${op}: ${res.status} (a call without its resource or body is the client's mistake, never a 5xx)`);
    });
    expect(failures, 'control: with the platform credentials these calls were still refused 401 UNAUTHORIZED, or failed 5xx').toEqual([]);
  });
});

describe('Authentication of every agent operation', () => {
  scenario({ area: 'Agent Operations', operation: 'GET /agents/me', section: 'Authentication', basis: 'supplement' });

  it("answers 401 with the error body to every /agents/me operation called without an agent credential, with one never issued, or with a deleted agent's", async () => {
    const ops = operationsOf('agent');
    expect(ops.length, 'the description gives AgentAuth to the /agents/me operations').toBeGreaterThan(10);
    const { agent, client } = await connectAgent((await createCustomer(individual())).id);
    // Control: the credential works before its agent is deleted.
    expectStatus(await client.get(ME), 200, Agent, 'control: GET /agents/me with the redeemed token answers the agent');
    expectStatus(await api.delete(AGENT, { params: { agentId: agent.id } }), 204, undefined, 'supplement 23: DELETE /agents/{id}: 204');
    const refused = (res: Awaited<ReturnType<typeof api.request>>, why: string) => expectError(res, 401, undefined, `Authentication 2: agents call with the credentials their device-code redemption gave; ${why}`, NOT_REACHED);
    await judgeEach(
      ops.flatMap((op) => [
        { op, auth: 'none' as const, rule: AUTH_RULES.agent.missing, judge: refused },
        { op, auth: { authorization: `Bearer ${randomUUID()}${randomUUID()}` }, rule: AUTH_RULES.agent.wrong, judge: refused },
        { op, auth: client.auth, rule: AUTH_RULES.agent.revoked, judge: refused },
      ]),
    );
  });
});
