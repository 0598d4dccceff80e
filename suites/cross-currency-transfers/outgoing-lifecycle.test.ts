// Interface: Transaction status (COMPLETED, FAILED; REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED);
// Events (OUTGOING_PAYMENT.<STATUS>); Failure reasons (QUOTE_EXECUTION_FAILED: "an amount already
// debited is refunded automatically"; PAYOUT_RETURNED; SCA_NOT_COMPLETED: "a transaction that failed on
// an expired SCA challenge"). The lifecycle's eight transitions (PENDING -> PROCESSING -> COMPLETED |
// FAILED; PENDING -> EXPIRED; PENDING -> PENDING_AUTHORIZATION -> PROCESSING | FAILED; COMPLETED ->
// FAILED on a bank return), the refund object and its two transitions, OUTGOING_PAYMENT.EXPIRED, the
// sandbox's destination magic and the realtime funding quote: basis: supplement (sections 8, 26, 27).
import { describe, expect, it, type TestContext } from 'vitest';
import { z } from 'zod';
import { msUntil } from '../../helpers/deadline.js';
import type { Notification } from '../../helpers/events.js';
import { expectStatus } from '../../helpers/expect.js';
import { expectPath, OUTGOING_STATUSES, statusPath } from '../../helpers/flows/lifecycle.js';
import { balanceOf, createQuote, eurDestination, executeQuote, expectOutgoingLifecycle, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas.js';
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
    const events = await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'COMPLETED'], 'a payment that settles');
    expect(await balanceOf(customerId, account.id), 'debit = totalSendingAmount').toBe(account.balance.amount - quote.totalSendingAmount);
  });

  it('goes PROCESSING -> FAILED with QUOTE_EXECUTION_FAILED, and its refund PENDING -> COMPLETED credits the debit back', async (ctx) => {
    const trigger = capabilities.failureTriggers.QUOTE_EXECUTION_FAILED;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no QUOTE_EXECUTION_FAILED trigger');
    await basisSupplement('Lifecycle: PROCESSING -> FAILED, then automatic refund and REFUND_* events; refund.status (section 8)');
    const { customerId, account, quote, since } = await pay(trigger!);
    const events = await expectOutgoingLifecycle(quote.transactionId, 'REFUND_COMPLETED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'FAILED'], 'a payment whose execution failed');
    expectRefundEvents(events);
    expectPath('refund', refundPath(events), ['PENDING', 'COMPLETED'], 'the automatic refund');
    expect(await balanceOf(customerId, account.id), 'Failure reasons: an amount already debited is refunded automatically').toBe(account.balance.amount);
  });

  it('goes refund PENDING -> FAILED when the refund of a failed payment fails, and the debit stays', async (ctx) => {
    const trigger = capabilities.refundFailureTrigger;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no trigger whose refund fails (SVC_REFUND_FAILURE_TRIGGER)', ['transition:refund:PENDING->FAILED']);
    await basisSupplement('magic 007: payout and refund fail; refund.status FAILED (section 8)');
    const { customerId, account, quote, since } = await pay(trigger!);
    const events = await expectOutgoingLifecycle(quote.transactionId, 'REFUND_FAILED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'FAILED'], 'a payment whose payout failed');
    expectRefundEvents(events);
    expectPath('refund', refundPath(events), ['PENDING', 'FAILED'], 'a refund that failed');
    expect(await balanceOf(customerId, account.id), 'a failed refund credits nothing back').toBe(account.balance.amount - quote.totalSendingAmount);
  });

  it('goes COMPLETED -> FAILED with PAYOUT_RETURNED when the bank returns the payout, and refunds it', async (ctx) => {
    const trigger = capabilities.failureTriggers.PAYOUT_RETURNED;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no PAYOUT_RETURNED trigger');
    await basisSupplement('Lifecycle: COMPLETED -> FAILED on bank return (section 8)');
    const { customerId, account, quote, since } = await pay(trigger!);
    const events = await expectOutgoingLifecycle(quote.transactionId, 'REFUND_COMPLETED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'], 'a payout returned after completion');
    expect(events.find((n) => n.type === 'OUTGOING_PAYMENT.FAILED')?.data.failureReason, 'Failure reasons: PAYOUT_RETURNED').toBe('PAYOUT_RETURNED');
    expect(await balanceOf(customerId, account.id), 'the returned payout is refunded').toBe(account.balance.amount);
  });
});

