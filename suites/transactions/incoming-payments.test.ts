// Interface: Transaction status ("Approval of a transaction that is not pending platform approval
// answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"); POST {base_url}/transactions/{transactionId}/approve
// ("Platform approval of a transaction pending approval"); Events (INCOMING_PAYMENT.REFUND_PENDING,
// REFUND_COMPLETED, REFUND_FAILED: "A returned deposit's refund progresses"; INTERNAL_ACCOUNT.BALANCE_UPDATED
// on deposits). The receive trigger, the approval answers to INCOMING_PAYMENT.PENDING (200 approve, 202
// then approve or reject, 403 reject, 422 more data), POST /transactions/{id}/reject, the incoming
// transaction and its refund: basis: supplement (sections 3, 8 and 27).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectEvents, notifications, waitForEvent, type Notification } from '../../helpers/events.js';
import { expectError, expectSchema, expectStatus, noteInterface } from '../../helpers/expect.js';
import { answerNextApproval, approve, decideAfter202, receive, reject } from '../../helpers/flows/incoming.js';
import { expectPath, INCOMING_STATUSES, statusPath } from '../../helpers/flows/lifecycle.js';
import { balanceOf, expectBalanceStays, sender } from '../../helpers/flows/transfers.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { IncomingTransactionRecord as IncomingTransaction } from '../../helpers/schemas/transactions.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';

const incoming = (events: Notification[]) => statusPath(events, (d) => d.status, (s) => INCOMING_STATUSES.has(s));
const getTransaction = async (transactionId: string) =>
  expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId } }), 200, IncomingTransaction);

/** The PENDING approval request about the payment, once the platform (the listener) answered it. */
async function approvalRequest(transactionId: string, since: number): Promise<Notification> {
  const n = await waitForEvent(transactionId, (e) => e.type === 'INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PENDING', { since });
  expectSchema(IncomingTransaction, n.data, 'the data of INCOMING_PAYMENT.PENDING (IncomingTransaction)');
  return n;
}

/**
 * The control of a refusal: a second payment the platform approves is received, to the cent, and the
 * refused one left nothing: the balance is the starting one plus the second payment only, and the
 * refused payment never completed.
 */
