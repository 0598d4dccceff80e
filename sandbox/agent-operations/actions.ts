// Supplement section 23: the agent's actions (its money calls, run or held for approval), its own only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { notFound } from '../http/errors.js';
import { cursorPage, PageQuery } from '../store/cursor-page.js';
import { operationTools } from './caller.js';

const ActionQuery = PageQuery.extend({ status: z.enum(['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED']).optional() }).loose();

export async function agentActionRoutes(app: FastifyInstance) {
  const { f, s, refresh, presentAction, caller } = operationTools(app);

  app.get('/agents/me/actions', async (req) => {
    const agent = caller(req);
    const q = parse(ActionQuery, req.query);
    const matches = (id: string) => {
      const a = s.actions.get(id);
      return a !== undefined && (!q.status || refresh(a).status === q.status || f.has('agent-actions-status-filter-ignored'));
    };
    const own = s.actionsByAgent.get(agent.id);
    const p = cursorPage(own, q, matches, (id) => refresh(s.actions.get(id)!));
    if (f.has('agent-actions-has-more-when-full') && !p.hasMore && p.data.length === q.limit) Object.assign(p, { hasMore: true, nextCursor: String(own.length) });
    return { ...p, data: await Promise.all(p.data.map(presentAction)) };
  });
  app.get('/agents/me/actions/:actionId', async (req) => {
    const agent = caller(req);
    const { actionId } = req.params as { actionId: string };
    const a = s.actions.get(actionId);
    if (!a || (a.agentId !== agent.id && !f.has('agent-cross-customer-visible'))) throw notFound('REFERENCE_NOT_FOUND', `Action ${actionId} not found`);
    return presentAction(a);
  });
}
