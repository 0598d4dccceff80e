// Interface: Transaction status ("Cancelling a transaction that has settled or is past cancellation
// answers 409 TRANSACTION_NOT_CANCELLABLE": a cancellation that is accepted stops the payment, which
// does not settle afterwards). basis: supplement: section 13 (POST /transactions/{id}/cancel → 200
// Transaction; unsettled ACH or wire only, the bank partner decides), section 8 (a FAILED payment is
// refunded automatically with REFUND_* events; refund.reason USER_CANCELLATION). The status after a
// cancellation is not stated (supplement 28.4): it is recorded as an interface note; the only
// outgoing statuses after execution are PROCESSING, COMPLETED and FAILED, so an accepted cancellation
// ends FAILED, refunded. Description, OutgoingTransactionStatus: FAILED is "accompanied by a
// failureReason". A payment on another rail (SEPA here) is a type that cannot be cancelled: Description,
// cancelTransaction: "Cancellation applies to bank-rail transfers; requests for transaction types that
// cannot be cancelled are rejected", 400 "the transaction cannot be cancelled" (409 is for a transfer
// settled or past its window; supplement 13: "400 bad/non-cancellable type").
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { eventually } from '../../helpers/eventually.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { balanceOf, createQuote, eurDestination, expectBalanceStays, expectOutgoingLifecycle, expectRefundedStatus, outgoingSteps, quoteBody, sender, transaction } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, judgedPartly, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, OutgoingTransaction } from '../../helpers/schemas/index.js';

const FUNDS = 100_000;
const AMOUNT = 10_000;
const NOTE = ['Supplement 13: cancel → 200 Transaction; unsettled ACH (push/pull) or wire only; the bank partner decides; resulting status not stated'];

/** A USD sender and a USD bank account (ACH) of the same customer, whose number ends `suffix`. */
async function achPayer(suffix = '000') {
  const s = await sender({ USD: FUNDS });
  const destination = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(s.customerId, suffix) }), 201, ExternalAccount);
  return { ...s, destination };
}

/** After an accepted cancellation: FAILED with the refund's events, the debit back, never COMPLETED. */
async function expectCancelled(customerId: string, accountId: string, transactionId: string, since: number) {
  const events = await expectOutgoingLifecycle(transactionId, 'REFUND_COMPLETED', since);
  const steps = outgoingSteps(events);
  expect(steps, 'an accepted cancellation stops the payment: it never completes').not.toContain('COMPLETED');
  expect(steps.slice(-3), `supplement 8: FAILED, then the automatic refund (REFUND_PENDING, REFUND_COMPLETED), in envelope-timestamp order; received ${steps.join(' -> ')}`).toEqual(['FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED']);
  const after = await transaction(transactionId);
  noteInterface('transactions:status-after-cancel', NOTE, `an accepted cancellation left the payment ${after.status} with refund ${JSON.stringify(after.refund ?? null)}`);
  // An accepted cancellation ends the payment FAILED (its only end besides COMPLETED), refunded: FAILED
  // with refund.status COMPLETED, or the status name REFUND_COMPLETED (supplement 8: accept either).
  expectRefundedStatus(after, 'COMPLETED');
  // Description, OutgoingTransactionStatus: "FAILED | Something went wrong — accompanied by a failureReason"
  // (an OutgoingTransactionFailureReason: the schema's enum; which one a cancellation gives is not stated).
  if (after.status === 'FAILED') expect(after.failureReason, 'Description, OutgoingTransactionStatus: FAILED is "accompanied by a failureReason"').toEqual(expect.any(String));
  expect(after.refund?.reason ?? 'USER_CANCELLATION', 'supplement 8: refund.reason of a cancellation').toBe('USER_CANCELLATION');
  await expectBalanceStays({ customerId, accountId, transactionId, since, balance: FUNDS, rule: 'the debited amount came back, to the cent' });
}

