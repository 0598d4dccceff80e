// GET /exchange-rates: each documented query parameter narrows or changes the answer as written.
// Interface: Exchange Rates area ("Cached foreign-exchange rates, including platform-specific fees").
// basis: supplement (section 11: sourceCurrency, destinationCurrency (repeatable), sendingAmount
// (default 10000) → {data[{…, receivingAmount, exchangeRate, fees{fixed, total}}]}; section 1: unpaged);
// each rate the description's ExchangeRate (helpers/schemas/exchange-rates.ts).
import { describe, expect, it } from 'vitest';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectQueryRefused, expectStatus, noteInterface } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ExchangeRateList } from '../../helpers/schemas/exchange-rates.js';

const OP = 'GET /exchange-rates';
const rates = async (query: Record<string, string | number | string[]>) => expectStatus(await api.get('/exchange-rates', { query }), 200, ExchangeRateList, 'supplement §11: GET /exchange-rates answers {data[…]}; Description: ExchangeRateListResponse').data;

describe(OP, () => {
  scenario({ area: 'Exchange Rates', operation: OP, section: 'Limits', basis: 'supplement' });

  it('sourceCurrency and destinationCurrency (repeated) narrow the rates to the corridors asked for', async () => {
    await basisSupplement('section 11: sourceCurrency, destinationCurrency (repeatable)');
    const usd = await rates({ sourceCurrency: 'USD', destinationCurrency: ['EUR', 'MXN'] });
    const eur = await rates({ sourceCurrency: 'EUR', destinationCurrency: ['USD', 'MXN'] });
    expect(usd.map((r) => r.sourceCurrency.code), 'sourceCurrency=USD: every rate is from USD').toEqual(usd.map(() => 'USD'));
    expect(eur.map((r) => r.sourceCurrency.code), 'control: sourceCurrency=EUR: every rate is from EUR').toEqual(eur.map(() => 'EUR'));
    expect(usd.length * eur.length, 'control: both sources have rates').toBeGreaterThan(0);
    recordRule(OP, LIST_RULES.filter('sourceCurrency'));

    // A corridor may be answered once per destinationPaymentRail (openapi.yaml, ExchangeRate: each rate names
    // its rail; how many rails a corridor lists is not stated): the corridors are the destination codes.
    const corridors = (list: typeof usd) => [...new Set(list.map((r) => r.destinationCurrency.code))].sort();
    expect(corridors(usd), 'destinationCurrency=EUR&destinationCurrency=MXN: exactly those two corridors').toEqual(['EUR', 'MXN']);
    const mxn = await rates({ sourceCurrency: 'USD', destinationCurrency: 'MXN' });
    expect(corridors(mxn), 'destinationCurrency=MXN alone: that corridor only').toEqual(['MXN']);
    expect(corridors(await rates({ sourceCurrency: 'USD', destinationCurrency: 'EUR' })), 'control: destinationCurrency=EUR alone: the other corridor').toEqual(['EUR']);
    noteInterface('exchange-rates:rates-per-corridor', ['openapi.yaml, ExchangeRate.destinationPaymentRail: each rate names one rail; how many rates a corridor has is not stated'], `USD to EUR and MXN: ${usd.length} rates (rails ${usd.map((r) => `${r.destinationCurrency.code} ${r.destinationPaymentRail}`).join(', ')})`);
    recordRule(OP, LIST_RULES.filter('destinationCurrency'));
  });

  it('sendingAmount prices that amount, 10000 when absent', async () => {
    await basisSupplement('section 11: sendingAmount (default 10000) → receivingAmount');
    const at = async (sendingAmount?: number) => (await rates({ sourceCurrency: 'USD', destinationCurrency: 'EUR', ...(sendingAmount ? { sendingAmount } : {}) }))[0];
    const byDefault = await at();
    const tenThousand = await at(10_000);
    const double = await at(20_000);
    // Rates are cached about 5 minutes (interface, Limits): reads seconds apart price at one rate.
    expect(byDefault.exchangeRate, 'control: the reads share one cached rate').toBe(tenThousand.exchangeRate);
    expect(byDefault.receivingAmount, 'sendingAmount defaults to 10000').toBe(tenThousand.receivingAmount);
    expect(double.receivingAmount, 'sendingAmount 20000 receives more than 10000 at the same rate').toBeGreaterThan(tenThousand.receivingAmount);
    expect([byDefault.sendingAmount, tenThousand.sendingAmount, double.sendingAmount], 'Description: ExchangeRate.sendingAmount is "echoed back from the request if provided"; without one, "the default is 10000"').toEqual([10_000, 10_000, 20_000]);
    recordRule(OP, LIST_RULES.filter('sendingAmount'));
  });

  it('refuses a sendingAmount below 0 or not an integer with 400', async () => {
    // Description, getExchangeRates: sendingAmount "type: integer, format: int64, minimum: 0"; 400 "Bad request - Invalid parameters".
    const rule = 'Description, getExchangeRates: sendingAmount is an integer (int64), minimum 0; 400 "Invalid parameters"';
    for (const sendingAmount of ['-1', '10.5', 'ten']) {
      expectQueryRefused(await api.get('/exchange-rates', { query: { sourceCurrency: 'USD', destinationCurrency: 'EUR', sendingAmount } }), 'sendingAmount', `${rule}: ${sendingAmount}`);
    }
    // Control: the same read with an integer amount (the documented default) is answered. Not 0: the
    // schema's minimum, but below a corridor's minSendingAmount, which a target may refuse.
    await rates({ sourceCurrency: 'USD', destinationCurrency: 'EUR', sendingAmount: 10_000 });
  });
});
