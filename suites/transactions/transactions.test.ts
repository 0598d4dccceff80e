// Interface: Transaction status ("Approval of a transaction that is not pending platform approval
// answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL. Cancelling a transaction that has settled or is
// past cancellation answers 409 TRANSACTION_NOT_CANCELLABLE"); POST /transactions/{transactionId}/approve;
// Errors / 404 TRANSACTION_NOT_FOUND. GET and cancel paths: basis: supplement (section 8).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createQuote, eurDestination, expectOutgoingLifecycle, quoteBody, requireVelocityFor, sender } from '../../helpers/flows/transfers.js';
import { eventually } from '../../helpers/eventually.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { AnyTransaction, ExternalAccount, OutgoingTransaction, Page } from '../../helpers/schemas/index.js';

async function completedTransaction(rail: 'SEPA' | 'ACH' = 'SEPA') {
  const { customerId, accounts } = await sender({ USD: 100_000 });
  const destination = rail === 'SEPA' ? await eurDestination(customerId) : expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
  const since = await listener.mark();
  const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true }));
  await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
  return { customerId, transactionId: quote.transactionId };
}

describe('Transactions: held and listed', () => {
  scenario({ area: 'Transactions', operation: 'GET /transactions', section: 'Resources and their fields' });

  it('reports why a held transaction waits, in pendingReason', async (ctx) => {
    const hold = capabilities.holdTrigger;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(hold), 'the target declares no trigger that holds a payment (SVC_HOLD_TRIGGER)');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId, hold);
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true }));
    const held = await eventually(
      async () => expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId: quote.transactionId } }), 200, OutgoingTransaction),
      (t) => typeof t.pendingReason === 'string',
      { timeoutMs: capabilities.eventTimeoutMs, what: 'a pendingReason on the held transaction' },
    );
    expect(held.pendingReason, 'Transaction.pendingReason: why it is held (compliance review or awaiting customer action)').toMatch(/\S/);
    expect(['COMPLETED', 'FAILED'], 'a held transaction has not settled').not.toContain(held.status);
  });

  it('pages through a customer\'s transactions with limit and cursor', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    requireVelocityFor(ctx, 3);
    await basisSupplement('limit, cursor, hasMore, nextCursor (section 1)');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createQuote(quoteBody(accounts.USD.id, destination.id, 1_000 + i, { immediatelyExecute: true }))).transactionId);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = expectStatus(await api.get('/transactions', { query: { customerId, limit: 2, cursor } }), 200, Page(AnyTransaction), 'GET /transactions: a page of the customer\'s transactions');
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((t) => t.id));
      if (!page.hasMore) break;
      expect(typeof page.nextCursor, 'nextCursor when hasMore').toBe('string');
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual([...made].sort());
  });
});

describe('Transactions', () => {
  scenario({ area: 'Transactions', operation: 'POST /transactions/{transactionId}/approve', section: 'States and transitions' });

  it('answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL to the approval of a settled transaction', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { transactionId } = await completedTransaction();
    const res = await api.post('/transactions/{transactionId}/approve', { params: { transactionId }, body: {} });
    expectError(res, 409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('answers 409 TRANSACTION_NOT_CANCELLABLE to the cancellation of a settled ACH payment, which stays COMPLETED', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    // An ACH payment: a type that can be cancelled (Description, cancelTransaction), so only its settlement refuses it.
    const { transactionId } = await completedTransaction('ACH');
    const res = await api.post('/transactions/{transactionId}/cancel', { params: { transactionId }, body: {} });
    expectError(res, 409, 'TRANSACTION_NOT_CANCELLABLE', 'Transaction status: "Cancelling a transaction that has settled ... answers 409 TRANSACTION_NOT_CANCELLABLE"; Description, cancelTransaction 409: "The transaction has already settled"');
    const after = expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId } }), 200, OutgoingTransaction, 'GET /transactions/{transactionId}');
    expect(after.status, 'a refused cancellation changes nothing').toBe('COMPLETED');
  });

  it('lists the customer transaction and answers 404 TRANSACTION_NOT_FOUND for an unknown one', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, transactionId } = await completedTransaction();
    const listed = expectStatus(await api.get('/transactions', { query: { customerId } }), 200, Page(AnyTransaction), 'GET /transactions: the customer\'s transactions');
    expect(listed.data.map((t) => t.id), 'the customer\'s completed transaction is listed').toContain(transactionId);
    expectError(await api.get('/transactions/{transactionId}', { params: { transactionId: `Transaction:${randomUUID()}` } }), 404, 'TRANSACTION_NOT_FOUND');
  });
});
