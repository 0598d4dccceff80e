// Interface: Transaction status; Events (OUTGOING_PAYMENT.<STATUS>). OUTGOING_PAYMENT.EXPIRED ("status
// EXPIRED = not executed/funded in time; fired when a PENDING payment passes expiresAt", inferred), the
// PENDING -> EXPIRED transition, the quote's EXPIRED status and the REALTIME_FUNDING quote: basis:
// supplement (sections 8 and 26).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msUntil } from '../../helpers/deadline.js';
import type { Notification } from '../../helpers/events.js';
import { expectStatus } from '../../helpers/expect.js';
import { expectPath, OUTGOING_STATUSES, statusPath } from '../../helpers/flows/lifecycle.js';
import { expectOutgoingLifecycle, sender } from '../../helpers/flows/transfers.js';
import { umaDestination } from '../../helpers/flows/uma.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';

const outgoing = (events: Notification[]) => statusPath(events, (d) => d.status, (s) => OUTGOING_STATUSES.has(s));

describe('Outgoing payment expiry (REALTIME_FUNDING quote left unfunded)', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'States and transitions', basis: 'supplement' });

  it('goes PENDING -> EXPIRED with OUTGOING_PAYMENT.EXPIRED once expiresAt passes unfunded, and the quote is EXPIRED', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no realtime funding sandbox', ['event:OUTGOING_PAYMENT.EXPIRED', 'transition:transaction:PENDING->EXPIRED']);
    await basisSupplement('OUTGOING_PAYMENT.EXPIRED when a PENDING payment passes expiresAt (sections 8 and 26, inferred)');
    const { customerId } = await sender({ USD: 0 });
    const since = await listener.mark();
    const res = await api.post('/quotes', { body: { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId }, ...(await umaDestination('$success.eur@sandbox.uma.money', customerId)), lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 15_000 } });
    const quote = expectStatus(res, 201, Quote.extend({ expiresAt: z.string() }));
    requireCapability(ctx, msUntil(quote.expiresAt) <= capabilities.waitBudgetMs, `the quote expires at ${quote.expiresAt}, beyond the wait budget`, ['event:OUTGOING_PAYMENT.EXPIRED']);

    const events = await expectOutgoingLifecycle(quote.transactionId, 'EXPIRED', since);

    expectPath('transaction', outgoing(events), ['PENDING', 'EXPIRED'], 'an unfunded payment past expiresAt');
    const after = expectStatus(await api.get('/quotes/{quoteId}', { params: { quoteId: quote.id } }), 200, Quote);
    expect(after.status, 'Quote status EXPIRED: not executed or funded in time').toBe('EXPIRED');
  });
});
