// Refusals of POST /quotes whose place the documents leave open (sandbox/README.md, "Quote refusals
// of the supplement's 403 codes"):
// - Interface, Customer KYC status: "ramp conversions require approved KYC". The supplement lists
//   403 USER_NOT_READY (section 1) and ties it to no operation (28.3): this sandbox answers it to a
//   quote converting between fiat and crypto for a customer whose KYC (KYB) status is not APPROVED.
// - Supplement section 1: 403 COUNTERPARTY_NOT_ALLOWED, tied to no operation: a destination whose
//   primary identifier ends 013 is a counterparty this platform may not pay.
// - Supplement section 1: 403 VELOCITY_LIMIT_EXCEEDED, tied to no operation: a customer may create
//   VELOCITY.count quotes within VELOCITY.windowMs; the next one is refused.
import type { SandboxContext } from '../context.js';
import { areaState } from '../context.js';
import { CRYPTO } from '../currencies.js';
import type { CustomerRecord } from '../customers/state.js';
import { ApiError } from '../http/errors.js';

/** Last three digits of a destination's primary identifier that name a counterparty not allowed. */
export const COUNTERPARTY_NOT_ALLOWED_SUFFIX = '013';
/** Quotes one customer may create within the window, by default (the setting quoteVelocityCount, `--quote-velocity-count`). */
export const VELOCITY = { count: 20, windowMs: 10 * 60_000 };

const velocity = (ctx: SandboxContext) => areaState(ctx, 'quote-velocity', () => new Map<string, number[]>());

/** A conversion between fiat and crypto (an on-ramp or an off-ramp). */
export const isRamp = (sending: string, receiving: string) => CRYPTO.has(sending) !== CRYPTO.has(receiving);

export function assertReadyForRamp(ctx: SandboxContext, customer: CustomerRecord, sending: string, receiving: string): void {
  if (!isRamp(sending, receiving) || customer.kycStatus === 'APPROVED') return;
  if (ctx.faults.has('ramp-without-approved-kyc')) return;
  const family = customer.customerType === 'BUSINESS' ? 'KYB' : 'KYC';
  const message = `Customer ${customer.id} is ${customer.kycStatus}: a ${sending} to ${receiving} conversion requires approved ${family}`;
  // The alternate names the status in the message only (details is optional, its shape varies by code).
  if (ctx.choices.alternate('user-not-ready-without-details')) throw new ApiError(403, 'USER_NOT_READY', message);
  throw new ApiError(403, 'USER_NOT_READY', message, { kycStatus: customer.kycStatus });
}

export function assertCounterpartyAllowed(ctx: SandboxContext, destinationIdentifier: string | undefined): void {
  if (!destinationIdentifier?.endsWith(COUNTERPARTY_NOT_ALLOWED_SUFFIX)) return;
  if (ctx.faults.has('counterparty-not-allowed-paid')) return;
  throw new ApiError(403, 'COUNTERPARTY_NOT_ALLOWED', 'The destination is a counterparty this platform may not pay');
}

/** Refuses a quote beyond the customer's velocity; counts it when accepted (`record` after every other rule). */
export function assertVelocity(ctx: SandboxContext, customerId: string): void {
  const now = ctx.clock.now();
  const recent = (velocity(ctx).get(customerId) ?? []).filter((t) => now - t < VELOCITY.windowMs);
  velocity(ctx).set(customerId, recent);
  const count = ctx.settings.quoteVelocityCount;
  if (recent.length >= count && !ctx.faults.has('velocity-limit-ignored')) {
    throw new ApiError(403, 'VELOCITY_LIMIT_EXCEEDED', `Customer ${customerId} created ${recent.length} quotes within ${VELOCITY.windowMs / 60_000} minutes, the most allowed`, {
      count,
      windowMs: VELOCITY.windowMs,
    });
  }
}

export function recordVelocity(ctx: SandboxContext, customerId: string): void {
  const list = velocity(ctx).get(customerId) ?? [];
  list.push(ctx.clock.now());
  velocity(ctx).set(customerId, list);
  records(ctx).set(customerId, velocityRecords(ctx, customerId) + 1);
}

const records = (ctx: SandboxContext) => areaState(ctx, 'quote-velocity-records', () => new Map<string, number>());

/** How many times the customer's velocity was counted, ever (the window's list forgets old ones): a request compares it before and after. */
export function velocityRecords(ctx: SandboxContext, customerId: string): number {
  return records(ctx).get(customerId) ?? 0;
}
