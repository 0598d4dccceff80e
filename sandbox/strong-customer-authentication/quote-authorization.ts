// POST /quotes/{quoteId}/authorize/resend (supplement sections 8 and 16): 204 while the quote awaits
// authorization with an SMS_OTP challenge; 409 when no SMS challenge is pending; 404 unknown quote.
// "Resend reuses the challenge without extending expiresAt."
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaState, parse } from '../context.js';
import { transfersState } from '../cross-currency-transfers/state.js';
import { ApiError, conflict, notFound } from '../http/errors.js';

/** The alternate's least wait between two resends of one challenge. */
const RESEND_INTERVAL_MS = 30_000;

export async function quoteAuthorizationRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/quotes/:quoteId/authorize/resend', async (req, reply) => {
    const { quoteId } = parse(z.object({ quoteId: z.string().min(1) }), req.params);
    const q = transfersState(ctx).quotes.get(quoteId);
    if (!q) throw notFound('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`);
    // The sandbox's quote challenges are all SMS_OTP (sandbox/README.md).
    const pending = q.status === 'PENDING_AUTHORIZATION' && q.scaChallenge && ctx.clock.now() < q.scaChallenge.expiresAt;
    if (!pending && !ctx.faults.has('resend-without-challenge-204')) {
      throw conflict('CONFLICT', `Quote ${q.id} is ${q.status}: no SMS challenge is pending authorization`);
    }
    // The alternate answers 429 RATE_LIMITED to a resend of the same challenge within 30 s (supplement 16 lists 429 for resend).
    if (pending && ctx.choices.alternate('quote-resend-rate-limited')) {
      const sent = areaState(ctx, 'sca-quote-resends', () => new Map<string, number>());
      const last = sent.get(q.scaChallenge!.id);
      if (last !== undefined && ctx.clock.now() - last < RESEND_INTERVAL_MS) {
        void reply.header('retry-after', String(Math.ceil((last + RESEND_INTERVAL_MS - ctx.clock.now()) / 1000)));
        throw new ApiError(429, 'RATE_LIMITED', `The challenge of quote ${q.id} was resent less than ${RESEND_INTERVAL_MS / 1000} s ago`);
      }
      sent.set(q.scaChallenge!.id, ctx.clock.now());
    }
    if (pending && ctx.faults.has('resend-extends-challenge')) q.scaChallenge!.expiresAt = ctx.clock.now() + ctx.settings.challengeTtlMs;
    return reply.status(204).send();
  });
}
