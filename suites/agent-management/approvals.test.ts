// Interface: Functional areas, "Agent Management: ... approve or reject transactions that agents
// start"; "Agent Operations: ... an action that needs approval leaves the resulting transaction pending
// until the platform approves it". The AgentAction machine, GET /agents/approvals, approve and reject,
// AGENT_ACTION.PENDING_APPROVAL: basis: supplement (sections 23 and 27). Money moves only on APPROVED,
// to the cent.
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectEvents } from '../../helpers/events.js';
import { eventually } from '../../helpers/eventually.js';
import { expectError, expectRefusedTransition, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import {
  agentAction, AgentClient, APPROVALS, APPROVE, balanceBecomes, connectAgent, customerWithMoney, ME_EXECUTE, ME_QUOTES, ME_TRANSFER_OUT, policy, REJECT, usdQuote, expectNothingMoved, moneyMark,
} from '../../helpers/flows/agents.js';
import { balanceOf, requireVelocityFor } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, OutgoingTransaction, Quote } from '../../helpers/schemas/index.js';
import { AgentAction, AgentActionPage } from '../../helpers/schemas/agents.js';

const approvalRequired = () => policy({ defaultExecutionMode: 'APPROVAL_REQUIRED' });

/** An agent call that needs approval: a quote execution held PENDING_APPROVAL, announced by AGENT_ACTION.PENDING_APPROVAL. */
async function pendingExecution(client: AgentClient, sourceAccountId: string, destinationAccountId: string, amount: number) {
  const quote = expectStatus(await client.post(ME_QUOTES, { body: usdQuote(sourceAccountId, destinationAccountId, amount) }), 201, Quote);
  const since = await listener.mark();
  const action = expectStatus(await client.post(ME_EXECUTE, { params: { quoteId: quote.id } }), 200, AgentAction, 'execute answers an AgentAction');
  expect(action.status, 'approval needed (mode): PENDING_APPROVAL').toBe('PENDING_APPROVAL');
  expect(action.transaction ?? undefined, 'PENDING_APPROVAL: no transaction').toBeUndefined();
  const [event] = await expectEvents(action.id, [{ type: 'AGENT_ACTION.PENDING_APPROVAL', where: (d) => d.status === 'PENDING_APPROVAL', what: 'the action awaiting approval' }], { since });
  const data = AgentAction.parse(event.data);
  expect(data, 'AGENT_ACTION.PENDING_APPROVAL carries the AgentAction').toMatchObject({ id: action.id, agentId: client.agentId, type: 'EXECUTE_QUOTE' });
  return { quote, action };
}

const decide = (verb: 'approve' | 'reject', agentId: string, actionId: string, body?: Record<string, unknown>) =>
  api.post(verb === 'approve' ? APPROVE : REJECT, { params: { agentId, actionId }, ...(body ? { body } : {}) });

