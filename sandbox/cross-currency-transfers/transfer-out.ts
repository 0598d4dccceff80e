// Deprecated same-currency transfer-out (interface: "request and response shapes unchanged; a
// transaction is returned"; supplement section 8 for the body): a quote of the source's currency,
// executed at once.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { externalAccounts } from '../external-accounts/state.js';
import { getInternalAccount } from '../internal-accounts/state.js';
import { idempotent } from './idempotency.js';
import { execute } from './lifecycle.js';
import { newQuote } from './new-quote.js';
import { presentOutgoing, presentQuote, purposeOfPayment, RequestedRail } from './state.js';
import { countingRefusals } from './velocity-refusals.js';

export function transferOutRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const f = ctx.faults;
  const TransferOut = z.object({
    source: z.object({ accountId: z.string().min(1) }),
    // Supplement section 8: destination*{accountId: ExternalAccount, paymentRail?} (openapi.yaml: a PaymentRail).
    destination: f.has('transfer-out-destination-optional')
      ? z.object({ accountId: z.string().min(1).optional(), paymentRail: RequestedRail.optional() }).optional()
      : z.object({ accountId: z.string().min(1), paymentRail: RequestedRail.optional() }),
    // An amount is an integer of the smallest unit (interface: Money); the fault takes a fraction, rounded.
    amount: f.has('transfer-out-fraction-rounded') ? z.number().transform(Math.round).optional() : z.number().int().optional(),
    remittanceInformation: z.string().max(80).optional(),
    // openapi.yaml, TransferOutRequest.purposeOfPayment: a PurposeOfPayment.
    purposeOfPayment: purposeOfPayment(f),
  });
  app.post('/transfer-out', async (req, reply) =>
    idempotent(ctx, req, reply, () => countingRefusals(ctx, req.body, async () => {
      const body = parse(TransferOut, req.body);
      const source = getInternalAccount(ctx, body.source.accountId);
      if (!body.destination?.accountId) throw notFound('REFERENCE_NOT_FOUND', 'No destination account');
      const destination = externalAccounts(ctx).get(body.destination.accountId);
      if (destination && destination.currency !== source.currency) {
        throw badRequest('INVALID_CURRENCY', `transfer-out is same-currency: ${source.currency} to ${destination.currency}`);
      }
      const quote = newQuote(ctx, {
        source: { sourceType: 'ACCOUNT', accountId: source.id },
        destination: { destinationType: 'ACCOUNT', accountId: body.destination.accountId, paymentRail: body.destination?.paymentRail },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: body.amount ?? source.available,
        remittanceInformation: body.remittanceInformation,
        purposeOfPayment: body.purposeOfPayment,
      });
      quote.transfer = true;
      const txn = presentOutgoing(ctx, execute(ctx, quote));
      return { status: 201, body: f.has('transfer-out-returns-quote') ? presentQuote(quote, f) : txn };
    })),
  );
}