describe('POST /transactions/{transactionId}/cancel of an unsettled payment', () => {
  scenario({ area: 'Transactions', operation: 'POST /transactions/{transactionId}/cancel', section: 'States and transitions', basis: 'supplement' });

  it('cancels a held ACH payment: FAILED, refunded with its events, the debit back, never COMPLETED', async (ctx) => {
    const hold = capabilities.holdTrigger;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(hold), 'the target declares no trigger that holds a payment (SVC_HOLD_TRIGGER)');
    await basisSupplement('cancel → 200 Transaction (section 13); FAILED, automatic refund and REFUND_* events (section 8)');
    const { customerId, accounts, destination } = await achPayer(hold);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, AMOUNT, { immediatelyExecute: true }));
    const held = await eventually(
      () => transaction(quote.transactionId),
      (t) => typeof t.pendingReason === 'string',
      { timeoutMs: capabilities.eventTimeoutMs, what: 'the payment held (pendingReason)' },
    );
    expect(['COMPLETED', 'FAILED'], 'a held payment has not settled').not.toContain(held.status);
    expect(await balanceOf(customerId, accounts.USD.id), 'supplement 8: execute debits the source at once').toBe(FUNDS - quote.totalSendingAmount);
    const res = await api.post('/transactions/{transactionId}/cancel', { params: { transactionId: quote.transactionId }, body: {} });
    if (res.status !== 200) {
      // The bank partner decides (supplement 13): a refusal is 409 TRANSACTION_NOT_CANCELLABLE and changes nothing.
      expectError(res, 409, 'TRANSACTION_NOT_CANCELLABLE');
      noteInterface('transactions:status-after-cancel', NOTE, 'the cancellation of a held, unsettled ACH payment was refused');
      judgedPartly('the target refused the cancellation (allowed: the bank partner decides), so what a cancellation does was not judged');
      expect((await transaction(quote.transactionId)).status, 'a refused cancellation changes nothing').toBe(held.status);
      return;
    }
    expectStatus(res, 200, OutgoingTransaction, 'supplement 13: cancel answers 200 with the Transaction');
    await expectCancelled(customerId, accounts.USD.id, quote.transactionId, since);
  });

  it('a payment cancelled while pending is not advanced to COMPLETED by what was already under way', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('cancel → 200 Transaction (section 13); FAILED, automatic refund and REFUND_* events (section 8)');
    // A payment may be past cancellation by the time the call arrives: up to three payments, each
    // cancelled at once; every refusal is the interface's 409.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { customerId, accounts, destination } = await achPayer();
      const since = await listener.mark();
      const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, AMOUNT, { immediatelyExecute: true }));
      const res = await api.post('/transactions/{transactionId}/cancel', { params: { transactionId: quote.transactionId }, body: {} });
      if (res.status === 200) {
        expectStatus(res, 200, OutgoingTransaction, 'supplement 13: cancel answers 200 with the Transaction');
        await expectCancelled(customerId, accounts.USD.id, quote.transactionId, since);
        return;
      }
      expectError(res, 409, 'TRANSACTION_NOT_CANCELLABLE');
    }
    noteInterface('transactions:status-after-cancel', NOTE, 'three pending ACH payments were each already past cancellation');
    judgedPartly('the target refused the cancellation of three pending ACH payments (allowed: the bank partner decides, supplement 13), so what an accepted cancellation does was not judged');
  });

  it('refuses to cancel a held SEPA payment with 400 (a type that cannot be cancelled: cancel is for ACH or wire only), changing nothing', async (ctx) => {
    const hold = capabilities.holdTrigger;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(hold), 'the target declares no trigger that holds a payment (SVC_HOLD_TRIGGER)');
    await basisSupplement('section 13: 400 bad/non-cancellable type, cancel unsettled ACH or wire only');
    const { customerId, accounts } = await sender({ USD: FUNDS });
    const destination = await eurDestination(customerId, hold);
    const body = { ...quoteBody(accounts.USD.id, destination.id, AMOUNT, { immediatelyExecute: true }), destination: { destinationType: 'ACCOUNT', accountId: destination.id, paymentRail: 'SEPA' } };
    const quote = await createQuote(body);
    const held = await eventually(
      () => transaction(quote.transactionId),
      (t) => typeof t.pendingReason === 'string',
      { timeoutMs: capabilities.eventTimeoutMs, what: 'the payment held (pendingReason)' },
    );
    const debited = await balanceOf(customerId, accounts.USD.id);
    const res = await api.post('/transactions/{transactionId}/cancel', { params: { transactionId: quote.transactionId }, body: {} });
    // Description, cancelTransaction: 400 "the transaction cannot be cancelled" for a type that cannot be
    // (the code is not named); 409 only for a transfer settled or past its window, which a held one is not.
    expectError(res, 400, undefined, 'Description, cancelTransaction: "requests for transaction types that cannot be cancelled are rejected", 400 "Invalid parameters or the transaction cannot be cancelled": a SEPA payment');
    const after = await transaction(quote.transactionId);
    expect(after.status, 'a refused cancellation changes nothing').toBe(held.status);
    expect(after.refund, 'a refused cancellation refunds nothing').toBeUndefined();
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused cancellation gives nothing back').toBe(debited);
  });
});
