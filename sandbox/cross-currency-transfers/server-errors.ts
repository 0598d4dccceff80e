// This sandbox's trigger for the interface's 500 answers (Errors / 500: SVC_SWITCH_ERROR "switch
// error", INTERNAL_ERROR "internal service or UMA error"), which no client mistake may cause:
// POST /sandbox/quotes/{quoteId}/server-error {code} arms the quote's next POST /quotes/{quoteId}/execute
// to answer 500 with that code, once, changing nothing (sandbox/README.md).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaState, parse, type SandboxContext } from '../context.js';
import { ApiError, notFound } from '../http/errors.js';
import { transfersState } from './state.js';

const SERVER_ERRORS = ['SVC_SWITCH_ERROR', 'INTERNAL_ERROR'] as const;
const armed = (ctx: SandboxContext) => areaState(ctx, 'quote-server-errors', () => new Map<string, (typeof SERVER_ERRORS)[number]>());

/** Throws the armed 500 of a quote's execution, once. */
export function takeServerError(ctx: SandboxContext, quoteId: string): void {
  const code = armed(ctx).get(quoteId);
  if (!code) return;
  armed(ctx).delete(quoteId);
  const message = code === 'SVC_SWITCH_ERROR' ? 'The payment switch failed; the quote was not executed' : 'Internal service error; the quote was not executed';
  throw ctx.faults.has('server-error-unlisted-code') ? new ApiError(500, 'SERVER_ERROR', message) : new ApiError(500, code, message);
}

export async function serverErrorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.post('/sandbox/quotes/:quoteId/server-error', async (req) => {
    const { quoteId } = req.params as { quoteId: string };
    const { code } = parse(z.object({ code: z.enum(SERVER_ERRORS) }), req.body);
    if (!transfersState(ctx).quotes.has(quoteId)) throw notFound('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`);
    armed(ctx).set(quoteId, code);
    return { quoteId, code };
  });
}
