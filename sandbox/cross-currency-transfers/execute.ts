// POST /quotes/{quoteId}/execute (supplement section 8): an Idempotency-Key'd execute of a PENDING
// quote, with the wallet signature of an embedded-wallet source (supplement 10).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { assertQuoteSignature } from '../embedded-wallet-auth/state.js';
import { idempotent } from './idempotency.js';
import { execute } from './lifecycle.js';
import { takeServerError } from './server-errors.js';
import { getQuote, presentQuote } from './state.js';

export function executeRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const f = ctx.faults;
  app.post('/quotes/:quoteId/execute', async (req, reply) =>
    idempotent(ctx, req, reply, async () => {
      const q = getQuote(ctx, (req.params as { quoteId: string }).quoteId);
      // Supplement section 8: optional {scaFactor?} (SMS_OTP|PASSKEY).
      if (!f.has('execute-sca-factor-any')) parse(z.object({ scaFactor: z.enum(['SMS_OTP', 'PASSKEY']).optional() }), req.body);
      if (q.walletPayloadToSign && q.source) assertQuoteSignature(ctx, req, q.source.id, q.walletPayloadToSign);
      takeServerError(ctx, q.id);
      execute(ctx, q);
      return { status: 200, body: presentQuote(q, f) };
    }),
  );
}
