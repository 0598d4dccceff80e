// The agent-management lists: GET /agents and GET /agents/approvals. Each documented filter narrows
// (with its control), one customer's agents and actions never show in another's list, paging with a
// small limit visits every item once, limit outside 1–100 is refused. basis: supplement (section 1:
// limit 1–100, cursor = the previous nextCursor; section 23: GET /agents customerId?, isPaused?,
// isConnected?; GET /agents/approvals agentId?, customerId?, startDate?, endDate?, sortOrder).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { AGENT, AGENTS, APPROVALS, connectAgent, createAgent, customerWithMoney, ME_TRANSFER_OUT, policy } from '../../helpers/flows/agents.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { eventually } from '../../helpers/eventually.js';
import { api, capabilities } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Agent, AgentAction } from '../../helpers/schemas/agents.js';

const sorted = (ids: string[]) => [...ids].sort();
const at = (iso: string) => Date.parse(iso);
const idsOf = async (template: string, query: Record<string, string>, limit: number) => (await walkPages(template, template === AGENTS ? Agent : AgentAction, { query, limit, settled: true })).map((x) => x.id);

async function limitRange(op: string, template: string) {
  for (const limit of [0, 101]) expectError(await api.get(template, { query: { limit } }), 400, undefined, `supplement 1: limit is 1 to 100; ${op} refuses limit=${limit}`);
  for (const limit of [1, 100]) expectStatus(await api.get(template, { query: { limit } }), 200, undefined, `supplement 1: ${op} accepts limit=${limit}`);
  recordRule(op, LIST_RULES.limitRange);
}

describe('GET /agents', () => {
  const op = 'GET /agents';
  scenario({ area: 'Agent Management', operation: op, section: 'Functional areas', basis: 'supplement' });

  it('customerId, isPaused and isConnected each narrow the list; one customer never sees another\'s agents; paging by one visits each agent once', async () => {
    await basisSupplement('section 23: GET /agents customerId?, isPaused?, isConnected?, paging; section 1');
    const x = (await createCustomer(individual())).id;
    const y = (await createCustomer(individual())).id;
    const connected = (await connectAgent(x)).agent.id;
    const paused = (await createAgent(x)).agent.id;
    expectStatus(await api.patch(AGENT, { params: { agentId: paused }, body: { isPaused: true } }), 200, Agent);
    const plain = (await createAgent(x)).agent.id;
    const theirs = (await createAgent(y)).agent.id;

    expect(sorted(await idsOf(AGENTS, { customerId: x }, 1)), `customerId=${x}, paged by one, lists exactly its three agents, each once`).toEqual(sorted([connected, paused, plain]));
    recordRule(op, LIST_RULES.pagingOnce);
    recordRule(op, LIST_RULES.filter('customerId'));
    expect(await idsOf(AGENTS, { customerId: y }, 2), 'another customer\'s list holds its own agent and none of the first one\'s').toEqual([theirs]);
    recordRule(op, LIST_RULES.scope('customer'));

    expect(await idsOf(AGENTS, { customerId: x, isPaused: 'true' }, 100), 'isPaused=true lists the paused agent only').toEqual([paused]);
    expect(sorted(await idsOf(AGENTS, { customerId: x, isPaused: 'false' }, 100)), 'control: isPaused=false lists the other two').toEqual(sorted([connected, plain]));
    recordRule(op, LIST_RULES.filter('isPaused'));
    expect(await idsOf(AGENTS, { customerId: x, isConnected: 'true' }, 100), 'isConnected=true lists the agent whose code was redeemed only').toEqual([connected]);
    expect(sorted(await idsOf(AGENTS, { customerId: x, isConnected: 'false' }, 100)), 'control: isConnected=false lists the other two').toEqual(sorted([paused, plain]));
    recordRule(op, LIST_RULES.filter('isConnected'));
  });

  it('createdAfter/createdBefore and updatedAfter/updatedBefore bound the list by time', async () => {
    await basisSupplement('section 23: GET /agents created/updatedAfter/Before?');
    const z = (await createCustomer(individual())).id;
    const first = (await createAgent(z)).agent;
    // Created at least 2 ms after the first (each try a request later; a target may keep milliseconds
    // alike), so a bound lies strictly between the two, whether a target's bounds are inclusive or not
    // (section 23 does not say) …
    const second = await eventually(async () => (await createAgent(z)).agent, (a) => at(a.createdAt) > at(first.createdAt) + 1, { timeoutMs: 5_000, what: 'an agent created 2 ms or more after the first' });
    const agents = await idsOf(AGENTS, { customerId: z }, 100);
    // … and the first updated 2 ms or more after the second was, so updated* cannot be told by created* alone.
    // A new name each time: a target may leave updatedAt alone on an update that changes nothing.
    let tries = 0;
    const updated = await eventually(
      async () => expectStatus(await api.patch(AGENT, { params: { agentId: first.id }, body: { name: `${first.name} ${++tries}` } }), 200, Agent),
      (a) => at(a.updatedAt) > at(second.updatedAt) + 1,
      { timeoutMs: 5_000, what: `agent ${first.id} updated 2 ms or more after ${second.id}` },
    );
    const others = agents.filter((id) => id !== first.id && id !== second.id);
    const within = async (query: Record<string, string>) => (await idsOf(AGENTS, { customerId: z, ...query }, 100)).filter((id) => !others.includes(id));
    const iso = (ms: number) => new Date(ms).toISOString();
    const createdBetween = iso(at(first.createdAt) + 1);
    const updatedBetween = iso(at(second.updatedAt) + 1);
    expect(await within({ createdAfter: createdBetween }), `createdAfter=${createdBetween} lists the later agent only`).toEqual([second.id]);
    expect(await within({ createdBefore: createdBetween }), `createdBefore=${createdBetween} lists the earlier agent only`).toEqual([first.id]);
    expect(await within({ updatedAfter: updatedBetween }), `updatedAfter=${updatedBetween} lists the agent updated last only (updated ${updated.updatedAt})`).toEqual([first.id]);
    expect(await within({ updatedBefore: updatedBetween }), `updatedBefore=${updatedBetween} leaves out the agent updated after it`).toEqual([second.id]);
    for (const f of ['createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore']) recordRule(op, LIST_RULES.filter(f));
  });

  it('refuses limit 0 and 101 with 400, and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100');
    await limitRange(op, AGENTS);
  });
});

