// GET /agents/me/actions: the status filter narrows (with its control), an agent lists its own actions
// only, paging with a small limit visits every action once, limit outside 1–100 is refused. basis:
// supplement (section 1: limit 1–100, cursor; section 23: GET /agents/me/actions "(status? filter)",
// Bearer; cross-customer ids -> 404).
import { describe, expect, it } from 'vitest';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { connectAgent, customerWithMoney, ME_ACTIONS, ME_TRANSFER_OUT, policy, type AgentClient } from '../../helpers/flows/agents.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { capabilities } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/requests/lists.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AgentAction } from '../../helpers/schemas/agents.js';

const op = 'GET /agents/me/actions';
const sorted = (ids: string[]) => [...ids].sort();

/** An agent that acts AUTO below 5,000 cents and waits for approval above (supplement 23: amount > threshold). */
async function agentWithActions(approved: number, held: number) {
  const { customerId, usd, bank } = await customerWithMoney(200_000);
  const { client } = await connectAgent(customerId, policy({ approvalThresholds: { currency: 'USD', amount: 5_000 } }));
  const send = async (amount: number) => expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount } }), 201, AgentAction);
  const ok: string[] = [];
  const waiting: string[] = [];
  for (let i = 0; i < approved; i++) ok.push((await send(1_000 + i)).id);
  for (let i = 0; i < held; i++) waiting.push((await send(6_000 + i)).id);
  return { client, approved: ok, held: waiting };
}
const actionIds = async (a: { client: AgentClient }, query: Record<string, string>, limit: number) =>
  (await walkPages(ME_ACTIONS, AgentAction, { query, limit, auth: a.client.auth })).map((x) => x.id);

describe(op, () => {
  scenario({ area: 'Agent Operations', operation: op, section: 'Functional areas', basis: 'supplement' });

  it('status narrows the agent\'s actions; paging by one visits each once; another agent\'s actions never show', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 23: GET /agents/me/actions (status? filter); approval needed when amount > threshold; section 1 paging');
    const mine = await agentWithActions(2, 2);
    const theirs = await agentWithActions(1, 1);
    const all = await actionIds(mine, {}, 1);
    expect(sorted(all), 'paged by one: every action of the agent, each once, and none of another agent\'s').toEqual(sorted([...mine.approved, ...mine.held]));
    recordRule(op, LIST_RULES.pagingOnce);
    recordRule(op, LIST_RULES.scope('customer'));
    expect(sorted(await actionIds(mine, { status: 'PENDING_APPROVAL' }, 1)), 'status=PENDING_APPROVAL lists the held actions only').toEqual(sorted(mine.held));
    expect(sorted(await actionIds(mine, { status: 'APPROVED' }, 100)), 'control: status=APPROVED lists the others').toEqual(sorted(mine.approved));
    recordRule(op, LIST_RULES.filter('status'));
    expect(sorted(await actionIds(theirs, {}, 100)), 'the other agent lists its own two actions').toEqual(sorted([...theirs.approved, ...theirs.held]));
  });

  it('refuses limit 0 and 101 with 400, and accepts 1 and 100', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 1: limit 1–100');
    const { client } = await connectAgent((await customerWithMoney(0)).customerId);
    for (const limit of [0, 101]) expectError(await client.get(ME_ACTIONS, { query: { limit } }), 400, undefined, `supplement 1: limit is 1 to 100; ${op} refuses limit=${limit}`);
    for (const limit of [1, 100]) expectStatus(await client.get(ME_ACTIONS, { query: { limit } }), 200, undefined, `supplement 1: ${op} accepts limit=${limit}`);
    recordRule(op, LIST_RULES.limitRange);
  });
});
