// Interface: Functional areas, "Agent Operations: ... subject to the agent's policy". Which permission
// each operation needs, and that a missing one answers 403: basis: supplement (section 23; the code of
// a policy denial is not stated, section 28.2, so any 403 code the documents enumerate is accepted).
// Each refusal has its control: the same call by an agent holding the permission succeeds.
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import {
  balanceBecomes, connectAgent, customerWithMoney, ME_EXECUTE, ME_EXTERNAL_ACCOUNT, ME_EXTERNAL_ACCOUNTS, ME_QUOTES, ME_TRANSACTION, ME_TRANSACTIONS,
  ME_TRANSFER_IN, ME_TRANSFER_OUT, policy, usdQuote, without,
  expectAgentDenied, expectNothingMoved, moneyMark,
} from '../../helpers/flows/agents.js';
import { balanceOf, requireVelocityFor } from '../../helpers/flows/transfers.js';
import type { ApiResponse } from '../../helpers/client.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AnyTransaction, ExternalAccount, Page, Quote } from '../../helpers/schemas/index.js';
import { AgentAction } from '../../helpers/schemas/agents.js';
import { ExternalAccountPage } from '../../helpers/schemas/external-accounts.js';
import type { Permission } from '../../helpers/schemas/agents.js';

async function pair(missing: Permission, usd = 100_000) {
  const setup = await customerWithMoney(usd);
  const lacking = await connectAgent(setup.customerId, without(missing));
  const holding = await connectAgent(setup.customerId, policy());
  return { ...setup, lacking: lacking.client, holding: holding.client };
}

