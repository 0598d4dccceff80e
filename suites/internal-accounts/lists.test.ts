// GET /customers/internal-accounts and GET /platform/internal-accounts: filters narrow (each with a
// control), scopes never leak (one customer against another, platform against customers), paging
// visits every item once, limit outside 1–100 is refused. basis: supplement (section 6: customer list
// currency, customerId, type, paging; platform list currency, type, just {data}; customerId absent =
// platform; section 1: paging).
import { describe, expect, it } from 'vitest';
import { bareIndividual } from '../../fixtures/customers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectQueryRefused, expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { expectLimitRange, expectPagedOnce, idsPaged } from '../../helpers/flows/list-rules.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { currencyCode } from '../../helpers/schemas/common.js';
import { InternalAccount } from '../../helpers/schemas/index.js';
import { z } from 'zod';

const CUSTOMER_OP = 'GET /customers/internal-accounts';
const PLATFORM_OP = 'GET /platform/internal-accounts';
const accountsOf = (customerId: string) => walkPages('/customers/internal-accounts', InternalAccount, { query: { customerId }, limit: 100 });
const platformList = async (query: Record<string, string> = {}) =>
  expectStatus(await api.get('/platform/internal-accounts', { query }), 200, z.object({ data: z.array(InternalAccount) }), 'supplement §6: the platform list answers {data}').data;

describe(CUSTOMER_OP, () => {
  scenario({ area: 'Internal Accounts', operation: CUSTOMER_OP, section: 'Resources and their fields', basis: 'supplement' });

  it("narrows by customerId, currency and type, never lists another customer's or the platform's accounts, and pages every item once", async () => {
    await basisSupplement('section 6: filters currency, customerId, type; section 1: paging');
    const a = await createCustomer(bareIndividual({ currencies: ['USD', 'EUR', 'USDC'] }));
    const b = await createCustomer(bareIndividual({ currencies: ['USD'] }));
    const ofA = await accountsOf(a.id);
    const ofB = await accountsOf(b.id);
    // Accounts are created with the customer (supplement §6), one at least in each of its currencies; no document says one only.
    expect([...new Set(ofA.map((x) => x.balance.currency.code))].sort(), 'supplement §6: accounts are created with the customer, in each of its currencies').toEqual(['EUR', 'USD', 'USDC']);
    for (const x of ofA) expect(x.customerId, `customerId=${a.id} lists that customer's accounts only`).toBe(a.id);
    expect(ofB.length, 'control: the other customer holds an account').toBeGreaterThan(0);
    for (const x of ofB) expect(x.customerId, 'control: the other customer lists its own accounts only').toBe(b.id);
    await expectPagedOnce(CUSTOMER_OP, '/customers/internal-accounts', InternalAccount, { customerId: a.id }, 1, ofA.map((x) => x.id));
    recordRule(CUSTOMER_OP, LIST_RULES.filter('customerId'));

    const eur = await idsPaged('/customers/internal-accounts', InternalAccount, { customerId: a.id, currency: 'EUR' }, 100);
    expect(eur, 'currency=EUR lists the EUR account only').toEqual(ofA.filter((x) => x.balance.currency.code === 'EUR').map((x) => x.id));
    expect(await idsPaged('/customers/internal-accounts', InternalAccount, { customerId: a.id, currency: 'USD' }, 100), 'control: currency=USD lists the USD account').toEqual(ofA.filter((x) => x.balance.currency.code === 'USD').map((x) => x.id));
    recordRule(CUSTOMER_OP, LIST_RULES.filter('currency'));

    const crypto = ofA.find((x) => x.balance.currency.code === 'USDC')!;
    const ofType = await idsPaged('/customers/internal-accounts', InternalAccount, { customerId: a.id, type: crypto.type }, 100);
    expect(ofType, `type=${crypto.type} lists exactly the accounts of that type`).toEqual(ofA.filter((x) => x.type === crypto.type).map((x) => x.id));
    expect(ofType.length, `control: type=${crypto.type} leaves accounts of other types out`).toBeLessThan(ofA.length);
    recordRule(CUSTOMER_OP, LIST_RULES.filter('type'));

    // The customer list without customerId, in a currency the platform holds an account in, lists a
    // customer's account of that currency and none of the platform's (one currency: each such walk reads
    // every customer's accounts in it). The customer's USDC, EUR or USD account where the platform holds
    // that currency, else a customer created with one the platform holds.
    const platform = await platformList();
    expect(platform.length, 'control: the platform holds accounts').toBeGreaterThan(0);
    const held = new Set(platform.map((x) => currencyCode(x.balance.currency)));
    const code = ['USDC', 'EUR', 'USD'].find((c) => held.has(c)) ?? currencyCode(platform[0]!.balance.currency);
    const mine = ofA.find((x) => x.balance.currency.code === code) ?? (await accountsOf((await createCustomer(bareIndividual({ currencies: [code] }))).id))[0];
    expect(mine, `control: a customer created with ${code} holds a ${code} account`).toBeDefined();
    const listed = await idsPaged('/customers/internal-accounts', InternalAccount, { currency: code }, 100);
    expect(listed, `control: the customer list without customerId, currency=${code}, lists a customer's ${code} account`).toContain(mine!.id);
    for (const x of platform.filter((p) => p.balance.currency.code === code)) expect(listed, `the customer list holds no platform account (${x.id}, ${code})`).not.toContain(x.id);
    recordRule(CUSTOMER_OP, LIST_RULES.scope('customer'));
  });

  it('refuses limit 0 and 101 with 400 and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100');
    await expectLimitRange(CUSTOMER_OP, '/customers/internal-accounts');
  });
});

