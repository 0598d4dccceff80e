// An in-process sandbox driven through Fastify's inject (no socket, fast) for the model-based and
// regression self-tests of the sandbox's invariants: every answer of status 400 or above has the
// interface's error body with a code of the interface or the supplement, every success answer of an
// operation the driver knows has the interface's shape (the harness's response schemas, the ones the
// suites judge by), nothing answers 5xx, and the money ledger (sandbox state read directly) stays
// consistent.
import type { z } from 'zod';
import { AnyTransaction, Card, Customer, ErrorBody, ExternalAccount, InternalAccount, Page, Quote, ScaLoginResult, SimulationAccepted } from '../../helpers/schemas/index.js';
import { ERRORS } from '../../helpers/spec/catalog.js';
import { buildSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/app.js';
import { cardsState } from '../../sandbox/cards/state.js';
import { transfersState } from '../../sandbox/cross-currency-transfers/state.js';
import { internalAccounts } from '../../sandbox/internal-accounts/state.js';

export const KNOWN_CODES = new Set(ERRORS.map((e) => e.code));
export const SCA_CODE = '123456';

/** Why an answer breaks the interface's error rules, or undefined. */
export function errorProblem(status: number, body: unknown): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return `${status} without the error body: ${JSON.stringify(body)?.slice(0, 200)}`;
  if (parsed.data.status !== status) return `${status} with body status ${parsed.data.status}`;
  if (!KNOWN_CODES.has(parsed.data.code)) return `${status} with code ${parsed.data.code}, not one of the interface or the supplement`;
  return undefined;
}

/**
 * The success shape of each operation the self-tests call (method, path without the query), by the
 * interface and supplement: customers (section 4), internal accounts (6), external accounts (7), quotes and their execute
 * and authorize (8: 200 Quote), SCA login (10), transactions (8), cards (25), card simulations (9).
 */
const SHAPES: [method: string, path: RegExp, status: number, schema: z.ZodType][] = [
  ['POST', /^\/customers$/, 201, Customer],
  ['DELETE', /^\/customers\/[^/]+$/, 200, Customer],
  ['GET', /^\/customers\/internal-accounts$/, 200, Page(InternalAccount)],
  ['POST', /^\/sandbox\/internal-accounts\/[^/]+\/fund$/, 200, InternalAccount],
  ['POST', /^\/customers\/external-accounts$/, 201, ExternalAccount],
  ['POST', /^\/sca\/login\/complete$/, 200, ScaLoginResult],
  ['POST', /^\/quotes$/, 201, Quote],
  ['POST', /^\/quotes\/[^/]+\/(execute|authorize)$/, 200, Quote],
  ['GET', /^\/transactions$/, 200, Page(AnyTransaction)],
  ['GET', /^\/transactions\/[^/]+$/, 200, AnyTransaction],
  ['POST', /^\/transactions\/[^/]+\/cancel$/, 200, AnyTransaction],
  ['POST', /^\/cards$/, 201, Card],
  ['GET', /^\/cards\/[^/]+$/, 200, Card],
  ['PATCH', /^\/cards\/[^/]+$/, 200, Card],
  ['POST', /^\/sandbox\/cards\/[^/]+\/simulate\/[^/]+$/, 202, SimulationAccepted],
];

