// Interface: Functional areas, "Agent Operations: called by the agent with its own credentials;
// scoped to the agent's customer and subject to the agent's policy"; Authentication ("an agent scheme
// used by agents with credentials obtained through device-code redemption; an agent's requests act for
// its associated customer under the agent's policy"). Paths, bodies and answers: basis: supplement
// (sections 1, 11 and 23). The money moves as the platform's own operations move it, to the cent.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { eventually } from '../../helpers/eventually.js';
import {
  agentAction, balanceBecomes, connectAgent, customerWithMoney, ME, ME_ACTIONS, ME_EXECUTE, ME_EXTERNAL_ACCOUNT, ME_EXTERNAL_ACCOUNTS, ME_INTERNAL_ACCOUNTS,
  ME_QUOTE, ME_QUOTES, ME_TRANSACTION, ME_TRANSACTIONS, ME_TRANSFER_IN, ME_TRANSFER_OUT, policy, usdQuote,
} from '../../helpers/flows/agents.js';
import { eurDestination, expectQuoteMoney, platformConfig, requireVelocityFor } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AnyTransaction, ExternalAccount, InternalAccount, OutgoingTransaction, Page, Quote } from '../../helpers/schemas/index.js';
import { Agent, AgentAction, AgentActionPage } from '../../helpers/schemas/agents.js';
import { ExternalAccountPage } from '../../helpers/schemas/external-accounts.js';