describe(PLATFORM_OP, () => {
  scenario({ area: 'Internal Accounts', operation: PLATFORM_OP, section: 'Resources and their fields', basis: 'supplement' });

  it('holds the platform accounts only and narrows by currency and by type, each against a control', async () => {
    await basisSupplement('section 6: filters currency, type; customerId absent = platform');
    const customer = await createCustomer(bareIndividual({ currencies: ['USD', 'USDC'] }));
    const theirs = (await accountsOf(customer.id)).map((x) => x.id);
    const all = await platformList();
    expect(all.length, 'control: the platform holds accounts').toBeGreaterThan(0);
    for (const x of all) expect(x.customerId ?? undefined, `supplement §6: customerId absent = platform; ${x.id} names ${x.customerId}`).toBeUndefined();
    for (const id of theirs) expect(all.map((x) => x.id), `the platform list holds no customer account (${id})`).not.toContain(id);
    recordRule(PLATFORM_OP, LIST_RULES.scope('platform'));

    const currencies = [...new Set(all.map((x) => currencyCode(x.balance.currency)))];
    for (const currency of currencies) {
      const narrowed = await platformList({ currency });
      expect(narrowed.map((x) => x.id).sort(), `currency=${currency} lists exactly the platform's ${currency} accounts`).toEqual(all.filter((x) => x.balance.currency.code === currency).map((x) => x.id).sort());
    }
    if (currencies.length > 1) recordRule(PLATFORM_OP, LIST_RULES.filter('currency'));
    const types = [...new Set(all.map((x) => x.type))];
    for (const type of types) {
      const narrowed = await platformList({ type });
      expect(narrowed.map((x) => x.id).sort(), `type=${type} lists exactly the platform's accounts of that type`).toEqual(all.filter((x) => x.type === type).map((x) => x.id).sort());
    }
    if (types.length > 1) recordRule(PLATFORM_OP, LIST_RULES.filter('type'));
  });

  it('refuses a type outside InternalAccountType with 400, on the platform list and the customers\' list', async () => {
    // Description, listPlatformInternalAccounts and listCustomerInternalAccounts: type is an
    // InternalAccountType (INTERNAL_FIAT, INTERNAL_CRYPTO, EMBEDDED_WALLET); 400 "Bad request - Invalid parameters".
    const rule = 'Description: the query type is an InternalAccountType (INTERNAL_FIAT | INTERNAL_CRYPTO | EMBEDDED_WALLET); 400 "Invalid parameters"';
    for (const path of ['/platform/internal-accounts', '/customers/internal-accounts']) {
      expectQueryRefused(await api.get(path, { query: { type: 'CHECKING' } }), 'type', `${rule}: GET ${path}?type=CHECKING`);
      // Control: a type of the enum is answered.
      expectStatus(await api.get(path, { query: { type: 'INTERNAL_FIAT' } }), 200, undefined, `GET ${path}?type=INTERNAL_FIAT: a type of the enum`);
    }
  });
});
