// Interface: Discoveries area ("Discover payment rails, banks and providers for a country and currency
// corridor"). GET /discoveries, its query, its unpaged {data} and bankName feeding an external account's
// bankName: basis: supplement (sections 1, 7, 11, 21).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { sender } from '../../helpers/flows/transfers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';
import { Discoveries } from '../../helpers/schemas/uma.js';
import { usdAccount } from '../../fixtures/external-accounts.js';

const discover = (query: Record<string, string> = {}) => api.get('/discoveries', { query });
const read = async (query: Record<string, string> = {}) =>
  expectStatus(await discover(query), 200, Discoveries, 'Supplement 21: GET /discoveries answers {data?[{bankName, displayName, country, currency}]}, unpaged').data ?? [];

describe('GET /discoveries', () => {
  scenario({ area: 'Discoveries', operation: 'GET /discoveries', section: 'What the service does', basis: 'supplement' });

  it.concurrent('lists every corridor without a query, and only the corridor asked for with country and currency', async () => {
    await basisSupplement('country?, currency? (none = all) (section 21)');
    const all = await read();
    expect(all.length, 'Supplement 21: none = all; a target lists at least one bank').toBeGreaterThan(0);
    const { country, currency, bankName } = all[0];
    const corridor = await read({ country, currency });
    expect(corridor.map((d) => d.bankName), `Supplement 21: the ${country}/${currency} corridor lists its banks`).toContain(bankName);
    for (const d of corridor) expect([d.country, d.currency], 'Supplement 21: only the corridor asked for').toEqual([country, currency]);
    const inCurrency = await read({ currency });
    expect(inCurrency.map((d) => d.bankName), `Supplement 21: currency=${currency} lists ${bankName}`).toContain(bankName);
    for (const d of inCurrency) expect(d.currency, 'Supplement 21: currency filters').toBe(currency);
    // A filter is judged (and recorded) where some bank lies outside it: else ignoring it answers the same.
    if (all.some((d) => d.currency !== currency)) recordRule('GET /discoveries', LIST_RULES.filter('currency'));
    const inCountry = await read({ country });
    expect(inCountry.map((d) => d.bankName), `Supplement 21: country=${country} lists ${bankName}`).toContain(bankName);
    for (const d of inCountry) expect(d.country, 'Supplement 21: country filters').toBe(country);
    if (all.some((d) => d.country !== country)) recordRule('GET /discoveries', LIST_RULES.filter('country'));
  });

  it.concurrent('answers 400 to a malformed country or currency', async () => {
    await basisSupplement('GET /discoveries 400 (section 21)');
    await read({ country: 'US', currency: 'USD' }); // control
    expectError(await discover({ country: 'United States' }), 400, undefined, 'Supplement 21: 400 on a malformed query');
    expectError(await discover({ currency: 'dollars' }), 400, undefined, 'Supplement 21: 400 on a malformed query');
  });

  it.concurrent('gives a bankName that an external account takes as its accountInfo.bankName', async () => {
    await basisSupplement('bankName feeds account bankName (section 11); USD_ACCOUNT bankName? (section 7)');
    const banks = await read({ country: 'US', currency: 'USD' });
    expect(banks.length, 'Supplement 11: banks per corridor; the US/USD corridor lists one').toBeGreaterThan(0);
    const { customerId } = await sender({ USD: 0 });
    const body = usdAccount(customerId);
    const withBank = { ...body, accountInfo: { ...body.accountInfo, bankName: banks[0].bankName } };
    const account = expectStatus(await api.post('/customers/external-accounts', { body: withBank }), 201, ExternalAccount.extend({ accountInfo: z.looseObject({ bankName: z.string() }) }));
    expect(account.accountInfo.bankName, 'Supplement 11: the discovered bankName is the account bankName').toBe(banks[0].bankName);
  });
});
