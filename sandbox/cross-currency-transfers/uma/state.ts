// The UMA area's state: the sandbox's UMA sender of each context, made at the first receiver lookup
// (./routes.ts); a quote's pay-request leg uses it (supplement §18).
import type { SandboxContext } from '../../context.js';
import type { UmaSender } from './sender.js';

export const SENDERS = new WeakMap<SandboxContext, UmaSender>();

/** The sandbox's UMA sender of this context (the quote's pay-request leg uses it). */
export function umaSender(ctx: SandboxContext): UmaSender | undefined {
  return SENDERS.get(ctx);
}
