import type { ZodType } from 'zod';
import type { Choices, ChoicesMode } from './choices.js';
import type { Clock } from './clock.js';
import { fieldErrors, invalidInput } from './http/errors.js';
import type { Faults } from './faults.js';
import type { PlatformConfig } from './platform-configuration/state.js';
import type { WebhookDelivery } from './webhooks/state.js';

export interface SandboxSettings {
  clientId: string;
  clientSecret: string;
  /** Plain-http webhook endpoints on a loopback address are accepted (embedded mode). */
  allowInsecureLoopbackWebhooks: boolean;
  /** Lifetime of a WALLET_SIGNATURE challenge. */
  challengeTtlMs: number;
  /** Time an internal account stays PENDING before it becomes ACTIVE. */
  provisioningDelayMs: number;
  /** The platform is subject to counterparty rules (for example the EU Travel Rule). */
  counterpartyRules: boolean;
  /** Lifetime of a REALTIME_FUNDING quote: its PENDING payment EXPIRES when unfunded by then. */
  realtimeQuoteTtlMs: number;
  /** Delay before a card whose platformCardId ends 005 becomes ACTIVE (the supplement's ~30 s). */
  cardActivationDelayMs: number;
  /** Time the platform has to approve or reject an incoming payment it answered 202 (supplement: 5 s). */
  incomingApprovalWindowMs: number;
  /** Lifetime of an UMA receiver lookup (lookupId) before a quote answers 404 LOOKUP_REQUEST_NOT_FOUND. */
  umaLookupTtlMs: number;
  /** Lifetime of an agent device code (sandbox/agent-management): past its expiresAt it redeems nothing. */
  deviceCodeTtlMs: number;
  /** Lifetime of an embedded-wallet session (sandbox/embedded-wallet-auth): past its expiresAt its key signs nothing. */
  walletSessionTtlMs: number;
  /** Every simulated UMA counterparty behaves, its trigger addresses included (sandbox/cross-currency-transfers/uma). */
  umaWellBehavedCounterparties: boolean;
  /** Quotes one customer may create within the velocity window (sandbox/cross-currency-transfers/gates.ts). */
  quoteVelocityCount: number;
  /**
   * Whether a refused quote or transfer-out counts toward its customer's velocity as an accepted one
   * does, the velocity then answering before the body is read (supplement 1 states neither):
   * `ignore`, the default, counts accepted ones only, after every other rule.
   */
  quoteVelocityRefused: 'count' | 'ignore';
  /**
   * When an SCA customer's payment takes its amount: at its last authorization (the default), at
   * execute, before the challenge, as supplement 8 words the lifecycle ("execute debits the source at
   * once"), or a moment after execute answered (a quarter of the challenge's life, a ledger posting
   * late); debited before its challenge expires, a payment is refunded (sandbox/README.md).
   */
  scaDebitAt: 'authorization' | 'execute' | 'after-execute';
  /** Which form of its choices the sandbox takes (./choices.ts). */
  choices: ChoicesMode;
}

export interface SandboxContext {
  settings: SandboxSettings;
  faults: Faults;
  clock: Clock;
  webhooks: WebhookDelivery;
  config: PlatformConfig;
  /** Timers of delayed state changes, cleared at close. */
  timers: Set<NodeJS.Timeout>;
  later(ms: number, fn: () => void): void;
  /** Per-area state, registered by each area plugin under its own key. */
  areas: Map<string, unknown>;
  /** Which form of each choice this sandbox takes (./choices.ts). */
  choices: Choices;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: SandboxContext;
  }
}

/** Validates a request part; every invalid field is reported, never only the first. */
export function parse<T>(schema: ZodType<T>, value: unknown, prefix = ''): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalidInput(fieldErrors(result.error, prefix));
  return result.data;
}

/** An area's own state, created on first use. */
export function areaState<T>(ctx: SandboxContext, key: string, init: () => T): T {
  if (!ctx.areas.has(key)) ctx.areas.set(key, init());
  return ctx.areas.get(key) as T;
}
