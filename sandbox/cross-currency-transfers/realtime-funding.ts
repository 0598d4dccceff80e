// Supplement section 8: POST /sandbox/send funds a realtime-funding quote; the amount defaults from the quote.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { badRequest, conflict } from '../http/errors.js';
import { ready, start } from './lifecycle.js';
import { railOf, setStatus } from './payments.js';
import { getQuote, presentOutgoing, transfersState } from './state.js';

export function realtimeFundingRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const s = transfersState(ctx);
  const f = ctx.faults;
  app.post('/sandbox/send', async (req) => {
    // currencyAmount is an amount in the smallest unit, an integer like every amount of the supplement (sandbox/README.md).
    const body = parse(z.object({ quoteId: z.string().min(1), currencyCode: z.string().min(1), currencyAmount: z.number().int().optional() }), req.body);
    if (f.has('sandbox-send-unknown-quote-400') && !s.quotes.has(body.quoteId)) throw badRequest('INVALID_INPUT', `Unknown quote ${body.quoteId}`);
    const q = getQuote(ctx, body.quoteId);
    if (q.source) throw conflict('CONFLICT', `Quote ${q.id} is paid from an internal account; execute it instead`);
    if (body.currencyCode !== q.sending) throw badRequest('INVALID_CURRENCY', `Quote ${q.id} is funded in ${q.sending}`);
    const amount = body.currencyAmount ?? q.pricing.totalSending;
    // Another amount is refused; the alternate takes a positive one and fails the payment with
    // FUNDING_AMOUNT_MISMATCH (openapi.yaml: "The funds received did not match the expected amount").
    const mismatch = amount !== q.pricing.totalSending && amount > 0 && ctx.choices.alternate('funding-mismatch-fails');
    if (amount !== q.pricing.totalSending && !mismatch) throw badRequest('INVALID_AMOUNT', `Quote ${q.id} is funded with exactly ${q.pricing.totalSending}`);
    ready(ctx, q);
    const waiting = s.txns.get(q.transactionId);
    if (mismatch && waiting?.status === 'PENDING') {
      q.status = 'FAILED';
      waiting.failureReason = 'FUNDING_AMOUNT_MISMATCH';
      setStatus(ctx, waiting, 'FAILED');
      return presentOutgoing(ctx, waiting);
    }
    if (f.has('realtime-send-not-settled')) {
      q.status = 'PROCESSING';
      return presentOutgoing(ctx, { id: q.transactionId, quote: q, status: 'PENDING', paymentRail: railOf(q), createdAt: isoNow(ctx.clock), updatedAt: isoNow(ctx.clock) });
    }
    return presentOutgoing(ctx, start(ctx, q));
  });
}
