// Interface: POST {base_url}/verifications (RESOLVE_ERRORS, one entry per problem); Customer KYC status;
// Events (CUSTOMER.KYC_*: individual KYC verification changes; data Customer). Supplement section 5
// (Verification, statuses, the sandbox magic on fullName: 001 PENDING and complete -> PENDING_MANUAL_REVIEW,
// 002 REJECTED; 003 in review-findings.test.ts), section 14 (GET /verifications
// [/{id}] with customerId, verificationStatus, paging; VERIFICATION.* one type per status, data =
// Verification; IN_PROGRESS = POST with full data), section 27 (event catalog).
// READY_FOR_VERIFICATION's meaning is not stated (supplement 28.4): judged only where the target
// declares it (SVC_VERIFICATION_READY_WHEN_RESOLVED).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bareIndividual, individual } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectSchema, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { completeIndividual, getCustomerRecord, noteNewVerification, uploadDocument, verify } from '../../helpers/flows/kyc.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Verification, VerificationPage } from '../../helpers/schemas/kyc.js';
import { ids } from '../../helpers/spec/catalog.js';

/** An expected VERIFICATION.<STATUS> event whose data is the Verification in that status. */
const status = (s: string, extra?: (d: Record<string, any>) => boolean) => ({
  type: `VERIFICATION.${s}`,
  where: (d: Record<string, any>) => Verification.safeParse(d).success && d.verificationStatus === s && (extra?.(d) ?? true),
  what: `data: the Verification, verificationStatus ${s}`,
});

describe('Verification lifecycle', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'POST /verifications', section: 'Other operations that are named', basis: 'supplement' });

  it('announces RESOLVE_ERRORS, then IN_PROGRESS and APPROVED once the data is complete, each with VERIFICATION.<STATUS>; the customer goes UNVERIFIED to APPROVED', async (ctx) => {
    await basisSupplement('VERIFICATION.* one type per status, data Verification; IN_PROGRESS for POST with full data (sections 5, 14, 27)');
    const customer = await createCustomer(bareIndividual());
    // Observed, not declared: a target that verifies nothing yet must not skip this scenario.
    expect(customer.kycStatus, 'supplement 5: a customer created without identity data has not been verified: kycStatus UNVERIFIED (the start of the UNVERIFIED → APPROVED transition judged below)').toBe('UNVERIFIED');
    const since0 = await listener.mark();
    const first = await verify(customer.id);
    expect(first.verificationStatus, 'Interface: POST /verifications may return RESOLVE_ERRORS').toBe('RESOLVE_ERRORS');
    await expectEvents(first.id, [status('RESOLVE_ERRORS', (d) => d.errors.length > 0)], { since: since0 });

    await completeIndividual(customer.id);
    await uploadDocument(customer.id, 'PASSPORT');
    const since = await listener.mark();
    const second = await verify(customer.id);
    expect(second.verificationStatus, 'Supplement 14: IN_PROGRESS is POST /verifications with full data').toBe('IN_PROGRESS');
    // The same verification carries its whole history since the first POST (with READY_FOR_VERIFICATION
    // where the target declares it); a new one starts at the second POST.
    const history = second.id === first.id
      ? [status('RESOLVE_ERRORS'), ...(capabilities.customerTriggers.verificationReadyWhenResolved ? [status('READY_FOR_VERIFICATION')] : []), status('IN_PROGRESS'), status('APPROVED')]
      : [status('IN_PROGRESS'), status('APPROVED')];
    const events = await expectEvents(second.id, history, { since: since0 });
    const done = events[events.length - 1];
    expectTransition('verification', 'IN_PROGRESS', done.data.verificationStatus, 'IN_PROGRESS', 'APPROVED');
    await expectEvents(customer.id, [{ type: 'CUSTOMER.KYC_APPROVED', where: (d) => d.kycStatus === 'APPROVED' }], { since });
    expectTransition('customer-kyc', customer.kycStatus as string, (await getCustomerRecord(customer.id)).kycStatus as string, 'UNVERIFIED', 'APPROVED');
    const fetched = expectStatus(await api.get('/verifications/{verificationId}', { params: { verificationId: second.id } }), 200, Verification);
    expect(fetched.verificationStatus, 'GET /verifications/{id} reads the verification as its last event left it').toBe('APPROVED');
  });

  it('moves an open verification whose gaps are resolved to READY_FOR_VERIFICATION, then IN_PROGRESS when submitted', async (ctx) => {
    requireCapability(ctx, capabilities.customerTriggers.verificationReadyWhenResolved, 'the target declares no meaning of READY_FOR_VERIFICATION (SVC_VERIFICATION_READY_WHEN_RESOLVED)', [ids.event('VERIFICATION.READY_FOR_VERIFICATION')]);
    await basisSupplement('READY_FOR_VERIFICATION: "complete, not submitted" (inferred, section 14), as the target declares it');
    const customer = await createCustomer(bareIndividual());
    const open = await verify(customer.id);
    expect(open.verificationStatus).toBe('RESOLVE_ERRORS');
    await completeIndividual(customer.id);
    const since = await listener.mark();
    await uploadDocument(customer.id, 'PASSPORT');
    const [ready] = await expectEvents(open.id, [status('READY_FOR_VERIFICATION', (d) => d.errors.length === 0)], { since });
    expectTransition('verification', open.verificationStatus, ready.data.verificationStatus, 'RESOLVE_ERRORS', 'READY_FOR_VERIFICATION');
    noteInterface('ready-for-verification-meaning', ['Supplement 14: READY_FOR_VERIFICATION (complete, not submitted, inferred)', 'Supplement 28.4: meaning of READY_FOR_VERIFICATION not stated'], 'declared: an open RESOLVE_ERRORS verification whose gaps are all resolved');
    const submitted = await verify(customer.id);
    // Whether POST /verifications submits the open verification or starts a new one is not stated: either way the submission is IN_PROGRESS.
    if (submitted.id === open.id) expectTransition('verification', ready.data.verificationStatus, submitted.verificationStatus, 'READY_FOR_VERIFICATION', 'IN_PROGRESS');
    else {
      noteNewVerification(submitted.id, open.id);
      expect(submitted.verificationStatus, 'Supplement 14: IN_PROGRESS is POST /verifications with full data').toBe('IN_PROGRESS');
    }
  });

  it('takes a customer named …001 PENDING (CUSTOMER.KYC_PENDING) and its complete verification to PENDING_MANUAL_REVIEW', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox magic values', [ids.event('CUSTOMER.KYC_PENDING'), ids.event('VERIFICATION.PENDING_MANUAL_REVIEW')]);
    await basisSupplement('fullName 001: PENDING, complete -> PENDING_MANUAL_REVIEW (section 5)');
    const since0 = await listener.mark();
    const body = individual({ fullName: `Pat Review 001` });
    const customer = await createCustomer(body);
    expect(customer.kycStatus, 'Supplement 5: fullName ending 001 sets kycStatus PENDING at creation').toBe('PENDING');
    await expectEvents(customer.id, [{ type: 'CUSTOMER.KYC_PENDING', where: (d) => d.kycStatus === 'PENDING', what: 'kycStatus PENDING' }], { since: since0 });
    await uploadDocument(customer.id, 'PASSPORT');
    const since = await listener.mark();
    const v = await verify(customer.id);
    expect(v.verificationStatus).toBe('IN_PROGRESS');
    const [, review] = await expectEvents(v.id, [status('IN_PROGRESS'), status('PENDING_MANUAL_REVIEW')], { since });
    expectTransition('verification', 'IN_PROGRESS', review.data.verificationStatus, 'IN_PROGRESS', 'PENDING_MANUAL_REVIEW');
    expect((await getCustomerRecord(customer.id)).kycStatus, 'the customer stays PENDING under manual review').toBe('PENDING');
  });

  it('makes a customer named …002 REJECTED, announced by CUSTOMER.KYC_REJECTED, and refuses a verification of it with 400', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox magic values', [ids.event('CUSTOMER.KYC_REJECTED')]);
    await basisSupplement('fullName 002: REJECTED (section 5); POST /verifications 400 if already REJECTED (section 5)');
    const since = await listener.mark();
    const customer = await createCustomer(individual({ fullName: 'Rey Jected 002' }));
    expect(customer.kycStatus, 'Supplement 5: fullName ending 002 sets kycStatus REJECTED').toBe('REJECTED');
    await expectEvents(customer.id, [{ type: 'CUSTOMER.KYC_REJECTED', where: (d) => d.kycStatus === 'REJECTED', what: 'kycStatus REJECTED' }], { since });
    expectError(await api.post('/verifications', { body: { customerId: customer.id } }), 400, undefined, 'Supplement 5: 400 if the customer is already APPROVED/REJECTED');
    const control = await createCustomer(bareIndividual());
    expect((await verify(control.id)).verificationStatus, 'control: a customer not yet decided can be verified').toBe('RESOLVE_ERRORS');
  });
});

