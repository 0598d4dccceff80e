// Interface: POST {base_url}/transfer-in and POST {base_url}/transfer-out ("Deprecated; same-currency
// transfers; request and response shapes unchanged; a transaction is returned"). Bodies and the 201:
// basis: supplement (section 8; section 1: Idempotency-Key). Money is neither created nor lost.
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { eventually } from '../../helpers/eventually.js';
import { expectNothingMoved, moneyMark } from '../../helpers/flows/agents.js';
import { balanceOf, expectBalanceStays, expectOutgoingLifecycle, expectRefundedStatus, outgoingSteps, REMOVED_FAILURE_REASONS, dailyVolumeSteps, sender, transaction } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, IncomingTransaction as Incoming, OutgoingTransaction } from '../../helpers/schemas/index.js';

describe('Deprecated same-currency transfers', () => {
  scenario({ area: 'Same-Currency Transfers', operation: 'POST /transfer-out', section: 'Other operations that are named' });

  it('transfer-out still works: it returns a transaction, debits its sentAmount and completes', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('transfer-out body and 201 (section 8)');
    const { customerId, accounts } = await sender({ USD: 200_000 });
    const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
    const since = await listener.mark();
    const res = await api.post('/transfer-out', { body: { source: { accountId: accounts.USD.id }, destination: { accountId: bank.id }, amount: 12_345 } });
    const txn = expectStatus(res, 201, OutgoingTransaction, 'transfer-out: a transaction is returned');
    expect(txn.sentAmount, 'sentAmount: the amount requested, in the source currency').toMatchObject({ amount: 12_345, currency: { code: 'USD' } });
    // Supplement 2: a FeeConfig's feeType is CROSS_CURRENCY_TRANSACTION only (interface, Limits: the platform fee
    // applies to cross-currency transactions); description: platformFees is "0 when the platform has no applicable fee configured".
    expect(txn.platformFees ?? 0, 'a same-currency transfer carries no platform fee').toBe(0);
    await expectOutgoingLifecycle(txn.id, 'COMPLETED', since);
    const completed = await transaction(txn.id);
    expect(completed.status).toBe('COMPLETED');
    expect(completed.sentAmount.amount, 'the transaction keeps the amount debited').toBe(12_345);
    expect(await balanceOf(customerId, accounts.USD.id), 'debit = sentAmount').toBe(accounts.USD.balance.amount - 12_345);
  });

  it('answers 429 DAILY_VOLUME_LIMIT_EXCEEDED to a transfer-out past the daily volume, moving no money', async (ctx) => {
    const { each, count } = dailyVolumeSteps(ctx, ['response:POST /transfer-out 429']);
    await basisSupplement('transfer-out body and 201 (section 8); 429 DAILY_VOLUME_LIMIT_EXCEEDED (section 8)');
    const { customerId, accounts } = await sender({ USD: each * (count + 1) });
    const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
    const body = { source: { accountId: accounts.USD.id }, destination: { accountId: bank.id }, amount: each };
    for (let i = 0; i < count; i++) expectStatus(await api.post('/transfer-out', { body }), 201, OutgoingTransaction, `transfer-out ${i + 1} of ${count}, within the daily volume`);
    const mark = await moneyMark(customerId, accounts.USD.id);
    expectError(await api.post('/transfer-out', { body }), 429, 'DAILY_VOLUME_LIMIT_EXCEEDED', 'Description, transferOut: 429 DAILY_VOLUME_LIMIT_EXCEEDED "when the requested amount would exceed the configured daily volume limit for the withdrawal currency"');
    await expectNothingMoved(customerId, accounts.USD.id, mark, 'Limits: a transfer-out refused for the daily volume moves no money');
  });

  it.for(['002', '003', '004', '005'])('transfer-out to an account whose identifier ends %s (a failing outcome) ends FAILED and loses no money', async (suffix, ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox outcomes');
    await basisSupplement('transfer-in/out outcomes by the last digits of the account (section 8)');
    const { customerId, accounts } = await sender({ USD: 200_000 });
    const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId, suffix) }), 201, ExternalAccount);
    const since = await listener.mark();
    const res = await api.post('/transfer-out', { body: { source: { accountId: accounts.USD.id }, destination: { accountId: bank.id }, amount: 5_000 } });
    const txn = expectStatus(res, 201, OutgoingTransaction, 'transfer-out: a transaction is returned');
    // 002 and 003 fail before any debit; 004 and 005 fail after it and are refunded.
    const refunded_ = !['002', '003'].includes(suffix);
    const events = await expectOutgoingLifecycle(txn.id, refunded_ ? 'REFUND_COMPLETED' : 'FAILED', since);
    // In envelope-timestamp order: the transfer ends FAILED, or FAILED and then its refund (supplement 8).
    expect(outgoingSteps(events).slice(refunded_ ? -3 : -1), `Events: the transfer failed${refunded_ ? ', then its refund' : ''}; received ${outgoingSteps(events).join(' -> ')}`).toEqual(
      refunded_ ? ['FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED'] : ['FAILED'],
    );
    const failed = await transaction(txn.id);
    // Refunded: FAILED with refund.status COMPLETED, or the status name REFUND_COMPLETED (supplement 8: accept either).
    if (refunded_) expectRefundedStatus(failed, 'COMPLETED');
    else expect(failed.status, 'the transfer failed before any debit: FAILED').toBe('FAILED');
    expect(REMOVED_FAILURE_REASONS).not.toContain(failed.failureReason);
    // Money is neither created nor lost: nothing debited, or the debit refunded.
    const refunded = await eventually(() => balanceOf(customerId, accounts.USD.id), (b) => b === accounts.USD.balance.amount, { timeoutMs: capabilities.eventTimeoutMs * 3, what: 'the balance to be whole again' });
    expect(refunded).toBe(accounts.USD.balance.amount);
    await expectBalanceStays({ customerId, accountId: accounts.USD.id, transactionId: txn.id, since, balance: accounts.USD.balance.amount, rule: 'Failure reasons: an amount already debited is refunded automatically; money is neither created nor lost' });
  });

  it.for(['003', '004'])('transfer-in from an account whose identifier ends %s (a failing outcome) fails and credits nothing', async (suffix, ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox outcomes');
    await basisSupplement('transfer-in/out outcomes by the last digits of the account (section 8)');
    const { customerId, accounts } = await sender({ USD: 0 });
    const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId, suffix) }), 201, ExternalAccount);
    const res = await api.post('/transfer-in', { body: { source: { accountId: bank.id }, destination: { accountId: accounts.USD.id }, amount: 4_000 } });
    const txn = expectStatus(res, 201, Incoming, 'transfer-in: a transaction is returned');
    const failed = await eventually(
      async () => expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId: txn.id } }), 200, Incoming),
      (t) => t.status === 'FAILED',
      { timeoutMs: capabilities.eventTimeoutMs * 3, what: `transfer-in ${txn.id} to fail` },
    );
    expect(failed.status).toBe('FAILED');
    expect(await balanceOf(customerId, accounts.USD.id), 'a failed pull credits nothing').toBe(accounts.USD.balance.amount);
  });

  it('a repeated transfer-out or transfer-in with the same Idempotency-Key returns the first response and moves the money once; another key moves it again', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 1: Idempotency-Key on /transfer-in and /transfer-out: a repeat returns the first response');
    const { customerId, accounts } = await sender({ USD: 200_000 });
    const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
    const out = { source: { accountId: accounts.USD.id }, destination: { accountId: bank.id }, amount: 10_000 };
    const pull = { source: { accountId: bank.id }, destination: { accountId: accounts.USD.id }, amount: 2_500 };
    for (const [path, body, Schema, sign] of [['/transfer-out', out, OutgoingTransaction, -1], ['/transfer-in', pull, Incoming, 1]] as const) {
      const start = await balanceOf(customerId, accounts.USD.id);
      const key = crypto.randomUUID();
      const first = expectStatus(await api.post(path, { body, headers: { 'Idempotency-Key': key } }), 201, Schema, `${path}: a transaction is returned`);
      const repeat = await api.post(path, { body, headers: { 'Idempotency-Key': key } });
      expect(repeat.status, `supplement 1: the repeat of ${path} returns the first response`).toBe(201);
      expect((repeat.body as { id?: unknown }).id, `supplement 1: the repeat of ${path} names the first transaction`).toBe(first.id);
      const again = expectStatus(await api.post(path, { body, headers: { 'Idempotency-Key': crypto.randomUUID() } }), 201, Schema, `control: ${path} with another key is another transfer`);
      expect(again.id, `control: another Idempotency-Key, another ${path} transaction`).not.toBe(first.id);
      const moved = await eventually(() => balanceOf(customerId, accounts.USD.id), (b) => b === start + sign * 2 * body.amount, { timeoutMs: capabilities.eventTimeoutMs, what: `the two ${path} transfers to move their money` });
      expect(moved, `${path}: the money of the two transfers, the repeat moving none`).toBe(start + sign * 2 * body.amount);
    }
  });

  it('transfer-in still works: it returns a transaction and credits the internal account', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('transfer-in body and 201 (section 8)');
    const { customerId, accounts } = await sender({ USD: 0 });
    const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
    const since = await listener.mark();
    const res = await api.post('/transfer-in', { body: { source: { accountId: bank.id }, destination: { accountId: accounts.USD.id }, amount: 7_500 } });
    const txn = expectStatus(res, 201, Incoming, 'transfer-in: a transaction is returned');
    expect(txn.receivedAmount, 'receivedAmount: the amount requested, in the account currency').toMatchObject({ amount: 7_500, currency: { code: 'USD' } });
    await expectEvents(accounts.USD.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === accounts.USD.balance.amount + 7_500, what: 'the credit' }], { since });
    expect(await balanceOf(customerId, accounts.USD.id), 'credited exactly the amount pulled').toBe(accounts.USD.balance.amount + 7_500);
  });
});
