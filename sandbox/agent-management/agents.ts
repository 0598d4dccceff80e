// Supplement sections 11 and 23: the platform's agents (Basic): create with a policy, list, get,
// patch, delete, and the policy as the platform sets it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { customers } from '../customers/state.js';
import { invalidInput } from '../http/errors.js';
import { cursorPage, PageQuery } from '../store/cursor-page.js';
import { indexedPage, timeRange, watchField } from '../store/position-index.js';
import { applyPolicyPatch, convert, PolicyPatchAnySchema, PolicyPatchSchema, PolicySchema } from './policy.js';
import { agentTools, inRange, Stamp, type AgentRecord } from './state.js';

const CreateAgent = z.object({ name: z.string().min(1).max(255), customerId: z.string().min(1), policy: PolicySchema });
const PatchAgent = z.object({ name: z.string().min(1).max(255).optional(), isPaused: z.boolean().optional() }).refine((b) => b.name !== undefined || b.isPaused !== undefined, 'name or isPaused');
const Bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const AgentQuery = PageQuery.extend({
  customerId: z.string().min(1).optional(),
  isPaused: Bool.optional(),
  isConnected: Bool.optional(),
  createdAfter: Stamp.optional(),
  createdBefore: Stamp.optional(),
  updatedAfter: Stamp.optional(),
  updatedBefore: Stamp.optional(),
}).loose();

