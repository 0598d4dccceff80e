// Interface: Failure reasons for payments (current list; "QUOTE_EXECUTION_FAILED ... an amount already
// debited is refunded automatically"; removed reasons never appear); Events OUTGOING_PAYMENT.FAILED and
// the refund events. Each failure is caused by the target's own trigger: the last three digits of the
// destination's identifier (supplement section 8; further triggers declared by SVC_FAILURE_TRIGGERS).
import { describe, expect, it } from 'vitest';
import { createQuote, eurDestination, expectBalanceStays, expectOutgoingLifecycle, expectRefundedStatus, expectTransactionOfQuote, quoteBody, REMOVED_FAILURE_REASONS, sender, transaction } from '../../helpers/flows/transfers.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';

// SCA_NOT_COMPLETED, the seventh current reason, comes from an expired SCA challenge (sca.test.ts).
const CURRENT = ['QUOTE_EXECUTION_FAILED', 'PAYOUT_RETURNED', 'LIMIT_EXCEEDED', 'ACCOUNT_CANNOT_RECEIVE', 'ACCOUNT_INVALID', 'COMPLIANCE_REJECTED'];

describe('Outgoing payment failures', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Failure reasons for payments' });

  it.for(CURRENT)('fails with %s and refunds the debited amount automatically', async (reason, ctx) => {
    const suffix = capabilities.failureTriggers[reason];
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(suffix), `the target declares no trigger for ${reason} (SVC_FAILURE_TRIGGERS)`, ['event:OUTGOING_PAYMENT.FAILED']);
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId, suffix);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 30_000, { immediatelyExecute: true }));

    // Supplement 8: PENDING -> PROCESSING -> FAILED, then the automatic refund's REFUND_* events; a
    // returned payout completes first (COMPLETED -> FAILED on bank return).
    const settled = reason === 'PAYOUT_RETURNED' ? ['COMPLETED'] : [];
    await expectOutgoingLifecycle(quote.transactionId, ['PENDING', 'PROCESSING', ...settled, 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED'], since);
    const txn = await transaction(quote.transactionId);
    expectTransactionOfQuote(txn, quote);
    expectRefundedStatus(txn, 'COMPLETED');
    expect(txn.failureReason, 'Failure reasons: the current reason, never a removed one').toBe(reason);
    expect(REMOVED_FAILURE_REASONS).not.toContain(txn.failureReason);
    await expectBalanceStays({ customerId, accountId: accounts.USD.id, transactionId: quote.transactionId, since, balance: accounts.USD.balance.amount, rule: 'QUOTE_EXECUTION_FAILED: an amount already debited is refunded automatically' });
  });

  it('reports a refund that fails with OUTGOING_PAYMENT.REFUND_FAILED and keeps the debit', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox triggers');
    // Supplement section 8: destination suffix 007, "payout and refund fail".
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId, '007');
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 20_000, { immediatelyExecute: true }));
    await expectOutgoingLifecycle(quote.transactionId, ['PENDING', 'PROCESSING', 'FAILED', 'REFUND_PENDING', 'REFUND_FAILED'], since);
    const txn = await transaction(quote.transactionId);
    expectTransactionOfQuote(txn, quote);
    expectRefundedStatus(txn, 'FAILED');
    await expectBalanceStays({ customerId, accountId: accounts.USD.id, transactionId: quote.transactionId, since, balance: accounts.USD.balance.amount - 20_000, rule: 'supplement 8: the refund failed (refund.status FAILED, the transaction stays FAILED): the debit of the locked amount stays' });
  });
});
