// Supplement section 23: the agent's quotes (CREATE_QUOTES) and their execution (EXECUTE_QUOTES) under
// its policy: the body is POST /quotes's, the quote the agent's own.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { conflict, invalidInput, notFound } from '../http/errors.js';
import { externalAccounts } from '../external-accounts/state.js';
import { internalAccounts } from '../internal-accounts/state.js';
import { denied, type AgentRecord } from '../agent-management/state.js';
import { operationTools } from './caller.js';

const QuoteBody = z.looseObject({
  source: z.looseObject({ sourceType: z.string(), accountId: z.string().optional(), customerId: z.string().optional() }),
  destination: z.looseObject({ destinationType: z.string(), accountId: z.string().optional() }),
  immediatelyExecute: z.boolean().optional(),
});


export async function agentQuoteRoutes(app: FastifyInstance) {
  const { ctx, f, s, platform, caller, need, mine, hidden, ownInternal, idempotent, act } = operationTools(app);

  app.post('/agents/me/quotes', async (req, reply) => {
    const agent = caller(req);
    need(agent, 'CREATE_QUOTES');
    const result = await idempotent(agent, req, 201, async () => {
      const body = parse(QuoteBody, req.body);
      // The alternate refuses it, from an account it could execute from, as the policy's denial (403: "Agent policy does not permit this operation").
      if (body.immediatelyExecute && body.source.accountId !== undefined && ctx.choices.alternate('agent-immediate-execute-forbidden')) throw denied('An agent executes a quote with POST /agents/me/quotes/{quoteId}/execute, under its policy', { field: 'immediatelyExecute' });
      if (body.immediatelyExecute) throw invalidInput([{ field: 'immediatelyExecute', message: 'an agent executes a quote with POST /agents/me/quotes/{quoteId}/execute, under its policy' }]);
      if (body.source.accountId !== undefined) ownInternal(agent, body.source.accountId);
      if (body.source.customerId !== undefined && !mine(agent, body.source.customerId)) throw hidden('USER_NOT_FOUND', `Customer ${body.source.customerId} not found`);
      const source = body.source.sourceType === 'REALTIME_FUNDING' ? { ...body.source, customerId: agent.customerId } : body.source;
      if (body.destination.accountId !== undefined) {
        const id = body.destination.accountId;
        const external = externalAccounts(ctx).get(id);
        const internal = internalAccounts(ctx).get(id);
        // The customer's own accounts, or the platform's external accounts.
        if (external ? !(external.customerId === null || mine(agent, external.customerId)) : !internal || !mine(agent, internal.customerId)) {
          throw notFound('REFERENCE_NOT_FOUND', `Destination account ${id} not found`);
        }
      }
      // The body is POST /quotes's (supplement 23); under the fault a missing lockedCurrencySide reads as SENDING.
      const sent = f.has('agent-quote-side-defaulted') ? { lockedCurrencySide: 'SENDING', ...body, source } : { ...body, source };
      const quote = await platform<{ id: string }>('POST', '/quotes', sent);
      s.quotes.set(quote.id, agent.id);
      return quote;
    });
    return reply.status(result.status).send(result.body);
  });

  const ownQuote = (agent: AgentRecord, quoteId: string) => {
    if (s.quotes.get(quoteId) !== agent.id && !f.has('agent-cross-customer-visible')) throw hidden('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`);
  };
  app.get('/agents/me/quotes/:quoteId', async (req) => {
    const agent = caller(req);
    // The alternate: reading a quote needs CREATE_QUOTES (supplement 23 states no permission here).
    if (ctx.choices.alternate('agent-reads-need-permissions')) need(agent, 'CREATE_QUOTES');
    const { quoteId } = req.params as { quoteId: string };
    ownQuote(agent, quoteId);
    return platform('GET', `/quotes/${encodeURIComponent(quoteId)}`);
  });

  app.post('/agents/me/quotes/:quoteId/execute', async (req, reply) => {
    const agent = caller(req);
    need(agent, 'EXECUTE_QUOTES');
    const { quoteId } = req.params as { quoteId: string };
    ownQuote(agent, quoteId);
    const result = await idempotent(agent, req, 200, async () => {
      const quote = await platform<{ status: string; totalSendingAmount: number; sendingCurrency: { code: string }; source: { accountId?: string }; destination: { accountId?: string; umaAddress?: string } }>('GET', `/quotes/${encodeURIComponent(quoteId)}`);
      if (quote.status !== 'PENDING') throw conflict('CONFLICT', `Quote ${quoteId} is ${quote.status}; only a PENDING quote executes`);
      const accounts = [quote.source.accountId, quote.destination.accountId ?? quote.destination.umaAddress].filter((a): a is string => !!a);
      return act(agent, 'EXECUTE_QUOTE', { amount: quote.totalSendingAmount, currency: quote.sendingCurrency.code, accounts, spends: true }, { quoteId });
    });
    return reply.status(result.status).send(result.body);
  });
}
