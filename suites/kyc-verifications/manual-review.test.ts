// Interface: Customer KYC status ("kycStatus APPROVED emits CUSTOMER.KYC_APPROVED"); Events (CUSTOMER.KYC_*,
// CUSTOMER.KYB_*: data Customer). Supplement section 5 (fullName magic 001 PENDING / complete ->
// PENDING_MANUAL_REVIEW, 002 REJECTED; kycStatus values), section 14 (VERIFICATION.* one per status),
// section 27. Where the documents stop, the target declares: the fullName magic applied at verification
// to a customer renamed after creation (SVC_KYC_NAME_MAGIC_AT_VERIFICATION) and a trigger that completes a
// manual review (SVC_MANUAL_REVIEW_TRIGGER: POST /sandbox/verifications/{verificationId}/review).
import { describe, expect, it, type TestContext } from 'vitest';
import { bareIndividual } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { expectStatus, expectTransition } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { completeIndividual, getCustomerRecord, uploadDocument, verify } from '../../helpers/flows/kyc.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Verification } from '../../helpers/schemas/kyc.js';
import { ids } from '../../helpers/spec/catalog.js';

const status = (s: string) => ({ type: `VERIFICATION.${s}`, where: (d: Record<string, any>) => Verification.safeParse(d).success && d.verificationStatus === s, what: `verificationStatus ${s}` });
const kyc = (s: string) => ({ type: `CUSTOMER.KYC_${s}`, where: (d: Record<string, any>) => d.kycStatus === s, what: `kycStatus ${s}` });

function needMagic(ctx: TestContext, covers: string[]) {
  requireCapability(ctx, capabilities.sandboxTriggers && capabilities.customerTriggers.kycNameMagicAtVerification, 'the target declares no name magic at verification (SVC_KYC_NAME_MAGIC_AT_VERIFICATION)', covers);
}

/** An UNVERIFIED customer completed with `fullName` and a passport, then submitted. */
async function submitted(fullName: string) {
  const customer = await createCustomer(bareIndividual());
  expect(customer.kycStatus, 'a customer without identity data starts UNVERIFIED').toBe('UNVERIFIED');
  await completeIndividual(customer.id, { fullName });
  await uploadDocument(customer.id, 'PASSPORT');
  const since = await listener.mark();
  const v = await verify(customer.id);
  expect(v.verificationStatus, 'Supplement 14: IN_PROGRESS for POST /verifications with full data').toBe('IN_PROGRESS');
  return { customer, v, since };
}

describe('Individual KYC outcomes', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'POST /verifications', section: 'States and transitions', basis: 'supplement' });

  it('rejects a customer completed as …002: VERIFICATION.REJECTED, CUSTOMER.KYC_REJECTED, kycStatus UNVERIFIED to REJECTED', async (ctx) => {
    needMagic(ctx, [ids.transition('customer-kyc', 'UNVERIFIED', 'REJECTED')]);
    await basisSupplement('fullName 002 REJECTED (section 5), applied at verification as the target declares');
    const { customer, v, since } = await submitted('Rena Reject 002');
    const [, done] = await expectEvents(v.id, [status('IN_PROGRESS'), status('REJECTED')], { since });
    await expectEvents(customer.id, [kyc('REJECTED')], { since });
    expectTransition('verification', 'IN_PROGRESS', done.data.verificationStatus, 'IN_PROGRESS', 'REJECTED');
    expectTransition('customer-kyc', customer.kycStatus as string, (await getCustomerRecord(customer.id)).kycStatus as string, 'UNVERIFIED', 'REJECTED');
  });

  it('sends a customer completed as …001 to manual review: CUSTOMER.KYC_PENDING, kycStatus UNVERIFIED to PENDING', async (ctx) => {
    needMagic(ctx, [ids.transition('customer-kyc', 'UNVERIFIED', 'PENDING')]);
    await basisSupplement('fullName 001 PENDING, complete -> PENDING_MANUAL_REVIEW (section 5), applied at verification as the target declares');
    const { customer, v, since } = await submitted('Manu Review 001');
    await expectEvents(v.id, [status('IN_PROGRESS'), status('PENDING_MANUAL_REVIEW')], { since });
    await expectEvents(customer.id, [kyc('PENDING')], { since });
    expectTransition('customer-kyc', customer.kycStatus as string, (await getCustomerRecord(customer.id)).kycStatus as string, 'UNVERIFIED', 'PENDING');
  });
});

describe('POST /sandbox/verifications/{verificationId}/review', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'Manual review outcome', section: 'States and transitions', basis: 'supplement' });

  it.for(['APPROVED', 'REJECTED'] as const)('completes a manual review as %s: the verification and the customer (from PENDING) take that status, each with its event', async (outcome, ctx) => {
    needMagic(ctx, [ids.transition('customer-kyc', 'PENDING', outcome)]);
    requireCapability(ctx, capabilities.customerTriggers.manualReviewTrigger, 'the target declares no manual review trigger (SVC_MANUAL_REVIEW_TRIGGER)', [ids.transition('customer-kyc', 'PENDING', outcome)]);
    await basisSupplement('PENDING_MANUAL_REVIEW, then APPROVED or REJECTED with VERIFICATION.* and CUSTOMER.KYC_* (sections 5, 14, 27)');
    const { customer, v, since } = await submitted('Manu Review 001');
    const [, review] = await expectEvents(v.id, [status('IN_PROGRESS'), status('PENDING_MANUAL_REVIEW')], { since });
    await expectEvents(customer.id, [kyc('PENDING')], { since });
    const pending = (await getCustomerRecord(customer.id)).kycStatus as string;

    const since2 = await listener.mark();
    expectStatus(await api.post('/sandbox/verifications/{verificationId}/review', { params: { verificationId: v.id }, body: { outcome } }), 200, Verification, 'the sandbox trigger completes the review');
    const [done] = await expectEvents(v.id, [status(outcome)], { since: since2 });
    await expectEvents(customer.id, [kyc(outcome)], { since: since2 });
    expectTransition('verification', review.data.verificationStatus, done.data.verificationStatus, 'PENDING_MANUAL_REVIEW', outcome);
    expectTransition('customer-kyc', pending, (await getCustomerRecord(customer.id)).kycStatus as string, 'PENDING', outcome);
  });
});