describe('GET /verifications', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'GET /verifications', section: 'Other operations that are named', basis: 'supplement' });

  it('lists the verifications of a customer, narrowed by verificationStatus, in pages', async () => {
    await basisSupplement('GET /verifications: customerId, verificationStatus, paging (section 14)');
    const customer = await createCustomer(bareIndividual());
    const v = await verify(customer.id);
    const listed = await walkPages('/verifications', Verification, { query: { customerId: customer.id }, limit: 1, settled: true });
    expect(listed.map((x) => x.id), 'customerId lists that customer\'s verifications').toContain(v.id);
    for (const x of listed) expect(x.customerId).toBe(customer.id);
    const same = expectStatus(await api.get('/verifications', { query: { customerId: customer.id, verificationStatus: v.verificationStatus } }), 200, VerificationPage);
    expect(same.data.map((x) => x.id), `verificationStatus=${v.verificationStatus} keeps it`).toContain(v.id);
    const other = expectStatus(await api.get('/verifications', { query: { customerId: customer.id, verificationStatus: 'APPROVED' } }), 200, VerificationPage);
    expect(other.data.map((x) => x.id), 'verificationStatus=APPROVED leaves it out').not.toContain(v.id);
    for (const x of other.data) expect(x.verificationStatus).toBe('APPROVED');
  });
});

describe('GET /verifications/{verificationId}', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'GET /verifications/{verificationId}', section: 'Other operations that are named', basis: 'supplement' });

  it('returns the verification, and 404 for an unknown one', async () => {
    await basisSupplement('GET /verifications/{id}: 200; 404 (section 14)');
    const customer = await createCustomer(bareIndividual());
    const v = await verify(customer.id);
    const got = expectStatus(await api.get('/verifications/{verificationId}', { params: { verificationId: v.id } }), 200, Verification);
    expectSchema(Verification, got, 'the verification');
    expect(got).toMatchObject({ id: v.id, customerId: customer.id, verificationStatus: v.verificationStatus });
    expectError(await api.get('/verifications/{verificationId}', { params: { verificationId: `Verification:${randomUUID()}` } }), 404, undefined, 'Supplement 14: GET /verifications/{id} 404');
  });
});
