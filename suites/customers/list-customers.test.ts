// Supplement section 4 (GET /customers and its filters), section 15 (filters inclusive; 405
// METHOD_NOT_ALLOWED for unsupported methods) and section 1 (paging: limit 1-100, cursor,
// {data, hasMore, nextCursor only if hasMore}). The interface names no list of customers.
import { describe, expect, it } from 'vitest';
import { bareIndividual, individual } from '../../fixtures/customers.js';
import { rng } from '../../fixtures/random.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { recordCovered, recordRule } from '../../helpers/coverage/recorder.js';
import { addressed, createCustomer, withMembers } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { eventually } from '../../helpers/eventually.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ids } from '../../helpers/spec/catalog.js';
import { CustomerPage, CustomerRecord } from '../../helpers/schemas/customers.js';

const list = async (query: Record<string, string | number>) =>
  expectStatus(await api.get('/customers', { query }), 200, CustomerPage, 'Supplement 4: GET /customers answers a page of customers').data.map((c) => c.id);
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe('GET /customers', () => {
  scenario({ area: 'Customers', operation: 'GET /customers', section: 'Customers', basis: 'supplement' });

  it('pages with limit and cursor: each page holds at most limit customers, and the cursor walk returns each customer once', async () => {
    await basisSupplement('lists take limit and cursor; body {data, hasMore, nextCursor} (section 1); region and createdAfter filters (section 4)');
    const first = withMembers(await createCustomer(individual({ region: 'NZ' })), ['createdAt'], 'the 201 body of POST /customers');
    const rest = [await createCustomer(individual({ region: 'NZ' })), await createCustomer(individual({ region: 'NZ' })), await createCustomer(individual({ region: 'NZ' }))];
    const mine = [first, ...rest].map((c) => c.id);

    const walked = (await walkPages('/customers', CustomerRecord, { query: { region: 'NZ', createdAfter: first.createdAt }, limit: 2, settled: true })).map((c) => c.id);
    expect(new Set(walked).size, `Supplement 1: a cursor continues where the previous page ended; ids walked ${walked.join(', ')}`).toBe(walked.length);
    for (const id of mine) expect(walked, `every customer of the filter appears once in the walk (${id})`).toContain(id);
  });

  it('narrows by each filter, the time bounds inclusive', async () => {
    await basisSupplement('list filters platformCustomerId, customerType, createdAfter/Before, updatedAfter/Before, region, currency, umaAddress; inclusive (sections 4, 15)');
    const created = addressed(expectStatus(await api.post('/customers', { body: bareIndividual({ region: 'NZ', currencies: ['USD', 'EUR'] }) }), 201, CustomerRecord));
    // A customer whose platformCustomerId begins with this one's: an exact filter does not take it.
    const longer = expectStatus(await api.post('/customers', { body: bareIndividual({ region: 'NZ', platformCustomerId: `${created.platformCustomerId}-2` }) }), 201, CustomerRecord);
    // Updated after its creation, so its updatedAt differs from its createdAt and the updated* filters
    // are told from the created* ones (each update a request later; a target may keep milliseconds alike).
    let tries = 0;
    const patched = await eventually(
      async () => {
        // A change each time (a new fullName): a target may leave updatedAt alone on an update that changes nothing.
        tries++;
        expectStatus(await api.patch('/customers/{customerId}', { params: { customerId: created.id }, body: { customerType: 'INDIVIDUAL', fullName: `Listed Customer ${'x'.repeat(tries)}` } }), 200, CustomerRecord);
        return withMembers(expectStatus(await api.get('/customers/{customerId}', { params: { customerId: created.id } }), 200, CustomerRecord), ['id', 'createdAt', 'updatedAt'], 'the 200 body of GET /customers/{customerId}');
      },
      (now) => Date.parse(now.updatedAt) > Date.parse(now.createdAt),
      { timeoutMs: 5_000, what: `customer ${created.id} updated after its creation (updatedAt later than createdAt)` },
    );
    // The customer as stored now (its updatedAt included), not as the create answered.
    const c = patched;
    const own = { platformCustomerId: c.platformCustomerId };
    expect(await list(own), `platformCustomerId names the one customer (not ${longer.id}, whose id begins with it)`).toEqual([c.id]);
    expect(await list({ umaAddress: c.umaAddress }), 'umaAddress names the one customer').toEqual([c.id]);

    const cases: [string, Record<string, string>, Record<string, string>][] = [
      ['customerType', { customerType: 'INDIVIDUAL' }, { customerType: 'BUSINESS' }],
      ['region', { region: 'NZ' }, { region: 'AU' }],
      ['currency', { currency: 'EUR' }, { currency: 'MXN' }],
      ['createdAfter', { createdAfter: c.createdAt }, { createdAfter: shift(c.createdAt, 1) }],
      ['createdBefore', { createdBefore: c.createdAt }, { createdBefore: shift(c.createdAt, -1) }],
      ['updatedAfter', { updatedAfter: c.updatedAt }, { updatedAfter: shift(c.updatedAt, 1) }],
      ['updatedBefore', { updatedBefore: c.updatedAt }, { updatedBefore: shift(c.updatedAt, -1) }],
    ];
    for (const [filter, matching, other] of cases) {
      expect(await list({ ...own, ...matching }), `${filter}=${Object.values(matching)[0]} keeps the customer (filters are inclusive)`).toEqual([c.id]);
      expect(await list({ ...own, ...other }), `${filter}=${Object.values(other)[0]} leaves the customer out`).toEqual([]);
      recordRule('GET /customers', LIST_RULES.filter(filter));
    }
  });

  it('pages by one, each once, a list narrowed to a platformCustomerId two customers held in turn (the newer deleted, the older renamed to it)', async () => {
    await basisSupplement('lists take limit and cursor (section 1); platformCustomerId reusable after delete, isIncludingDeleted (section 15)');
    const id = `conf-${rng().string.uuid()}`;
    const older = await createCustomer(individual());
    const newer = await createCustomer(individual({ platformCustomerId: id }));
    expectStatus(await api.delete('/customers/{customerId}', { params: { customerId: newer.id } }), 200, CustomerRecord, 'DELETE /customers/{customerId}');
    const moved = await api.patch('/customers/{customerId}', { params: { customerId: older.id }, body: { customerType: 'INDIVIDUAL', platformCustomerId: id } });
    // Whether PATCH may change platformCustomerId is not stated: where it may not, the list holds one.
    const expected = moved.status === 200 ? [older.id, newer.id] : [newer.id];
    const walked = await walkPages('/customers', CustomerRecord, { query: { platformCustomerId: id, isIncludingDeleted: 'true' }, limit: 1, settled: true });
    expect(walked.map((c) => c.id).sort(), 'supplement 1: the walk by one visits each customer of that platformCustomerId once, the deleted one and the one renamed to it').toEqual(expected.sort());
    // Supplement 1: totalCount? (optional); where given, it counts every page of the list, not the page.
    const first = expectStatus(await api.get('/customers', { query: { platformCustomerId: id, isIncludingDeleted: 'true', limit: 1 } }), 200, CustomerPage, 'Supplement 4: GET /customers answers a page of customers');
    const sentences = ['Supplement 1: body {data[]*, hasMore*, nextCursor?, totalCount?: int}', 'Description, CustomerListResponse.totalCount: "Total number of customers matching the criteria (excluding pagination)"'];
    if (first.totalCount !== undefined) expect(first.totalCount, sentences[1]).toBe(expected.length);
    noteInterface('customers:list-total-count', sentences, first.totalCount === undefined ? 'no totalCount' : `totalCount ${first.totalCount} on a page of ${first.data.length}`);
  });

  it('refuses a limit outside 1-100 with a 400', async () => {
    await basisSupplement('limit 1-100 (section 1)');
    expectStatus(await api.get('/customers', { query: { limit: 100 } }), 200, CustomerPage);
    expectStatus(await api.get('/customers', { query: { limit: 1 } }), 200, CustomerPage);
    expectError(await api.get('/customers', { query: { limit: 0 } }), 400, undefined, 'Supplement 1: limit is 1-100');
    expectError(await api.get('/customers', { query: { limit: 101 } }), 400, undefined, 'Supplement 1: limit is 1-100');
  });
});

describe('Unsupported methods on /customers', () => {
  scenario({ area: 'Customers', operation: 'GET /customers', section: 'Customers', basis: 'supplement' });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('answers %s /customers with 405 METHOD_NOT_ALLOWED in the JSON error body', async (method) => {
    await basisSupplement('POST/GET /customers: 405 METHOD_NOT_ALLOWED (JSON) for unsupported methods (section 15)');
    expectStatus(await api.get('/customers', { query: { limit: 1 } }), 200, CustomerPage);
    const res = await api.request(method, '/customers', { body: {} });
    // An unsupported method is no operation of the interface: only the code is recorded.
    expectError(res, 405, 'METHOD_NOT_ALLOWED', 'Supplement 15: 405 METHOD_NOT_ALLOWED (JSON) for unsupported methods', { operation: false });
    // The description documents this 405 under the path's served operations ("when the request uses an
    // HTTP method that is not supported on this path"), as an unsupported method has no operation of its own.
    for (const served of ['POST', 'GET']) recordCovered('responses', ids.response(served, '/customers', 405));
  });
});
