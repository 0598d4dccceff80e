// Interface: Exchange Rates area ("Cached foreign-exchange rates, including platform-specific fees");
// Limits (cache age "about 5 minutes"); Resources (amounts are integers in the smallest unit).
// GET /exchange-rates: basis: supplement (section 11); its shape: the description's ExchangeRate
// (helpers/schemas/exchange-rates.ts).
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { scenario } from '../../helpers/scenario.js';
import { ExchangeRateList } from '../../helpers/schemas/exchange-rates.js';

const Rates = ExchangeRateList.extend({ data: ExchangeRateList.shape.data.min(1) });

describe('GET /exchange-rates', () => {
  scenario({ area: 'Exchange Rates', operation: 'GET /exchange-rates', section: 'Limits', basis: 'supplement' });

  it('serves cached rates: two reads within seconds give the same rate and amounts in the smallest unit', async () => {
    const query = { sourceCurrency: 'USD', destinationCurrency: 'EUR', sendingAmount: 10_000 };
    const first = expectStatus(await api.get('/exchange-rates', { query }), 200, Rates);
    const second = expectStatus(await api.get('/exchange-rates', { query }), 200, Rates);
    expect(first.data[0].destinationCurrency.code, 'destinationCurrency=EUR: that corridor').toBe('EUR');
    expect(second.data[0].exchangeRate, 'Limits: exchange-rate cache age about 5 minutes').toBe(first.data[0].exchangeRate);
  });
});
