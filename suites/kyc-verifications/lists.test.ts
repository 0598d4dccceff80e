// GET /verifications and GET /beneficial-owners: filters narrow (each with a control), one customer's
// items never show in another's list, paging visits every item once, limit outside 1–100 is refused.
// basis: supplement (section 14: GET /verifications customerId?, verificationStatus?, paging;
// GET /beneficial-owners customerId*, paging; section 5: sandbox magic fullName …001 goes to
// PENDING_MANUAL_REVIEW; section 1: paging).
import { describe, expect, it } from 'vitest';
import { bareIndividual, beneficialOwner, business, individual } from '../../fixtures/customers.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectStatus, noteInterface } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { addOwner, uploadDocument, verify } from '../../helpers/flows/kyc.js';
import { expectLimitRange, expectPagedOnce, expectPagedOverChanging, idsPaged } from '../../helpers/flows/list-rules.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { BeneficialOwner, BeneficialOwnerPage, Verification } from '../../helpers/schemas/kyc.js';

describe('GET /verifications', () => {
  const op = 'GET /verifications';
  scenario({ area: 'KYC/KYB Verifications', operation: op, section: 'Other operations that are named', basis: 'supplement' });

  it('narrows by customerId and by verificationStatus, each against a control, and paging by two visits every verification once', async () => {
    await basisSupplement('section 14: customerId, verificationStatus, paging; RESOLVE_ERRORS for gaps, IN_PROGRESS with full data');
    const gaps = await createCustomer(bareIndividual());
    const review = await createCustomer(individual({ fullName: 'Grace Hopper001' }));
    await uploadDocument(review.id, 'PASSPORT');
    const a = await verify(gaps.id);
    const b = await verify(review.id);
    // A third: the list then holds more than a page of two, whatever else it holds.
    const c = await verify((await createCustomer(bareIndividual())).id);
    expect(a.verificationStatus, 'supplement §14: POST /verifications of an individual with gaps answers RESOLVE_ERRORS').toBe('RESOLVE_ERRORS');
    expect(b.verificationStatus, 'supplement §14: POST /verifications with full data answers IN_PROGRESS (then manual review, section 5 …001)').not.toBe('RESOLVE_ERRORS');

    expect(await idsPaged('/verifications', Verification, { customerId: gaps.id }, 100), `customerId=${gaps.id} lists its verification only`).toEqual([a.id]);
    expect(await idsPaged('/verifications', Verification, { customerId: review.id }, 100), 'control: another customerId lists the other verification').toEqual([b.id]);
    recordRule(op, LIST_RULES.filter('customerId'));

    expect(await idsPaged('/verifications', Verification, { customerId: gaps.id, verificationStatus: 'RESOLVE_ERRORS' }, 100), 'verificationStatus=RESOLVE_ERRORS keeps it (control)').toEqual([a.id]);
    expect(await idsPaged('/verifications', Verification, { customerId: gaps.id, verificationStatus: 'APPROVED' }, 100), 'verificationStatus=APPROVED leaves a RESOLVE_ERRORS verification out').toEqual([]);
    const withGaps = await walkStatus('RESOLVE_ERRORS');
    expect(withGaps, 'verificationStatus=RESOLVE_ERRORS lists the one with gaps, not the one past them').toContain(a.id);
    expect(withGaps).not.toContain(b.id);
    recordRule(op, LIST_RULES.filter('verificationStatus'));

    // The whole list, which other scenarios change meanwhile (helpers/flows/list-rules.ts): a customer has
    // one open verification at a time, so no customerId closes a set of several; and whether a deleted
    // customer's verifications stay listed is not stated (growsOnly false).
    const paged = await expectPagedOverChanging(op, '/verifications', Verification, {}, 2, { growsOnly: false });
    expect(paged, 'paged by two, the list holds the three verifications just made').toEqual(expect.arrayContaining([a.id, b.id, c.id]));
  });

  /** The whole list of a status, paged by 5 (walkPages asserts every item once and each page's shape). */
  const walkStatus = (verificationStatus: string) => idsPaged('/verifications', Verification, { verificationStatus }, 5);

  it('refuses limit 0 and 101 with 400 and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100');
    await expectLimitRange(op, '/verifications');
  });
});

describe('GET /beneficial-owners', () => {
  const op = 'GET /beneficial-owners';
  scenario({ area: 'KYC/KYB Verifications', operation: op, section: 'Resources and their fields', basis: 'supplement' });

  it("lists exactly the owners of customerId, never another customer's, each once in pages of one", async () => {
    await basisSupplement('section 14: customerId*, paging');
    const company = await createCustomer(business());
    const other = await createCustomer(business());
    const owners = [];
    for (const roles of [['UBO'], ['DIRECTOR'], ['CONTROL_PERSON']]) owners.push((await addOwner(beneficialOwner(company.id, { roles, ownershipPercentage: roles[0] === 'UBO' ? 60 : 0 }))).id);
    const foreign = (await addOwner(beneficialOwner(other.id))).id;
    await expectPagedOnce(op, '/beneficial-owners', BeneficialOwner, { customerId: company.id }, 1, owners);
    // Supplement 1: totalCount? (optional); where given, it counts every page of the list, not the page.
    const first = expectStatus(await api.get('/beneficial-owners', { query: { customerId: company.id, limit: 1 } }), 200, BeneficialOwnerPage, 'Supplement 14: GET /beneficial-owners answers a page');
    const sentences = ['Supplement 1: body {data[]*, hasMore*, nextCursor?, totalCount?: int}', 'Description, BeneficialOwnerListResponse.totalCount: "Total number of results matching the criteria"'];
    if (first.totalCount !== undefined) expect(first.totalCount, sentences[1]).toBe(owners.length);
    noteInterface('beneficial-owners:list-total-count', sentences, first.totalCount === undefined ? 'no totalCount' : `totalCount ${first.totalCount} on a page of ${first.data.length}`);
    expect(await idsPaged('/beneficial-owners', BeneficialOwner, { customerId: other.id }, 1), "control: the other customer's list holds its own owner only").toEqual([foreign]);
    recordRule(op, LIST_RULES.scope('customer'));
  });

  it('refuses limit 0 and 101 with 400 and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100');
    await expectLimitRange(op, '/beneficial-owners', { customerId: (await createCustomer(business())).id });
  });
});