describe('GET /agents/approvals', () => {
  const op = 'GET /agents/approvals';
  scenario({ area: 'Agent Management', operation: op, section: 'Functional areas', basis: 'supplement' });

  it('agentId, customerId, startDate and endDate each narrow the actions awaiting approval; one customer never sees another\'s; paging by one visits each once', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 23: GET /agents/approvals agentId?, customerId?, startDate?, endDate?, paging, sortOrder; section 1');
    const held = async (n: number) => {
      const { customerId, usd, bank } = await customerWithMoney(100_000);
      const { agent, client } = await connectAgent(customerId, policy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }));
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const action = expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 1_000 + i } }), 201, AgentAction);
        expect(action.status, 'APPROVAL_REQUIRED: the action waits').toBe('PENDING_APPROVAL');
        ids.push(action.id);
      }
      return { customerId, agentId: agent.id, ids, usd: usd.id, bank: bank.id };
    };
    const a = await held(3);
    const b = await held(1);
    // A second agent of a's customer: the agentId filter must tell the two apart.
    const { agent: sibling, client } = await connectAgent(a.customerId, policy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }));
    const siblingAction = expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: a.usd }, destination: { accountId: a.bank }, amount: 500 } }), 201, AgentAction).id;

    expect(sorted(await idsOf(APPROVALS, { agentId: a.agentId }, 1)), 'agentId, paged by one: exactly the agent\'s three held actions, each once, not its sibling\'s').toEqual(sorted(a.ids));
    recordRule(op, LIST_RULES.pagingOnce);
    expect(await idsOf(APPROVALS, { agentId: sibling.id }, 100), 'control: the sibling agent\'s own held action').toEqual([siblingAction]);
    recordRule(op, LIST_RULES.filter('agentId'));
    expect(sorted(await idsOf(APPROVALS, { customerId: a.customerId }, 2)), 'customerId lists both agents\' held actions of that customer').toEqual(sorted([...a.ids, siblingAction]));
    expect(await idsOf(APPROVALS, { customerId: b.customerId }, 100), 'another customer\'s list holds its own action only').toEqual(b.ids);
    recordRule(op, LIST_RULES.filter('customerId'));
    recordRule(op, LIST_RULES.scope('customer'));

    // startDate and endDate (supplement 23) read createdAt, as GET /transactions' do (judged alike in
    // suites/transactions/list-filters.test.ts): bounds a millisecond outside the held actions' own
    // keep them all or none.
    const createdAt = new Map((await walkPages(APPROVALS, AgentAction, { query: { agentId: a.agentId }, limit: 100, settled: true })).map((x) => [x.id, at(x.createdAt)]));
    const created = [...createdAt.values()];
    const before = new Date(Math.min(...created) - 1).toISOString();
    const after = new Date(Math.max(...created) + 1).toISOString();
    expect(sorted(await idsOf(APPROVALS, { agentId: a.agentId, startDate: before }, 100)), 'control: startDate before them all: all three').toEqual(sorted(a.ids));
    expect(await idsOf(APPROVALS, { agentId: a.agentId, startDate: after }, 100), 'startDate after them all: none').toEqual([]);
    recordRule(op, LIST_RULES.filter('startDate'));
    expect(await idsOf(APPROVALS, { agentId: a.agentId, endDate: before }, 100), 'endDate before them all: none').toEqual([]);
    expect(sorted(await idsOf(APPROVALS, { agentId: a.agentId, endDate: after }, 100)), 'control: endDate after them all: all three').toEqual(sorted(a.ids));
    recordRule(op, LIST_RULES.filter('endDate'));

    // sortOrder (supplement 23; section 1: asc|desc): asc is desc reversed. Section 1 gives the default
    // (desc) for transactions and cards only, so the approvals' default is not judged.
    const asc = await idsOf(APPROVALS, { agentId: a.agentId, sortOrder: 'asc' }, 2);
    const desc = await idsOf(APPROVALS, { agentId: a.agentId, sortOrder: 'desc' }, 2);
    expect(asc, 'sortOrder=asc lists the held actions in the reverse of desc').toEqual([...desc].reverse());
    // The actions were made one after another; two made within one clock tick may come in either order.
    const ascTimes = asc.map((id) => createdAt.get(id) ?? Number.NaN);
    expect(ascTimes, 'asc lists the actions oldest first (by createdAt)').toEqual([...ascTimes].sort((x, y) => x - y));
    recordRule(op, LIST_RULES.filter('sortOrder'));
  });

  it('refuses limit 0 and 101 with 400, and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100');
    await limitRange(op, APPROVALS);
  });
});
