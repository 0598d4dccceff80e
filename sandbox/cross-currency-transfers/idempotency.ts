// Idempotency-Key of the money-moving POSTs (POST /quotes, /quotes/{quoteId}/execute, /transfer-out,
// /transfer-in): supplement section 1.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { transfersState } from './state.js';

/** Idempotency-Key (supplement section 1): a repeat returns the first response. */
export const idempotent = async (ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply, run: () => Promise<{ status: number; body: unknown }>) => {
  const s = transfersState(ctx);
  const f = ctx.faults;
  const key = req.headers['idempotency-key'];
  // Under the fault only an execute is idempotent.
  const cacheKey = typeof key === 'string' && key && !(f.has('idempotency-only-on-execute') && !req.url.includes('/execute')) ? `${req.method} ${req.url} ${key}` : undefined;
  if (cacheKey && !f.has('idempotent-execute-double-debit')) {
    const seen = s.idempotency.get(cacheKey);
    if (seen) return reply.status(seen.status).send(seen.body);
  }
  const result = await run();
  if (cacheKey) s.idempotency.set(cacheKey, result);
  return reply.status(result.status).send(result.body);
};