async function expectOnlyControlReceived(customerId: string, accountId: string, start: number, refusedId: string): Promise<void> {
  const since = await listener.mark();
  const control = await receive(customerId, 3_000);
  await expectEvents(control.id, ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED'], { since });
  expect(await balanceOf(customerId, accountId), 'only the approved payment was received').toBe(start + 3_000);
  const refused = notifications(await listener.deliveries(refusedId, 0)).map((n) => n.type);
  expect(refused, `a refused payment does not complete; its events: ${refused.join(', ')}`).not.toContain('INCOMING_PAYMENT.COMPLETED');
}

describe('POST /sandbox/uma/receive: the INCOMING_PAYMENT.PENDING approval', () => {
  scenario({ area: 'Transactions', operation: 'POST /sandbox/uma/receive', section: 'Events', basis: 'supplement' });

  it('receives a payment the platform approves with 200: PENDING -> COMPLETED, receivedAmount credited to the cent', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
    await basisSupplement('receiver replies 200 to INCOMING_PAYMENT.PENDING; IncomingTransaction (sections 3, 8, 27)');
    const { customerId, accounts } = await sender({ USD: 10_000 });
    const account = accounts.USD;
    await answerNextApproval(customerId, 200);
    const since = await listener.mark();

    const txn = await receive(customerId, 12_345);

    expect(txn.status, 'an incoming payment starts PENDING, awaiting approval').toBe('PENDING');
    expect(txn.receivedAmount.amount, 'receivedAmount is the amount sent to the receiver').toBe(12_345);
    const events = await expectEvents(txn.id, ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED'], { since });
    for (const n of events) expectSchema(IncomingTransaction, n.data, `the data of ${n.type}`);
    expectPath('incoming-transaction', incoming(events), ['PENDING', 'COMPLETED'], 'an approved incoming payment');
    await waitForEvent(account.id, (n) => n.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' && n.data.balance?.amount === account.balance.amount + 12_345, 'INTERNAL_ACCOUNT.BALANCE_UPDATED with the deposit', { since });
    expect(await balanceOf(customerId, account.id), 'the deposit credits receivedAmount').toBe(account.balance.amount + 12_345);
    expect((await getTransaction(txn.id)).status).toBe('COMPLETED');

    expectError(await approve(txn.id), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', 'Transaction status: approval of a transaction that is not pending platform approval answers 409');
  });

  it('deposits into the customer\'s default UMA deposit account where it has one, else into the primary internal account', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
    await basisSupplement('POST /sandbox/uma/receive pays the customer (section 8); the listener approves with 200 (section 3)');
    const rule = 'Interface, ExternalAccount.defaultUmaDepositAccount: "When true, incoming UMA payments to the customer\'s UMA address are deposited into this account instead of the primary internal account ... With no default, deposits go to the customer\'s primary internal account"';
    const { customerId, accounts } = await sender({ USD: 10_000 });
    const account = accounts.USD;
    // Control, with no default: the payment goes to the primary internal account.
    const since = await listener.mark();
    const first = await receive(customerId, 2_000);
    await expectEvents(first.id, ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED'], { since });
    expect((await getTransaction(first.id)).destination.accountId, `${rule}: no default, the internal account`).toBe(account.id);
    expect(await balanceOf(customerId, account.id), `${rule}: the internal account is credited`).toBe(account.balance.amount + 2_000);

    const deposit = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId, '000', { defaultUmaDepositAccount: true }) }), 201, ExternalAccount, 'the customer\'s default UMA deposit account');
    expect(deposit.defaultUmaDepositAccount, 'control: the account is the default').toBe(true);
    const later = await listener.mark();
    const second = await receive(customerId, 3_000);
    await expectEvents(second.id, ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED'], { since: later });
    const read = await getTransaction(second.id);
    expect(read.destination.accountId, `${rule}: the payment is deposited into the default account`).toBe(deposit.id);
    expect(read.receivedAmount.amount, 'receivedAmount is the amount sent').toBe(3_000);
    await expectBalanceStays({ customerId, accountId: account.id, transactionId: second.id, since: later, balance: account.balance.amount + 2_000, rule: `${rule}: instead of the primary internal account, which is not credited` });
  });

  it('waits for POST /transactions/{transactionId}/approve after a 202 answer, then completes', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
    await basisSupplement('202 then POST /transactions/{id}/approve within 5 s (section 3)');
    const { customerId, accounts } = await sender({ USD: 10_000 });
    await answerNextApproval(customerId, 202);
    const since = await listener.mark();
    const txn = await receive(customerId, 4_200);
    const request = await approvalRequest(txn.id, since);
    expect(request.deliveries[0].answered, 'the platform deferred its decision').toBe(202);
    expect((await getTransaction(txn.id)).status, 'a deferred payment waits for the decision').toBe('PENDING');

    expectError(await decideAfter202(txn.id, () => approve(txn.id, { receiverCustomerInfo: 'not an object' })), 400, undefined, 'Supplement 13: approve {receiverCustomerInfo?: object}; a malformed body answers 400');
    expect((await getTransaction(txn.id)).status, 'a refused approval changes nothing').toBe('PENDING');
    const approved = expectStatus(await decideAfter202(txn.id, () => approve(txn.id)), 200, IncomingTransaction, 'POST /transactions/{id}/approve: platform approval of a transaction pending approval');
    expect(approved.id).toBe(txn.id);

    const events = await expectEvents(txn.id, ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED'], { since });
    expectPath('incoming-transaction', incoming(events), ['PENDING', 'COMPLETED'], 'an incoming payment approved after 202');
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(accounts.USD.balance.amount + 4_200);
  });

  it('answers 404 for a receiver that does not exist', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
    await basisSupplement('POST /sandbox/uma/receive: 404 sender/receiver (section 13)');
    const { customerId } = await sender({ USD: 0 });
    const body = (receiver: string) => ({ senderUmaAddress: '$success.usd@sandbox.uma.money', customerId: receiver, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1_000 });
    expectError(await api.post('/sandbox/uma/receive', { body: body(`Customer:${randomUUID()}`) }), 404, undefined, 'Supplement 13: 404 for an unknown receiver');
    expectStatus(await api.post('/sandbox/uma/receive', { body: body(customerId) }), 200, IncomingTransaction, 'control: the same payment to an existing customer');
  });

  it.for([403, 422])('receives nothing when the platform answers %i', async (status, ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
    await basisSupplement('the receiver replies 403 to reject, 422 with requiredFields (section 3)');
    const { customerId, accounts } = await sender({ USD: 10_000 });
    await answerNextApproval(customerId, status);
    const since = await listener.mark();
    const txn = await receive(customerId, 5_000);
    const request = await approvalRequest(txn.id, since);
    expect(request.deliveries[0].answered).toBe(status);

    await expectOnlyControlReceived(customerId, accounts.USD.id, accounts.USD.balance.amount, txn.id);
    noteInterface('incoming:status-after-refusal', ['Incoming status after reject/timeout (supplement 28.4: not stated)'], `after ${status} the payment is ${(await getTransaction(txn.id)).status}`);
  });
});

