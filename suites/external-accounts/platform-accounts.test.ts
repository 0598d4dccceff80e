// basis: supplement (sections 1 and 7): GET /platform/external-accounts (filter `currency`, paging
// `limit` 1-100 and `cursor`, body {data, hasMore, nextCursor (only if hasMore), totalCount?}),
// GET /customers/external-accounts (filters `currency`, `customerId`), and
// DELETE /platform/external-accounts/{externalAccountId} (204; 404 afterwards). Interface:
// ExternalAccount ("customerId ... null when the account is on behalf of the platform").
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { createWalletAccount } from '../../helpers/flows/external-accounts.js';
import { eurDestination } from '../../helpers/flows/transfers.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';
import { ExternalAccountPage } from '../../helpers/schemas/external-accounts.js';
import { wallets } from '../../helpers/wallets/index.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';

const PLATFORM_LIST = '/platform/external-accounts';
const PLATFORM_ACCOUNT = '/platform/external-accounts/{externalAccountId}';
const MAX_PAGES = 200;

/** Every item of a filtered list, page by page through nextCursor. */
async function everyPage(path: string, query: Record<string, string>) {
  const items: ExternalAccount[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = expectStatus(await api.get(path, { query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) } }), 200, ExternalAccountPage, 'supplement 1: a list answers {data, hasMore, nextCursor?, totalCount?}');
    items.push(...page.data);
    if (!page.hasMore) return items;
    cursor = page.nextCursor;
  }
  throw new Error(`${path} still had more after ${MAX_PAGES} pages`);
}

describe(`GET ${PLATFORM_LIST}`, () => {
  scenario({ area: 'External Accounts', operation: `GET ${PLATFORM_LIST}`, section: 'Resources and their fields', basis: 'supplement' });

  it('lists platform accounts of the currency asked for, and only those, with customerId null', async () => {
    await basisSupplement('platform list filter `currency` and paging (sections 1 and 7)');
    const wallet = wallets.evm('PLASMA_WALLET');
    const usdt = await createWalletAccount(wallet);
    const usd = expectStatus(await api.post(PLATFORM_LIST, { body: usdAccount(undefined) }), 201, ExternalAccount);

    const listed = await everyPage(PLATFORM_LIST, { currency: 'USDT' });

    expect(listed.map((a) => a.id), 'the USDT account is listed under currency=USDT').toContain(usdt.id);
    expect(listed.map((a) => a.id), 'the USD account is not listed under currency=USDT').not.toContain(usd.id);
    for (const a of listed) {
      expect(a.currency, `currency=USDT lists only USDT accounts; ${a.id} is ${a.currency}`).toBe('USDT');
      expect(a.customerId ?? null, `a platform account has customerId null; ${a.id}`).toBeNull();
    }
    const usdListed = await everyPage(PLATFORM_LIST, { currency: 'USD' });
    expect(usdListed.map((a) => a.id), 'control: the USD account is listed under currency=USD').toContain(usd.id);
  });

  it('pages with limit and cursor: a page holds at most limit items and the next page follows on', async () => {
    await basisSupplement('paging: limit 1-100, cursor = previous nextCursor (section 1)');
    await createWalletAccount(wallets.evm());
    await createWalletAccount(wallets.evm());
    const first = expectStatus(await api.get(PLATFORM_LIST, { query: { limit: 1 } }), 200, ExternalAccountPage);
    expect(first.data.length).toBe(1);
    expect(first.hasMore, 'two or more platform accounts exist, so a page of one has more').toBe(true);
    const second = expectStatus(await api.get(PLATFORM_LIST, { query: { limit: 1, cursor: first.nextCursor! } }), 200, ExternalAccountPage);
    expect(second.data.length).toBe(1);
    expect(second.data[0].id, 'the next page holds the next item').not.toBe(first.data[0].id);
    if (first.totalCount !== undefined) expect(first.totalCount).toBeGreaterThanOrEqual(2);
  });

  it.for([0, 101])('answers 400 to limit=%s (limit is 1 to 100); limit=100 is accepted', async (limit) => {
    await basisSupplement('limit 1-100 (section 1)');
    expectError(await api.get(PLATFORM_LIST, { query: { limit } }), 400);
    expectStatus(await api.get(PLATFORM_LIST, { query: { limit: 100 } }), 200, ExternalAccountPage);
    recordRule(`GET ${PLATFORM_LIST}`, LIST_RULES.limitRange);
  });
});

describe('GET /customers/external-accounts', () => {
  scenario({ area: 'External Accounts', operation: 'GET /customers/external-accounts', section: 'Resources and their fields', basis: 'supplement' });

  it('filters by customerId and currency together', async () => {
    await basisSupplement('customer list filters `currency`, `customerId` (section 7)');
    const customer = await createCustomer(individual());
    const usd = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id) }), 201, ExternalAccount);
    const eur = await eurDestination(customer.id);
    const other = await createCustomer(individual());
    const othersEur = await eurDestination(other.id);

    const listed = expectStatus(await api.get('/customers/external-accounts', { query: { customerId: customer.id, currency: 'EUR' } }), 200, ExternalAccountPage);

    expect(listed.data.map((a) => a.id)).toEqual([eur.id]);
    expect(listed.data.map((a) => a.id)).not.toContain(othersEur.id);
    const all = expectStatus(await api.get('/customers/external-accounts', { query: { customerId: customer.id } }), 200, ExternalAccountPage);
    expect(all.data.map((a) => a.id).sort(), 'control: without currency both accounts of the customer are listed').toEqual([usd.id, eur.id].sort());
  });
});

describe(`DELETE ${PLATFORM_ACCOUNT}`, () => {
  scenario({ area: 'External Accounts', operation: `DELETE ${PLATFORM_ACCOUNT}`, section: 'Resources and their fields', basis: 'supplement' });

  it('answers 204, after which the account is not found (404) and gone from the list', async () => {
    await basisSupplement('platform DELETE 204, then 404 (section 7)');
    const account = await createWalletAccount(wallets.evm('PLASMA_WALLET'));
    expectStatus(await api.get(PLATFORM_ACCOUNT, { params: { externalAccountId: account.id } }), 200, ExternalAccount, 'control: the account exists before the delete');

    expectStatus(await api.delete(PLATFORM_ACCOUNT, { params: { externalAccountId: account.id } }), 204);

    expectError(await api.get(PLATFORM_ACCOUNT, { params: { externalAccountId: account.id } }), 404);
    expectError(await api.delete(PLATFORM_ACCOUNT, { params: { externalAccountId: account.id } }), 404, undefined, 'a deleted account is not found');
    expect((await everyPage(PLATFORM_LIST, { currency: 'USDT' })).map((a) => a.id)).not.toContain(account.id);
  });
});
