// POST /quotes/{quoteId}/authorize/resend (supplement sections 8 and 16): 204 while the quote awaits
// authorization with an SMS_OTP challenge; 409 when no SMS challenge is pending; 404 unknown quote.
// "Resend reuses the challenge without extending expiresAt."
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { transfersState } from '../cross-currency-transfers/state.js';
import { conflict, notFound } from '../http/errors.js';

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
    if (pending && ctx.faults.has('resend-extends-challenge')) q.scaChallenge!.expiresAt = ctx.clock.now() + ctx.settings.challengeTtlMs;
    return reply.status(204).send();
  });
}
