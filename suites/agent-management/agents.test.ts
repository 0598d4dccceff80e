// Interface: Functional areas, "Agent Management: Experimental: create and manage agents, set policy,
// pause, delete". Operations, filters, answers: basis: supplement (sections 11 and 23). What a paused
// agent's call answers is not stated (section 28.2): the suite asserts only that it is refused.
import { describe, expect, it } from 'vitest';
import { expectError, expectRefusal, expectStatus } from '../../helpers/expect.js';
import { AGENT, AGENTS, balanceBecomes, connectAgent, createAgent, customerWithMoney, getAgent, ME, ME_QUOTES, ME_TRANSFER_OUT, POLICY, policy, usdQuote, expectNothingMoved, moneyMark } from '../../helpers/flows/agents.js';
import { balanceOf } from '../../helpers/flows/transfers.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { individual } from '../../fixtures/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { amountOf, Quote } from '../../helpers/schemas/index.js';
import { Agent, AgentAction, AgentPage } from '../../helpers/schemas/agents.js';

const UNKNOWN = 'Agent:00000000-0000-4000-8000-000000000000';

describe.concurrent('Agents: create, read, list, update, pause, delete, policy', () => {
  scenario({ area: 'Agent Management', operation: 'POST /agents', section: 'Functional areas', basis: 'supplement' });

  it('creates an agent for a customer with its policy: not paused, not connected, nothing spent; GET and the list answer it', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents 201 {agent, deviceCode}; GET /agents/{id}; GET /agents?customerId, isPaused (section 23)');
    const { customerId } = await customerWithMoney(0);
    const wanted = policy({ defaultExecutionMode: 'APPROVAL_REQUIRED', approvalThresholds: { currency: 'USD', amount: 10_000 } });
    const { agent } = await createAgent(customerId, wanted);
    expect(agent).toMatchObject({ customerId, isPaused: false, isConnected: false });
    expect(agent.policy).toMatchObject({ defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD' } });
    expect(amountOf(agent.policy.spendingLimits.perTransactionLimit)).toBe(1_000_000);
    expect(agent.usage.dailyTransactionCount).toBe(0);
    expect(amountOf(agent.usage.monthlySpend)).toBe(0);
    expect((await getAgent(agent.id)).id).toBe(agent.id);
    expectError(await api.get(AGENT, { params: { agentId: UNKNOWN } }), 404);

    const listed = expectStatus(await api.get(AGENTS, { query: { customerId } }), 200, AgentPage, 'GET /agents?customerId');
    expect(listed.data.map((a) => a.id)).toContain(agent.id);
    expect(listed.data.every((a) => a.customerId === customerId), 'the customerId filter holds').toBe(true);
    const paused = expectStatus(await api.get(AGENTS, { query: { customerId, isPaused: true } }), 200, AgentPage, 'GET /agents?isPaused=true');
    expect(paused.data.map((a) => a.id), 'an agent that is not paused is not listed as paused').not.toContain(agent.id);
    expectError(await api.post(AGENTS, { body: { name: 'no policy', customerId } }), 400);
  });

  it('PATCH renames the agent; a body with neither name nor isPaused answers 400; an unknown agent 404', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('PATCH /agents/{id} {name?, isPaused?} (>= 1): 200; 400; 404 (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { agent } = await createAgent(customerId);
    const renamed = expectStatus(await api.patch(AGENT, { params: { agentId: agent.id }, body: { name: 'treasury helper' } }), 200, Agent);
    expect(renamed.name).toBe('treasury helper');
    expect((await getAgent(agent.id)).name).toBe('treasury helper');
    expectError(await api.patch(AGENT, { params: { agentId: agent.id }, body: {} }), 400);
    expectError(await api.patch(AGENT, { params: { agentId: UNKNOWN }, body: { name: 'x' } }), 404);
  });

  it('a paused agent is refused and moves nothing; unpaused, the same call runs', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('PATCH /agents/{id} {isPaused}; paused-agent answer not stated (sections 23, 28.2)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { agent, client } = await connectAgent(customerId);
    const body = { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 2_000 };
    const paused = expectStatus(await api.patch(AGENT, { params: { agentId: agent.id }, body: { isPaused: true } }), 200, Agent);
    expect(paused.isPaused).toBe(true);
    const mark = await moneyMark(customerId, usd.id);
    expectRefusal(await client.post(ME_TRANSFER_OUT, { body }), 'a paused agent does not act', {
      id: 'agent-paused-answer',
      sentences: ['supplement 23: "paused-agent answer not stated"', 'supplement 28.2: codes for paused agent are not stated'],
    }, { statuses: [401], sentence: 'supplement 23: "paused-agent answer not stated": its credential may be refused as such' });
    await expectNothingMoved(customerId, usd.id, mark, 'the paused agent moved nothing');
    expectStatus(await api.patch(AGENT, { params: { agentId: agent.id }, body: { isPaused: false } }), 200, Agent);
    const action = expectStatus(await client.post(ME_TRANSFER_OUT, { body }), 201, AgentAction, 'control: the unpaused agent acts');
    expect(action.status).toBe('APPROVED');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 2_000), 'the unpaused call moved its amount, to the cent').toBe(usd.balance.amount - 2_000);
  });

  it('DELETE answers 204, the agent\'s token dies at once (401) and the agent is gone (404)', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('DELETE /agents/{id}: 204; token dead at once; 404 (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { agent, client } = await connectAgent(customerId);
    expectStatus(await client.get(ME), 200, Agent, 'control: the token works before the delete');
    expectStatus(await api.delete(AGENT, { params: { agentId: agent.id } }), 204);
    expectError(await client.get(ME), 401);
    expectError(await api.get(AGENT, { params: { agentId: agent.id } }), 404);
    expectError(await api.delete(AGENT, { params: { agentId: agent.id } }), 404);
  });

  it('PATCH /agents/{agentId}/policy applies at once: permissions are replaced, a null dailyLimit is cleared', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('PATCH /agents/{id}/policy: partial; permissions replaces; spendingLimits partial, null clears daily/monthly; 200 Agent, immediate; 400; 404 (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(10_000);
    const { agent, client } = await connectAgent(customerId, policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 100_000, dailyLimit: 50_000 } }));
    expectStatus(await client.post(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 1_000) }), 201, Quote, 'control: CREATE_QUOTES held');

    const narrowed = expectStatus(await api.patch(POLICY, { params: { agentId: agent.id }, body: { permissions: ['VIEW_TRANSACTIONS'] } }), 200, Agent);
    expect(narrowed.policy.permissions, 'permissions replaces the list').toEqual(['VIEW_TRANSACTIONS']);
    expect(narrowed.policy.defaultExecutionMode, 'the rest of the policy is unchanged').toBe('AUTO');
    expectError(await client.post(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 1_000) }), 403, undefined, 'the new policy applies at once');

    const cleared = expectStatus(await api.patch(POLICY, { params: { agentId: agent.id }, body: { spendingLimits: { dailyLimit: null } } }), 200, Agent);
    expect(cleared.policy.spendingLimits.dailyLimit ?? null, 'null clears dailyLimit').toBeNull();
    expect(amountOf(cleared.policy.spendingLimits.perTransactionLimit), 'spendingLimits is partial: the rest stays').toBe(100_000);
    expectError(await api.patch(POLICY, { params: { agentId: agent.id }, body: { defaultExecutionMode: 'SOMETIMES' } }), 400);
    expectError(await api.patch(POLICY, { params: { agentId: UNKNOWN }, body: { permissions: [] } }), 404);
  });

  it('PATCH /agents/{agentId}/policy with a new spendingLimits currency recasts the limits it does not restate; a null monthlyLimit is cleared', async () => {
    await basisSupplement('PATCH /agents/{id}/policy: spendingLimits partial (new currency recasts; null clears daily/monthly); 200 Agent (section 23)');
    const customer = await createCustomer(individual());
    const { agent } = await createAgent(customer.id, policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 100_000, monthlyLimit: 400_000 } }));
    const patch = (spendingLimits: Record<string, unknown>) => api.patch(POLICY, { params: { agentId: agent.id }, body: { spendingLimits } });

    const recast = expectStatus(await patch({ currency: 'EUR', perTransactionLimit: 90_000 }), 200, Agent, 'supplement 23: PATCH /agents/{id}/policy answers 200 Agent').policy.spendingLimits;
    expect(recast.currency, 'supplement 23: spendingLimits partial: the new currency is the limits\' currency').toBe('EUR');
    expect(amountOf(recast.perTransactionLimit), 'supplement 23: a limit restated with the new currency is as given').toBe(90_000);
    // "new currency recasts": the monthly limit, not restated, stays a limit, now in EUR (at a rate no document states).
    expect(recast.monthlyLimit, 'supplement 23: "new currency recasts": the monthlyLimit not restated is kept, recast into the new currency').toEqual(expect.anything());
    const monthly = amountOf(recast.monthlyLimit!);
    expect(Number.isInteger(monthly) && monthly > 0, `supplement 23: the recast monthlyLimit is an amount in the smallest unit of EUR; got ${JSON.stringify(recast.monthlyLimit)}`).toBe(true);
    const read = expectStatus(await api.get(AGENT, { params: { agentId: agent.id } }), 200, Agent).policy.spendingLimits;
    expect([read.currency, amountOf(read.perTransactionLimit)], 'the change applies at once: GET reads the recast limits').toEqual(['EUR', 90_000]);

    const cleared = expectStatus(await patch({ monthlyLimit: null }), 200, Agent).policy.spendingLimits;
    expect(cleared.monthlyLimit ?? null, 'supplement 23: "null clears daily/monthly": monthlyLimit null is cleared').toBeNull();
    expect([cleared.currency, amountOf(cleared.perTransactionLimit)], 'spendingLimits is partial: the rest stays').toEqual(['EUR', 90_000]);
  });
});
