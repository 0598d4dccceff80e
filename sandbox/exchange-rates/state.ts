// Exchange rates: a table per USD, refreshed every five minutes (interface Limits: cache age "about
// 5 minutes; rates include platform-specific fees"), and the quote arithmetic (sandbox/README.md).
import { CURRENCIES } from '../currencies.js';
import type { SandboxContext } from '../context.js';

/** Units of each currency per US dollar. */
const PER_USD: Record<string, number> = {
  USD: 1, EUR: 0.92, GBP: 0.79, MXN: 17.1, BRL: 5.0, INR: 83.2, NGN: 1500, CAD: 1.36, USDC: 1, USDT: 1, BTC: 0.000016,
};
export const CACHE_MS = 5 * 60_000;
/** The sandbox's own fee on cross-currency conversions, in basis points. */
export const SVC_FEE_BPS = 50;

export const rateSupported = (code: string) => code in PER_USD && CURRENCIES.has(code);
/** Units of a supported currency per US dollar, before a window's drift. */
export const unitsPerUsd = (code: string): number => PER_USD[code];

/** Receiving major units per sending major unit, fixed for each five-minute window. */
export function rate(ctx: SandboxContext, from: string, to: string): { value: number; windowStart: number } {
  const windowStart = Math.floor(ctx.clock.now() / CACHE_MS) * CACHE_MS;
  if (from === to) return { value: 1, windowStart };
  // A small, deterministic drift per window so that the cache is observable; the alternate keeps the table's rates.
  const drift = ctx.choices.alternate('rates-without-drift') ? 1 : 1 + (((windowStart / CACHE_MS) % 7) - 3) / 10_000;
  return { value: (PER_USD[to] / PER_USD[from]) * drift, windowStart };
}

export interface PlatformFee {
  fixed: number;
  bps: number;
}

export interface Pricing {
  totalSending: number;
  totalReceiving: number;
  svcFee: number;
  platformFee: number;
  exchangeRate: number;
}

const decimals = (code: string) => CURRENCIES.get(code)!.decimals;

/**
 * SENDING locked: fees come out of the locked amount, the rest converts, receiving rounds down.
 * RECEIVING locked: the sending amount that converts to it rounds up, fees are added on top.
 * Fees round half up; only cross-currency conversions carry fees.
 */
export function price(ctx: SandboxContext, from: string, to: string, side: 'SENDING' | 'RECEIVING', amount: number, platform: PlatformFee | undefined): Pricing {
  const f = ctx.faults;
  const r = rate(ctx, from, to).value;
  // The rate the other side is computed with: the reported one, unless the fault skews it by 0.5 %.
  const applied = f.has('rate-wrong') ? r * 0.995 : r;
  const cross = from !== to;
  const scale = 10 ** (decimals(to) - decimals(from));
  // The fault charges one basis point more than the platform's configuration or override.
  const platformBps = platform ? platform.bps + (f.has('fee-wrong') ? 1 : 0) : 0;
  // The platform's basis points apply to the amount the service's fee applies to; the alternate
  // applies them to that amount after the service's fee (SENDING locked) or with it (RECEIVING locked).
  const afterSvc = ctx.choices.alternate('platform-bps-beside-service-fee');
  const fees = (base: number, side: 'SENDING' | 'RECEIVING') => {
    if (!cross) return { svc: 0, platform: 0 };
    const svc = Math.round((base * SVC_FEE_BPS) / 10_000);
    const platformBase = afterSvc ? (side === 'SENDING' ? base - svc : base + svc) : base;
    return { svc, platform: platform ? platform.fixed + Math.round((platformBase * platformBps) / 10_000) : 0 };
  };
  // exchangeRate is sending units per receiving unit; the fault reports receiving units per sending
  // unit, as the description's Quote examples do against its definition.
  const reported = (units: number) => (f.has('quote-rate-inverted') && cross ? units : 1 / units);
  // The fault moves the locked side one smallest unit off the requested amount (debit and credit agree with it).
  const skew = f.has('locked-amount-wrong') ? 1 : 0;
  if (side === 'SENDING') {
    const fee = fees(amount, 'SENDING');
    const net = amount - fee.svc - fee.platform;
    return { totalSending: amount + skew, totalReceiving: Math.floor(net * applied * scale), svcFee: fee.svc, platformFee: fee.platform, exchangeRate: reported(r) };
  }
  const net = Math.ceil(amount / (applied * scale));
  const fee = fees(net, 'RECEIVING');
  return { totalSending: net + fee.svc + fee.platform, totalReceiving: amount - skew, svcFee: fee.svc, platformFee: fee.platform, exchangeRate: reported(r) };
}

/** An amount in US cents, for the limits (configured in USD). */
export function usdCents(code: string, amount: number): number {
  return Math.round((amount / 10 ** decimals(code) / PER_USD[code]) * 100);
}
