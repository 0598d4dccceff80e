// The sandbox's platform configuration keeps its documented shape (supplement section 2: PATCH /config
// answers the PlatformConfig; a supportedCurrencies entry has currencyCode*, minAmount*, maxAmount*,
// requiredCounterpartyFields*[{name, mandatory}] and enabledTransactionTypes*[INCOMING|OUTGOING]): a
// PATCH whose entry lacks one, or gives it another type or value, is refused with 400 INVALID_INPUT
// naming the entry's field, and nothing changes; well-formed entries are stored and served back as
// given. The shape judged is the harness's own (helpers/schemas/config.ts PlatformConfig).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformConfig } from '../../helpers/schemas/index.js';
import { startDriver, type Driver } from './driver.js';

let d: Driver;
beforeAll(async () => {
  d = await startDriver();
});
afterAll(() => d.close());

const USD = { currencyCode: 'USD', minAmount: 100, maxAmount: 1_000_000, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] };
const EUR = { currencyCode: 'EUR', minAmount: 1, maxAmount: 50_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING'] };

async function config(): Promise<PlatformConfig> {
  const res = await d.call('GET', '/config');
  expect(res.status).toBe(200);
  return PlatformConfig.parse(res.body);
}

describe('sandbox PATCH /config supportedCurrencies', () => {
  it('stores well-formed entries and serves them back as given', async () => {
    const res = await d.call('PATCH', '/config', { supportedCurrencies: [USD, EUR] });
    expect(res.status).toBe(200);
    expect(PlatformConfig.parse(res.body).supportedCurrencies).toEqual([USD, EUR]);
    expect((await config()).supportedCurrencies).toEqual([USD, EUR]);
  });

  const broken: [string, Record<string, unknown>, string][] = [
    ['without currencyCode', { ...USD, currencyCode: undefined }, 'supportedCurrencies.1.currencyCode'],
    ['with a numeric minAmount given as text', { ...USD, minAmount: '100' }, 'supportedCurrencies.1.minAmount'],
    ['without maxAmount', { ...USD, maxAmount: undefined }, 'supportedCurrencies.1.maxAmount'],
    ['without requiredCounterpartyFields', { ...USD, requiredCounterpartyFields: undefined }, 'supportedCurrencies.1.requiredCounterpartyFields'],
    ['with a counterparty field whose mandatory is not a boolean', { ...USD, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: 'yes' }] }, 'supportedCurrencies.1.requiredCounterpartyFields.0.mandatory'],
    ['without enabledTransactionTypes', { ...USD, enabledTransactionTypes: undefined }, 'supportedCurrencies.1.enabledTransactionTypes'],
    ['with a transaction type outside INCOMING and OUTGOING', { ...USD, enabledTransactionTypes: ['REFUND'] }, 'supportedCurrencies.1.enabledTransactionTypes.0'],
  ];
  for (const [name, entry, field] of broken) {
    it(`refuses an entry ${name} with 400 INVALID_INPUT naming ${field}, and changes nothing`, async () => {
      const before = await config();
      const res = await d.call('PATCH', '/config', { supportedCurrencies: [EUR, JSON.parse(JSON.stringify(entry))] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect((res.body.details?.errors ?? []).map((e: { field?: string }) => e.field)).toContain(field);
      expect(await config()).toEqual(before);
    });
  }
});