describe.concurrent('Agent operations with the Bearer token', () => {
  scenario({ area: 'Agent Operations', operation: 'POST /agents/me/quotes/{quoteId}/execute', section: 'Functional areas', basis: 'supplement' });

  it('GET /agents/me answers the agent itself; without its token the call is refused with 401', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('GET /agents/me: 200 Agent; 401 (section 23)');
    const { customerId } = await customerWithMoney(0);
    const { agent, client } = await connectAgent(customerId);
    const me = expectStatus(await client.get(ME), 200, Agent, 'GET /agents/me answers the calling agent');
    expect(me.id).toBe(agent.id);
    expect(me.customerId, 'the agent acts for its associated customer').toBe(customerId);
    expectError(await api.get(ME, { auth: 'none' }), 401);
    expectError(await api.get(ME, { auth: { authorization: `Bearer ${randomUUID()}` } }), 401);
  });

  it('an AUTO quote execution answers an APPROVED action with its transaction, and debits exactly the quote', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/me/quotes 201 Quote; execute 200 AgentAction; auto -> APPROVED + transaction (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(300_000);
    const { agent, client } = await connectAgent(customerId, policy({ approvalThresholds: { currency: 'USD', amount: 100_000 } }));
    const body = usdQuote(usd.id, bank.id, 12_345);
    const { feeConfigs = [] } = await platformConfig();
    const quote = expectStatus(await client.post(ME_QUOTES, { body }), 201, Quote, 'POST /agents/me/quotes creates a Quote');
    expectQuoteMoney(quote, body, feeConfigs);
    const again = expectStatus(await client.get(ME_QUOTE, { params: { quoteId: quote.id } }), 200, Quote, 'GET /agents/me/quotes/{quoteId}: the agent\'s own quote');
    expect(again.id).toBe(quote.id);

    const action = expectStatus(await client.post(ME_EXECUTE, { params: { quoteId: quote.id } }), 200, AgentAction, 'execute answers an AgentAction');
    expect(action).toMatchObject({ status: 'APPROVED', type: 'EXECUTE_QUOTE', agentId: agent.id, customerId });
    expect(action.transaction?.id, 'auto: APPROVED + transaction').toBeDefined();
    expect(action.quote?.id, 'the action names its quote').toBe(quote.id);
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - quote.totalSendingAmount), 'debit = totalSendingAmount').toBe(usd.balance.amount - quote.totalSendingAmount);

    const txn = expectStatus(await client.get(ME_TRANSACTION, { params: { transactionId: action.transaction!.id } }), 200, AnyTransaction, 'GET /agents/me/transactions/{transactionId}');
    expect(txn.id).toBe(action.transaction!.id);
    const list = expectStatus(await client.get(ME_TRANSACTIONS), 200, Page(AnyTransaction), 'GET /agents/me/transactions');
    expect(list.data.map((t) => t.id), 'the agent lists its customer\'s transactions').toContain(txn.id);
    // A second call above the approval threshold waits: the status filter tells the two apart.
    const held = expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 100_001 } }), 201, AgentAction);
    expect(held.status, 'amount > threshold: approval needed').toBe('PENDING_APPROVAL');
    const actions = expectStatus(await client.get(ME_ACTIONS, { query: { status: 'APPROVED' } }), 200, AgentActionPage, 'GET /agents/me/actions?status=APPROVED');
    expect(actions.data.map((a) => a.id)).toContain(action.id);
    expect(actions.data.every((a) => a.status === 'APPROVED'), 'the status filter holds').toBe(true);
    const waiting = expectStatus(await client.get(ME_ACTIONS, { query: { status: 'PENDING_APPROVAL' } }), 200, AgentActionPage, 'GET /agents/me/actions?status=PENDING_APPROVAL');
    expect(waiting.data.map((a) => a.id), 'status filter').toEqual([held.id]);
    expect((await agentAction(client, action.id)).id).toBe(action.id);
  });

  it('a cross-currency quote is priced against the fee configuration and its execution debits exactly its sending total', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/me/quotes 201 Quote (bodies as POST /quotes); execute 200 AgentAction (section 23); quote money (section 8)');
    const { customerId, usd } = await customerWithMoney(300_000);
    const eur = await eurDestination(customerId);
    const { client } = await connectAgent(customerId);
    const body = usdQuote(usd.id, eur.id, 54_321);
    const { feeConfigs = [] } = await platformConfig();
    const quote = expectStatus(await client.post(ME_QUOTES, { body }), 201, Quote, 'POST /agents/me/quotes creates a Quote');
    expect(quote.receivingCurrency.code).toBe('EUR');
    expectQuoteMoney(quote, body, feeConfigs);
    const action = expectStatus(await client.post(ME_EXECUTE, { params: { quoteId: quote.id } }), 200, AgentAction);
    expect(action.status).toBe('APPROVED');
    const txn = expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId: action.transaction!.id } }), 200, OutgoingTransaction);
    expect(txn.quoteId, 'the transaction of the agent\'s quote').toBe(quote.id);
    expect(txn.receivedAmount?.amount, 'receivedAmount = the quote\'s totalReceivingAmount').toBe(quote.totalReceivingAmount);
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - quote.totalSendingAmount), 'debit = totalSendingAmount').toBe(usd.balance.amount - quote.totalSendingAmount);
  });

  it('transfer-out and transfer-in answer 201 AgentActions and move exactly their amounts', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/me/transfer-out, /transfer-in: 201 AgentAction, bodies as /transfer-out, /transfer-in (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { client } = await connectAgent(customerId);
    const out = expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 4_000 } }), 201, AgentAction, 'transfer-out answers 201 AgentAction');
    expect(out).toMatchObject({ status: 'APPROVED', type: 'TRANSFER_OUT' });
    expect(out.transferDetails, 'transferDetails of the request').toMatchObject({ amount: 4_000, sourceAccountId: usd.id, destinationAccountId: bank.id });
    expect(out.transaction?.id, 'auto: APPROVED + transaction').toBeDefined();
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 4_000)).toBe(usd.balance.amount - 4_000);

    const inward = expectStatus(await client.post(ME_TRANSFER_IN, { body: { source: { accountId: bank.id }, destination: { accountId: usd.id }, amount: 2_500 } }), 201, AgentAction, 'transfer-in answers 201 AgentAction');
    expect(inward).toMatchObject({ status: 'APPROVED', type: 'TRANSFER_IN' });
    expect(inward.transferDetails).toMatchObject({ amount: 2_500, sourceAccountId: bank.id, destinationAccountId: usd.id });
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 4_000 + 2_500), 'the pull credits exactly its amount').toBe(usd.balance.amount - 4_000 + 2_500);
  });

  it('a repeated money call with the same Idempotency-Key returns the first action and moves the money once', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    requireVelocityFor(ctx, 2);
    await basisSupplement('Idempotency-Key on agent money calls: a repeat returns the first response (section 1)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { client } = await connectAgent(customerId);
    const key = randomUUID();
    const body = { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 3_000 };
    const first = expectStatus(await client.post(ME_TRANSFER_OUT, { body, headers: { 'Idempotency-Key': key } }), 201, AgentAction);
    const second = expectStatus(await client.post(ME_TRANSFER_OUT, { body, headers: { 'Idempotency-Key': key } }), 201, AgentAction);
    expect(second.id, 'the repeat returns the first action').toBe(first.id);
    // Control: another key is another call.
    const third = expectStatus(await client.post(ME_TRANSFER_OUT, { body, headers: { 'Idempotency-Key': randomUUID() } }), 201, AgentAction);
    expect(third.id).not.toBe(first.id);
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - 6_000), 'two calls moved money, not three').toBe(usd.balance.amount - 6_000);
  });

  it('a repeated transfer-in, quote or execution with the same Idempotency-Key returns the first answer, and moves the money once', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    requireVelocityFor(ctx, 2);
    await basisSupplement('Idempotency-Key on agent money calls: a repeat returns the first response (section 1); POST /agents/me/transfer-in 201, /agents/me/quotes 201, execute 200 AgentAction (section 23)');
    const { customerId, usd, bank } = await customerWithMoney(100_000);
    const { client } = await connectAgent(customerId);
    const twice = async <S extends typeof AgentAction | typeof Quote>(path: string, o: { body?: Record<string, unknown>; params?: Record<string, string> }, status: number, schema: S): Promise<z.infer<S>> => {
      const headers = { 'Idempotency-Key': randomUUID() };
      const first = expectStatus(await client.post(path, { ...o, headers }), status, schema, `POST ${path}`) as z.infer<S>;
      const again = expectStatus(await client.post(path, { ...o, headers }), status, schema, `supplement 1: POST ${path} repeated with its Idempotency-Key returns the first response`) as z.infer<S>;
      expect(again.id, `supplement 1: POST ${path} repeated with its Idempotency-Key returns the first response`).toBe(first.id);
      return first;
    };
    await twice(ME_TRANSFER_IN, { body: { source: { accountId: bank.id }, destination: { accountId: usd.id }, amount: 2_000 } }, 201, AgentAction);
    const quote = await twice(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 5_000) }, 201, Quote);
    // Control: another key is another quote.
    const other = expectStatus(await client.post(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 5_000), headers: { 'Idempotency-Key': randomUUID() } }), 201, Quote);
    expect(other.id, 'another Idempotency-Key is another call').not.toBe(quote.id);
    const action = await twice(ME_EXECUTE, { params: { quoteId: quote.id } }, 200, AgentAction);
    expect(action.status, 'AUTO: the execution is APPROVED').toBe('APPROVED');
    // Control: another key is another execution, of a quote already executed.
    expectError(await client.post(ME_EXECUTE, { params: { quoteId: quote.id }, headers: { 'Idempotency-Key': randomUUID() } }), 409, undefined, 'Description, POST /agents/me/quotes/{quoteId}/execute: 409 "Conflict - Quote already executed, expired, or in invalid state"');
    const expected = usd.balance.amount + 2_000 - quote.totalSendingAmount;
    expect(await balanceBecomes(customerId, usd.id, expected), 'one pull and one execution moved money, each once').toBe(expected);
  });

  it('lists the customer\'s internal accounts, and manages its external accounts (create, get, list, delete; 409 when it exists)', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('GET /agents/me/internal-accounts; /agents/me/external-accounts GET, POST, /{id} GET, DELETE: 200/201/200/204, 409 exists (section 23)');
    const { customerId, usd } = await customerWithMoney(0);
    const { client } = await connectAgent(customerId);
    const internal = expectStatus(await client.get(ME_INTERNAL_ACCOUNTS, { query: { currency: 'USD' } }), 200, Page(InternalAccount), 'GET /agents/me/internal-accounts');
    expect(internal.data.map((a) => a.id)).toContain(usd.id);
    expect(internal.data.every((a) => a.balance.currency.code === 'USD'), 'the currency filter holds').toBe(true);

    const { customerId: _own, ...body } = usdAccount(customerId);
    const created = expectStatus(await client.post(ME_EXTERNAL_ACCOUNTS, { body }), 201, ExternalAccount, 'POST /agents/me/external-accounts');
    expect(created.customerId, 'the account is the agent\'s customer\'s').toBe(customerId);
    expectError(await client.post(ME_EXTERNAL_ACCOUNTS, { body }), 409);
    const got = expectStatus(await client.get(ME_EXTERNAL_ACCOUNT, { params: { externalAccountId: created.id } }), 200, ExternalAccount);
    expect(got.id).toBe(created.id);
    const list = expectStatus(await client.get(ME_EXTERNAL_ACCOUNTS), 200, ExternalAccountPage, 'GET /agents/me/external-accounts');
    expect(list.data.map((a) => a.id)).toContain(created.id);
    expectStatus(await client.delete(ME_EXTERNAL_ACCOUNT, { params: { externalAccountId: created.id } }), 204);
    expectError(await client.get(ME_EXTERNAL_ACCOUNT, { params: { externalAccountId: created.id } }), 404);
    // The platform sees the same accounts: the agent's account was the customer's, and it is gone.
    expectError(await api.get('/customers/external-accounts/{externalAccountId}', { params: { externalAccountId: created.id } }), 404);
  });
});
