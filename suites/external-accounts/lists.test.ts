// The external-account lists: every documented filter narrows, scopes never leak, paging visits every
// item once, limit outside 1–100 is refused. basis: supplement (section 1: limit 1–100, cursor = the
// previous nextCursor, {data, hasMore, nextCursor only if hasMore}; section 7: customer list filters
// `currency, customerId`, platform list `currency`); interface: ExternalAccount ("customerId ... null
// when the account is on behalf of the platform").
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { rng } from '../../fixtures/random.js';
import { clabeNumber, germanIban } from '../../fixtures/bank-identifiers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { createWalletAccount } from '../../helpers/flows/external-accounts.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { eurDestination } from '../../helpers/flows/transfers.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';
import { wallets } from '../../helpers/wallets/index.js';

const CUSTOMER_LIST = '/customers/external-accounts';
const PLATFORM_LIST = '/platform/external-accounts';

/**
 * Every item of a list, walked `limit` at a time; walkPages fails on an item that comes twice (supplement 1:
 * a page continues where the last one ended). `settled`: the listed set is the scenario's own (one of its
 * customers), so a page that says hasMore is followed by items; the lists of every customer or of the
 * platform change under other scenarios meanwhile.
 */
async function everyOnce(template: string, query: Record<string, string>, limit: number, settled = false) {
  return walkPages(template, ExternalAccount, { query, limit, settled });
}

const mxnAccount = () => ({
  currency: 'MXN',
  accountInfo: {
    accountType: 'MXN_ACCOUNT',
    clabeNumber: clabeNumber(),
    beneficiary: { beneficiaryType: 'BUSINESS', legalName: rng().company.name() },
  },
});

/** A USDT wallet of the customer's: a currency whose code begins as USD's does (a filter that matched by prefix would take it for USD). */
const usdtWallet = (customerId: string) => ({
  customerId,
  currency: 'USDT',
  ownershipType: 'FIRST_PARTY',
  accountInfo: { accountType: 'PLASMA_WALLET', address: wallets.evm('PLASMA_WALLET').address },
});

async function customerWithAccounts() {
  const customer = await createCustomer(individual());
  const usd = [];
  for (let i = 0; i < 3; i++) usd.push(expectStatus(await api.post(CUSTOMER_LIST, { body: usdAccount(customer.id) }), 201, ExternalAccount).id);
  const eur = (await eurDestination(customer.id)).id;
  const usdt = expectStatus(await api.post(CUSTOMER_LIST, { body: usdtWallet(customer.id) }), 201, ExternalAccount).id;
  return { customer, usd, eur, usdt, all: [...usd, eur, usdt] };
}

