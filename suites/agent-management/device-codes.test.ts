// Interface: Authentication ("an agent scheme used by agents with credentials obtained through
// device-code redemption"); Functional areas, "Agent Management: ... device-code installation". The
// device-code operations, their answers and errors: basis: supplement (sections 11 and 23).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectRefusal, expectStatus } from '../../helpers/expect.js';
import { CODE_STATUS, connectAgent, createAgent, customerWithMoney, DEVICE_CODES, getAgent, ME, redeem } from '../../helpers/flows/agents.js';
import { msUntil, untilPast } from '../../helpers/deadline.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Agent, DeviceCode, DeviceCodeStatus, Redeemed } from '../../helpers/schemas/agents.js';

describe.concurrent('Agent device codes', () => {
  scenario({ area: 'Agent Management', operation: 'POST /agents/device-codes/{deviceCode}/redeem', section: 'Authentication', basis: 'supplement' });

  it('redeems once, with no platform authentication, for a token that acts as the agent; a second redemption answers 400', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('redeem (no auth) -> 200 {agentId, agentName, accessToken, policy} (once); 400 used; status {code, redeemed} (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { agent, deviceCode } = await createAgent(customerId);
    expect(deviceCode).toMatchObject({ agentId: agent.id, redeemed: false });
    expect(agent.isConnected, 'a new agent is not connected').toBe(false);
    const before = expectStatus(await api.get(CODE_STATUS, { params: { deviceCode: deviceCode.code } }), 200, DeviceCodeStatus);
    expect(before).toMatchObject({ code: deviceCode.code, redeemed: false });

    const redeemed = expectStatus(await redeem(deviceCode.code), 200, Redeemed, 'redeem needs no authentication');
    expect(redeemed).toMatchObject({ agentId: agent.id, agentName: agent.name });
    expect(redeemed.policy.permissions.toSorted(), 'the policy the agent acts under').toEqual(agent.policy.permissions.toSorted());
    const me = expectStatus(await api.get(ME, { auth: { authorization: `Bearer ${redeemed.accessToken}` } }), 200, Agent);
    expect(me.id, 'the token acts as the agent').toBe(agent.id);
    expect((await getAgent(agent.id)).isConnected, 'a redeemed code connects the agent').toBe(true);
    const after = expectStatus(await api.get(CODE_STATUS, { params: { deviceCode: deviceCode.code } }), 200, DeviceCodeStatus);
    expect(after.redeemed, 'status: redeemed').toBe(true);

    expectError(await redeem(deviceCode.code), 400);
  });

  it('an unknown code answers 404 to status and to redeem; a known one answers 200 to both', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('status 404; redeem 404 (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { deviceCode } = await createAgent(customerId);
    const unknown = `SVC-AGENT-${randomUUID().slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 4).toUpperCase()}`;
    expectError(await api.get(CODE_STATUS, { params: { deviceCode: unknown } }), 404);
    expectError(await redeem(unknown), 404);
    // Controls: the same calls with a code the target gave.
    expectStatus(await api.get(CODE_STATUS, { params: { deviceCode: deviceCode.code } }), 200, DeviceCodeStatus, 'control: the status of a known code');
    expectStatus(await redeem(deviceCode.code), 200, Redeemed, 'control: a known code redeems');
  });

  it('a code past its expiresAt redeems nothing (400); a fresh code of the same agent redeems', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents: deviceCode {code*, agentId*, expiresAt*, redeemed*}; redeem 400 used/expired (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { agent, deviceCode } = await createAgent(customerId);
    // The wait is the target's own: the code's expiresAt, within the run's wait budget.
    requireCapability(ctx, msUntil(deviceCode.expiresAt) <= capabilities.waitBudgetMs, `the device code lives past the wait budget (expiresAt ${deviceCode.expiresAt}, SVC_WAIT_BUDGET_MS ${capabilities.waitBudgetMs})`);
    await untilPast(deviceCode.expiresAt);
    expectError(await redeem(deviceCode.code), 400, undefined, 'supplement 23: POST /agents/device-codes/{code}/redeem answers 400 to an expired code');
    expect((await getAgent(agent.id)).isConnected, 'an expired code connects nothing').toBe(false);
    // Control: a new code of the same agent, redeemed at once.
    const fresh = expectStatus(await api.post(DEVICE_CODES, { params: { agentId: agent.id } }), 201, DeviceCode, 'POST /agents/{agentId}/device-codes answers a new code');
    expectStatus(await redeem(fresh.code), 200, Redeemed, 'control: a code within its expiresAt redeems');
  });

  it('a new device code voids the older unredeemed one; the new one redeems', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/{id}/device-codes: 201 code; older unredeemed codes void (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { agent, deviceCode: older } = await createAgent(customerId);
    const newer = expectStatus(await api.post(DEVICE_CODES, { params: { agentId: agent.id } }), 201, DeviceCode, 'POST /agents/{agentId}/device-codes answers the new code');
    expect(newer).toMatchObject({ agentId: agent.id, redeemed: false });
    expect(newer.code).not.toBe(older.code);
    expectRefusal(await redeem(older.code), 'older unredeemed codes void', {
      id: 'agent-voided-device-code',
      sentences: ['supplement 23: "older unredeemed codes void"; redeem errors "400 used/expired; 404" (which one a voided code answers is not stated)'],
    }, { statuses: [404], sentence: 'supplement 23: POST /agents/device-codes/{code}/redeem errors "400 used/expired; 404"' });
    expectStatus(await redeem(newer.code), 200, Redeemed, 'control: the newest code redeems');
  });

  it('a connected agent refuses a new device code with 409', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/{id}/device-codes: 409 connected (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { agent } = await connectAgent(customerId);
    expectError(await api.post(DEVICE_CODES, { params: { agentId: agent.id } }), 409);
    expectError(await api.post(DEVICE_CODES, { params: { agentId: 'Agent:00000000-0000-4000-8000-000000000000' } }), 404);
    // Control: an agent that is not connected gets one.
    const unconnected = await createAgent(customerId);
    expectStatus(await api.post(DEVICE_CODES, { params: { agentId: unconnected.agent.id } }), 201, DeviceCode);
  });
});
