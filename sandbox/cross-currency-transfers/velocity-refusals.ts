// The setting quoteVelocityRefused=count (SANDBOX_QUOTE_VELOCITY_REFUSED): refused quote and
// transfer-out requests count toward the customer's quote velocity (sandbox/README.md).
import type { SandboxContext } from '../context.js';
import { customers } from '../customers/state.js';
import { ApiError } from '../http/errors.js';
import { internalAccounts } from '../internal-accounts/state.js';
import { assertVelocity, recordVelocity, velocityRecords } from './gates.js';

/** The customer a quote or transfer-out body names through its source, where the sandbox knows one, however broken the rest of it is. */
export function sourceCustomer(ctx: SandboxContext, body: unknown): string | undefined {
  const source = (body as { source?: { accountId?: unknown; customerId?: unknown } } | null | undefined)?.source;
  const owner = typeof source?.accountId === 'string' ? internalAccounts(ctx).get(source.accountId)?.customerId : undefined;
  if (owner) return owner;
  if (typeof source?.customerId === 'string' && customers(ctx).has(source.customerId)) return source.customerId;
  return undefined;
}

/**
 * SANDBOX_QUOTE_VELOCITY_REFUSED=count: the velocity is the first gate of a quote or transfer-out
 * naming a customer, before its body is read, and a refused request counts toward it as an accepted
 * one does (supplement 1 states neither the condition nor the order; sandbox/README.md).
 */
export async function countingRefusals<T>(ctx: SandboxContext, body: unknown, run: () => Promise<T>): Promise<T> {
  const customerId = ctx.settings.quoteVelocityRefused === 'count' ? sourceCustomer(ctx, body) : undefined;
  if (!customerId) return run();
  assertVelocity(ctx, customerId);
  const before = velocityRecords(ctx, customerId);
  try {
    return await run();
  } catch (err) {
    // Counted once: not again when the quote was stored and counted before a later refusal (a
    // transfer-out whose execute is refused), nor a refusal by the velocity itself or a 5xx.
    if (err instanceof ApiError && err.status < 500 && err.code !== 'VELOCITY_LIMIT_EXCEEDED' && velocityRecords(ctx, customerId) === before) recordVelocity(ctx, customerId);
    throw err;
  }
}
