// GET /cards: every documented filter narrows, one cardholder never sees another's cards, sortOrder
// orders, paging visits every card once, limit outside 1–100 is refused. basis: supplement (section 9:
// filters cardholderId, accountId, platformCardId, state; section 1: limit 1–100, cursor = the previous
// nextCursor, sortOrder asc|desc default desc for transactions and cards). Description, listCards
// accountId: "Returns cards whose fundingSources array contains the given internal account id".
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { eventually } from '../../helpers/eventually.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { getCard, twoSourceCardholder } from '../../helpers/flows/cards.js';
import { activeAccount, createCustomer } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api, capabilities } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Card, Page } from '../../helpers/schemas/index.js';

const OP = 'GET /cards';
const walk = async (query: Record<string, string>, limit: number) => (await walkPages('/cards', Card, { query, limit, settled: true })).map((c) => c.id);
const sorted = (ids: string[]) => [...ids].sort();

/** A card of `holder` funded by `accounts`, its platformCardId ending `suffix` (supplement 9: 001 stays PROCESSING, 000 becomes ACTIVE). */
async function issue(holder: string, accounts: string[], suffix: string): Promise<Card> {
  const platformCardId = `list-${Math.random().toString(36).slice(2, 10)}-${suffix}`;
  return expectStatus(await api.post('/cards', { body: { cardholderId: holder, form: 'VIRTUAL', fundingSources: accounts, platformCardId } }), 201, Card, 'POST /cards issues a card');
}

async function holderWithCards() {
  const customer = await createCustomer(individual());
  const usd = (await activeAccount(customer.id, 'USD')).id;
  const first = await issue(customer.id, [usd], '000');
  const second = await issue(customer.id, [usd], '000');
  const held = await issue(customer.id, [usd], '001');
  for (const c of [first, second]) await eventually(() => getCard(c.id), (x) => x.state === 'ACTIVE', { timeoutMs: capabilities.eventTimeoutMs, what: `card ${c.id} to become ACTIVE` });
  return { id: customer.id, usd, first, second, held, all: [first.id, second.id, held.id] };
}

describe(OP, () => {
  scenario({ area: 'Cards', operation: OP, section: 'States and transitions', basis: 'supplement' });

  it('cardholderId, accountId, platformCardId and state each narrow the list, one cardholder never sees another\'s cards, and paging by one visits every card once', async () => {
    await basisSupplement('section 9: GET /cards filters; section 1: paging');
    const a = await holderWithCards();
    const b = await holderWithCards();

    expect(sorted(await walk({ cardholderId: a.id }, 1)), `cardholderId=${a.id}, a page of one at a time, lists exactly that cardholder's cards, each once`).toEqual(sorted(a.all));
    recordRule(OP, LIST_RULES.pagingOnce);
    recordRule(OP, LIST_RULES.filter('cardholderId'));
    expect(sorted(await walk({ cardholderId: b.id }, 2)), 'another cardholder\'s list holds none of the first one\'s cards').toEqual(sorted(b.all));
    recordRule(OP, LIST_RULES.scope('customer'));

    // Description, listCards accountId: "Returns cards whose fundingSources array contains the given internal account id".
    expect(sorted(await walk({ cardholderId: a.id, accountId: a.usd }, 100)), 'Description, listCards accountId: the cards whose fundingSources contain the account').toEqual(sorted(a.all));
    expect(sorted(await walk({ accountId: b.usd }, 100)), 'Description, listCards accountId: accountId alone lists the cards of that account, none of another').toEqual(sorted(b.all));
    recordRule(OP, LIST_RULES.filter('accountId'));

    expect(await walk({ platformCardId: String(a.first.platformCardId) }, 100), 'platformCardId lists that card').toEqual([a.first.id]);
    expect(await walk({ platformCardId: String(b.second.platformCardId) }, 100), 'control: another platformCardId lists the other card').toEqual([b.second.id]);
    recordRule(OP, LIST_RULES.filter('platformCardId'));

    expect(await walk({ cardholderId: a.id, state: 'PROCESSING' }, 100), 'state=PROCESSING lists the card the issuer holds (platformCardId ending 001)').toEqual([a.held.id]);
    expect(sorted(await walk({ cardholderId: a.id, state: 'ACTIVE' }, 100)), 'state=ACTIVE lists the active cards').toEqual(sorted([a.first.id, a.second.id]));
    recordRule(OP, LIST_RULES.filter('state'));
  });

  it('accountId lists every card whose fundingSources contain the account, wherever it stands among them', async (ctx) => {
    const { customerId, first, second } = await twoSourceCardholder(ctx);
    await basisSupplement('section 9: GET /cards filters accountId');
    const alone = await issue(customerId, [first], '000');
    const both = await issue(customerId, [second, first], '000');
    const other = await issue(customerId, [second], '000');
    const rule = 'Description, listCards accountId: "Returns cards whose fundingSources array contains the given internal account id"';
    expect(sorted(await walk({ accountId: first }, 100)), `${rule}: the account funds one card alone and another second`).toEqual(sorted([alone.id, both.id]));
    expect(sorted(await walk({ accountId: second }, 100)), `${rule}: control, the other account funds one card first and another alone`).toEqual(sorted([both.id, other.id]));
    recordRule(OP, LIST_RULES.filter('accountId'));
  });

  it('sortOrder asc lists the cards in the reverse of desc, and desc is the default', async () => {
    await basisSupplement('section 1: sortOrder (asc|desc, default desc)');
    const a = await holderWithCards();
    const asc = await walk({ cardholderId: a.id, sortOrder: 'asc' }, 2);
    const desc = await walk({ cardholderId: a.id, sortOrder: 'desc' }, 2);
    const byDefault = await walk({ cardholderId: a.id }, 2);
    expect(sorted(asc), 'control: both orders list the same cards').toEqual(sorted(a.all));
    expect(asc, 'sortOrder asc is the reverse of desc').toEqual([...desc].reverse());
    expect(asc, 'the cards were issued one after another: asc lists them in that order').toEqual(a.all);
    expect(byDefault, 'sortOrder defaults to desc').toEqual(desc);
    recordRule(OP, LIST_RULES.filter('sortOrder'));
  });

  it.for([0, 101])('refuses limit=%s with 400 (limit is 1 to 100), and accepts 1 and 100', async (limit) => {
    await basisSupplement('section 1: limit 1–100');
    expectError(await api.get('/cards', { query: { limit } }), 400, undefined, `supplement §1: limit is 1–100; ${limit} is outside`);
    for (const ok of [1, 100]) expectStatus(await api.get('/cards', { query: { limit: ok } }), 200, Page(Card), `control: limit ${ok} is within 1–100`);
    recordRule(OP, LIST_RULES.limitRange);
  });
});
