// Supplement section 23: what every call of an agent (`/agents/me/*`, Bearer) goes through: the agent
// behind the token, its permissions, its customer's accounts only, Idempotency-Key on its money calls,
// and the policy's decision on each money call.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getCustomer } from '../customers/state.js';
import { ApiError, invalidInput, notFound, unauthorized } from '../http/errors.js';
import { externalAccounts } from '../external-accounts/state.js';
import { internalAccounts } from '../internal-accounts/state.js';
import { agentTools, decide, denied, recordSpend, type ActionRecord, type ActionType, type AgentRecord, type Permission, type Spend } from '../agent-management/state.js';

/** The agent's side of the agents' records, bound to one sandbox (every `/agents/me/*` route uses it). */
export function operationTools(app: FastifyInstance) {
  const tools = agentTools(app);
  const { ctx, f, s, now, presentAction, run } = tools;

  /** The agent behind the Bearer token; a paused agent is refused (supplement 28.2: its answer is not stated). */
  function caller(req: FastifyRequest): AgentRecord {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const agent = m ? s.tokens.get(m[1]) : undefined;
    if (!agent) throw unauthorized('A valid agent access token is required (Authorization: Bearer)');
    // The alternate still answers a paused agent's reads: "Paused agents cannot initiate any actions" (openapi.yaml, Agent.isPaused).
    const reads = req.method === 'GET' && ctx.choices.alternate('paused-agent-reads');
    if (agent.isPaused && !reads && !f.has('agent-paused-acts')) throw denied(`Agent ${agent.id} is paused`, { reason: 'AGENT_PAUSED' });
    return agent;
  }
  function need(agent: AgentRecord, permission: Permission): void {
    if (!agent.policy.permissions.includes(permission) && !f.has('agent-permission-ignored')) {
      throw denied(`The agent's policy lacks the permission ${permission}`, { permission });
    }
  }
  const mine = (agent: AgentRecord, customerId: string | null | undefined) => customerId === agent.customerId || f.has('agent-cross-customer-visible');
  /** 404 for an id the agent may not see, with the code of its kind; the alternate answers REFERENCE_NOT_FOUND for every kind. */
  const hidden = (code: 'USER_NOT_FOUND' | 'QUOTE_NOT_FOUND' | 'TRANSACTION_NOT_FOUND', message: string) =>
    notFound(ctx.choices.alternate('agent-foreign-ids-reference-not-found') ? 'REFERENCE_NOT_FOUND' : code, message);
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
    // The faults: no call keeps its key, or only transfer-out does.
    const kept = !f.has('agent-idempotency-ignored') && !(f.has('agent-idempotency-transfer-out-only') && !req.url.includes('/transfer-out'));
    const seen = cacheKey && kept ? s.idempotency.get(cacheKey) : undefined;
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
    try {
      action.transactionId = await run(action);
    } catch (err) {
      // The alternate keeps a call its operation refused for its state (409: funds, quote) as a FAILED action.
      if (err instanceof ApiError && err.status === 409 && ctx.choices.alternate('refused-auto-call-kept-failed')) {
        action.status = 'FAILED';
        store(action);
      }
      throw err;
    }
    // Fault agent-auto-moves-twice-later: the same money moves once more a moment after the answer.
    if (f.has('agent-auto-moves-twice-later')) ctx.later(50, () => void run(action).catch(() => undefined));
    action.status = 'APPROVED';
    recordSpend(ctx, agent.policy, agent.usage, spend);
    store(action);
    return presentAction(action);
  }

  /**
   * An agent's list is its customer's (openapi.yaml, GET /agents/me/transactions: "Results are
   * automatically scoped to the agent's associated customer — no customer filter is needed or
   * accepted"): a customerId the caller gives is ignored (sandbox/README.md). The fault
   * `agent-transactions-identifier-unscoped` drops the scope when an account-identifier filter is given.
   */
  const agentListQuery = (agent: AgentRecord, query: unknown) => {
    const { customerId: _ignored, ...rest } = (query ?? {}) as Record<string, unknown>;
    // The alternate: a customer filter is refused ("no customer filter is needed or accepted").
    if (_ignored !== undefined && ctx.choices.alternate('agent-customer-filter-refused')) {
      throw invalidInput([{ field: 'customerId', message: 'An agent lists its own customer\'s resources: no customerId is accepted' }]);
    }
    const byIdentifier = ['accountIdentifier', 'senderAccountIdentifier', 'receiverAccountIdentifier'].some((k) => typeof rest[k] === 'string');
    if (byIdentifier && f.has('agent-transactions-identifier-unscoped')) return rest;
    return { ...rest, customerId: agent.customerId };
  };

  return { ...tools, caller, need, mine, hidden, ownInternal, ownExternal, idempotent, act, agentListQuery };
}