/** Why a success answer breaks the interface's shape of its operation, or undefined; `known` is false for operations without a shape here. */
export function shapeProblem(method: string, path: string, status: number, body: unknown): { known: boolean; problem?: string } {
  if (status >= 400) return { known: true };
  const bare = path.split('?')[0];
  const shape = SHAPES.find(([m, p]) => m === method && p.test(bare));
  if (!shape) return { known: false };
  const [, , expected, schema] = shape;
  if (status !== expected) return { known: true, problem: `answered ${status}, the operation answers ${expected}` };
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { known: true, problem: `not of the interface's shape: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
  return { known: true };
}

export interface Answer {
  status: number;
  body: any;
}

export interface Driver {
  sandbox: Sandbox;
  /** Failures of scheduled work (the sandbox logs and survives them; a self-test counts them). */
  scheduledFailures: unknown[];
  /** Operations answered with success that have no shape in SHAPES ("METHOD /path" with ids as {id}). */
  unshaped: Set<string>;
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** Resolves once no scheduled work is left (or the deadline passed). */
  quiet(deadlineMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const FAST: SandboxOptions = {
  provisioningDelayMs: 5,
  challengeTtlMs: 150,
  cardActivationDelayMs: 50,
  incomingApprovalWindowMs: 100,
  realtimeQuoteTtlMs: 200,
};

export async function startDriver(options: SandboxOptions = {}): Promise<Driver> {
  const sandbox = await buildSandbox({ ...FAST, ...options });
  await sandbox.app.ready();
  const authorization = `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`;
  const scheduledFailures: unknown[] = [];
  const unshaped = new Set<string>();
  const later = sandbox.ctx.later.bind(sandbox.ctx);
  sandbox.ctx.later = (ms, fn) =>
    later(ms, () => {
      try {
        fn();
      } catch (err) {
        scheduledFailures.push(err);
        throw err;
      }
    });
  return {
    sandbox,
    scheduledFailures,
    unshaped,
    async call(method, path, body) {
      const res = await sandbox.app.inject({
        method: method as 'GET',
        url: `/2025-10-13${path}`,
        headers: { authorization, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      const parsed = res.body ? (JSON.parse(res.body) as unknown) : undefined;
      const problem = errorProblem(res.statusCode, parsed);
      if (problem) throw new Error(`${method} ${path}: ${problem}`);
      const shape = shapeProblem(method, path, res.statusCode, parsed);
      if (shape.problem) throw new Error(`${method} ${path}: ${shape.problem}`);
      if (!shape.known) unshaped.add(`${method} ${path.split('?')[0].replace(/\/[A-Za-z]+(:|%3A)[^/]+/g, '/{id}')}`);
      return { status: res.statusCode, body: parsed };
    },
    async quiet(deadlineMs = 2000) {
      const until = Date.now() + deadlineMs;
      while (sandbox.ctx.timers.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 10)); // card simulations chain on promises after their timer
    },
    close: () => sandbox.close(),
  };
}

export interface Ledger {
  /** Every internal account with a negative available balance. */
  negative: { id: string; available: number }[];
  /** Σ available + money in flight + money that left (fees, card pulls net of returns), per currency. */
  accounted: Map<string, number>;
  /** Debited payments neither completed nor refunded: none once the sandbox is quiet. */
  inFlight: string[];
}

/**
 * The sandbox's money, read from its state: where each unit of what was funded now is. Outgoing
 * payments debited and neither completed nor refunded are in flight; a completed one left its fees
 * (sent - received, same currency) and, to an external destination, all of it; card pulls left net
 * of what returns credited back.
 */
export function ledger(d: Driver, customers?: ReadonlySet<string>): Ledger {
  const mine = (customerId: string | null) => customerId !== null && (!customers || customers.has(customerId));
  const ctx = d.sandbox.ctx;
  const accounted = new Map<string, number>();
  const add = (currency: string, n: number) => accounted.set(currency, (accounted.get(currency) ?? 0) + n);
  const negative: Ledger['negative'] = [];
  const inFlight: string[] = [];
  for (const a of internalAccounts(ctx).values()) {
    if (!mine(a.customerId)) continue;
    if (a.available < 0) negative.push({ id: a.id, available: a.available });
    add(a.currency, a.available);
  }
  for (const t of transfersState(ctx).txns.values()) {
    const q = t.quote;
    if (!t.debited || !q.source || !mine(q.customerId)) continue;
    const sent = q.pricing.totalSending;
    if (t.status === 'COMPLETED') add(q.sending, q.destination.kind === 'internal' ? sent - q.pricing.totalReceiving : sent);
    else if (t.refund?.status !== 'COMPLETED') {
      add(q.sending, sent);
      if (t.refund?.status !== 'FAILED') inFlight.push(`${t.id} ${t.status}`);
    }
  }
  for (const t of cardsState(ctx).txns.values()) {
    if (t.direction !== 'DEBIT' || !mine(t.customerId)) continue;
    add(t.currency, t.pulls.reduce((x, y) => x + y, 0) - t.refunded);
  }
  return { negative, accounted, inFlight };
}
