// Agent flows (basis: supplement, sections 11 and 23): a customer with money and a bank account, an
// agent created for it with a policy, its device code redeemed (no platform authentication) for a
// Bearer token, and the calls the agent makes with that token.
import { expect } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { rng } from '../../fixtures/random.js';
import type { ApiResponse, RequestOptions } from '../client.js';
import { eventually } from '../eventually.js';
import { expectError, expectStatus, noteInterface } from '../expect.js';
import { quietPeriod } from '../events.js';
import { api, capabilities, listener } from '../harness.js';
import { walkPages } from './pages.js';
import { z } from 'zod';
import { ExternalAccount, type InternalAccount } from '../schemas/index.js';
import { Agent, AgentAction, AgentCreated, Redeemed, type Permission, PERMISSIONS } from '../schemas/agents.js';
import { balanceOf, sender } from './transfers.js';

export const AGENTS = '/agents';
export const AGENT = '/agents/{agentId}';
export const POLICY = '/agents/{agentId}/policy';
export const DEVICE_CODES = '/agents/{agentId}/device-codes';
export const CODE_STATUS = '/agents/device-codes/{deviceCode}/status';
export const REDEEM = '/agents/device-codes/{deviceCode}/redeem';
export const APPROVALS = '/agents/approvals';
export const APPROVE = '/agents/{agentId}/actions/{actionId}/approve';
export const REJECT = '/agents/{agentId}/actions/{actionId}/reject';

export const ME = '/agents/me';
export const ME_QUOTES = '/agents/me/quotes';
export const ME_QUOTE = '/agents/me/quotes/{quoteId}';
export const ME_EXECUTE = '/agents/me/quotes/{quoteId}/execute';
export const ME_TRANSFER_OUT = '/agents/me/transfer-out';
export const ME_TRANSFER_IN = '/agents/me/transfer-in';
export const ME_ACTIONS = '/agents/me/actions';
export const ME_ACTION = '/agents/me/actions/{actionId}';
export const ME_TRANSACTIONS = '/agents/me/transactions';
export const ME_TRANSACTION = '/agents/me/transactions/{transactionId}';
export const ME_INTERNAL_ACCOUNTS = '/agents/me/internal-accounts';
export const ME_EXTERNAL_ACCOUNTS = '/agents/me/external-accounts';
export const ME_EXTERNAL_ACCOUNT = '/agents/me/external-accounts/{externalAccountId}';

/** A policy: every permission, AUTO, a per-transaction limit in USD cents far above the scenarios' amounts. */
export function policy(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    permissions: [...PERMISSIONS],
    defaultExecutionMode: 'AUTO',
    spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000 },
    ...overrides,
  };
}

/** A customer who accepted the terms, with a funded USD internal account and a USD bank account of its own. */
export async function customerWithMoney(usd = 500_000): Promise<{ customerId: string; usd: InternalAccount; bank: ExternalAccount }> {
  const { customerId, accounts } = await sender({ USD: usd });
  const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
  return { customerId, usd: accounts.USD, bank };
}

export async function createAgent(customerId: string, agentPolicy: Record<string, unknown> = policy()) {
  const res = await api.post(AGENTS, { body: { name: `agent ${rng().string.alphanumeric(8)}`, customerId, policy: agentPolicy } });
  return expectStatus(res, 201, AgentCreated, 'POST /agents creates the agent and its first device code (supplement 23)');
}

export const redeem = (deviceCode: string) => api.post(REDEEM, { params: { deviceCode }, auth: 'none' });

/** The calls of one agent, with its Bearer token (supplement 1 and 23). */
export class AgentClient {
  constructor(readonly agentId: string, private readonly token: string) {}
  /** The agent's Authorization header, for helpers that take an `auth` option (walkPages). */
  get auth(): RequestOptions['auth'] {
    return { authorization: `Bearer ${this.token}` };
  }
  private opts(o: RequestOptions): RequestOptions {
    return { ...o, auth: this.auth };
  }
  get = (template: string, o: RequestOptions = {}) => api.get(template, this.opts(o));
  post = (template: string, o: RequestOptions = {}) => api.post(template, this.opts(o));
  delete = (template: string, o: RequestOptions = {}) => api.delete(template, this.opts(o));
}

/** An agent of the customer, connected: created with `agentPolicy` and its device code redeemed. */
export async function connectAgent(customerId: string, agentPolicy: Record<string, unknown> = policy()): Promise<{ agent: Agent; client: AgentClient }> {
  const created = await createAgent(customerId, agentPolicy);
  const redeemed = expectStatus(await redeem(created.deviceCode.code), 200, Redeemed, 'POST /agents/device-codes/{code}/redeem answers the access token (supplement 23)');
  expect(redeemed.agentId, 'redeem: agentId is the agent the code was made for').toBe(created.agent.id);
  return { agent: created.agent, client: new AgentClient(created.agent.id, redeemed.accessToken) };
}

