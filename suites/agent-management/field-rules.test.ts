// Every documented field rule of the agent-management bodies, both ways, with generated data
// (helpers/field-rules/agents.ts holds the rules and their citations). basis: supplement (section 23:
// POST /agents {name*, customerId*, policy*}, the Policy, PATCH /agents/{id} {name?, isPaused?},
// PATCH /agents/{id}/policy partial, reject {reason?}); interface: Errors (FieldError dot paths).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectStatus } from '../../helpers/expect.js';
import { AGENT, AGENTS, agentAction, APPROVALS, connectAgent, createAgent, customerWithMoney, getAgent, ME_TRANSFER_OUT, POLICY, policy, REJECT } from '../../helpers/flows/agents.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api, capabilities } from '../../helpers/harness.js';
import { actionReject, agentCreate, agentPatch, policyPatch } from '../../helpers/field-rules/agents.js';
import { checkRulesRefused, checkValidAccepted, StrayValues } from '../../helpers/field-rules/check.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Agent, AgentAction, AgentActionPage, AgentCreated, AgentPage } from '../../helpers/schemas/agents.js';

type Body = Record<string, unknown>;
/** At least one field (supplement 23: PATCH /agents/{id} "(≥1)"); the policy PATCH gets one too, its empty body being undescribed. */
const nonEmpty = (fallback: Body) => (b: Body) => (Object.keys(b).length ? b : { ...b, ...fallback });

describe('POST /agents', () => {
  scenario({ area: 'Agent Management', operation: 'POST /agents', section: 'Functional areas', basis: 'supplement' });
  const send = (body: Body) => api.post(AGENTS, { body });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and creates no agent', async () => {
    await basisSupplement('section 23: POST /agents {name*, customerId*, policy*}, Policy fields; generated, one rule broken per request');
    const customer = await createCustomer(individual());
    // Requests breaking a customerId rule name no customer of the scenario's: looked for in the whole list, by the value sent.
    const strays = new StrayValues('customerId', customer.id);
    await checkRulesRefused({
      independent: true,
      spec: agentCreate(),
      complete: (b) => ({ ...b, customerId: customer.id }),
      send: (body) => send(strays.collect(body)),
      unchanged: async (rule) => {
        const listed = expectStatus(await api.get(AGENTS, { query: { customerId: customer.id, limit: 100 } }), 200, AgentPage);
        expect(listed.data.map((a) => a.id), `requests breaking ${rule.id} were refused and created no agent for ${customer.id}`).toEqual([]);
        const stray = (await walkPages(AGENTS, Agent, { limit: 100 })).filter((a) => strays.holds(a.customerId));
        expect(stray.map((a) => `${a.id} (customerId ${JSON.stringify(a.customerId)})`), `requests breaking ${rule.id} were refused and created no agent under the customerId they sent`).toEqual([]);
      },
    });
  });

  it('accepts valid requests, each optional policy field present or not, and reads the agent back as sent', async () => {
    await basisSupplement('section 23: POST /agents 201 {agent, deviceCode}; GET /agents/{id}');
    const customer = await createCustomer(individual());
    await checkValidAccepted({
      spec: agentCreate(),
      complete: (b) => ({ ...b, customerId: customer.id }),
      send,
      created: { status: 201, schema: AgentCreated },
      readBack: (c) => api.get(AGENT, { params: { agentId: c.agent.id } }),
      readSchema: Agent,
    });
  });
});

describe('PATCH /agents/{agentId}', () => {
  scenario({ area: 'Agent Management', operation: 'PATCH /agents/{agentId}', section: 'Functional areas', basis: 'supplement' });
  const complete = nonEmpty({ isPaused: false });

  it('refuses a body that breaks one documented field rule with 400 INVALID_INPUT naming the field, and leaves the agent unchanged', async () => {
    await basisSupplement('section 23: PATCH /agents/{id} {name?, isPaused?}; generated, one rule broken per request');
    const { agent } = await createAgent((await createCustomer(individual())).id);
    await checkRulesRefused({
      spec: agentPatch(),
      complete,
      send: (body) => api.patch(AGENT, { params: { agentId: agent.id }, body }),
      unchanged: async (rule) => {
        const now = await getAgent(agent.id);
        expect({ name: now.name, isPaused: now.isPaused }, `requests breaking ${rule.id} were refused and changed nothing`).toEqual({ name: agent.name, isPaused: agent.isPaused });
      },
    });
  });

  it('accepts valid bodies and reads the agent back with the values sent', async () => {
    await basisSupplement('section 23: PATCH /agents/{id} 200; GET /agents/{id}');
    const { agent } = await createAgent((await createCustomer(individual())).id);
    await checkValidAccepted({
      spec: agentPatch(),
      complete,
      send: (body) => api.patch(AGENT, { params: { agentId: agent.id }, body }),
      created: { status: 200, schema: Agent },
      readBack: (a) => api.get(AGENT, { params: { agentId: a.id } }),
    });
  });
});

