// Interface: Functional areas, "Agent Operations: ... subject to the agent's policy; an action that
// needs approval leaves the resulting transaction pending until the platform approves it". The
// policy's parts (spending limits, account restrictions and rules, approval thresholds), the usage
// kept, and which call needs approval: basis: supplement (section 23). A limit or restriction refuses
// with 403 (its code is not stated, section 28.2). Every refusal has its control, and a refused call
// moves no money. Amounts are same-currency USD transfers, so the amount limited is the amount asked.
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import type { ApiResponse } from '../../helpers/client.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { AgentClient, balanceBecomes, connectAgent, customerWithMoney, expectAgentDenied, getAgent, ME, ME_TRANSFER_OUT, policy, expectNothingMoved, moneyMark } from '../../helpers/flows/agents.js';
import { balanceOf, requireVelocityFor } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { amountOf, ExternalAccount } from '../../helpers/schemas/index.js';
import { Agent, AgentAction } from '../../helpers/schemas/agents.js';

const transferOut = (client: AgentClient, sourceAccountId: string, destinationAccountId: string, amount: number) =>
  client.post(ME_TRANSFER_OUT, { body: { source: { accountId: sourceAccountId }, destination: { accountId: destinationAccountId }, amount } });

async function expectAction(res: ApiResponse, status: 'APPROVED' | 'PENDING_APPROVAL', rule: string) {
  const action = expectStatus(res, 201, AgentAction, rule);
  expect(action.status, rule).toBe(status);
  if (status === 'PENDING_APPROVAL') expect(action.transaction ?? undefined, 'PENDING_APPROVAL: no transaction').toBeUndefined();
  else expect(action.transaction?.id, 'APPROVED + transaction').toBeDefined();
  return action;
}