describe('POST /transactions/{transactionId}/reject', () => {
  scenario({ area: 'Transactions', operation: 'POST /transactions/{transactionId}/reject', section: 'States and transitions', basis: 'supplement' });

  it('rejects a payment the platform deferred with 202: 200 IncomingTransaction, nothing received, a second reject answers 409', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
    await basisSupplement('POST /transactions/{id}/reject {reason?} -> 200 IncomingTransaction; 409 (sections 8 and 13)');
    const { customerId, accounts } = await sender({ USD: 10_000 });
    await answerNextApproval(customerId, 202);
    const since = await listener.mark();
    const txn = await receive(customerId, 6_000);
    await approvalRequest(txn.id, since);

    const rejected = expectStatus(await decideAfter202(txn.id, () => reject(txn.id, { reason: 'receiver declined' })), 200, IncomingTransaction, 'POST /transactions/{id}/reject answers 200 IncomingTransaction');
    expect(rejected.id).toBe(txn.id);

    await expectOnlyControlReceived(customerId, accounts.USD.id, accounts.USD.balance.amount, txn.id);
    expectError(await reject(txn.id), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', 'Supplement 13: reject of a payment no longer pending a decision answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL (inferred)');
    expectError(await approve(txn.id), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', 'a rejected payment is not pending platform approval');
  });
});

describe('INCOMING_PAYMENT.FAILED and the refund of a returned deposit', () => {
  scenario({ area: 'Transactions', operation: 'POST /sandbox/uma/receive', section: 'Events', basis: 'supplement' });

  it.for([
    ['COMPLETED', 'completed'],
    ['FAILED', 'failed'],
  ] as const)('returns the deposit: PENDING -> FAILED, refund PENDING -> %s, nothing credited', async ([outcome, key], ctx) => {
    const sender_ = capabilities.incomingRefundSenders?.[key];
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(sender_), 'the target declares no sender whose deposit is returned (SVC_INCOMING_REFUND_SENDER, SVC_INCOMING_REFUND_FAILED_SENDER)', [`event:INCOMING_PAYMENT.REFUND_${outcome}`, `transition:refund:PENDING->${outcome}`]);
    await basisSupplement('refund events keep status FAILED plus refund (sections 3, 27)');
    const { customerId, accounts } = await sender({ USD: 10_000 });
    const since = await listener.mark();
    const txn = await receive(customerId, 7_000, { sender: sender_ });

    const events = await expectEvents(txn.id, [
      'INCOMING_PAYMENT.PENDING',
      { type: 'INCOMING_PAYMENT.FAILED', where: (d) => typeof d.failureReason === 'string', what: 'with failureReason' },
      { type: 'INCOMING_PAYMENT.REFUND_PENDING', where: (d) => d.refund?.status === 'PENDING', what: 'refund PENDING' },
      `INCOMING_PAYMENT.REFUND_${outcome}`,
    ], { since });
    for (const n of events) expectSchema(IncomingTransaction, n.data, `the data of ${n.type}`);
    expectPath('incoming-transaction', incoming(events), ['PENDING', 'FAILED'], 'a returned deposit');
    expectPath('refund', statusPath(events.filter((n) => n.type.includes('.REFUND_')), (d) => d.refund?.status), ['PENDING', outcome], 'the refund of a returned deposit');
    expect(await balanceOf(customerId, accounts.USD.id), 'a returned deposit is not credited').toBe(accounts.USD.balance.amount);
  });
});