describe(`GET ${CUSTOMER_LIST}`, () => {
  const op = `GET ${CUSTOMER_LIST}`;
  scenario({ area: 'External Accounts', operation: op, section: 'Resources and their fields', basis: 'supplement' });

  it('customerId and currency each narrow the list, one customer never sees another, and paging by one visits every item once', async () => {
    await basisSupplement('section 7: filters currency, customerId; section 1: paging');
    const a = await customerWithAccounts();
    const b = await customerWithAccounts();

    const ofA = await everyOnce(CUSTOMER_LIST, { customerId: a.customer.id }, 1, true);
    expect(ofA.map((x) => x.id).sort(), `customerId=${a.customer.id} lists exactly that customer's accounts, each once`).toEqual([...a.all].sort());
    recordRule(op, LIST_RULES.pagingOnce);
    recordRule(op, LIST_RULES.filter('customerId'));
    const ofB = await everyOnce(CUSTOMER_LIST, { customerId: b.customer.id }, 2, true);
    expect(ofB.map((x) => x.id).sort(), "another customer's list holds none of the first one's accounts").toEqual([...b.all].sort());
    recordRule(op, LIST_RULES.scope('customer'));

    const usdOfA = await everyOnce(CUSTOMER_LIST, { customerId: a.customer.id, currency: 'USD' }, 1, true);
    expect(usdOfA.map((x) => x.id).sort(), 'currency=USD with customerId lists exactly the customer\'s USD accounts (not the USDT one)').toEqual([...a.usd].sort());
    // A platform account of the same currency: whether the customer list without customerId holds it
    // no sentence says (supplement 7: the customers' create request makes a platform account when its
    // customerId is absent), so it is noted, not judged; with a customerId it is never listed.
    const platformEur = expectStatus(await api.post(PLATFORM_LIST, { body: { currency: 'EUR', accountInfo: { accountType: 'EUR_ACCOUNT', iban: germanIban(), beneficiary: { beneficiaryType: 'BUSINESS', legalName: rng().company.name() } } } }), 201, ExternalAccount).id;
    const eurAll = await everyOnce(CUSTOMER_LIST, { currency: 'EUR' }, 100);
    noteInterface('external-accounts:customer-list-platform-accounts', [
      'supplement 7: GET lists | customers: currency, customerId; platform: currency',
      'supplement 7: Create request: customerId? (absent = platform)',
    ], `GET ${CUSTOMER_LIST}?currency=EUR ${eurAll.some((x) => x.id === platformEur) ? 'lists' : 'does not list'} a platform account`);
    for (const x of eurAll) expect(x.currency, `currency=EUR lists EUR accounts only; ${x.id} is ${x.currency}`).toBe('EUR');
    const eurOfA = await everyOnce(CUSTOMER_LIST, { customerId: a.customer.id, currency: 'EUR' }, 100, true);
    expect(eurOfA.map((x) => x.id), 'currency=EUR with customerId lists exactly the customer\'s EUR account, no platform account').toEqual([a.eur]);
    expect(eurAll.map((x) => x.id), 'control: currency=EUR lists both customers\' EUR accounts').toEqual(expect.arrayContaining([a.eur, b.eur]));
    expect(eurAll.map((x) => x.id), 'currency=EUR lists none of the USD accounts').not.toEqual(expect.arrayContaining([a.usd[0]]));
    recordRule(op, LIST_RULES.filter('currency'));
  });

  it.for([0, 101])('refuses limit=%s with 400 (limit is 1 to 100), and accepts 1 and 100', async (limit) => {
    await basisSupplement('section 1: limit 1–100');
    expectError(await api.get(CUSTOMER_LIST, { query: { limit } }), 400, undefined, 'supplement 1: limit is 1 to 100');
    expectStatus(await api.get(CUSTOMER_LIST, { query: { limit: 1 } }), 200);
    expectStatus(await api.get(CUSTOMER_LIST, { query: { limit: 100 } }), 200);
    recordRule(op, LIST_RULES.limitRange);
  });
});

describe(`GET ${PLATFORM_LIST}`, () => {
  const op = `GET ${PLATFORM_LIST}`;
  scenario({ area: 'External Accounts', operation: op, section: 'Resources and their fields', basis: 'supplement' });

  it('holds platform accounts only, narrows by currency, and pages every item once', async () => {
    await basisSupplement('section 7: platform list filter currency; section 1: paging');
    const customer = await customerWithAccounts();
    const usdt = [];
    for (let i = 0; i < 3; i++) usdt.push((await createWalletAccount(wallets.evm('PLASMA_WALLET'))).id);
    const usd = expectStatus(await api.post(PLATFORM_LIST, { body: usdAccount(undefined) }), 201, ExternalAccount).id;

    const all = await everyOnce(PLATFORM_LIST, {}, 100);
    for (const x of all) expect(x.customerId ?? null, `the platform list holds platform accounts only (customerId null); ${x.id} belongs to ${x.customerId}`).toBeNull();
    expect(all.map((x) => x.id), 'control: the platform accounts just created are listed').toEqual(expect.arrayContaining([...usdt, usd]));
    for (const id of customer.all) expect(all.map((x) => x.id), `the customer account ${id} is not in the platform list`).not.toContain(id);
    recordRule(op, LIST_RULES.scope('platform'));

    const mxn = [];
    for (let i = 0; i < 3; i++) mxn.push(expectStatus(await api.post(PLATFORM_LIST, { body: mxnAccount() }), 201, ExternalAccount).id);
    const mxnPaged = await everyOnce(PLATFORM_LIST, { currency: 'MXN' }, 1);
    for (const x of mxnPaged) expect(x.currency, `currency=MXN lists MXN accounts only; ${x.id} is ${x.currency}`).toBe('MXN');
    expect(mxnPaged.map((x) => x.id), 'currency=MXN, paged by one, lists each new MXN account').toEqual(expect.arrayContaining(mxn));
    expect(mxnPaged.map((x) => x.id), 'currency=MXN lists neither the USD nor the USDT accounts').not.toEqual(expect.arrayContaining([usd]));
    for (const id of usdt) expect(mxnPaged.map((x) => x.id)).not.toContain(id);
    recordRule(op, LIST_RULES.filter('currency'));
    recordRule(op, LIST_RULES.pagingOnce);
  });
});
