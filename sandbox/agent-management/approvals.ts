// Supplement section 23: the agents' actions held for the platform's approval, listed, approved
// (the platform operation runs then) and rejected.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { ApiError, conflict, notFound } from '../http/errors.js';
import { cursorPage, PageQuery } from '../store/cursor-page.js';
import { recordSpend } from './policy.js';
import { agentTools, inRange, Stamp, type ActionRecord } from './state.js';

const ApprovalQuery = PageQuery.extend({
  agentId: z.string().min(1).optional(),
  customerId: z.string().min(1).optional(),
  startDate: Stamp.optional(),
  endDate: Stamp.optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
}).loose();
const Reject = z.object({ reason: z.string().max(1024).optional() });

export async function approvalRoutes(app: FastifyInstance) {
  const { ctx, f, s, now, getAgent, refresh, presentAction, run } = agentTools(app);

  // The actions held for approval in creation order (that is, by createdAt), newest first unless
  // sortOrder=asc, over the agent's or the customer's when asked; no totalCount (supplement 1).
  app.get('/agents/approvals', async (req) => {
    const q = parse(ApprovalQuery, req.query);
    const ignore = f.has('agent-approvals-filter-ignored');
    const ids = ignore ? s.pendingOrder : q.agentId ? s.pendingByAgent.get(q.agentId) : q.customerId ? s.pendingByCustomer.get(q.customerId) : s.pendingOrder;
    const matches = (id: string) => {
      const a = s.actions.get(id);
      return (
        a !== undefined &&
        refresh(a).status === 'PENDING_APPROVAL' &&
        (ignore || ((!q.agentId || a.agentId === q.agentId) && (!q.customerId || a.customerId === q.customerId) && (f.has('agent-approvals-dates-ignored') || inRange(a.createdAt, q.startDate, q.endDate))))
      );
    };
    const p = cursorPage(ids, { limit: q.limit, cursor: q.cursor, descending: q.sortOrder !== 'asc' || f.has('agent-approvals-sort-order-ignored') }, matches, (id) => s.actions.get(id)!);
    // The alternate counts the matching actions (totalCount, optional in supplement 1).
    const total = ctx.choices.alternate('approvals-total-count') ? { totalCount: ids.filter(matches).length } : {};
    return { ...p, data: await Promise.all(p.data.map(presentAction)), ...total };
  });

  const actionOf = (agentId: string, actionId: string) => {
    const agent = getAgent(agentId);
    const a = s.actions.get(actionId);
    if (!a || (a.agentId !== agent.id && !f.has('agent-cross-customer-visible'))) throw notFound('REFERENCE_NOT_FOUND', `Action ${actionId} of agent ${agentId} not found`);
    return { agent, action: refresh(a) };
  };
  const pending = (a: ActionRecord, verb: string) => {
    if (a.status !== 'PENDING_APPROVAL' && !f.has('agent-decides-twice')) throw conflict('CONFLICT', `Action ${a.id} is ${a.status}; only a PENDING_APPROVAL action can be ${verb}`, { status: a.status });
  };

  app.post('/agents/:agentId/actions/:actionId/approve', async (req) => {
    const { agentId, actionId } = req.params as { agentId: string; actionId: string };
    const { agent, action } = actionOf(agentId, actionId);
    pending(action, 'approved');
    try {
      action.transactionId = await run(action);
      action.status = 'APPROVED';
      recordSpend(ctx, agent.policy, agent.usage, action.spend);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      // The execution failed (the quote expired, the funds are gone): the action is FAILED, nothing moved.
      action.status = 'FAILED';
    }
    action.updatedAt = now();
    return presentAction(action);
  });

  app.post('/agents/:agentId/actions/:actionId/reject', async (req) => {
    const { agentId, actionId } = req.params as { agentId: string; actionId: string };
    const { action } = actionOf(agentId, actionId);
    // The fault: a refused reject writes its reason (made a string) onto the still pending action.
    const sentReason = (req.body as { reason?: unknown } | undefined)?.reason;
    if (f.has('agent-refused-reject-reason-written') && sentReason !== undefined && action.status === 'PENDING_APPROVAL' && !Reject.safeParse(req.body).success) {
      action.rejectionReason = typeof sentReason === 'string' ? sentReason : JSON.stringify(sentReason);
    }
    const body = parse(Reject, req.body);
    pending(action, 'rejected');
    if (f.has('agent-reject-executes')) action.transactionId = await run(action);
    action.status = 'REJECTED';
    if (body.reason !== undefined) action.rejectionReason = body.reason;
    action.updatedAt = now();
    return presentAction(action);
  });
}
