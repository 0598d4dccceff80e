// Supplement section 23: the agent's customer's internal accounts, and its external accounts
// (MANAGE_EXTERNAL_ACCOUNTS), through the platform's own operations.
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../http/errors.js';
import { operationTools } from './caller.js';

export async function agentAccountRoutes(app: FastifyInstance) {
  const { ctx, platform, caller, need, mine, hidden, ownExternal, agentListQuery } = operationTools(app);

  app.get('/agents/me/internal-accounts', async (req) => {
    const agent = caller(req);
    // The alternate reads balances as transaction data: VIEW_TRANSACTIONS (supplement 23 states no permission here).
    if (ctx.choices.alternate('agent-reads-need-permissions')) need(agent, 'VIEW_TRANSACTIONS');
    return platform('GET', '/customers/internal-accounts', undefined, agentListQuery(agent, req.query));
  });

  app.get('/agents/me/external-accounts', async (req) => {
    const agent = caller(req);
    need(agent, 'MANAGE_EXTERNAL_ACCOUNTS');
    return platform('GET', '/customers/external-accounts', undefined, agentListQuery(agent, req.query));
  });
  app.post('/agents/me/external-accounts', async (req, reply) => {
    const agent = caller(req);
    need(agent, 'MANAGE_EXTERNAL_ACCOUNTS');
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw invalidInput([{ field: 'body', message: 'a JSON object' }]);
    if (body.customerId !== undefined && !mine(agent, String(body.customerId))) throw hidden('USER_NOT_FOUND', `Customer ${String(body.customerId)} not found`);
    return reply.status(201).send(await platform('POST', '/customers/external-accounts', { ...body, customerId: agent.customerId }));
  });
  app.get('/agents/me/external-accounts/:externalAccountId', async (req) => {
    const agent = caller(req);
    need(agent, 'MANAGE_EXTERNAL_ACCOUNTS');
    const { externalAccountId } = req.params as { externalAccountId: string };
    ownExternal(agent, externalAccountId);
    return platform('GET', `/customers/external-accounts/${encodeURIComponent(externalAccountId)}`);
  });
  app.delete('/agents/me/external-accounts/:externalAccountId', async (req, reply) => {
    const agent = caller(req);
    need(agent, 'MANAGE_EXTERNAL_ACCOUNTS');
    const { externalAccountId } = req.params as { externalAccountId: string };
    ownExternal(agent, externalAccountId);
    await platform('DELETE', `/customers/external-accounts/${encodeURIComponent(externalAccountId)}`);
    return reply.status(204).send();
  });
}