export async function agentRecordRoutes(app: FastifyInstance) {
  const { ctx, f, s, now, getAgent, presentAgent, presentCode, newCode } = agentTools(app);

  app.post('/agents', async (req, reply) => {
    // Each permission is one of the five (supplement 23); the fault lets any string through.
    const schema = f.has('agent-permissions-unchecked') ? CreateAgent.extend({ policy: CreateAgent.shape.policy.extend({ permissions: z.array(z.string()) }) }) : CreateAgent;
    const sent = req.body as { customerId?: unknown } | undefined;
    if (f.has('agent-refused-customer-stored') && sent && typeof sent === 'object' && 'customerId' in sent && typeof sent.customerId !== 'string') {
      // The fault: a customerId of another type is refused below, but the agent is stored first under it, made a string.
      const rest = CreateAgent.safeParse({ ...sent, customerId: 'placeholder' });
      if (rest.success) storeAgent(rest.data, String(sent.customerId));
    }
    const body = parse(schema, req.body) as z.infer<typeof CreateAgent>;
    const customer = customers(ctx).get(body.customerId);
    if (!customer || customer.isDeleted) throw invalidInput([{ field: 'customerId', message: `No customer ${body.customerId}` }]);
    const agent = storeAgent(body, customer.id);
    return reply.status(201).send({ agent: presentAgent(agent), deviceCode: presentCode(newCode(agent)) });
  });

  /** A new agent of `customerId` with the create's name and policy, stored and indexed. */
  function storeAgent(body: z.infer<typeof CreateAgent>, customerId: string): AgentRecord {
    const at = now();
    const agent: AgentRecord = {
      id: `Agent:${randomUUID()}`,
      name: body.name,
      customerId,
      isPaused: false,
      isConnected: false,
      policy: { ...body.policy, permissions: [...new Set(body.policy.permissions)] },
      usage: { day: '', month: '', dailyTransactionCount: 0, dailySpend: 0, monthlySpend: 0 },
      createdAt: at,
      updatedAt: at,
    };
    s.agents.set(agent.id, agent);
    s.agentOrder.push(agent.id);
    s.agentsByCustomer.add(agent.customerId, agent.id);
    s.agentDates.position.set(agent, s.agentDates.created.push(Date.parse(agent.createdAt)) - 1);
    s.agentDates.updates.note(agent, Date.parse(agent.updatedAt));
    watchField(agent, 'updatedAt', (_from, to) => s.agentDates.updates.note(agent, Date.parse(to)));
    return agent;
  }

  // Creation order, over the customer's agents when customerId is given; no totalCount (optional,
  // supplement 1: counting would read every agent).
  app.get('/agents', async (req) => {
    const q = parse(AgentQuery, req.query);
    // The fault: the time filters are read and ignored.
    if (f.has('agents-list-time-filters-ignored')) Object.assign(q, { createdAfter: undefined, createdBefore: undefined, updatedAfter: undefined, updatedBefore: undefined });
    const ignore = f.has('agents-list-filter-ignored');
    const ids = q.customerId && !ignore ? s.agentsByCustomer.get(q.customerId) : s.agentOrder;
    let current: AgentRecord | undefined;
    const matches = (id: string) => {
      const a = (current = s.agents.get(id));
      return (
        a !== undefined &&
        (ignore ||
          ((q.isPaused === undefined || a.isPaused === q.isPaused) &&
            (q.isConnected === undefined || a.isConnected === q.isConnected) &&
            inRange(a.createdAt, q.createdAfter, q.createdBefore) &&
            inRange(a.updatedAt, q.updatedAfter, q.updatedBefore)))
      );
    };
    if (ids === s.agentOrder && !ignore) {
      // Over every agent, createdAfter/Before bound the positions by binary search and
      // updatedAfter/Before read the change log when few changes lie within (matches tests them all).
      const t = (v?: string) => (v === undefined ? undefined : Date.parse(v));
      const range = timeRange(s.agentDates.created, (v) => v, { after: t(q.createdAfter), before: t(q.createdBefore) });
      const changed = q.updatedAfter || q.updatedBefore ? s.agentDates.updates.within(t(q.updatedAfter), t(q.updatedBefore), Math.min(ids.length, 10_000)) : undefined;
      const narrow = changed ? [changed.map((a) => s.agentDates.position.get(a)!).sort((x, y) => x - y)] : [];
      return indexedPage(ids, { limit: q.limit, cursor: q.cursor, narrow, range }, matches, () => presentAgent(current!));
    }
    return cursorPage(ids, q, matches, () => presentAgent(current!));
  });

  app.get('/agents/:agentId', async (req) => presentAgent(getAgent((req.params as { agentId: string }).agentId)));

  app.patch('/agents/:agentId', async (req) => {
    const agent = getAgent((req.params as { agentId: string }).agentId);
    const body = parse(PatchAgent, req.body);
    if (body.name !== undefined) agent.name = body.name;
    if (body.isPaused !== undefined) agent.isPaused = body.isPaused;
    agent.updatedAt = now();
    return presentAgent(agent);
  });

  app.delete('/agents/:agentId', async (req, reply) => {
    const agent = getAgent((req.params as { agentId: string }).agentId);
    s.agents.delete(agent.id);
    // The token dies at once (supplement 23).
    if (!f.has('agent-token-survives-delete')) for (const token of s.tokensOf.get(agent.id)) s.tokens.delete(token);
    return reply.status(204).send();
  });

  app.patch('/agents/:agentId/policy', async (req) => {
    const agent = getAgent((req.params as { agentId: string }).agentId);
    // The alternate takes an empty body ("partial", no minimum stated): the agent answers unchanged.
    const patch = parse(ctx.choices.alternate('policy-patch-empty-accepted') ? PolicyPatchAnySchema : PolicyPatchSchema, req.body);
    if (!Object.keys(patch).length) return presentAgent(agent);
    const before = agent.policy.spendingLimits.currency;
    agent.policy = applyPolicyPatch(ctx, agent.policy, patch);
    const after = agent.policy.spendingLimits.currency;
    if (after !== before) {
      // Usage is kept in the limits' currency: it is recast with them.
      agent.usage.dailySpend = convert(ctx, agent.usage.dailySpend, before, after);
      agent.usage.monthlySpend = convert(ctx, agent.usage.monthlySpend, before, after);
    }
    agent.updatedAt = now();
    return presentAgent(agent);
  });
}
