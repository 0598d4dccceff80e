// Interface: Errors / 404 TRANSACTION_NOT_FOUND. POST /transactions/{transactionId}/confirm
// ({receiptDeliveryConfirmedAt?}: the receipt was delivered; 200 Transaction of any type): basis:
// supplement (sections 8 and 13).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createQuote, eurDestination, expectOutgoingLifecycle, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';

const confirm = (transactionId: string, body: Record<string, unknown> = {}) => api.post('/transactions/{transactionId}/confirm', { params: { transactionId }, body });

describe('POST /transactions/{transactionId}/confirm', () => {
  scenario({ area: 'Transactions', operation: 'POST /transactions/{transactionId}/confirm', section: 'Errors', basis: 'supplement' });

  it('confirms the receipt delivery of a completed payment with 200, and answers 404 TRANSACTION_NOT_FOUND for an unknown transaction', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('POST /transactions/{id}/confirm {receiptDeliveryConfirmedAt?} -> 200 (section 8)');
    const { customerId, accounts } = await sender({ USD: 50_000 });
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true }));
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);

    const confirmed = expectStatus(await confirm(quote.transactionId, { receiptDeliveryConfirmedAt: new Date().toISOString() }), 200, z.looseObject({ id: z.string() }), 'Supplement 13: confirm answers 200 Transaction (any type)');
    expect(confirmed.id, 'the transaction confirmed').toBe(quote.transactionId);

    expectError(await confirm(`Transaction:${randomUUID()}`), 404, 'TRANSACTION_NOT_FOUND', 'Errors / 404: TRANSACTION_NOT_FOUND');
  });
});