describe.concurrent('Agent actions: approval by the platform', () => {
  scenario({ area: 'Agent Management', operation: 'POST /agents/{agentId}/actions/{actionId}/approve', section: 'Functional areas', basis: 'supplement' });

  it('a call that needs approval waits PENDING_APPROVAL, moving nothing; approve makes it APPROVED with its transaction and debits exactly the quote', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('PENDING_APPROVAL no transaction + AGENT_ACTION.PENDING_APPROVAL; approve -> APPROVED (+transaction); 409 not pending (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(200_000);
    const { agent, client } = await connectAgent(customerId, approvalRequired());
    const mark = await moneyMark(customerId, usd.id);
    const { quote, action } = await pendingExecution(client, usd.id, bank.id, 25_000);
    await expectNothingMoved(customerId, usd.id, mark, 'Agent Operations: the transaction stays pending until the platform approves it; nothing is debited', { awaitingApproval: true });
    noteInterface(
      'agent-pending-approval-transaction',
      ['interface: "an action that needs approval leaves the resulting transaction pending until the platform approves it"', 'supplement 23: "PENDING_APPROVAL, no `transaction`"'],
      'asserted: no transaction on the action and no debit before approval; whether a pending transaction exists elsewhere meanwhile is not judged',
    );

    const listed = expectStatus(await api.get(APPROVALS, { query: { agentId: agent.id } }), 200, AgentActionPage, 'GET /agents/approvals lists AgentActions');
    expect(listed.data.map((a) => a.id), 'the action awaits the platform').toContain(action.id);
    expect(listed.data.every((a) => a.agentId === agent.id), 'the agentId filter holds').toBe(true);

    const approved = expectStatus(await decide('approve', agent.id, action.id), 200, AgentAction, 'approve answers the action');
    expectTransition('agent-action', action.status, approved.status, 'PENDING_APPROVAL', 'APPROVED');
    expect(approved.transaction?.id, 'APPROVED (+transaction)').toBeDefined();
    const txn = expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId: approved.transaction!.id } }), 200, OutgoingTransaction);
    expect(txn.sentAmount.amount, 'the transaction sends what the quote priced').toBe(quote.totalSendingAmount);
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - quote.totalSendingAmount), 'money moves on APPROVED: debit = totalSendingAmount').toBe(usd.balance.amount - quote.totalSendingAmount);

    // Refused: an approved action is not pending.
    expectError(await decide('reject', agent.id, action.id, { reason: 'too late' }), 409);
    expectRefusedTransition('agent-action', 'APPROVED', 'REJECTED', (await agentAction(client, action.id)).status);
    expectError(await decide('approve', agent.id, action.id), 409);
    // Interface, Transaction status: "Approval of a transaction that is not pending platform approval answers
    // 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"; the agent's transaction, its action approved, is not.
    expectError(
      await api.post('/transactions/{transactionId}/approve', { params: { transactionId: approved.transaction!.id }, body: {} }),
      409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL',
      'Interface, Transaction status: approval of a transaction that is not pending platform approval answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL (an agent\'s transaction, approved)',
    );
    expect(await balanceOf(customerId, usd.id), 'a second approve moves nothing more').toBe(usd.balance.amount - quote.totalSendingAmount);
  });

  it('reject makes a pending action REJECTED with its reason and moves nothing; approve afterwards answers 409', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('reject {reason?} -> REJECTED; rejectionReason; 409 not pending (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(200_000);
    const { agent, client } = await connectAgent(customerId, approvalRequired());
    const mark = await moneyMark(customerId, usd.id);
    const { action } = await pendingExecution(client, usd.id, bank.id, 30_000);
    const rejected = expectStatus(await decide('reject', agent.id, action.id, { reason: 'not this week' }), 200, AgentAction, 'reject answers the action');
    expectTransition('agent-action', action.status, rejected.status, 'PENDING_APPROVAL', 'REJECTED');
    expect(rejected.rejectionReason, 'rejectionReason: the reason given').toBe('not this week');
    expect(rejected.transaction ?? undefined, 'a rejected action has no transaction').toBeUndefined();

    expectError(await decide('approve', agent.id, action.id), 409);
    expectRefusedTransition('agent-action', 'REJECTED', 'APPROVED', (await agentAction(client, action.id)).status);
    await expectNothingMoved(customerId, usd.id, mark, 'nothing moved: the action was never APPROVED', { awaitingApproval: true });
  });

  it('approve of an action whose execution fails (the funds are gone) makes it FAILED and moves nothing', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    requireVelocityFor(ctx, 2);
    await basisSupplement('approve -> FAILED when execution fails (expired quote, funds) (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(50_000);
    const { agent, client } = await connectAgent(customerId, approvalRequired());
    const { action } = await pendingExecution(client, usd.id, bank.id, 40_000);
    // The platform spends the money first, by its own transfer.
    expectStatus(await api.post('/transfer-out', { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 50_000 } }), 201, OutgoingTransaction);
    const emptied = await balanceBecomes(customerId, usd.id, 0);
    expect(emptied, 'the platform\'s own transfer emptied the account').toBe(0);
    const failed = expectStatus(await decide('approve', agent.id, action.id), 200, AgentAction, 'approve answers the action');
    expectTransition('agent-action', action.status, failed.status, 'PENDING_APPROVAL', 'FAILED');
    expect(await balanceOf(customerId, usd.id), 'a failed execution moves nothing').toBe(0);
    expectError(await decide('approve', agent.id, action.id), 409);
  });

  it('an APPROVED action whose execution then fails becomes FAILED, and the debit comes back', async (ctx) => {
    const trigger = capabilities.failureTriggers.QUOTE_EXECUTION_FAILED;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no QUOTE_EXECUTION_FAILED trigger', ['transition:agent-action:APPROVED->FAILED']);
    await basisSupplement('APPROVED -> FAILED: execution fails (section 23); destination magic for QUOTE_EXECUTION_FAILED (section 8)');
    noteInterface('agent-action-execution-fails', ['supplement 23: "APPROVED | execution fails (expired quote, funds) | FAILED"'], 'read as: the action\'s transaction fails (QUOTE_EXECUTION_FAILED) after the action was APPROVED');
    const { customerId, usd } = await customerWithMoney(100_000);
    const failing = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId, trigger) }), 201, ExternalAccount);
    const { client } = await connectAgent(customerId);
    const quote = expectStatus(await client.post(ME_QUOTES, { body: usdQuote(usd.id, failing.id, 8_000) }), 201, Quote);
    const approved = expectStatus(await client.post(ME_EXECUTE, { params: { quoteId: quote.id } }), 200, AgentAction);
    expect(approved.transaction?.id, 'auto: APPROVED + transaction').toBeDefined();
    const failed = await eventually(() => agentAction(client, approved.id), (a) => a.status !== 'APPROVED', { timeoutMs: capabilities.eventTimeoutMs, what: `action ${approved.id} to leave APPROVED` });
    expectTransition('agent-action', approved.status, failed.status, 'APPROVED', 'FAILED');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount), 'the failed payment\'s debit is refunded').toBe(usd.balance.amount);
  });

  it('approve and reject of an unknown action, or of another agent\'s action, answer 404', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('approve / reject: 404 (section 23); cross-customer ids -> 404');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { agent, client } = await connectAgent(customerId, approvalRequired());
    const theirs = await customerWithMoney(0);
    const other = await connectAgent(theirs.customerId, approvalRequired());
    const { action } = await pendingExecution(client, usd.id, bank.id, 1_000);
    const { action: theirAction } = await pendingExecution(other.client, theirs.usd.id, theirs.bank.id, 1_000);
    const listed = expectStatus(await api.get(APPROVALS, { query: { agentId: agent.id } }), 200, AgentActionPage, 'GET /agents/approvals?agentId');
    expect(listed.data.map((a) => a.id), 'the agentId filter: this agent\'s pending action').toContain(action.id);
    expect(listed.data.map((a) => a.id), 'the agentId filter: not another agent\'s').not.toContain(theirAction.id);
    const byCustomer = expectStatus(await api.get(APPROVALS, { query: { customerId: theirs.customerId } }), 200, AgentActionPage, 'GET /agents/approvals?customerId');
    expect(byCustomer.data.map((a) => a.id), 'the customerId filter').toEqual([theirAction.id]);
    expectError(await decide('approve', agent.id, 'AgentAction:00000000-0000-4000-8000-000000000000'), 404);
    expectError(await decide('approve', other.agent.id, action.id), 404);
    expectError(await decide('reject', other.agent.id, action.id), 404);
    expect((await agentAction(client, action.id)).status, 'the refused calls left the action pending').toBe('PENDING_APPROVAL');
    // Control: its own agent's id reaches it.
    expectStatus(await decide('reject', agent.id, action.id), 200, AgentAction);
  });

  it('a transfer that needs approval waits too, and moves its exact amount once approved', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/me/transfer-out 201 AgentAction; PENDING_APPROVAL then approve -> APPROVED (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { agent, client } = await connectAgent(customerId, approvalRequired());
    const since = await listener.mark();
    const mark = await moneyMark(customerId, usd.id);
    const action = expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 6_000 } }), 201, AgentAction);
    expect(action.status).toBe('PENDING_APPROVAL');
    await expectEvents(action.id, [{ type: 'AGENT_ACTION.PENDING_APPROVAL', where: (d) => d.type === 'TRANSFER_OUT', what: 'the transfer awaiting approval' }], { since });
    await expectNothingMoved(customerId, usd.id, mark, 'Agent Operations: nothing moves before approval (the resulting transaction stays pending until the platform approves it)', { awaitingApproval: true });
    const approved = expectStatus(await decide('approve', agent.id, action.id), 200, AgentAction);
    expectTransition('agent-action', action.status, approved.status, 'PENDING_APPROVAL', 'APPROVED');
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 6_000), 'money moves on APPROVED').toBe(usd.balance.amount - 6_000);
  });
});
