// Supplement sections 11 and 23: the agents' store and presenters, shared by the platform's management
// routes (./routes.ts) and the agent's own operations (../agent-operations). The money itself moves
// through the platform's own operations (quotes, execute, transfer-in/out, accounts), called
// in-process, so an agent's payment is the platform's payment, to the cent.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { INTERFACE_VERSION } from '../constants.js';
import { areaState, type SandboxContext } from '../context.js';
import { presentIncoming, presentOutgoing, transfersState } from '../cross-currency-transfers/state.js';
import { ApiError, notFound } from '../http/errors.js';
import { KeyedOrder } from '../store/cursor-page.js';
import { ChangeLog } from '../store/position-index.js';
import { presentUsage, type Policy, type Spend, type Usage } from './policy.js';

// The policy's verdict on an agent's money call, for the agent's operations.
export { decide, denied, recordSpend, type Permission, type Spend } from './policy.js';

/** A device code lives this long unredeemed (sandbox/README.md). */

export interface AgentRecord {
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
export interface DeviceCode {
  code: string;
  agentId: string;
  expiresAt: number;
  redeemed: boolean;
  /** Voided by a newer code of the same agent. */
  voided: boolean;
}
export type ActionType = 'EXECUTE_QUOTE' | 'TRANSFER_OUT' | 'TRANSFER_IN';
export type ActionStatus = 'PENDING_APPROVAL' | 'APPROVED' | 'REJECTED' | 'FAILED';
export interface ActionRecord {
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

export const Stamp = z.iso.datetime({ offset: true });
export const inRange = (stamp: string, after?: string, before?: string) => (!after || Date.parse(stamp) >= Date.parse(after)) && (!before || Date.parse(stamp) <= Date.parse(before));

/** The agents' records and their presentation, bound to one sandbox (every agent route uses them). */
export function agentTools(app: FastifyInstance) {
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
    const code: DeviceCode = { code: `SVC-AGENT-${part()}-${part()}-${part()}`, agentId: agent.id, expiresAt: ctx.clock.now() + ctx.settings.deviceCodeTtlMs, redeemed: false, voided: false };
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

  return { ctx, f, s, now, platform, getAgent, presentAgent, presentCode, newCode, transactionOf, refresh, presentAction, run };
}
