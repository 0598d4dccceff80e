// GET /transactions paging, order and scope: paging by one visits every transaction once, sortOrder
// asc is the reverse of desc (the default), one customer's list never holds another's transactions,
// limit outside 1–100 is refused. The filters type, status, platformCustomerId and the dates are judged
// in list-filters.test.ts. basis: supplement (section 1: limit 1–100, cursor = the previous nextCursor,
// sortOrder asc|desc default desc; section 8: GET /transactions customerId filter).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { requireVelocityFor, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, OutgoingTransaction, Page } from '../../helpers/schemas/index.js';

const OP = 'GET /transactions';
const Item = z.looseObject({ id: z.string(), customerId: z.string().optional() });
const walk = async (query: Record<string, string>, limit: number) => (await walkPages('/transactions', Item, { query, limit, settled: true })).map((t) => t.id);

/** A customer with `n` same-currency transfers out, made one after another (each returns its transaction). */
async function customerWithTransfers(n: number) {
  const { customerId, accounts } = await sender({ USD: 10_000 * n });
  const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customerId) }), 201, ExternalAccount);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.post('/transfer-out', { body: { source: { accountId: accounts.USD.id }, destination: { accountId: bank.id }, amount: 1_000 + i } });
    ids.push(expectStatus(res, 201, OutgoingTransaction, 'transfer-out returns a transaction').id);
  }
  return { customerId, ids };
}

describe(OP, () => {
  scenario({ area: 'Transactions', operation: OP, section: 'Resources and their fields', basis: 'supplement' });

  it('pages a customer\'s transactions one at a time, each once, in either sortOrder, and never lists another customer\'s', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    requireVelocityFor(ctx, 3);
    await basisSupplement('section 1: paging, sortOrder; section 8: customerId');
    const a = await customerWithTransfers(3);
    const b = await customerWithTransfers(1);

    // A customer's list holds its transfers and may hold more (no document says whether the sandbox
    // funding of its account is itself a transaction): paging by one is judged against the same list
    // read whole, and the order against the transfers, made one after another.
    const whole = await walk({ customerId: a.customerId }, 100);
    expect(whole, `control: customerId=${a.customerId} lists the customer's three transfers`).toEqual(expect.arrayContaining(a.ids));
    const desc = await walk({ customerId: a.customerId }, 1);
    expect([...desc].sort(), `customerId=${a.customerId}, a page of one at a time, lists every transaction of the customer's list once, none skipped`).toEqual([...whole].sort());
    recordRule(OP, LIST_RULES.pagingOnce);
    recordRule(OP, LIST_RULES.filter('customerId'));
    const theirs = await walk({ customerId: b.customerId }, 2);
    expect(theirs, 'another customer\'s list holds their own transfer').toEqual(expect.arrayContaining(b.ids));
    for (const id of whole) expect(theirs, `another customer's list holds none of the first one's transactions (${id})`).not.toContain(id);
    recordRule(OP, LIST_RULES.scope('customer'));

    const transfers = (ids: string[]) => ids.filter((id) => a.ids.includes(id));
    const asc = await walk({ customerId: a.customerId, sortOrder: 'asc' }, 2);
    expect(transfers(asc), 'sortOrder asc lists the transactions in the order they were made').toEqual(a.ids);
    expect(await walk({ customerId: a.customerId, sortOrder: 'desc' }, 2), 'sortOrder desc is the reverse of asc').toEqual([...asc].reverse());
    expect(desc, 'sortOrder defaults to desc').toEqual([...asc].reverse());
    recordRule(OP, LIST_RULES.filter('sortOrder'));
  });

  it.for([0, 101])('refuses limit=%s with 400 (limit is 1 to 100), and accepts 1 and 100', async (limit) => {
    await basisSupplement('section 1: limit 1–100');
    expectError(await api.get('/transactions', { query: { limit } }), 400, undefined, `supplement §1: limit is 1–100; ${limit} is outside`);
    for (const ok of [1, 100]) expectStatus(await api.get('/transactions', { query: { limit: ok } }), 200, Page(Item), `control: limit ${ok} is within 1–100`);
    recordRule(OP, LIST_RULES.limitRange);
  });
});
