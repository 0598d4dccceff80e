// Interface, areas: KYC/KYB Verifications ("Identity verification of individuals and businesses,
// beneficial owners"). Supplement section 5 (POST /beneficial-owners, + GET list, GET/PATCH /{id}) and
// section 14 (GET /beneficial-owners customerId*, paging; PATCH partial {roles?, ownershipPercentage?,
// personalInfo?}, only sent fields change; 400; 404; BeneficialOwner adds kycStatus*, createdAt*).
import { describe, expect, it } from 'vitest';
import { beneficialOwner, business } from '../../fixtures/customers.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { isMaskedForm } from '../../helpers/field-rules/check.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { addOwner } from '../../helpers/flows/kyc.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { BeneficialOwner, BeneficialOwnerPage } from '../../helpers/schemas/kyc.js';

const get = (beneficialOwnerId: string) => api.get('/beneficial-owners/{beneficialOwnerId}', { params: { beneficialOwnerId } });
const patch = (beneficialOwnerId: string, body: unknown) => api.patch('/beneficial-owners/{beneficialOwnerId}', { params: { beneficialOwnerId }, body });

describe('GET /beneficial-owners', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'GET /beneficial-owners', section: 'What the service does', basis: 'supplement' });

  it('lists exactly the owners of customerId, in pages', async () => {
    await basisSupplement('GET /beneficial-owners: customerId*, paging (section 14)');
    const company = await createCustomer(business());
    const other = await createCustomer(business());
    const owners = [await addOwner(beneficialOwner(company.id)), await addOwner(beneficialOwner(company.id, { roles: ['DIRECTOR'], ownershipPercentage: 0 }))];
    const foreign = await addOwner(beneficialOwner(other.id));
    const listed = await walkPages('/beneficial-owners', BeneficialOwner, { query: { customerId: company.id }, limit: 1, settled: true });
    expect(listed.map((o) => o.id).sort(), 'the owners of that customer, each once').toEqual(owners.map((o) => o.id).sort());
    expect(listed.map((o) => o.id)).not.toContain(foreign.id);
  });

  it('answers 400 without customerId', async () => {
    await basisSupplement('GET /beneficial-owners: customerId required; 400 (section 14)');
    const company = await createCustomer(business());
    expectStatus(await api.get('/beneficial-owners', { query: { customerId: company.id } }), 200, BeneficialOwnerPage);
    expectError(await api.get('/beneficial-owners'), 400, undefined, 'Supplement 14: customerId is required');
  });
});

describe('GET /beneficial-owners/{beneficialOwnerId}', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'GET /beneficial-owners/{beneficialOwnerId}', section: 'What the service does', basis: 'supplement' });

  it('returns the owner with kycStatus and createdAt, and 404 for an unknown one', async () => {
    await basisSupplement('GET /beneficial-owners/{id}; BeneficialOwner adds kycStatus*, createdAt* (sections 5, 14)');
    const company = await createCustomer(business());
    const body = beneficialOwner(company.id);
    const owner = await addOwner(body);
    const got = expectStatus(await get(owner.id), 200, BeneficialOwner);
    expect(got).toMatchObject({ id: owner.id, customerId: company.id, roles: body.roles, ownershipPercentage: body.ownershipPercentage });
    expect(got.personalInfo).toMatchObject({ firstName: body.personalInfo.firstName, lastName: body.personalInfo.lastName, birthDate: body.personalInfo.birthDate });
    expectError(await get(`BeneficialOwner:${crypto.randomUUID()}`), 404, undefined, 'Supplement 14: 404');
  });

  it('takes the kycStatus the sandbox values of lastName give: 001 PENDING, 002 REJECTED, another APPROVED', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox values for beneficial owners (SVC_SANDBOX_TRIGGERS=0)');
    await basisSupplement('section 5: beneficial owner personalInfo.lastName 001 PENDING; 002 REJECTED; other APPROVED');
    const company = await createCustomer(business());
    for (const [suffix, status] of [['001', 'PENDING'], ['002', 'REJECTED'], ['', 'APPROVED']] as const) {
      const body = beneficialOwner(company.id, { ownershipPercentage: 10 });
      const owner = await addOwner({ ...body, personalInfo: { ...body.personalInfo, lastName: `${body.personalInfo.lastName}${suffix}` } });
      expect(expectStatus(await get(owner.id), 200, BeneficialOwner).kycStatus, `supplement 5: an owner whose lastName ends ${suffix || 'otherwise'} is ${status}`).toBe(status);
    }
  });
});

describe('PATCH /beneficial-owners/{beneficialOwnerId}', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'PATCH /beneficial-owners/{beneficialOwnerId}', section: 'What the service does', basis: 'supplement' });

  it('changes only the fields sent', async () => {
    await basisSupplement('PATCH partial; only sent fields change (section 14; openapi.yaml BeneficialOwnerPersonalInfoUpdate)');
    const company = await createCustomer(business());
    const body = beneficialOwner(company.id);
    const owner = await addOwner(body);

    const pct = expectStatus(await patch(owner.id, { ownershipPercentage: 35 }), 200, BeneficialOwner);
    expect(pct.ownershipPercentage).toBe(35);
    expect(pct.roles, 'roles were not sent: unchanged').toEqual(owner.roles);

    const renamed = expectStatus(await patch(owner.id, { personalInfo: { firstName: 'Renamed' } }), 200, BeneficialOwner);
    expect(renamed.personalInfo.firstName).toBe('Renamed');
    const { firstName: _f, identifier, ...untouched } = body.personalInfo;
    // Description: BeneficialOwnerPersonalInfoUpdate: "Partial update for beneficial owner personal information. Only provided fields are updated."
    const unchanged = 'Description: BeneficialOwnerPersonalInfoUpdate "Only provided fields are updated": personalInfo fields not sent are unchanged';
    expect(renamed.personalInfo, unchanged).toMatchObject(untouched);
    // The identifier as the owner's create answered it (as sent, or masked but for its last four: not stated).
    expect(renamed.personalInfo.identifier, `${unchanged} (identifier)`).toBe(owner.personalInfo.identifier);
    expect(owner.personalInfo.identifier === identifier || isMaskedForm(identifier, owner.personalInfo.identifier), `the identifier sent (${identifier}) reads back as sent or masked but for its last four: ${owner.personalInfo.identifier}`).toBe(true);
    expect(renamed.ownershipPercentage, 'the earlier change stays').toBe(35);

    const read = expectStatus(await get(owner.id), 200, BeneficialOwner);
    expect(read).toMatchObject({ ownershipPercentage: 35, roles: owner.roles, personalInfo: { ...untouched, identifier: owner.personalInfo.identifier, firstName: 'Renamed' } });
  });

  it('answers 400 to an invalid change and 404 to an unknown owner, changing nothing', async () => {
    await basisSupplement('PATCH 400; 404 (section 14); ownershipPercentage 0-100 (section 5)');
    const company = await createCustomer(business());
    const owner = await addOwner(beneficialOwner(company.id));
    expectError(await patch(owner.id, { ownershipPercentage: 150 }), 400, undefined, 'Supplement 5: ownershipPercentage 0-100');
    expect(expectStatus(await get(owner.id), 200, BeneficialOwner).ownershipPercentage, 'a refused change changes nothing').toBe(owner.ownershipPercentage);
    expectStatus(await patch(owner.id, { ownershipPercentage: 100 }), 200, BeneficialOwner, 'control: a valid change is accepted');
    expectError(await patch(`BeneficialOwner:${crypto.randomUUID()}`, { ownershipPercentage: 10 }), 404, undefined, 'Supplement 14: 404');
  });
});
