// Interface: Transaction status ("Approval of a transaction that is not pending platform approval
// answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"). The approval window of an incoming payment
// answered 202 ("approve/reject within 5 s, else auto-reject"; approve answers "409 not pending /
// decided / timed out"; the timeout announced by INCOMING_PAYMENT.FAILED with PAYMENT_APPROVAL_TIMED_OUT,
// inferred): basis: supplement (sections 3 and 13). The window is the target's (SVC_INCOMING_APPROVAL_WINDOW_MS).
import { describe, expect, it } from 'vitest';
import { waitForEvent } from '../../helpers/events.js';
import { expectError } from '../../helpers/expect.js';
import { answerNextApproval, approve, receive } from '../../helpers/flows/incoming.js';
import { balanceOf, sender } from '../../helpers/flows/transfers.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';

describe('POST /transactions/{transactionId}/approve after the approval window', () => {
  scenario({ area: 'Transactions', operation: 'POST /transactions/{transactionId}/approve', section: 'States and transitions', basis: 'supplement' });

  it('auto-rejects a payment left undecided after 202, and answers its late approval with 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', async (ctx) => {
    const window = capabilities.incomingApprovalWindowMs;
    requireCapability(ctx, capabilities.sandboxTriggers && window <= capabilities.waitBudgetMs, `the approval window (${window} ms) is beyond the wait budget`, ['transition:incoming-transaction:PENDING->FAILED']);
    await basisSupplement('202 then approve/reject within 5 s, else auto-reject; 409 timed out (sections 3 and 13)');
    const { customerId, accounts } = await sender({ USD: 10_000 });
    await answerNextApproval(customerId, 202);
    const since = await listener.mark();
    const txn = await receive(customerId, 8_000);

    const failed = await waitForEvent(txn.id, (n) => n.type === 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.FAILED once the approval window passed', { since, timeoutMs: window + capabilities.eventTimeoutMs });
    expect(failed.data.status, 'auto-rejected: no longer pending').not.toBe('PENDING');

    expectError(await approve(txn.id), 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', 'Interface: approval of a transaction that is not pending platform approval answers 409');
    expect(await balanceOf(customerId, accounts.USD.id), 'an auto-rejected payment is not received').toBe(accounts.USD.balance.amount);
  });
});
