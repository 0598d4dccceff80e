// Supplement section 23: the agent's customer's transactions (VIEW_TRANSACTIONS), through the platform's list.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';
import { operationTools } from './caller.js';

export async function agentTransactionRoutes(app: FastifyInstance) {
  const { f, platform, caller, need, mine, hidden, agentListQuery } = operationTools(app);

  app.get('/agents/me/transactions', async (req) => {
    const agent = caller(req);
    need(agent, 'VIEW_TRANSACTIONS');
    // "filters as /transactions minus customer" (supplement 23): the agent's customer, whatever customerId says.
    const query: Record<string, unknown> = agentListQuery(agent, req.query);
    // Under the fault only the customer and paging reach the platform's list.
    const kept = f.has('agent-transactions-filters-dropped') ? Object.fromEntries(Object.entries(query).filter(([k]) => ['customerId', 'limit', 'cursor', 'sortOrder'].includes(k))) : query;
    return platform('GET', '/transactions', undefined, kept);
  });
  app.get('/agents/me/transactions/:transactionId', async (req) => {
    const agent = caller(req);
    need(agent, 'VIEW_TRANSACTIONS');
    const { transactionId } = req.params as { transactionId: string };
    const txn = await platform<{ customerId?: string }>('GET', `/transactions/${encodeURIComponent(transactionId)}`).catch((err) => {
      throw err instanceof ApiError && err.status === 404 ? hidden('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`) : err;
    });
    if (!mine(agent, txn.customerId)) throw hidden('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`);
    return txn;
  });
}
