// Interface: Functional areas, "Agent Operations: ... scoped to the agent's customer"; Authentication
// ("an agent's requests act for its associated customer"). Cross-customer ids answer 404: basis:
// supplement (section 23). Each refusal has its control: the owning customer's agent reaches the same id.
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import {
  balanceBecomes, connectAgent, customerWithMoney, ME_ACTION, ME_EXECUTE, ME_EXTERNAL_ACCOUNT, ME_QUOTE, ME_QUOTES, ME_TRANSACTION, ME_TRANSFER_IN, ME_TRANSFER_OUT, usdQuote,
} from '../../helpers/flows/agents.js';
import { balanceOf, requireVelocityFor } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AnyTransaction, ExternalAccount, Quote } from '../../helpers/schemas/index.js';
import { AgentAction } from '../../helpers/schemas/agents.js';

describe.concurrent('Agent scope: another customer\'s ids', () => {
  scenario({ area: 'Agent Operations', operation: 'GET /agents/me/quotes/{quoteId}', section: 'Functional areas', basis: 'supplement' });

  it('answers 404 for another customer\'s accounts, quotes, actions and transactions, and moves none of its money', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    // Four requests naming the other customer's account: two quotes, and a quote and a transfer-out
    // refused (a target may count refused ones too; supplement 1 does not say).
    requireVelocityFor(ctx, 4);
    await basisSupplement('cross-customer ids -> 404 (section 23)');
    const mine = await customerWithMoney(50_000);
    const theirs = await customerWithMoney(50_000);
    const me = await connectAgent(mine.customerId);
    const them = await connectAgent(theirs.customerId);

    // Their own agent reaches their ids (the controls).
    const quote = expectStatus(await them.client.post(ME_QUOTES, { body: usdQuote(theirs.usd.id, theirs.bank.id, 1_000) }), 201, Quote);
    const unexecuted = expectStatus(await them.client.post(ME_QUOTES, { body: usdQuote(theirs.usd.id, theirs.bank.id, 1_000) }), 201, Quote);
    const action = expectStatus(await them.client.post(ME_EXECUTE, { params: { quoteId: quote.id } }), 200, AgentAction);
    const transactionId = action.transaction!.id;
    expectStatus(await them.client.get(ME_QUOTE, { params: { quoteId: quote.id } }), 200, Quote);
    expectStatus(await them.client.get(ME_ACTION, { params: { actionId: action.id } }), 200, AgentAction);
    expectStatus(await them.client.get(ME_TRANSACTION, { params: { transactionId } }), 200, AnyTransaction);
    expectStatus(await them.client.get(ME_EXTERNAL_ACCOUNT, { params: { externalAccountId: theirs.bank.id } }), 200, ExternalAccount);
    // Their own execution settles first, so that what follows judges the refusals alone.
    const theirBalance = await balanceBecomes(theirs.customerId, theirs.usd.id, theirs.usd.balance.amount - quote.totalSendingAmount);
    expect(theirBalance, 'their agent\'s execution debits exactly the quote').toBe(theirs.usd.balance.amount - quote.totalSendingAmount);

    // My agent does not.
    expectError(await me.client.post(ME_QUOTES, { body: usdQuote(theirs.usd.id, mine.bank.id, 1_000) }), 404);
    expectError(await me.client.post(ME_QUOTES, { body: usdQuote(mine.usd.id, theirs.bank.id, 1_000) }), 404);
    expectError(await me.client.get(ME_QUOTE, { params: { quoteId: quote.id } }), 404);
    expectError(await me.client.post(ME_EXECUTE, { params: { quoteId: unexecuted.id } }), 404);
    expectError(await me.client.get(ME_ACTION, { params: { actionId: action.id } }), 404);
    expectError(await me.client.get(ME_TRANSACTION, { params: { transactionId } }), 404);
    expectError(await me.client.get(ME_EXTERNAL_ACCOUNT, { params: { externalAccountId: theirs.bank.id } }), 404);
    expectError(await me.client.delete(ME_EXTERNAL_ACCOUNT, { params: { externalAccountId: theirs.bank.id } }), 404);
    expectError(await me.client.post(ME_TRANSFER_OUT, { body: { source: { accountId: theirs.usd.id }, destination: { accountId: theirs.bank.id }, amount: 1_000 } }), 404);
    expectError(await me.client.post(ME_TRANSFER_IN, { body: { source: { accountId: theirs.bank.id }, destination: { accountId: theirs.usd.id }, amount: 1_000 } }), 404);

    expect(await balanceOf(theirs.customerId, theirs.usd.id), 'another customer\'s money did not move').toBe(theirBalance);
    expect(await balanceOf(mine.customerId, mine.usd.id), 'the refused calls moved none of my customer\'s money either').toBe(mine.usd.balance.amount);
    expectStatus(await api.get('/customers/external-accounts/{externalAccountId}', { params: { externalAccountId: theirs.bank.id } }), 200, ExternalAccount, 'the refused delete left their account');
  });
});
