// Interface: Events (CUSTOMER.KYB_*: business customer sibling of the KYC events; data Customer).
// Supplement section 5 (BUSINESS created UNVERIFIED; registrationNumber 002 REJECTED at verify, other
// APPROVED at verify; beneficial owner lastName 001 PENDING), section 14 (VERIFICATION.* one type per
// status), section 27 (CUSTOMER.KYB_APPROVED, _REJECTED, _PENDING). What a PENDING owner does to the
// business is the target's declaration (SVC_KYB_PENDING_WHEN_OWNER_PENDING).
import { describe, expect, it } from 'vitest';
import { beneficialOwner, business } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { expectStatus, expectTransition } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { addOwner, getCustomerRecord, uploadDocument, verify } from '../../helpers/flows/kyc.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Verification } from '../../helpers/schemas/kyc.js';
import { ids } from '../../helpers/spec/catalog.js';

const status = (s: string) => ({ type: `VERIFICATION.${s}`, where: (d: Record<string, any>) => Verification.safeParse(d).success && d.verificationStatus === s, what: `verificationStatus ${s}` });
const kyb = (s: string) => ({ type: `CUSTOMER.KYB_${s}`, where: (d: Record<string, any>) => d.kybStatus === s && d.customerType === 'BUSINESS', what: `kybStatus ${s}` });

/** A business with what verification needs, its registration number and first owner's last name as given. */
async function readyBusiness(registrationNumber: string, ownerLastName?: string) {
  const base = business();
  const company = await createCustomer({ ...base, businessInfo: { ...base.businessInfo, registrationNumber } });
  const owner = beneficialOwner(company.id);
  await addOwner(ownerLastName ? { ...owner, personalInfo: { ...owner.personalInfo, lastName: ownerLastName } } : owner);
  await uploadDocument(company.id, 'CERTIFICATE_OF_INCORPORATION');
  return company;
}

describe('KYB outcomes', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'POST /verifications', section: 'Events', basis: 'supplement' });

  it('approves a complete business: IN_PROGRESS then APPROVED, CUSTOMER.KYB_APPROVED, kybStatus UNVERIFIED to APPROVED', async () => {
    await basisSupplement('BUSINESS created UNVERIFIED; other registration numbers APPROVED at verify (section 5)');
    const company = await readyBusiness('REG000123');
    expect(company.kybStatus, 'Supplement 5: a business is created UNVERIFIED').toBe('UNVERIFIED');
    const since = await listener.mark();
    const v = await verify(company.id);
    const [, done] = await expectEvents(v.id, [status('IN_PROGRESS'), status('APPROVED')], { since });
    await expectEvents(company.id, [kyb('APPROVED')], { since });
    expectTransition('verification', 'IN_PROGRESS', done.data.verificationStatus, 'IN_PROGRESS', 'APPROVED');
    expectTransition('customer-kyb', company.kybStatus as string, (await getCustomerRecord(company.id)).kybStatus as string, 'UNVERIFIED', 'APPROVED');
  });

  it('rejects a business whose registrationNumber ends 002: VERIFICATION.REJECTED, CUSTOMER.KYB_REJECTED, kybStatus UNVERIFIED to REJECTED', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox magic values', [ids.event('CUSTOMER.KYB_REJECTED'), ids.event('VERIFICATION.REJECTED')]);
    await basisSupplement('registrationNumber 002: REJECTED at verify (section 5)');
    const company = await readyBusiness('REG000002');
    const since = await listener.mark();
    const v = await verify(company.id);
    const [, done] = await expectEvents(v.id, [status('IN_PROGRESS'), status('REJECTED')], { since });
    await expectEvents(company.id, [kyb('REJECTED')], { since });
    expectTransition('verification', 'IN_PROGRESS', done.data.verificationStatus, 'IN_PROGRESS', 'REJECTED');
    expectTransition('customer-kyb', company.kybStatus as string, (await getCustomerRecord(company.id)).kybStatus as string, 'UNVERIFIED', 'REJECTED');
  });

  it('sends a business with a PENDING beneficial owner to manual review: CUSTOMER.KYB_PENDING, kybStatus UNVERIFIED to PENDING', async (ctx) => {
    requireCapability(ctx, capabilities.customerTriggers.kybPendingWhenOwnerPending, 'the target declares no path to KYB PENDING (SVC_KYB_PENDING_WHEN_OWNER_PENDING)', [ids.event('CUSTOMER.KYB_PENDING')]);
    await basisSupplement('beneficial owner lastName 001: PENDING (section 5); the business outcome as the target declares it');
    const company = await readyBusiness('REG000123', 'Pending001');
    const since = await listener.mark();
    const v = await verify(company.id);
    const [, review] = await expectEvents(v.id, [status('IN_PROGRESS'), status('PENDING_MANUAL_REVIEW')], { since });
    await expectEvents(company.id, [kyb('PENDING')], { since });
    expectTransition('verification', 'IN_PROGRESS', review.data.verificationStatus, 'IN_PROGRESS', 'PENDING_MANUAL_REVIEW');
    expectTransition('customer-kyb', company.kybStatus as string, (await getCustomerRecord(company.id)).kybStatus as string, 'UNVERIFIED', 'PENDING');
  });

  it('approves the business once its manual review completes: CUSTOMER.KYB_APPROVED, kybStatus PENDING to APPROVED', async (ctx) => {
    requireCapability(ctx, capabilities.customerTriggers.kybPendingWhenOwnerPending && capabilities.customerTriggers.manualReviewTrigger, 'the target declares no path to KYB PENDING and its review (SVC_KYB_PENDING_WHEN_OWNER_PENDING, SVC_MANUAL_REVIEW_TRIGGER)', [ids.transition('customer-kyb', 'PENDING', 'APPROVED')]);
    await basisSupplement('kybStatus values, CUSTOMER.KYB_* (sections 4, 27); the review as the target declares it');
    const company = await readyBusiness('REG000123', 'Pending001');
    const since = await listener.mark();
    const v = await verify(company.id);
    await expectEvents(v.id, [status('IN_PROGRESS'), status('PENDING_MANUAL_REVIEW')], { since });
    await expectEvents(company.id, [kyb('PENDING')], { since });
    const pending = (await getCustomerRecord(company.id)).kybStatus as string;
    const since2 = await listener.mark();
    expectStatus(await api.post('/sandbox/verifications/{verificationId}/review', { params: { verificationId: v.id }, body: { outcome: 'APPROVED' } }), 200, Verification);
    await expectEvents(company.id, [kyb('APPROVED')], { since: since2 });
    expectTransition('customer-kyb', pending, (await getCustomerRecord(company.id)).kybStatus as string, 'PENDING', 'APPROVED');
  });
});
