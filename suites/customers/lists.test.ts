// GET /customers: each documented filter narrows (a control shows it is not vacuous), paging visits
// every item once, limit outside 1–100 is refused, no limit pages 20. basis: supplement (section 4 and 15: filters
// platformCustomerId, customerType, region, currency, umaAddress; section 1: paging).
import { describe, expect, it } from 'vitest';
import { rng } from '../../fixtures/random.js';
import { bareIndividual, business } from '../../fixtures/customers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { createCustomer, withMembers } from '../../helpers/flows/customers.js';
import { expectDefaultLimit, expectLimitRange, expectPagedOnce, idsPaged } from '../../helpers/flows/list-rules.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Customer, InternalAccount } from '../../helpers/schemas/index.js';

const OP = 'GET /customers';

describe(OP, () => {
  scenario({ area: 'Customers', operation: OP, section: 'Resources and their fields', basis: 'supplement' });

  it('narrows by platformCustomerId, umaAddress, customerType, region and currency, each against a control, and pages every item once', async () => {
    await basisSupplement('sections 4 and 15: list filters; section 1: paging');
    // A region of their own (no other suite creates JP customers) makes the set closed.
    const tag = rng().string.uuid().slice(0, 8);
    const ind = withMembers(await createCustomer(bareIndividual({ region: 'JP', currencies: ['USD'], platformCustomerId: `lists-${tag}-i` })), ['createdAt'], 'the 201 body of POST /customers');
    const ind2 = await createCustomer(bareIndividual({ region: 'JP', currencies: ['EUR'], platformCustomerId: `lists-${tag}-j` }));
    const biz = await createCustomer(business({ region: 'JP', currencies: ['USD'], platformCustomerId: `lists-${tag}-b` }));
    const mx = await createCustomer(bareIndividual({ region: 'MX', currencies: ['USD'], platformCustomerId: `lists-${tag}-m` }));

    const byPlatformId = await idsPaged('/customers', Customer, { platformCustomerId: ind.platformCustomerId }, 100);
    expect(byPlatformId, `platformCustomerId=${ind.platformCustomerId} lists exactly that customer`).toEqual([ind.id]);
    expect(await idsPaged('/customers', Customer, { platformCustomerId: biz.platformCustomerId }, 100), 'control: another platformCustomerId lists another customer').toEqual([biz.id]);
    recordRule(OP, LIST_RULES.filter('platformCustomerId'));

    expect(await idsPaged('/customers', Customer, { umaAddress: String(ind2.umaAddress) }, 100), `umaAddress=${ind2.umaAddress} lists exactly that customer`).toEqual([ind2.id]);
    expect(await idsPaged('/customers', Customer, { umaAddress: String(mx.umaAddress) }, 100), 'control: another umaAddress lists another customer').toEqual([mx.id]);
    recordRule(OP, LIST_RULES.filter('umaAddress'));

    const jp = await idsPaged('/customers', Customer, { region: 'JP', createdAfter: ind.createdAt }, 1);
    expect(jp, 'region=JP lists the JP customers, not the MX one').toEqual(expect.arrayContaining([ind.id, ind2.id, biz.id]));
    expect(jp, 'region=JP leaves out the MX customer').not.toContain(mx.id);
    expect(await idsPaged('/customers', Customer, { region: 'MX', createdAfter: ind.createdAt }, 100), 'control: region=MX lists the MX customer').toContain(mx.id);
    recordRule(OP, LIST_RULES.filter('region'));

    await expectPagedOnce(OP, '/customers', Customer, { region: 'JP', customerType: 'INDIVIDUAL', createdAfter: ind.createdAt }, 1, [ind.id, ind2.id]);
    const businesses = await idsPaged('/customers', Customer, { region: 'JP', customerType: 'BUSINESS', createdAfter: ind.createdAt }, 100);
    expect(businesses, 'customerType=BUSINESS lists the business and no individual').toEqual([biz.id]);
    recordRule(OP, LIST_RULES.filter('customerType'));

    const eur = await idsPaged('/customers', Customer, { region: 'JP', currency: 'EUR', createdAfter: ind.createdAt }, 100);
    expect(eur, 'currency=EUR lists the customer holding EUR only').toEqual([ind2.id]);
    const usd = await idsPaged('/customers', Customer, { region: 'JP', currency: 'USD', createdAfter: ind.createdAt }, 100);
    expect(usd.sort(), 'control: currency=USD lists the USD customers').toEqual([ind.id, biz.id].sort());
    recordRule(OP, LIST_RULES.filter('currency'));
  });

  it('refuses limit 0 and 101 with 400 and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100');
    await expectLimitRange(OP, '/customers');
  });

  it('pages 20 without limit, with hasMore, here and in GET /customers/internal-accounts (once more than 20 are there)', async () => {
    await basisSupplement('section 1: limit (1–100, default 20); section 6: accounts are created with the customer');
    // 21 new customers, each with its internal accounts: both platform-wide lists hold more than 20.
    // One after another, so a replay with the same SVC_SEED sends the same bodies in the same order.
    for (let i = 0; i < 21; i++) await createCustomer(bareIndividual({ currencies: ['USD'] }));
    await expectDefaultLimit(OP, '/customers', Customer, {});
    await expectDefaultLimit('GET /customers/internal-accounts', '/customers/internal-accounts', InternalAccount, {});
  });
});