/** A policy with every permission but `missing`. */
export const without = (missing: Permission) => policy({ permissions: PERMISSIONS.filter((p) => p !== missing) });

/** A same-currency quote body: from the customer's USD account to its USD bank account, `amount` cents. */
export const usdQuote = (sourceAccountId: string, destinationAccountId: string, amount: number) => ({
  source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
  destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
  lockedCurrencySide: 'SENDING' as const,
  lockedCurrencyAmount: amount,
});

export async function agentAction(client: AgentClient, actionId: string): Promise<AgentAction> {
  return expectStatus(await client.get(ME_ACTION, { params: { actionId } }), 200, AgentAction, 'GET /agents/me/actions/{actionId} answers the action (supplement 23)');
}

export async function getAgent(agentId: string): Promise<Agent> {
  return expectStatus(await api.get(AGENT, { params: { agentId } }), 200, Agent, 'GET /agents/{agentId} answers the agent (supplement 23)');
}

/**
 * The balance once it reads `expected` (a debit may settle a moment after the answer), re-read after
 * the quiet period that follows (a target that moves more money a moment later reads otherwise); or
 * what it reads at the deadline.
 */
export async function balanceBecomes(customerId: string, accountId: string, expected: number): Promise<number> {
  const since = await listener.mark();
  const first = await eventually(() => balanceOf(customerId, accountId), (b) => b === expected, { timeoutMs: capabilities.eventTimeoutMs, what: `the balance of ${accountId} to read ${expected}` }).catch(() => undefined);
  if (first === undefined) return balanceOf(customerId, accountId);
  await quietPeriod(since);
  return balanceOf(customerId, accountId);
}

/** The ids of every transaction of the customer (GET /transactions?customerId, supplement 8). */
async function transactionsOf(customerId: string): Promise<{ id: string; status?: string }[]> {
  return walkPages('/transactions', z.looseObject({ id: z.string(), status: z.string().optional() }), { query: { customerId }, limit: 100 });
}
async function transactionIds(customerId: string): Promise<string[]> {
  return (await transactionsOf(customerId)).map((t) => t.id);
}

export interface MoneyMark {
  since: number;
  balance: number;
  transactionIds: Set<string>;
}

/** The customer's money at a mark: the account's balance and the customer's transactions so far. */
export async function moneyMark(customerId: string, accountId: string): Promise<MoneyMark> {
  const since = await listener.mark();
  return { since, balance: await balanceOf(customerId, accountId), transactionIds: new Set(await transactionIds(customerId)) };
}

/**
 * Nothing moved since the mark: after the quiet period the account's balance reads as it did, and no
 * transaction of the customer appeared. `awaitingApproval`: the call is held for the platform's
 * approval, which the interface says "leaves the resulting transaction pending until the platform
 * approves it" (Agent Operations), while supplement 23 gives the action no transaction until then:
 * a transaction may appear, but none COMPLETED (which would have moved money); one that does is noted.
 */
export async function expectNothingMoved(customerId: string, accountId: string, mark: MoneyMark, rule: string, opts: { awaitingApproval?: boolean } = {}): Promise<void> {
  await quietPeriod(mark.since);
  const fresh = (await transactionsOf(customerId)).filter((t) => !mark.transactionIds.has(t.id));
  if (opts.awaitingApproval) {
    expect(fresh.filter((t) => t.status === 'COMPLETED'), `${rule}: no COMPLETED transaction of customer ${customerId} appeared since the mark`).toEqual([]);
    if (fresh.length) {
      noteInterface('agent-approval-pending-transaction', ['interface, Agent Operations: "an action that needs approval leaves the resulting transaction pending until the platform approves it"', 'supplement 23: "PENDING_APPROVAL, no `transaction`"'], `a held call left ${fresh.map((t) => `${t.id} ${t.status ?? '?'}`).join(', ')}`);
    }
  } else {
    expect(fresh.map((t) => t.id), `${rule}: no transaction of customer ${customerId} appeared since the mark`).toEqual([]);
  }
  expect(await balanceOf(customerId, accountId), `${rule}: the balance of ${accountId} is as it was`).toBe(mark.balance);
}

/** A policy or permission denial: 403 with an enumerated code; which code is recorded as an interface note. */
export function expectAgentDenied(res: ApiResponse, rule: string): void {
  const body = expectError(res, 403, undefined, rule);
  noteInterface('agent-policy-denial-code', ['supplement 23: "Policy/limit denial: 403, code not stated"', 'supplement 28.2: codes for agent policy/limit (403) are not stated'], `${res.exchange.method} ${res.exchange.template}: 403 ${body.code}`);
}
