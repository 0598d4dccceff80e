// The suite's GET /exchange-rates schemas (helpers/schemas/exchange-rates.ts) against the description:
// its own examples of the 200 parse, the members it requires are the ones the schema requires, and
// what it types otherwise (a currency as a code string, a fraction of a smallest unit, a rail outside
// PaymentRail, a rate of 0) is refused.
import { describe, expect, it } from 'vitest';
import { describedExamples, loadDescription } from '../../helpers/description/document.js';
import { ExchangeRate, ExchangeRateList, PaymentRail } from '../../helpers/schemas/exchange-rates.js';

const { doc } = loadDescription();
const examples = describedExamples(doc).filter((e) => e.name.startsWith('GET /exchange-rates 200 '));
const schemas = (doc.components?.schemas ?? {}) as Record<string, { required?: string[]; enum?: string[] }>;

describe('the exchange-rate schemas', () => {
  it('parse every example the description gives of GET /exchange-rates 200', () => {
    expect(examples.length, 'the description gives an example of the 200').toBeGreaterThan(0);
    for (const e of examples) expect(ExchangeRateList.safeParse(e.value).error?.issues ?? [], e.name).toEqual([]);
  });

  it('require exactly the members ExchangeRate requires, and take the rails PaymentRail lists', () => {
    const required = Object.entries(ExchangeRate.shape).filter(([, s]) => !s.safeParse(undefined).success).map(([k]) => k).sort();
    expect(required).toEqual([...(schemas.ExchangeRate?.required ?? [])].sort());
    expect([...PaymentRail.options].sort()).toEqual([...(schemas.PaymentRail?.enum ?? [])].sort());
  });

  it('refuse a rate the description does not allow', () => {
    const rate = (examples[0]!.value as { data: Record<string, unknown>[] }).data[0]!;
    const parses = (change: Record<string, unknown>) => ExchangeRate.safeParse({ ...rate, ...change }).success;
    expect(parses({ sourceCurrency: 'USD' }), 'sourceCurrency is a Currency object').toBe(false);
    expect(parses({ destinationCurrency: 'EUR' }), 'destinationCurrency is a Currency object').toBe(false);
    expect(parses({ destinationPaymentRail: 'LIGHTNING' }), 'destinationPaymentRail is a PaymentRail').toBe(false);
    expect(parses({ sendingAmount: 100.5 }), 'sendingAmount is an integer').toBe(false);
    expect(parses({ minSendingAmount: -1 }), 'minSendingAmount is at least 0').toBe(false);
    expect(parses({ exchangeRate: 0 }), 'exchangeRate is above 0').toBe(false);
    expect(parses({ fees: { total: 1.5 } }), 'fees.total is an integer').toBe(false);
    expect(parses({ sourceCurrency: { decimals: 2.5 } }), 'a currency\'s decimals is an integer').toBe(false);
    expect(parses({ sourceCurrency: {} }), 'control: a Currency requires no member').toBe(true);
  });
});
