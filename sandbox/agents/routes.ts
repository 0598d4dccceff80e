// Supplement sections 11 and 23: agents. Management (Basic): create with a policy, list, get, patch,
// delete, policy, device codes (redeemed once, with no authentication, for a Bearer token),
// approvals, approve and reject. Operations (`/agents/me/*`, Bearer): quotes, execute, transfers,
// actions, accounts, external accounts, for the agent's customer only and under its policy. The money
// itself moves through the platform's own operations (quotes, execute, transfer-in/out, accounts),
// called in-process, so an agent's payment is the platform's payment, to the cent.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { INTERFACE_VERSION } from '../constants.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { customers, getCustomer } from '../customers/routes.js';
import { presentIncoming, presentOutgoing, transfersState } from '../cross-currency-transfers/routes.js';
import { ApiError, badRequest, conflict, invalidInput, notFound, unauthorized } from '../errors.js';
import { externalAccounts } from '../external-accounts/accounts.js';
import { internalAccounts } from '../internal-accounts/store.js';
import { PageQuery } from '../pagination.js';
import { cursorPage, KeyedOrder } from '../store/cursor-page.js';
import { ChangeLog, indexedPage, timeRange, watchField } from '../store/position-index.js';
import { applyPolicyPatch, convert, decide, denied, PolicyPatchSchema, PolicySchema, presentUsage, recordSpend, type Permission, type Policy, type Spend, type Usage } from './policy.js';

/** A device code lives this long unredeemed (sandbox/README.md). */
const DEVICE_CODE_TTL_MS = 15 * 60_000;

interface AgentRecord {
  id: string;
  name: string;
  customerId: string;
  isPaused: boolean;
  isConnected: boolean;
  policy: Policy;
  usage: Usage;
  createdAt: string;
  updatedAt: string;
}
interface DeviceCode {
  code: string;
  agentId: string;
  expiresAt: number;
  redeemed: boolean;
  /** Voided by a newer code of the same agent. */
  voided: boolean;
}
type ActionType = 'EXECUTE_QUOTE' | 'TRANSFER_OUT' | 'TRANSFER_IN';
type ActionStatus = 'PENDING_APPROVAL' | 'APPROVED' | 'REJECTED' | 'FAILED';
interface ActionRecord {
  id: string;
  agentId: string;
  customerId: string;
  platformCustomerId: string;
  status: ActionStatus;
  type: ActionType;
  quoteId?: string;
  transfer?: { amount: number; currency: string; sourceAccountId: string; destinationAccountId: string };
  spend: Spend;
  transactionId?: string;
  rejectionReason?: string;
  createdAt: string;
  updatedAt: string;
}

export const agentsState = (ctx: SandboxContext) =>
  areaState(ctx, 'agents', () => ({
    agents: new Map<string, AgentRecord>(),
    /** Every agent ever created, in creation order, all and per customer (deleted ones skipped when read). */
    agentOrder: [] as string[],
    agentsByCustomer: new KeyedOrder(),
    /** For the list's date filters: each position's createdAt (in creation order), when each agent last changed. */
    agentDates: { created: [] as number[], position: new Map<AgentRecord, number>(), updates: new ChangeLog<AgentRecord>() },
    codes: new Map<string, DeviceCode>(),
    /** Each agent's newest device code: the only one a newer code can still void. */
    newestCode: new Map<string, DeviceCode>(),
    /** Access token -> the agent it acts as. */
    tokens: new Map<string, AgentRecord>(),
    /** Agent id -> the access tokens it was given. */
    tokensOf: new KeyedOrder(),
    actions: new Map<string, ActionRecord>(),
    /** Each agent's actions in the order they were stored. */
    actionsByAgent: new KeyedOrder(),
    /** Actions held for approval, in creation order, all, per agent and per customer (decided ones skipped when read). */
    pendingOrder: [] as string[],
    pendingByAgent: new KeyedOrder(),
    pendingByCustomer: new KeyedOrder(),
    /** Quotes each agent created: GET and execute answer only the agent's own. */
    quotes: new Map<string, string>(),
    idempotency: new Map<string, { status: number; body: unknown }>(),
  }));

