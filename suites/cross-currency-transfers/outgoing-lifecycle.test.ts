// Interface: Transaction status (COMPLETED, FAILED; REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED);
// Events (OUTGOING_PAYMENT.<STATUS>); Failure reasons (QUOTE_EXECUTION_FAILED: "an amount already
// debited is refunded automatically"; PAYOUT_RETURNED). The lifecycle's settlement transitions
// (PENDING -> PROCESSING -> COMPLETED | FAILED; COMPLETED -> FAILED on a bank return), the refund object
// and its two transitions, and the sandbox's destination magic: basis: supplement (sections 8 and 27).
// Expiry and authorisation: outgoing-expiry.test.ts, outgoing-authorization.test.ts.
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../helpers/events.js';
import { expectPath, OUTGOING_STATUSES, statusPath } from '../../helpers/flows/lifecycle.js';
import { balanceOf, createQuote, eurDestination, expectBalanceStays, expectOutgoingLifecycle, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { RefundedOutgoingTransaction } from '../../helpers/schemas/transactions.js';

const outgoing = (events: Notification[]) => statusPath(events, (d) => d.status, (s) => OUTGOING_STATUSES.has(s));
const refundPath = (events: Notification[]) => statusPath(events.filter((n) => /\.REFUND_/.test(n.type)), (d) => d.refund?.status);

/** Every REFUND_* event carries the transaction with its refund (supplement 27). */
function expectRefundEvents(events: Notification[]): void {
  for (const n of events.filter((e) => /\.REFUND_/.test(e.type))) {
    const data = RefundedOutgoingTransaction.safeParse(n.data);
    expect(data.success, `${n.type} carries OutgoingTransaction + refund (supplement 27): ${JSON.stringify(n.data).slice(0, 400)}`).toBe(true);
  }
}

/** A funded sender and a destination whose identifier ends in `suffix`; the payment executed at once. */
async function pay(suffix: string, amount = 20_000) {
  const { customerId, accounts } = await sender({ USD: 100_000 });
  const destination = await eurDestination(customerId, suffix);
  const since = await listener.mark();
  const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, amount, { immediatelyExecute: true }));
  return { customerId, account: accounts.USD, quote, since };
}

describe('Outgoing payment lifecycle (POST /quotes, immediatelyExecute)', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'States and transitions', basis: 'supplement' });

  it('goes PENDING -> PROCESSING -> COMPLETED, debiting totalSendingAmount once', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('Lifecycle: PENDING -> PROCESSING -> COMPLETED (section 8)');
    const { customerId, account, quote, since } = await pay('000');
    const events = await expectOutgoingLifecycle(quote.transactionId, ['PENDING', 'PROCESSING', 'COMPLETED'], since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'COMPLETED'], 'a payment that settles');
    expect(await balanceOf(customerId, account.id), 'debit = totalSendingAmount').toBe(account.balance.amount - quote.totalSendingAmount);
  });

  it('goes PROCESSING -> FAILED with QUOTE_EXECUTION_FAILED, and its refund PENDING -> COMPLETED credits the debit back', async (ctx) => {
    const trigger = capabilities.failureTriggers.QUOTE_EXECUTION_FAILED;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no QUOTE_EXECUTION_FAILED trigger');
    await basisSupplement('Lifecycle: PROCESSING -> FAILED, then automatic refund and REFUND_* events; refund.status (section 8)');
    const { customerId, account, quote, since } = await pay(trigger!);
    const events = await expectOutgoingLifecycle(quote.transactionId, ['PENDING', 'PROCESSING', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED'], since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'FAILED'], 'a payment whose execution failed');
    expectRefundEvents(events);
    expectPath('refund', refundPath(events), ['PENDING', 'COMPLETED'], 'the automatic refund');
    await expectBalanceStays({ customerId, accountId: account.id, transactionId: quote.transactionId, since, balance: account.balance.amount, rule: 'Failure reasons: an amount already debited is refunded automatically' });
  });

  it('goes refund PENDING -> FAILED when the refund of a failed payment fails, and the debit stays', async (ctx) => {
    const trigger = capabilities.refundFailureTrigger;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no trigger whose refund fails (SVC_REFUND_FAILURE_TRIGGER)', ['transition:refund:PENDING->FAILED']);
    await basisSupplement('magic 007: payout and refund fail; refund.status FAILED (section 8)');
    const { customerId, account, quote, since } = await pay(trigger!);
    const events = await expectOutgoingLifecycle(quote.transactionId, ['PENDING', 'PROCESSING', 'FAILED', 'REFUND_PENDING', 'REFUND_FAILED'], since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'FAILED'], 'a payment whose payout failed');
    expectRefundEvents(events);
    expectPath('refund', refundPath(events), ['PENDING', 'FAILED'], 'a refund that failed');
    await expectBalanceStays({ customerId, accountId: account.id, transactionId: quote.transactionId, since, balance: account.balance.amount - quote.totalSendingAmount, rule: 'supplement 8: a failed refund (refund.status FAILED, the transaction stays FAILED) credits nothing back' });
  });

  it('goes COMPLETED -> FAILED with PAYOUT_RETURNED when the bank returns the payout, and refunds it', async (ctx) => {
    const trigger = capabilities.failureTriggers.PAYOUT_RETURNED;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no PAYOUT_RETURNED trigger');
    await basisSupplement('Lifecycle: COMPLETED -> FAILED on bank return (section 8)');
    const { customerId, account, quote, since } = await pay(trigger!);
    const events = await expectOutgoingLifecycle(quote.transactionId, ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED'], since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'], 'a payout returned after completion');
    expect(events.find((n) => n.type === 'OUTGOING_PAYMENT.FAILED')?.data.failureReason, 'Failure reasons: PAYOUT_RETURNED').toBe('PAYOUT_RETURNED');
    await expectBalanceStays({ customerId, accountId: account.id, transactionId: quote.transactionId, since, balance: account.balance.amount, rule: 'PAYOUT_RETURNED: the returned payout is refunded' });
  });
});
