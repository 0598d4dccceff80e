// Interface: Transaction status ("Approval of a transaction that is not pending platform approval
// answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL. Cancelling a transaction that has settled or is
// past cancellation answers 409 TRANSACTION_NOT_CANCELLABLE"); POST /transactions/{transactionId}/approve;
// Errors / 404 TRANSACTION_NOT_FOUND. GET and cancel paths: basis: supplement (section 8).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createQuote, eurDestination, expectOutgoingLifecycle, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';

async function completedTransaction() {
  const { customerId, accounts } = await sender({ USD: 100_000 });
  const destination = await eurDestination(customerId);
  const since = await listener.mark();
  const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true }));
  await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
  return { customerId, transactionId: quote.transactionId };
}

describe('Transactions', () => {
  scenario({ area: 'Transactions', operation: 'POST /transactions/{transactionId}/approve', section: 'States and transitions' });

  it('answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL to the approval of a settled transaction', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { transactionId } = await completedTransaction();
    const res = await api.post('/transactions/{transactionId}/approve', { params: { transactionId }, body: {} });
    expectError(res, 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('answers 409 TRANSACTION_NOT_CANCELLABLE to the cancellation of a settled transaction, which stays COMPLETED', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { transactionId } = await completedTransaction();
    const res = await api.post('/transactions/{transactionId}/cancel', { params: { transactionId }, body: {} });
    expectError(res, 409, 'TRANSACTION_NOT_CANCELLABLE');
    const after = expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId } }), 200) as { status: string };
    expect(after.status).toBe('COMPLETED');
  });

  it('lists the customer transaction and answers 404 TRANSACTION_NOT_FOUND for an unknown one', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, transactionId } = await completedTransaction();
    const listed = expectStatus(await api.get('/transactions', { query: { customerId } }), 200, z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) }));
    expect(listed.data.map((t) => t.id)).toContain(transactionId);
    expectError(await api.get('/transactions/{transactionId}', { params: { transactionId: `Transaction:${randomUUID()}` } }), 404, 'TRANSACTION_NOT_FOUND');
  });
});
