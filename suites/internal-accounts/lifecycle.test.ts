// Interface: InternalAccount (as seen in events); States and transitions / Internal account status
// (PENDING -> ACTIVE and ACTIVE -> FROZEN emit INTERNAL_ACCOUNT.STATUS_UPDATED; frozen accounts cannot
// send or receive payments); Events (INTERNAL_ACCOUNT.BALANCE_UPDATED on deposits); Resources (money).
// Listing and funding: basis: supplement (section 6). Freezing: a sandbox trigger of the target.
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { eventually } from '../../helpers/eventually.js';
import { expectEvents } from '../../helpers/events.js';
import { expectRefusal, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { accountIn, activeAccount, createCustomer, customerAccounts, fund } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { currencyCode } from '../../helpers/schemas/common.js';
import { ExternalAccount, IncomingTransaction, InternalAccount } from '../../helpers/schemas/index.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { ids } from '../../helpers/spec/catalog.js';

const FROZEN_OR_FAILED = {
  id: 'internal-accounts:frozen-or-failed-refusal',
  sentences: ['Internal account status: Frozen and failed accounts cannot send or receive payments.', '(no status or code is stated for the refusal, in the interface or the supplement)'],
};

/**
 * A transfer-in into an account that cannot receive (interface, Internal account status): refused (a
 * 4xx), or taken and failed (with one of the description's IncomingTransactionFailureReason values: the
 * interface's ACCOUNT_CANNOT_RECEIVE is a payout reason); the documents state neither, the answer is
 * noted. Either way nothing is credited.
 */
async function expectPullNotReceived(customerId: string, account: InternalAccount, balance: number, state: 'frozen' | 'failed'): Promise<void> {
  const rule = `Internal account status: ${state} accounts cannot receive payments (POST /transfer-in)`;
  const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
  const pull = await api.post('/transfer-in', { body: { source: { accountId: bank.id }, destination: { accountId: account.id }, amount: 1_000 } });
  if (pull.status === 201) {
    const taken = expectStatus(pull, 201, IncomingTransaction, 'supplement 8: transfer-in answers 201 with the transaction');
    const ended = await eventually(
      async () => expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId: taken.id } }), 200, IncomingTransaction),
      (t) => t.status === 'FAILED' || t.status === 'COMPLETED',
      { timeoutMs: capabilities.eventTimeoutMs * 3, what: `transfer-in ${taken.id} to end` },
    );
    expect(ended.status, `${rule}: the transfer-in taken fails`).toBe('FAILED');
    noteInterface(FROZEN_OR_FAILED.id, FROZEN_OR_FAILED.sentences, `POST /transfer-in into a ${state} account: 201, then FAILED (${String((ended as { failureReason?: unknown }).failureReason)})`);
  } else expectRefusal(pull, rule, FROZEN_OR_FAILED);
  expect((await accountIn(customerId, currencyCode(account.balance.currency))).balance.amount, `${rule}: nothing credited`).toBe(balance);
}