describe.concurrent('Agent policy: approval, restrictions, limits and usage', () => {
  scenario({ area: 'Agent Operations', operation: 'POST /agents/me/transfer-out', section: 'Functional areas', basis: 'supplement' });

  it('an amount above approvalThresholds.amount needs approval; the threshold amount itself runs at once', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('approval needed when amount > threshold; auto -> APPROVED + transaction (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { client } = await connectAgent(customerId, policy({ approvalThresholds: { currency: 'USD', amount: 2_000 } }));
    await expectAction(await transferOut(client, usd.id, bank.id, 2_000), 'APPROVED', 'amount = threshold: auto');
    await expectAction(await transferOut(client, usd.id, bank.id, 2_001), 'PENDING_APPROVAL', 'amount > threshold: approval needed');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 2_000), 'only the approved action moved money').toBe(usd.balance.amount - 2_000);
  });

  it('an account rule with executionMode APPROVAL_REQUIRED holds an AUTO agent\'s call on that account; without the rule it runs', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('approval needed (account rule); accountRules[{accountId, executionMode?}] (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const rules = [usd.id, bank.id].map((accountId) => ({ accountId, executionMode: 'APPROVAL_REQUIRED' }));
    const ruled = await connectAgent(customerId, policy({ accountRestrictions: { accountRules: rules } }));
    const plain = await connectAgent(customerId, policy());
    await expectAction(await transferOut(ruled.client, usd.id, bank.id, 1_000), 'PENDING_APPROVAL', 'the account rule asks for approval');
    await expectAction(await transferOut(plain.client, usd.id, bank.id, 1_000), 'APPROVED', 'control: no rule, AUTO');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 1_000), 'only the call without the rule moved money, to the cent').toBe(usd.balance.amount - 1_000);
  });

  it('an account rule\'s perTransactionLimit refuses a larger amount with 403; a smaller one runs', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('accountRules[{accountId, perTransactionLimit?}]; limit denial 403 (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const rules = [usd.id, bank.id].map((accountId) => ({ accountId, perTransactionLimit: 1_000 }));
    const { client } = await connectAgent(customerId, policy({ accountRestrictions: { accountRules: rules } }));
    const mark = await moneyMark(customerId, usd.id);
    expectAgentDenied(await transferOut(client, usd.id, bank.id, 1_500), 'the account rule\'s perTransactionLimit');
    await expectNothingMoved(customerId, usd.id, mark, 'the refused call moved nothing');
    await expectAction(await transferOut(client, usd.id, bank.id, 900), 'APPROVED', 'control: within the rule\'s limit');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 900), 'the control moved its amount, to the cent').toBe(usd.balance.amount - 900);
  });

  it('allowedAccountIds refuses a call on other accounts with 403; listing them lets it run', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('accountRestrictions.allowedAccountIds; policy denial 403 (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const other = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
    const narrow = await connectAgent(customerId, policy({ accountRestrictions: { allowedAccountIds: [other.id] } }));
    const wide = await connectAgent(customerId, policy({ accountRestrictions: { allowedAccountIds: [usd.id, bank.id] } }));
    const mark = await moneyMark(customerId, usd.id);
    expectAgentDenied(await transferOut(narrow.client, usd.id, bank.id, 1_000), 'allowedAccountIds');
    await expectNothingMoved(customerId, usd.id, mark, 'the refused call moved nothing');
    await expectAction(await transferOut(wide.client, usd.id, bank.id, 1_000), 'APPROVED', 'control: the accounts are allowed');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 1_000), 'the control moved its amount, to the cent').toBe(usd.balance.amount - 1_000);
  });

  it('spendingLimits.perTransactionLimit refuses a larger amount with 403; a smaller one runs', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('spendingLimits.perTransactionLimit; limit denial 403 (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { client } = await connectAgent(customerId, policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 5_000 } }));
    const mark = await moneyMark(customerId, usd.id);
    expectAgentDenied(await transferOut(client, usd.id, bank.id, 5_001), 'perTransactionLimit');
    await expectNothingMoved(customerId, usd.id, mark, 'the refused call moved nothing');
    await expectAction(await transferOut(client, usd.id, bank.id, 4_000), 'APPROVED', 'control: within the limit');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 4_000), 'the control moved its amount, to the cent').toBe(usd.balance.amount - 4_000);
  });

  it('dailyLimit refuses the call that would pass it, and usage keeps the day\'s count and spend', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    // Three transfer-outs of one customer, one of them refused (a target may count it).
    requireVelocityFor(ctx, 3);
    await basisSupplement('spendingLimits.dailyLimit; usage {dailyTransactionCount, dailySpend, monthlySpend} (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { agent, client } = await connectAgent(customerId, policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 100_000, dailyLimit: 5_000 } }));
    expect(agent.usage.dailyTransactionCount, 'a new agent has spent nothing').toBe(0);
    expect(amountOf(agent.usage.dailySpend)).toBe(0);
    await expectAction(await transferOut(client, usd.id, bank.id, 3_000), 'APPROVED', 'within the daily limit');
    expectAgentDenied(await transferOut(client, usd.id, bank.id, 3_000), 'dailyLimit: 3,000 + 3,000 > 5,000');
    await expectAction(await transferOut(client, usd.id, bank.id, 2_000), 'APPROVED', 'control: 3,000 + 2,000 is within the daily limit');
    const after = await getAgent(agent.id);
    expect(after.usage.dailyTransactionCount, 'usage: two calls ran').toBe(2);
    expect(amountOf(after.usage.dailySpend), 'usage: the day\'s spend').toBe(5_000);
    expect(amountOf(after.usage.monthlySpend), 'usage: the month\'s spend').toBe(5_000);
    const me = expectStatus(await client.get(ME), 200, Agent);
    expect(amountOf(me.usage.dailySpend), 'the agent sees the same usage').toBe(5_000);
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 5_000)).toBe(usd.balance.amount - 5_000);
  });

  it('dailyTransactionLimit refuses the call past the day\'s count', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    requireVelocityFor(ctx, 2);
    await basisSupplement('spendingLimits.dailyTransactionLimit; limit denial 403 (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { client } = await connectAgent(customerId, policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 100_000, dailyTransactionLimit: 1 } }));
    await expectAction(await transferOut(client, usd.id, bank.id, 1_000), 'APPROVED', 'the first call of the day');
    expectAgentDenied(await transferOut(client, usd.id, bank.id, 1_000), 'dailyTransactionLimit: one call a day');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 1_000), 'one call moved money').toBe(usd.balance.amount - 1_000);
  });

  it('monthlyLimit refuses the call that would pass it; a smaller one still runs', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    // Three transfer-outs of one customer, one of them refused (a target may count it).
    requireVelocityFor(ctx, 3);
    await basisSupplement('spendingLimits.monthlyLimit; limit denial 403 (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { agent, client } = await connectAgent(customerId, policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 100_000, monthlyLimit: 4_000 } }));
    await expectAction(await transferOut(client, usd.id, bank.id, 3_000), 'APPROVED', 'within the monthly limit');
    expectAgentDenied(await transferOut(client, usd.id, bank.id, 1_500), 'monthlyLimit: 3,000 + 1,500 > 4,000');
    await expectAction(await transferOut(client, usd.id, bank.id, 1_000), 'APPROVED', 'control: 3,000 + 1,000 is within the monthly limit');
    expect(amountOf((await getAgent(agent.id)).usage.monthlySpend), 'usage: the month\'s spend').toBe(4_000);
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 4_000), 'the two calls that ran moved 4,000, to the cent').toBe(usd.balance.amount - 4_000);
  });
});