const PREFIX = `/${INTERFACE_VERSION}/agents`;
/**
 * Routes that authenticate themselves: `/agents/me/*` with the agent's Bearer token, and the device
 * code's redemption with none (supplement 23). The platform's Basic check skips them.
 */
export function agentAuthenticates(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return routeUrl === `${PREFIX}/me` || routeUrl.startsWith(`${PREFIX}/me/`) || routeUrl === `${PREFIX}/device-codes/:deviceCode/redeem`;
}

const CreateAgent = z.object({ name: z.string().min(1).max(255), customerId: z.string().min(1), policy: PolicySchema });
const PatchAgent = z.object({ name: z.string().min(1).max(255).optional(), isPaused: z.boolean().optional() }).refine((b) => b.name !== undefined || b.isPaused !== undefined, 'name or isPaused');
const Bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const Stamp = z.iso.datetime({ offset: true });
const AgentQuery = PageQuery.extend({
  customerId: z.string().min(1).optional(),
  isPaused: Bool.optional(),
  isConnected: Bool.optional(),
  createdAfter: Stamp.optional(),
  createdBefore: Stamp.optional(),
  updatedAfter: Stamp.optional(),
  updatedBefore: Stamp.optional(),
}).loose();
const ApprovalQuery = PageQuery.extend({
  agentId: z.string().min(1).optional(),
  customerId: z.string().min(1).optional(),
  startDate: Stamp.optional(),
  endDate: Stamp.optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
}).loose();
const ActionQuery = PageQuery.extend({ status: z.enum(['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED']).optional() }).loose();
const Reject = z.object({ reason: z.string().max(1024).optional() });
const TransferOut = z.looseObject({ source: z.looseObject({ accountId: z.string().min(1) }), destination: z.looseObject({ accountId: z.string().min(1) }), amount: z.number().optional() });
const TransferIn = z.looseObject({ source: z.looseObject({ accountId: z.string().min(1) }), destination: z.looseObject({ accountId: z.string().min(1) }), amount: z.number() });
const QuoteBody = z.looseObject({
  source: z.looseObject({ sourceType: z.string(), accountId: z.string().optional(), customerId: z.string().optional() }),
  destination: z.looseObject({ destinationType: z.string(), accountId: z.string().optional() }),
  immediatelyExecute: z.boolean().optional(),
});

const inRange = (stamp: string, after?: string, before?: string) => (!after || Date.parse(stamp) >= Date.parse(after)) && (!before || Date.parse(stamp) <= Date.parse(before));