describe('Internal account lifecycle', () => {
  scenario({ area: 'Internal Accounts', operation: 'Internal account status', section: 'States and transitions' });

  it('provisions a PENDING account that becomes ACTIVE, announced by INTERNAL_ACCOUNT.STATUS_UPDATED', async () => {
    // PENDING is observed without racing the provisioning: where the target declares a hold
    // (SVC_PROVISIONING_HOLD_SUFFIX and the activate trigger), the account waits for the trigger.
    const suffix = capabilities.customerTriggers.provisioningHoldSuffix;
    const held = suffix !== undefined && capabilities.sandboxTriggers && capabilities.customerTriggers.internalAccountTriggers.includes('activate');
    const customer = await createCustomer(individual(held ? { platformCustomerId: `conf-${crypto.randomUUID()}-${suffix}` } : {}));
    const since = await listener.mark();
    const [account] = await customerAccounts(customer.id);
    expect(account, 'the customer has an internal account').toBeDefined();
    if (held) expect(account.status, 'States: PENDING (provisioning), held by the declared trigger').toBe('PENDING');
    // Without a declared hold the target may finish provisioning before the account is first listed
    // (no timing is documented): then the account is ACTIVE and the move out of PENDING is judged by its
    // announcement, which the run's listener has received whenever it came (observed, not a skip).
    if (account.status !== 'PENDING') expect(account.status, 'States: a new account is PENDING (provisioning), then ACTIVE (ready for payments)').toBe('ACTIVE');
    if (held) expectStatus(await api.post('/sandbox/internal-accounts/{accountId}/activate', { params: { accountId: account.id } }), 200, InternalAccount, 'the sandbox trigger completes the provisioning');
    const [event] = await expectEvents(account.id, [{ type: 'INTERNAL_ACCOUNT.STATUS_UPDATED', where: (d) => d.status === 'ACTIVE', what: 'status ACTIVE' }], { since: held ? since : undefined });
    // The account was PENDING when listed, or (already ACTIVE) the announcement above is of its move out of PENDING.
    expectTransition('internal-account', 'PENDING', event.data.status, 'PENDING', 'ACTIVE');
    expect((await accountIn(customer.id, currencyCode(account.balance.currency))).status).toBe('ACTIVE');
  });

  it('holds balances as money: an integer amount in the smallest unit and a currency with code, name, symbol and decimals', async () => {
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    expect(InternalAccount.safeParse(account).success).toBe(true);
    expect(account.balance.currency.code, 'an account in the currency the customer was created with (currencies: [USD])').toBe('USD');
    expect(Number.isInteger(account.balance.amount) && Number.isInteger(account.totalBalance.amount)).toBe(true);
  });

  it('announces a deposit with INTERNAL_ACCOUNT.BALANCE_UPDATED carrying the new balance', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox funding trigger', [ids.event('INTERNAL_ACCOUNT.BALANCE_UPDATED')]);
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    const since = await listener.mark();
    const funded = await fund(account.id, 250_075);
    expect(funded.balance.amount, 'the deposit is credited in the smallest unit').toBe(account.balance.amount + 250_075);
    await expectEvents(account.id, [
      { type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === account.balance.amount + 250_075, what: `balance ${account.balance.amount + 250_075}` },
    ], { since });
  });

  it('refuses a payment into a FAILED account (failed accounts cannot receive payments)', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.stateTriggers.includes('fail'), 'the target declares no trigger that fails an account (SVC_STATE_TRIGGERS)');
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    // Control: while ACTIVE the account receives the deposit.
    const credited = await fund(account.id, 1_000);
    expect(credited.balance.amount, 'the control deposit is credited').toBe(account.balance.amount + 1_000);
    const failed = await api.post('/sandbox/internal-accounts/{accountId}/fail', { params: { accountId: account.id } });
    expect(expectStatus(failed, 200, InternalAccount, 'the fail trigger the target declares (SVC_STATE_TRIGGERS) fails the account').status).toBe('FAILED');
    expect((await accountIn(customer.id, currencyCode(account.balance.currency))).status).toBe('FAILED');
    const deposit = await api.post('/sandbox/internal-accounts/{accountId}/fund', { params: { accountId: account.id }, body: { amount: 1000 } });
    expectRefusal(deposit, 'Internal account status: failed accounts cannot receive payments', FROZEN_OR_FAILED);
    expect((await accountIn(customer.id, currencyCode(account.balance.currency))).balance.amount, 'a refused deposit changes no balance').toBe(credited.balance.amount);
    // Nor a pull from the customer's own bank account (supplement 8: POST /transfer-in).
    await expectPullNotReceived(customer.id, account, credited.balance.amount, 'failed');
  });

  it('moves ACTIVE to FROZEN with INTERNAL_ACCOUNT.STATUS_UPDATED, after which the account cannot receive a payment: no deposit, no transfer-in', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.stateTriggers.includes('freeze'), 'the target declares no freeze trigger (SVC_STATE_TRIGGERS)', [ids.transition('internal-account', 'ACTIVE', 'FROZEN')]);
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    // Control: while ACTIVE the account receives the deposit (its notification awaited before the mark).
    const funding = await listener.mark();
    const credited = await fund(account.id, 1_000);
    expect(credited.balance.amount, 'the control deposit is credited').toBe(account.balance.amount + 1_000);
    await expectEvents(account.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === credited.balance.amount, what: 'the control deposit' }], { since: funding });
    const since = await listener.mark();
    const frozen = await api.post('/sandbox/internal-accounts/{accountId}/freeze', { params: { accountId: account.id } });
    expectStatus(frozen, 200, InternalAccount, 'the freeze trigger the target declares (SVC_STATE_TRIGGERS) freezes the account');
    const [event] = await expectEvents(account.id, [{ type: 'INTERNAL_ACCOUNT.STATUS_UPDATED', where: (d) => d.status === 'FROZEN', what: 'status FROZEN' }], { since });
    expectTransition('internal-account', credited.status, event.data.status, 'ACTIVE', 'FROZEN');

    const deposit = await api.post('/sandbox/internal-accounts/{accountId}/fund', { params: { accountId: account.id }, body: { amount: 1000 } });
    expectRefusal(deposit, 'Internal account status: frozen accounts cannot receive payments', FROZEN_OR_FAILED);
    expect((await accountIn(customer.id, currencyCode(account.balance.currency))).balance.amount, 'a refused deposit changes no balance').toBe(credited.balance.amount);
    // Nor a pull from the customer's own bank account (supplement 8: POST /transfer-in).
    await expectPullNotReceived(customer.id, account, credited.balance.amount, 'frozen');
  });
});