describe('PATCH /agents/{agentId}/policy', () => {
  scenario({ area: 'Agent Management', operation: 'PATCH /agents/{agentId}/policy', section: 'Functional areas', basis: 'supplement' });
  const complete = nonEmpty({ defaultExecutionMode: 'AUTO' });

  it('refuses a body that breaks one documented field rule with 400 INVALID_INPUT naming the field, and leaves the policy unchanged', async () => {
    await basisSupplement('section 23: PATCH /agents/{id}/policy partial, Policy fields; generated, one rule broken per request');
    const { agent } = await createAgent((await createCustomer(individual())).id);
    await checkRulesRefused({
      spec: policyPatch(),
      complete,
      send: (body) => api.patch(POLICY, { params: { agentId: agent.id }, body }),
      unchanged: async (rule) => expect((await getAgent(agent.id)).policy, `requests breaking ${rule.id} were refused and left the policy as it was`).toEqual(agent.policy),
    });
  });

  it('accepts valid partial bodies and reads each value sent back in the policy', async () => {
    await basisSupplement('section 23: PATCH /agents/{id}/policy: partial, permissions replaces, 200 Agent, immediate');
    const { agent } = await createAgent((await createCustomer(individual())).id);
    const sent: Body[] = [];
    await checkValidAccepted({
      spec: policyPatch(),
      complete: (b) => {
        const body = complete(b);
        sent.push(body);
        return body;
      },
      send: (body) => api.patch(POLICY, { params: { agentId: agent.id }, body }),
      created: { status: 200, schema: Agent },
      // The policy's values are read back at the paths they were sent under.
      readBack: async (a) => {
        const res = await api.get(AGENT, { params: { agentId: a.id } });
        return { ...res, body: expectStatus(res, 200, Agent).policy };
      },
      readSchema: Agent.shape.policy,
    });
    expect(sent.length, 'valid policy patches were sent').toBeGreaterThan(0);
  });
});

describe('POST /agents/{agentId}/actions/{actionId}/reject', () => {
  scenario({ area: 'Agent Management', operation: 'POST /agents/{agentId}/actions/{actionId}/reject', section: 'Functional areas', basis: 'supplement' });

  it('refuses a reason that is no string with 400 INVALID_INPUT naming it and leaves the action pending; a string reason rejects it and reads back', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 23: reject {reason?} -> REJECTED, rejectionReason; generated, one rule broken per request');
    const { customerId, usd, bank } = await customerWithMoney(50_000);
    const { agent, client } = await connectAgent(customerId, policy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }));
    const action = expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 1_000 } }), 201, AgentAction);
    expect(action.status, 'APPROVAL_REQUIRED: the action waits').toBe('PENDING_APPROVAL');
    const send = (body: Body) => api.post(REJECT, { params: { agentId: agent.id, actionId: action.id }, body });
    // The whole action, not only its status: a refused reject that wrote its reason changed it too.
    const before = await agentAction(client, action.id);
    await checkRulesRefused({
      spec: actionReject(),
      send,
      unchanged: async (rule) => {
        const now = await agentAction(client, action.id);
        expect(now.status, `requests breaking ${rule.id} were refused; the action still waits`).toBe('PENDING_APPROVAL');
        expect(now, `requests breaking ${rule.id} were refused and changed nothing of ${action.id}`).toEqual(before);
      },
    });
    const waiting = expectStatus(await api.get(APPROVALS, { query: { agentId: agent.id } }), 200, AgentActionPage);
    expect(waiting.data.map((a) => a.id), 'control: the action is still listed for approval').toContain(action.id);
    const rejected = expectStatus(await send({ reason: 'generated-rules control' }), 200, AgentAction, 'supplement 23: reject {reason?} answers the REJECTED action');
    expect(rejected.status).toBe('REJECTED');
    expect((await agentAction(client, action.id)).rejectionReason, 'supplement 23: rejectionReason reads back the reason sent').toBe('generated-rules control');
  });
});