export async function agentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const f = ctx.faults;
  const s = agentsState(ctx);
  const now = () => isoNow(ctx.clock);
  const basic = `Basic ${Buffer.from(`${ctx.settings.clientId}:${ctx.settings.clientSecret}`).toString('base64')}`;

  /** One of the platform's own operations, in-process: its answer, or its error passed on as it is. */
  async function platform<T = any>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, query?: Record<string, unknown>): Promise<T> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const res = await app.inject({
      method,
      url: `/${INTERFACE_VERSION}${url}${qs.size ? `?${qs}` : ''}`,
      headers: { authorization: basic, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const parsed = res.body ? JSON.parse(res.body) : undefined;
    if (res.statusCode >= 400) throw new ApiError(res.statusCode, parsed?.code ?? 'INTERNAL_ERROR', parsed?.message ?? 'The operation failed', parsed?.details);
    return parsed as T;
  }

  // --- records and their presentation ----------------------------------------------------------

  const getAgent = (id: string) => {
    const a = s.agents.get(id);
    if (!a) throw notFound('REFERENCE_NOT_FOUND', `Agent ${id} not found`);
    return a;
  };
  const presentAgent = (a: AgentRecord) => ({
    id: a.id,
    name: a.name,
    customerId: a.customerId,
    isPaused: a.isPaused,
    isConnected: a.isConnected,
    policy: ctx.faults.has('agent-account-rule-details-dropped') && a.policy.accountRestrictions?.accountRules
      ? { ...a.policy, accountRestrictions: { ...a.policy.accountRestrictions, accountRules: a.policy.accountRestrictions.accountRules.map((r) => ({ accountId: r.accountId })) } }
      : a.policy,
    usage: presentUsage(ctx, a.usage),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  });
  const presentCode = (c: DeviceCode) => ({ code: c.code, agentId: c.agentId, expiresAt: new Date(c.expiresAt).toISOString(), redeemed: c.redeemed });

  function newCode(agent: AgentRecord): DeviceCode {
    // A new code voids the agent's older unredeemed codes (supplement 23). Each code voids the one
    // before it, so only the newest can still be live.
    const previous = s.newestCode.get(agent.id);
    if (previous && !previous.redeemed && !f.has('agent-old-code-stays-valid')) previous.voided = true;
    const part = () => randomBytes(4).toString('hex').toUpperCase().slice(0, 4);
    const code: DeviceCode = { code: `SVC-AGENT-${part()}-${part()}-${part()}`, agentId: agent.id, expiresAt: ctx.clock.now() + DEVICE_CODE_TTL_MS, redeemed: false, voided: false };
    s.codes.set(code.code, code);
    s.newestCode.set(agent.id, code);
    return code;
  }

  function transactionOf(a: ActionRecord): Record<string, any> | undefined {
    if (!a.transactionId) return undefined;
    const t = transfersState(ctx);
    const out = t.txns.get(a.transactionId);
    if (out) return presentOutgoing(ctx, out);
    const inc = t.incoming.get(a.transactionId);
    return inc ? presentIncoming(inc) : undefined;
  }

  /** An APPROVED action whose execution failed afterwards (its transaction FAILED) is FAILED (supplement 23). */
  function refresh(a: ActionRecord): ActionRecord {
    if (a.status === 'APPROVED' && transactionOf(a)?.status === 'FAILED' && !f.has('agent-action-failure-not-followed')) {
      a.status = 'FAILED';
      a.updatedAt = now();
    }
    return a;
  }

  async function presentAction(a: ActionRecord) {
    refresh(a);
    const quote = a.quoteId ? await platform('GET', `/quotes/${encodeURIComponent(a.quoteId)}`) : undefined;
    const transaction = transactionOf(a);
    return {
      id: a.id,
      agentId: a.agentId,
      customerId: a.customerId,
      platformCustomerId: a.platformCustomerId,
      status: a.status,
      type: a.type,
      ...(quote ? { quote } : {}),
      ...(a.transfer ? { transferDetails: { ...a.transfer } } : {}),
      ...(transaction ? { transaction } : {}),
      ...(a.rejectionReason !== undefined ? { rejectionReason: a.rejectionReason } : {}),
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
    };
  }

  /** Runs the platform operation an action stands for; the transaction it made. */
  async function run(a: ActionRecord): Promise<string> {
    if (a.type === 'EXECUTE_QUOTE') {
      const quote = await platform<{ transactionId: string }>('POST', `/quotes/${encodeURIComponent(a.quoteId!)}/execute`);
      return quote.transactionId;
    }
    const t = a.transfer!;
    const body = { source: { accountId: t.sourceAccountId }, destination: { accountId: t.destinationAccountId }, amount: t.amount };
    const txn = await platform<{ id: string }>('POST', a.type === 'TRANSFER_OUT' ? '/transfer-out' : '/transfer-in', body);
    return txn.id;
  }

  // --- management (Basic) ----------------------------------------------------------------------

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
    if (!customer || customer.isDeleted) throw invalidInput([{ field: 'customerId', constraint: 'exists', message: `No customer ${body.customerId}` }]);
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

  // Static segments (approvals, device-codes, me) win over :agentId in the router.
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
    return { ...p, data: await Promise.all(p.data.map(presentAction)) };
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
    const patch = parse(PolicyPatchSchema, req.body);
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

  app.post('/agents/:agentId/device-codes', async (req, reply) => {
    const agent = getAgent((req.params as { agentId: string }).agentId);
    if (agent.isConnected && !f.has('agent-connected-new-code')) throw conflict('CONFLICT', `Agent ${agent.id} is connected; it needs no new device code`);
    return reply.status(201).send(presentCode(newCode(agent)));
  });

  const getCode = (code: string) => {
    const c = s.codes.get(code);
    if (!c || !s.agents.has(c.agentId)) throw notFound('REFERENCE_NOT_FOUND', `Device code ${code} not found`);
    return c;
  };
  app.get('/agents/device-codes/:deviceCode/status', async (req) => {
    const c = getCode((req.params as { deviceCode: string }).deviceCode);
    return { code: c.code, redeemed: c.redeemed, agentId: c.agentId, expiresAt: new Date(c.expiresAt).toISOString() };
  });

  // No authentication: the code is the credential (supplement 23).
  app.post('/agents/device-codes/:deviceCode/redeem', async (req) => {
    if (f.has('agent-redeem-needs-auth') && !/^Basic /.test(req.headers.authorization ?? '')) throw unauthorized();
    const c = getCode((req.params as { deviceCode: string }).deviceCode);
    if (c.redeemed && !f.has('agent-code-redeems-twice')) throw badRequest('INVALID_INPUT', `Device code ${c.code} was already redeemed`, { reason: 'REDEEMED' });
    if (c.voided) throw badRequest('INVALID_INPUT', `Device code ${c.code} was replaced by a newer code`, { reason: 'VOIDED' });
    if (ctx.clock.now() >= c.expiresAt) throw badRequest('INVALID_INPUT', `Device code ${c.code} expired`, { reason: 'EXPIRED' });
    const agent = getAgent(c.agentId);
    c.redeemed = true;
    agent.isConnected = true;
    agent.updatedAt = now();
    const accessToken = `svc_agent_${randomBytes(24).toString('base64url')}`;
    s.tokens.set(accessToken, agent);
    s.tokensOf.add(agent.id, accessToken);
    return { agentId: agent.id, agentName: agent.name, accessToken, policy: agent.policy };
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

  // --- operations (Bearer) ---------------------------------------------------------------------

  /** The agent behind the Bearer token; a paused agent is refused (supplement 28.2: its answer is not stated). */
  function caller(req: FastifyRequest): AgentRecord {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const agent = m ? s.tokens.get(m[1]) : undefined;
    if (!agent) throw unauthorized('A valid agent access token is required (Authorization: Bearer)');
    if (agent.isPaused && !f.has('agent-paused-acts')) throw denied(`Agent ${agent.id} is paused`, { reason: 'AGENT_PAUSED' });
    return agent;
  }
  function need(agent: AgentRecord, permission: Permission): void {
    if (!agent.policy.permissions.includes(permission) && !f.has('agent-permission-ignored')) {
      throw denied(`The agent's policy lacks the permission ${permission}`, { permission });
    }
  }
  const mine = (agent: AgentRecord, customerId: string | null | undefined) => customerId === agent.customerId || f.has('agent-cross-customer-visible');
  /** An internal account of the agent's customer. */
  const ownInternal = (agent: AgentRecord, id: string) => {
    const a = internalAccounts(ctx).get(id);
    if (!a || !mine(agent, a.customerId)) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${id} not found`);
    return a;
  };
  /** An external account of the agent's customer. */
  const ownExternal = (agent: AgentRecord, id: string) => {
    const a = externalAccounts(ctx).get(id);
    if (!a || !mine(agent, a.customerId)) throw notFound('REFERENCE_NOT_FOUND', `External account ${id} not found`);
    return a;
  };

  /** Idempotency-Key on the agent's money calls (supplement 1): a repeat returns the first answer. */
  async function idempotent(agent: AgentRecord, req: FastifyRequest, status: number, make: () => Promise<unknown>) {
    const key = req.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' && key ? `${agent.id} ${req.method} ${req.url} ${key}` : undefined;
    const seen = cacheKey && !f.has('agent-idempotency-ignored') ? s.idempotency.get(cacheKey) : undefined;
    if (seen) return seen;
    const result = { status, body: await make() };
    if (cacheKey) s.idempotency.set(cacheKey, result);
    return result;
  }

  const store = (action: ActionRecord) => {
    s.actions.set(action.id, action);
    s.actionsByAgent.add(action.agentId, action.id);
  };

  /** A money call: the policy decides (403, held for approval with AGENT_ACTION.PENDING_APPROVAL, or run at once). */
  async function act(agent: AgentRecord, type: ActionType, spend: Spend, detail: Pick<ActionRecord, 'quoteId' | 'transfer'>) {
    const { approval } = decide(ctx, agent.policy, agent.usage, spend);
    const at = now();
    const action: ActionRecord = {
      id: `AgentAction:${randomUUID()}`,
      agentId: agent.id,
      customerId: agent.customerId,
      platformCustomerId: String(getCustomer(ctx, agent.customerId).fields.platformCustomerId),
      status: 'PENDING_APPROVAL',
      type,
      ...detail,
      spend,
      createdAt: at,
      updatedAt: at,
    };
    if (approval) {
      // Indexed at creation, so the approvals' order is the createdAt order; read once stored.
      s.pendingOrder.push(action.id);
      s.pendingByAgent.add(action.agentId, action.id);
      s.pendingByCustomer.add(action.customerId, action.id);
      if (f.has('agent-pending-moves-money')) action.transactionId = await run(action);
      // Fault agent-pending-moves-later: the held call's money moves a moment after the answer.
      if (f.has('agent-pending-moves-later')) ctx.later(50, () => void run(action).catch(() => undefined));
      store(action);
      const body = await presentAction(action);
      if (!f.has('agent-pending-event-missing')) ctx.webhooks.emit('AGENT_ACTION.PENDING_APPROVAL', body);
      return body;
    }
    // AUTO: the platform's operation runs now; its refusal is the agent's answer and leaves no action.
    action.transactionId = await run(action);
    // Fault agent-auto-moves-twice-later: the same money moves once more a moment after the answer.
    if (f.has('agent-auto-moves-twice-later')) ctx.later(50, () => void run(action).catch(() => undefined));
    action.status = 'APPROVED';
    recordSpend(ctx, agent.policy, agent.usage, spend);
    store(action);
    return presentAction(action);
  }

  /**
   * An agent's list is its customer's (supplement 23: cross-customer ids -> 404): a customerId the caller
   * gives is ignored (sandbox/README.md), unless the fault `agent-lists-customer-query-honoured` lets it through.
   */
  const agentListQuery = (agent: AgentRecord, query: unknown) => {
    const { customerId: asked, ...rest } = (query ?? {}) as Record<string, unknown>;
    const customerId = f.has('agent-lists-customer-query-honoured') && typeof asked === 'string' && asked ? asked : agent.customerId;
    return { ...rest, customerId };
  };

  app.get('/agents/me', async (req) => presentAgent(caller(req)));

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
    const txn = await platform<{ customerId?: string }>('GET', `/transactions/${encodeURIComponent(transactionId)}`);
    if (!mine(agent, txn.customerId)) throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`);
    return txn;
  });

  app.post('/agents/me/quotes', async (req, reply) => {
    const agent = caller(req);
    need(agent, 'CREATE_QUOTES');
    const result = await idempotent(agent, req, 201, async () => {
      const body = parse(QuoteBody, req.body);
      if (body.immediatelyExecute) throw invalidInput([{ field: 'immediatelyExecute', constraint: 'agent', message: 'an agent executes a quote with POST /agents/me/quotes/{quoteId}/execute, under its policy' }]);
      if (body.source.accountId !== undefined) ownInternal(agent, body.source.accountId);
      if (body.source.customerId !== undefined && !mine(agent, body.source.customerId)) throw notFound('USER_NOT_FOUND', `Customer ${body.source.customerId} not found`);
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
    if (s.quotes.get(quoteId) !== agent.id && !f.has('agent-cross-customer-visible')) throw notFound('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`);
  };
  app.get('/agents/me/quotes/:quoteId', async (req) => {
    const agent = caller(req);
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

  // The agent's transfer bodies are those of /transfer-out and /transfer-in (supplement 23 and 8), each
  // field of its type before the policy decides (an amount is an integer, interface: Money).
  const AgentTransferOut = TransferOut.extend({
    destination: z.looseObject({ accountId: z.string().min(1), paymentRail: z.string().optional() }),
    amount: z.number().int().optional(),
    remittanceInformation: z.string().optional(),
    purposeOfPayment: z.string().optional(),
  });
  const AgentTransferIn = TransferIn.extend({ amount: z.number().int() });
  for (const direction of ['out', 'in'] as const) {
    app.post(`/agents/me/transfer-${direction}`, async (req, reply) => {
      const agent = caller(req);
      need(agent, 'CREATE_TRANSFERS');
      const result = await idempotent(agent, req, 201, async () => {
        const refused = !(direction === 'out' ? AgentTransferOut : AgentTransferIn).safeParse(req.body).success;
        // The faults: a refused transfer counts in the agent's usage; a refused transfer-in between the customer's own accounts runs all the same.
        if (refused && f.has('agent-refused-transfer-counted')) recordSpend(ctx, agent.policy, agent.usage, { amount: 0, currency: agent.policy.spendingLimits.currency, accounts: [], spends: true });
        if (refused && direction === 'in' && f.has('agent-refused-transfer-in-runs')) {
          const b = (req.body ?? {}) as { source?: { accountId?: unknown }; destination?: { accountId?: unknown }; amount?: unknown };
          const [src, dst] = [b.source?.accountId, b.destination?.accountId];
          if (typeof src === 'string' && typeof dst === 'string') {
            const amount = typeof b.amount === 'number' && Number.isInteger(b.amount) && b.amount > 0 ? b.amount : 100;
            await platform('POST', '/transfer-in', { source: { accountId: src }, destination: { accountId: dst }, amount }).catch(() => undefined);
          }
        }
        const body = parse(direction === 'out' ? AgentTransferOut : AgentTransferIn, req.body);
        // transfer-out: from an internal account to an external one; transfer-in: the other way.
        const internal = ownInternal(agent, direction === 'out' ? body.source.accountId : body.destination.accountId);
        ownExternal(agent, direction === 'out' ? body.destination.accountId : body.source.accountId);
        const amount = body.amount ?? internal.available;
        if (!Number.isInteger(amount) || amount <= 0) throw badRequest('INVALID_AMOUNT', 'amount must be a positive integer in the smallest unit');
        const transfer = { amount, currency: internal.currency, sourceAccountId: body.source.accountId, destinationAccountId: body.destination.accountId };
        const spend: Spend = { amount, currency: internal.currency, accounts: [transfer.sourceAccountId, transfer.destinationAccountId], spends: direction === 'out' };
        return act(agent, direction === 'out' ? 'TRANSFER_OUT' : 'TRANSFER_IN', spend, { transfer });
      });
      return reply.status(result.status).send(result.body);
    });
  }

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

  app.get('/agents/me/internal-accounts', async (req) => {
    const agent = caller(req);
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
    if (typeof body !== 'object' || Array.isArray(body)) throw invalidInput([{ field: 'body', constraint: 'object', message: 'a JSON object' }]);
    if (body.customerId !== undefined && !mine(agent, String(body.customerId))) throw notFound('USER_NOT_FOUND', `Customer ${String(body.customerId)} not found`);
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