describe('Outgoing payment expiry (REALTIME_FUNDING quote left unfunded)', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'States and transitions', basis: 'supplement' });

  it('goes PENDING -> EXPIRED with OUTGOING_PAYMENT.EXPIRED once expiresAt passes unfunded, and the quote is EXPIRED', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no realtime funding sandbox', ['event:OUTGOING_PAYMENT.EXPIRED', 'transition:transaction:PENDING->EXPIRED']);
    await basisSupplement('OUTGOING_PAYMENT.EXPIRED when a PENDING payment passes expiresAt (sections 8 and 26, inferred)');
    const { customerId } = await sender({ USD: 0 });
    const since = await listener.mark();
    const res = await api.post('/quotes', { body: { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId }, destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.eur@sandbox.uma.money' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 15_000 } });
    const quote = expectStatus(res, 201, Quote.extend({ expiresAt: z.string() }));
    requireCapability(ctx, msUntil(quote.expiresAt) <= capabilities.waitBudgetMs, `the quote expires at ${quote.expiresAt}, beyond the wait budget`, ['event:OUTGOING_PAYMENT.EXPIRED']);

    const events = await expectOutgoingLifecycle(quote.transactionId, 'EXPIRED', since);

    expectPath('transaction', outgoing(events), ['PENDING', 'EXPIRED'], 'an unfunded payment past expiresAt');
    const after = expectStatus(await api.get('/quotes/{quoteId}', { params: { quoteId: quote.id } }), 200, Quote);
    expect(after.status, 'Quote status EXPIRED: not executed or funded in time').toBe('EXPIRED');
  });
});

async function scaSender(ctx: TestContext) {
  requireCapability(ctx, capabilities.sandboxTriggers && Boolean(capabilities.sca), 'the target declares no SCA region (SVC_SCA_REGION)', ['transition:transaction:PENDING->PENDING_AUTHORIZATION']);
  const { region, code } = capabilities.sca!;
  const s = await sender({ USD: 500_000 }, true, { region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } });
  const destination = await eurDestination(s.customerId);
  expectStatus(await api.post('/sca/login/complete', { query: { customerId: s.customerId }, body: { code } }), 200);
  const quote = await createQuote(quoteBody(s.accounts.USD.id, destination.id, 20_000));
  const since = await listener.mark();
  const pending = expectStatus(await executeQuote(quote.id), 200, Quote.extend({ scaChallenge: z.looseObject({ expiresAt: z.string() }) }), 'an SCA customer authorises the payment');
  return { ...s, quote, since, challengeExpiresAt: pending.scaChallenge.expiresAt };
}

describe('Outgoing payment authorisation (SCA region)', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes/{quoteId}/authorize', section: 'States and transitions', basis: 'supplement' });

  it('goes PENDING -> PENDING_AUTHORIZATION -> PROCESSING -> COMPLETED once the challenge is answered', async (ctx) => {
    const { customerId, accounts, quote, since } = await scaSender(ctx);
    expectStatus(await api.post('/quotes/{quoteId}/authorize', { params: { quoteId: quote.id }, body: { code: capabilities.sca!.code } }), 200, Quote);
    const events = await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED'], 'an authorised payment');
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(accounts.USD.balance.amount - quote.totalSendingAmount);
  });

  it('goes PENDING_AUTHORIZATION -> FAILED with SCA_NOT_COMPLETED when the challenge expires, moving no money', async (ctx) => {
    const { customerId, accounts, quote, since, challengeExpiresAt } = await scaSender(ctx);
    requireCapability(ctx, msUntil(challengeExpiresAt) <= capabilities.waitBudgetMs, 'the SCA challenge outlives the wait budget', ['transition:transaction:PENDING_AUTHORIZATION->FAILED']);
    const events = await expectOutgoingLifecycle(quote.transactionId, 'FAILED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PENDING_AUTHORIZATION', 'FAILED'], 'an unauthorised payment');
    expect(events[events.length - 1].data.failureReason, 'Failure reasons: SCA_NOT_COMPLETED').toBe('SCA_NOT_COMPLETED');
    expect(await balanceOf(customerId, accounts.USD.id), 'no money moved').toBe(accounts.USD.balance.amount);
  });
});
