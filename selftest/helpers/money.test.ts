// The quote arithmetic the suites judge targets by (helpers/money.ts): exact where the documents
// leave no room, one smallest unit either way where they leave the rounding unstated.
import { describe, expect, it } from 'vitest';
import { exactly, feeScheduleFor, NO_FEE, platformFee, rateHalfUlp, rateTolerance, receivingFor, sendingFor, within } from '../../helpers/money.js';

describe('platformFee: fixed + basis points of the amount', () => {
  it('is exact when the basis points fall on a whole unit', () => {
    expect(platformFee({ fixed: 100, bps: 100 }, 100_000)).toEqual(exactly(1_100));
    expect(platformFee({ fixed: 10, bps: 25 }, 250_000)).toEqual(exactly(635));
    expect(platformFee(NO_FEE, 123_457)).toEqual(exactly(0));
  });

  it('allows the floor or the ceiling when they do not (rounding is not stated)', () => {
    expect(platformFee({ fixed: 0, bps: 25 }, 1_001)).toEqual({ min: 2, max: 3 });
  });

  it('catches a fee one cent or one basis point off the configuration', () => {
    const due = platformFee({ fixed: 100, bps: 100 }, 100_000);
    expect(within(due, 1_101)).toBe(false);
    expect(within(due, 1_099)).toBe(false);
    expect(within(due, 100 + 101 * 10)).toBe(false);
    expect(within(due, 1_100)).toBe(true);
  });
});

describe('feeScheduleFor', () => {
  const feeConfigs = [{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 25, fixedFee: { amount: 10, currency: 'USD' } }];

  it('takes the request override before the standing configuration', () => {
    const override = { platformFixedFee: { amount: 5, currency: 'USD' }, platformVariableFeeBps: 7 };
    expect(feeScheduleFor({ override, feeConfigs, sending: 'USD', receiving: 'EUR' })).toEqual({ fixed: 5, bps: 7 });
  });

  it('takes the configuration of the source currency for a cross-currency quote', () => {
    expect(feeScheduleFor({ feeConfigs, sending: 'USD', receiving: 'EUR' })).toEqual({ fixed: 10, bps: 25 });
    expect(feeScheduleFor({ feeConfigs, sending: 'EUR', receiving: 'USD' })).toEqual(NO_FEE);
  });

  it('charges no platform fee on a same-currency quote (configuration and override apply to cross-currency transactions)', () => {
    expect(feeScheduleFor({ feeConfigs, sending: 'USD', receiving: 'USD' })).toEqual(NO_FEE);
    const override = { platformFixedFee: { amount: 5, currency: 'USD' }, platformVariableFeeBps: 7 };
    expect(feeScheduleFor({ override, feeConfigs, sending: 'USD', receiving: 'USD' })).toEqual(NO_FEE);
  });
});

describe('exchange rate (sending units per receiving unit)', () => {
  it('reads the precision a rate is written with, at most one part in a million', () => {
    expect(rateHalfUlp(1.087)).toBeCloseTo(0.0005, 12);
    expect(rateHalfUlp(1)).toBe(0.5);
    expect(rateTolerance(1)).toBeCloseTo(1e-6, 15);
    expect(rateTolerance(1.0869565217391304)).toBeLessThan(1e-15);
    expect(rateTolerance(1, 'written')).toBe(0.5);
  });

  it("reads the description's own exchange-rate example only at the rate's written precision", () => {
    // openapi.yaml, GET /exchange-rates example: 10000 (USD cents) at 0.012121 USD per INR gives 825000 paise,
    // 17 parts in a million from 10000 / 0.012121.
    expect(within(receivingFor(10_000, 0.012121, 2, 2), 825_000)).toBe(false);
    expect(within(receivingFor(10_000, 0.012121, 2, 2, 'written'), 825_000)).toBe(true);
    // A rate written to its last double digit still stands for itself alone.
    expect(within(receivingFor(250_000, 1 / 0.92, 2, 2, 'written'), Math.floor(250_000 * 0.92 * 0.995))).toBe(false);
  });

  it('bounds the receiving amount within one smallest unit of the exact conversion', () => {
    // 100 000 cents at 1.25 USD per EUR: exactly 80 000 cents of EUR.
    const b = receivingFor(100_000, 1.25, 2, 2);
    expect(within(b, 80_000)).toBe(true);
    expect(b.max - b.min).toBeLessThanOrEqual(2);
    expect(within(b, 79_998)).toBe(false);
    expect(within(b, 80_002)).toBe(false);
  });

  it('catches the other side computed with a rate 0.5 % off the one reported', () => {
    const rate = 1 / 0.92;
    const honest = Math.floor(250_000 * 0.92);
    const skewed = Math.floor(250_000 * 0.92 * 0.995);
    expect(within(receivingFor(250_000, rate, 2, 2), honest)).toBe(true);
    expect(within(receivingFor(250_000, rate, 2, 2), skewed)).toBe(false);
  });

  it('scales by the decimals of each currency (USD cents to USDC micro-units)', () => {
    expect(within(receivingFor(5_000, 1, 2, 6), 50_000_000)).toBe(true);
  });

  it('bounds the sending amount for a locked receiving side the same way', () => {
    const b = sendingFor(80_000, 1.25, 2, 2);
    expect(within(b, 100_000)).toBe(true);
    expect(within(b, 100_002)).toBe(false);
  });
});
