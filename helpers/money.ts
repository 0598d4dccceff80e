// Quote and fee arithmetic, judged against the request and the fee configuration (interface: "Money is
// an object {amount, currency}. amount is an integer in the smallest unit of the currency"; "Quote and
// fee fields"; PATCH /config feeConfigs "a variable rate in basis points, a fixed amount, or both";
// supplement sections 2 and 8: FeeConfig {variableFeeBps, fixedFee}, platformFeeOverride
// {platformFixedFee, platformVariableFeeBps}, exchangeRate "sending units per receiving unit").
// Where the documents leave rounding unstated, each function gives the honest bound, an interval of
// integers [min, max], rather than one target's choice.

/** An inclusive interval of integer amounts in the smallest unit. */
export interface Bounds {
  min: number;
  max: number;
}

export const exactly = (amount: number): Bounds => ({ min: amount, max: amount });
export const within = (b: Bounds, amount: number): boolean => Number.isInteger(amount) && amount >= b.min && amount <= b.max;
export const describeBounds = (b: Bounds): string => (b.min === b.max ? String(b.min) : `between ${b.min} and ${b.max}`);

/** A platform fee schedule: a fixed amount (smallest unit of the source currency) and basis points. */
export interface FeeSchedule {
  fixed: number;
  bps: number;
}

/** No platform fee in force. */
export const NO_FEE: FeeSchedule = { fixed: 0, bps: 0 };

/**
 * The platform fee on `amount`: fixed + bps of the amount. The documents do not state how the
 * variable part rounds; where bps × amount is a multiple of 10 000 the fee is exact, else it lies
 * between the floor and the ceiling (one smallest unit apart).
 */
export function platformFee(schedule: FeeSchedule, amount: number): Bounds {
  const scaled = schedule.bps * amount;
  return { min: schedule.fixed + Math.floor(scaled / 10_000), max: schedule.fixed + Math.ceil(scaled / 10_000) };
}

/**
 * The platform fees a quote may carry on a sending total: the documents say "basis points" of no
 * named amount, so the bps may apply to the sending total, to it less every fee, less the other fees
 * alone (the service's own fee, say), or less the platform's fee alone. `fees.total` holds every fee,
 * `fees.other` every fee but the platform's; each base gives the bounds of platformFee.
 */
export function platformFeeChoices(schedule: FeeSchedule, sendingTotal: number, fees: { total: number; other: number }): Bounds[] {
  const platform = fees.total - fees.other;
  return [...new Set([sendingTotal, sendingTotal - fees.total, sendingTotal - fees.other, sendingTotal - platform])].map((base) => platformFee(schedule, base));
}

/** The request's platformFeeOverride (supplement section 8), if any. */
export interface FeeOverride {
  platformFixedFee: { amount: number; currency: string };
  platformVariableFeeBps: number;
}

/** A platform fee configuration (supplement section 2). */
export interface FeeConfig {
  feeType: string;
  sourceCurrency: string;
  variableFeeBps: number;
  fixedFee: { amount: number; currency?: unknown };
}

/**
 * The fee schedule in force for one quote: the request's override, else the standing configuration
 * of the source currency. Interface, Limits: "Platform fee configuration and override | Cross-currency
 * transactions", so a same-currency quote carries no platform fee.
 */
export function feeScheduleFor(opts: { override?: FeeOverride; feeConfigs: readonly FeeConfig[]; sending: string; receiving: string }): FeeSchedule {
  if (opts.sending === opts.receiving) return NO_FEE;
  if (opts.override) return { fixed: opts.override.platformFixedFee.amount, bps: opts.override.platformVariableFeeBps };
  const config = opts.feeConfigs.find((c) => c.feeType === 'CROSS_CURRENCY_TRANSACTION' && c.sourceCurrency === opts.sending);
  return config ? { fixed: config.fixedFee.amount, bps: config.variableFeeBps } : NO_FEE;
}

/**
 * Half a unit of the last digit `rate` is written with (its shortest decimal form, as JSON carries it):
 * a rate reported as 1.0870001 stands for anything in [1.08700005, 1.08700015].
 */
export function rateHalfUlp(rate: number): number {
  const [mantissa, exp = '0'] = rate.toExponential().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return 0.5 * 10 ** (Number(exp) - fraction.length);
}

/** One part in a million: how far a reported rate is first taken to stand for beyond what it says. */
export const RATE_PRECISION = 1e-6;

/**
 * How precisely a reported rate is read. `capped`: the rounding of its last written digit, at most one
 * part in a million (a short rate such as 1 or 1.09 is taken at its word). `written`: the rounding of
 * its last written digit alone. No document states how precise exchangeRate is, and the description's
 * own exchange-rate example (10000 at 0.012121 giving 825000, 17 parts in a million off) fits only the second;
 * callers try `capped` first and record an interface note when only `written` fits.
 */
export type RateReading = 'capped' | 'written';

/** How far the rate applied may be from the rate reported, in the given reading. */
export const rateTolerance = (rate: number, reading: RateReading = 'capped'): number =>
  reading === 'written' ? rateHalfUlp(rate) : Math.min(rateHalfUlp(rate), rate * RATE_PRECISION);

/** How many smallest units of `to` one smallest unit of `from` is worth per major unit ratio. */
const scale = (sendingDecimals: number, receivingDecimals: number) => 10 ** (receivingDecimals - sendingDecimals);

/** Guard against binary floating point on either side of an integer boundary. */
const EPS = 1e-9;

/**
 * The receiving amount that `net` (smallest units of the sending currency, fees already taken) buys
 * at `exchangeRate` (sending units per receiving unit). The rounding to a whole smallest unit is not
 * stated: floor, ceiling or nearest of any rate the reported one stands for.
 */
export function receivingFor(net: number, exchangeRate: number, sendingDecimals: number, receivingDecimals: number, reading: RateReading = 'capped'): Bounds {
  const h = rateTolerance(exchangeRate, reading);
  const s = scale(sendingDecimals, receivingDecimals);
  const lo = (net / (exchangeRate + h)) * s;
  const hi = (net / Math.max(exchangeRate - h, Number.MIN_VALUE)) * s;
  return { min: Math.floor(lo * (1 - EPS)), max: Math.ceil(hi * (1 + EPS)) };
}

/** The sending amount (before fees) that converts to `receiving` at `exchangeRate`, same bounds. */
export function sendingFor(receiving: number, exchangeRate: number, sendingDecimals: number, receivingDecimals: number, reading: RateReading = 'capped'): Bounds {
  const h = rateTolerance(exchangeRate, reading);
  const s = scale(sendingDecimals, receivingDecimals);
  const lo = (receiving * Math.max(exchangeRate - h, 0)) / s;
  const hi = (receiving * (exchangeRate + h)) / s;
  return { min: Math.floor(lo * (1 - EPS)), max: Math.ceil(hi * (1 + EPS)) };
}
