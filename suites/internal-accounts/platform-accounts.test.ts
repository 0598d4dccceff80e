// Interface: InternalAccount (customerId, type, status, balance, …). Supplement section 6 (GET
// /platform/internal-accounts, filters currency and type; customerId absent = the platform) and section 1
// (that list returns just {data}). Which platform accounts exist is the target's: declared as
// SVC_PLATFORM_ACCOUNT_CURRENCIES.
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectStatus } from '../../helpers/expect.js';
import { accountIn, createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { PlatformInternalAccounts } from '../../helpers/schemas/internal-accounts.js';
import { ids } from '../../helpers/spec/catalog.js';

const list = async (query: Record<string, string> = {}) =>
  expectStatus(await api.get('/platform/internal-accounts', { query }), 200, PlatformInternalAccounts, 'Supplement 1/6: GET /platform/internal-accounts answers just {data}').data;

describe('GET /platform/internal-accounts', () => {
  scenario({ area: 'Internal Accounts', operation: 'GET /platform/internal-accounts', section: 'Resources and their fields', basis: 'supplement' });

  it('lists the platform\'s own accounts, without a customer, as just {data}', async (ctx) => {
    const declared = capabilities.customerTriggers.platformAccountCurrencies;
    requireCapability(ctx, declared.length > 0, 'the target declares no platform internal accounts (SVC_PLATFORM_ACCOUNT_CURRENCIES)', [ids.operation('GET', '/platform/internal-accounts')]);
    await basisSupplement('platform internal accounts: customerId absent, {data} (sections 1, 6)');
    const customer = await createCustomer(individual());
    const customerAccount = await accountIn(customer.id, 'USD');
    const all = await list();
    expect(all.map((a) => a.id), 'a customer\'s account is not the platform\'s').not.toContain(customerAccount.id);
    for (const currency of declared) {
      expect(all.map((a) => a.balance.currency.code), `the declared platform account in ${currency} is listed`).toContain(currency);
    }
    for (const a of all) expect(a.customerId ?? undefined, `Supplement 6: customerId absent = platform; ${a.id} names ${a.customerId}`).toBeUndefined();
  });

  it('narrows by currency and by type', async (ctx) => {
    const declared = capabilities.customerTriggers.platformAccountCurrencies;
    requireCapability(ctx, declared.length > 0, 'the target declares no platform internal accounts (SVC_PLATFORM_ACCOUNT_CURRENCIES)');
    await basisSupplement('filters currency, type (section 6)');
    const all = await list();
    const [currency] = declared;
    const byCurrency = await list({ currency });
    expect(byCurrency.length, `the ${currency} account is kept`).toBeGreaterThan(0);
    expect(byCurrency.map((a) => a.id).sort(), `currency=${currency} keeps exactly the ${currency} accounts`).toEqual(all.filter((a) => a.balance.currency.code === currency).map((a) => a.id).sort());
    const type = byCurrency[0].type;
    const byType = await list({ type });
    expect(byType.map((a) => a.id).sort(), `type=${type} keeps exactly the accounts of that type`).toEqual(all.filter((a) => a.type === type).map((a) => a.id).sort());
  });
});
