// POST /transactions/{id}/cancel of an unsettled payment (supplement sections 8 and 13; the resulting
// status is not stated, sandbox/README.md): FAILED with OUTGOING_PAYMENT.FAILED, and what was debited
// comes back by the automatic refund (reason USER_CANCELLATION, REFUND_* events). openapi.yaml,
// OutgoingTransactionStatus: FAILED is "accompanied by a failureReason"; no reason names a cancellation:
// this sandbox's is QUOTE_EXECUTION_FAILED ("The quote could not be executed ... a debited amount is
// refunded automatically"). The route is the transactions area's; it calls the cancellation set here.
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../clock.js';
import { refund, setStatus, step } from './payments.js';
import { transfersState, type OutgoingTxn } from './state.js';

/** The failureReason of a cancelled payment (sandbox/README.md). */
export const CANCELLATION_REASON = 'QUOTE_EXECUTION_FAILED';

export function cancellation(app: FastifyInstance): void {
  const { ctx } = app;
  const s = transfersState(ctx);
  const f = ctx.faults;
  s.cancel = (t) => {
    // A cancellation already accepted is not applied twice.
    if (t.cancelled) return;
    t.cancelled = true;
    // The cancellation lands at once; the alternate answers the request first, the payment still as it
    // was, and the bank partner's cancellation lands a step later (nothing advances it meanwhile).
    if (ctx.choices.alternate('cancel-lands-later')) ctx.later(step(ctx), () => (t.status === 'PENDING' || t.status === 'PROCESSING') && land(t));
    else land(t);
  };
  const land = (t: OutgoingTxn) => {
    if (t.quote.status === 'PENDING' || t.quote.status === 'PROCESSING' || t.quote.status === 'PENDING_AUTHORIZATION') t.quote.status = 'FAILED';
    if (!f.has('cancelled-without-failure-reason')) t.failureReason = CANCELLATION_REASON;
    if (f.has('cancel-without-refund')) {
      t.status = 'FAILED';
      t.updatedAt = isoNow(ctx.clock);
      return;
    }
    setStatus(ctx, t, 'FAILED');
    if (t.debited) refund(ctx, t, { refund: 'COMPLETED' }, 'USER_CANCELLATION');
  };
}