describe.concurrent('Agent permissions', () => {
  scenario({ area: 'Agent Operations', operation: 'POST /agents/me/quotes', section: 'Functional areas', basis: 'supplement' });

  it('without CREATE_QUOTES, POST /agents/me/quotes answers 403; with it, 201', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/me/quotes needs CREATE_QUOTES, else 403 (section 23)');
    const { usd, bank, lacking, holding } = await pair('CREATE_QUOTES');
    expectAgentDenied(await lacking.post(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 1_000) }), 'CREATE_QUOTES');
    expectStatus(await holding.post(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 1_000) }), 201, Quote);
  });

  it('without EXECUTE_QUOTES, execute answers 403 and moves nothing; with it, 200', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    requireVelocityFor(ctx, 2);
    await basisSupplement('POST /agents/me/quotes/{quoteId}/execute needs EXECUTE_QUOTES, else 403 (section 23)');
    const { customerId, usd, bank, lacking, holding } = await pair('EXECUTE_QUOTES');
    const refused = expectStatus(await lacking.post(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 1_500) }), 201, Quote);
    const mark = await moneyMark(customerId, usd.id);
    expectAgentDenied(await lacking.post(ME_EXECUTE, { params: { quoteId: refused.id } }), 'EXECUTE_QUOTES');
    await expectNothingMoved(customerId, usd.id, mark, 'a refused execution moves nothing');
    const quote = expectStatus(await holding.post(ME_QUOTES, { body: usdQuote(usd.id, bank.id, 1_500) }), 201, Quote);
    expectStatus(await holding.post(ME_EXECUTE, { params: { quoteId: quote.id } }), 200, AgentAction);
    expect(await balanceBecomes(customerId, usd.id, usd.balance.amount - quote.totalSendingAmount), 'only the permitted execution moved money: its sending total, to the cent').toBe(usd.balance.amount - quote.totalSendingAmount);
  });

  it('without CREATE_TRANSFERS, transfer-out and transfer-in answer 403; with it, 201', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('POST /agents/me/transfer-in, /transfer-out need CREATE_TRANSFERS, else 403 (section 23)');
    const { customerId, usd, bank, lacking, holding } = await pair('CREATE_TRANSFERS');
    const out = { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 1_000 };
    const inward = { source: { accountId: bank.id }, destination: { accountId: usd.id }, amount: 700 };
    const mark = await moneyMark(customerId, usd.id);
    expectAgentDenied(await lacking.post(ME_TRANSFER_OUT, { body: out }), 'CREATE_TRANSFERS (transfer-out)');
    expectAgentDenied(await lacking.post(ME_TRANSFER_IN, { body: inward }), 'CREATE_TRANSFERS (transfer-in)');
    await expectNothingMoved(customerId, usd.id, mark, 'refused transfers move nothing');
    expectStatus(await holding.post(ME_TRANSFER_OUT, { body: out }), 201, AgentAction);
    expectStatus(await holding.post(ME_TRANSFER_IN, { body: inward }), 201, AgentAction);
    const expected = usd.balance.amount - out.amount + inward.amount;
    expect(await balanceBecomes(customerId, usd.id, expected), 'the permitted transfers moved exactly their amounts').toBe(expected);
  });

  it('without VIEW_TRANSACTIONS, the transaction list and a transaction answer 403; with it, 200', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('GET /agents/me/transactions[/{id}] need VIEW_TRANSACTIONS (section 23, inferred)');
    noteInterface('agent-view-transactions-permission', ['supplement 23: "GET /agents/me/transactions[/{id}] | VIEW_TRANSACTIONS *(inferred)*"'], 'asserted: the permission named VIEW_TRANSACTIONS is what the transaction reads need');
    const { usd, bank, lacking, holding } = await pair('VIEW_TRANSACTIONS');
    const action = expectStatus(await holding.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 900 } }), 201, AgentAction);
    const transactionId = action.transaction!.id;
    expectAgentDenied(await lacking.get(ME_TRANSACTIONS), 'VIEW_TRANSACTIONS (list)');
    expectAgentDenied(await lacking.get(ME_TRANSACTION, { params: { transactionId } }), 'VIEW_TRANSACTIONS (one)');
    expectStatus(await holding.get(ME_TRANSACTIONS), 200, Page(AnyTransaction));
    expectStatus(await holding.get(ME_TRANSACTION, { params: { transactionId } }), 200, AnyTransaction);
  });

  it('without MANAGE_EXTERNAL_ACCOUNTS, each external-account operation answers 403; with it, they succeed', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('/agents/me/external-accounts GET, POST, /{id} GET, DELETE need MANAGE_EXTERNAL_ACCOUNTS (section 23)');
    const { customerId, bank, lacking, holding } = await pair('MANAGE_EXTERNAL_ACCOUNTS', 0);
    const { customerId: _c, ...body } = usdAccount(customerId);
    const params = { externalAccountId: bank.id };
    expectAgentDenied(await lacking.get(ME_EXTERNAL_ACCOUNTS), 'MANAGE_EXTERNAL_ACCOUNTS (list)');
    expectAgentDenied(await lacking.post(ME_EXTERNAL_ACCOUNTS, { body }), 'MANAGE_EXTERNAL_ACCOUNTS (create)');
    expectAgentDenied(await lacking.get(ME_EXTERNAL_ACCOUNT, { params }), 'MANAGE_EXTERNAL_ACCOUNTS (get)');
    expectAgentDenied(await lacking.delete(ME_EXTERNAL_ACCOUNT, { params }), 'MANAGE_EXTERNAL_ACCOUNTS (delete)');
    expectStatus(await api.get('/customers/external-accounts/{externalAccountId}', { params }), 200, ExternalAccount, 'the refused delete left the account');
    expectStatus(await holding.get(ME_EXTERNAL_ACCOUNTS), 200, ExternalAccountPage);
    expectStatus(await holding.post(ME_EXTERNAL_ACCOUNTS, { body }), 201, ExternalAccount);
    expectStatus(await holding.get(ME_EXTERNAL_ACCOUNT, { params }), 200, ExternalAccount);
    expectStatus(await holding.delete(ME_EXTERNAL_ACCOUNT, { params }), 204);
  });
});
