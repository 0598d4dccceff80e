// Interface: POST {base_url}/verifications "may return RESOLVE_ERRORS with one entry per problem, each
// naming the field or the accepted document types still needed"; Customer KYC status ("kycStatus
// APPROVED emits CUSTOMER.KYC_APPROVED"); Events (CUSTOMER.KYC_*, CUSTOMER.KYB_*, data: Customer).
// Verification, document and beneficial-owner shapes: basis: supplement (section 5).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bareIndividual, beneficialOwner, business, individual } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Customer } from '../../helpers/schemas/index.js';
import { BeneficialOwner, Document, Verification } from '../../helpers/schemas/kyc.js';
import { documentImage } from '../../fixtures/document-image.js';

async function uploadDocument(holder: string, documentType: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(documentImage())], { type: 'image/png' }), 'document.png');
  form.set('documentType', documentType);
  form.set('country', 'US');
  form.set('documentHolder', holder);
  const doc = expectStatus(await api.post('/documents', { form }), 201, Document, 'POST /documents uploads a verification document');
  // basis: supplement (section 14): Document {documentHolder*, documentType*, country*, ...}.
  expect(doc.documentHolder, 'the document belongs to the holder it was uploaded for').toBe(holder);
  expect(doc.documentType, 'the document is of the type uploaded').toBe(documentType);
  return doc;
}

describe('POST /verifications', () => {
  scenario({ area: 'KYC/KYB Verifications', operation: 'POST /verifications', section: 'Other operations that are named' });

  it('answers 404 for a customer that does not exist', async () => {
    await basisSupplement('section 5: POST /verifications {customerId*} → 200 Verification; 400; 404');
    expectError(await api.post('/verifications', { body: { customerId: `Customer:${randomUUID()}` } }), 404, undefined, 'supplement 5: a verification of an unknown customer answers 404');
  });

  it('answers RESOLVE_ERRORS with one entry per problem, each naming a field or the accepted document types, then approves the completed customer with CUSTOMER.KYC_APPROVED', async (ctx) => {
    await basisSupplement('verification shape, MISSING_FIELD entries, documents (section 5)');
    const customer = await createCustomer(bareIndividual());
    // Observed, not declared: approving a customer of whom nothing is known fails the scenario.
    expect(customer.kycStatus, 'supplement 5: an individual submission needs fullName, birthDate, nationality, idType+identifier, address and an identity document; a customer created without them is not APPROVED').not.toBe('APPROVED');

    const first = expectStatus(await api.post('/verifications', { body: { customerId: customer.id } }), 200, Verification);
    expect(first.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(first.customerId, 'the verification is the customer\'s').toBe(customer.id);
    const errors = first.errors;
    expect(errors.length, 'RESOLVE_ERRORS: one entry per problem (the bare customer has several)').toBeGreaterThan(0);
    for (const e of errors) expect(e.resourceId, `each entry names the resource concerned: ${JSON.stringify(e)}`).toBe(customer.id);
    for (const e of errors) {
      expect(e.field !== undefined || (e.acceptedDocumentTypes?.length ?? 0) > 0, `each RESOLVE_ERRORS entry names the field or the accepted document types: ${JSON.stringify(e)}`).toBe(true);
    }
    const named = errors.map((e) => e.field ?? '');
    for (const field of ['fullName', 'birthDate', 'nationality', 'address']) {
      expect(named.some((f) => f === field || f.endsWith(`.${field}`) || f.startsWith(`${field}.`) || f.includes(`.${field}.`)), `one entry per problem: the missing ${field} is named; entries ${JSON.stringify(errors)}`).toBe(true);
    }
    expect(errors.some((e) => e.acceptedDocumentTypes?.length), 'the missing identity document is named with its accepted document types').toBe(true);
    // Supplement 5: "doc → MISSING_IDENTITY_DOCUMENT, [PASSPORT, DRIVERS_LICENSE, NATIONAL_ID]"; 14: a
    // MISSING_*_DOCUMENT entry's acceptedDocumentTypes are that category's members.
    const identity = errors.find((e) => (e as { type?: string }).type === 'MISSING_IDENTITY_DOCUMENT');
    expect(identity, `supplement 5: the missing identity document is a MISSING_IDENTITY_DOCUMENT entry; entries ${JSON.stringify(errors)}`).toBeDefined();
    expect([...(identity!.acceptedDocumentTypes ?? [])].sort(), 'supplement 5 and 14: it accepts the identity documents PASSPORT, DRIVERS_LICENSE, NATIONAL_ID').toEqual(['DRIVERS_LICENSE', 'NATIONAL_ID', 'PASSPORT']);

    // Without email and phoneNumber: openapi.yaml, updateCustomerById rejects a request that includes both.
    const { platformCustomerId: _p, email: _e, phoneNumber: _n, ...kyc } = individual();
    expectStatus(await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: kyc }), 200, Customer);
    // A document deleted before the submission counts for nothing: the identity document is still missing.
    const deleted = await uploadDocument(customer.id, 'PASSPORT');
    expectStatus(await api.delete('/documents/{documentId}', { params: { documentId: deleted.id } }), 204, undefined, 'supplement 14: DELETE /documents/{id} 204');
    const without = expectStatus(await api.post('/verifications', { body: { customerId: customer.id } }), 200, Verification);
    expect(without.verificationStatus, 'supplement 5: with its only identity document deleted, the customer still lacks one').toBe('RESOLVE_ERRORS');
    expect(without.errors.map((e) => (e as { type?: string }).type), 'supplement 5: the deleted passport leaves MISSING_IDENTITY_DOCUMENT').toContain('MISSING_IDENTITY_DOCUMENT');
    await uploadDocument(customer.id, 'PASSPORT');
    const since = await listener.mark();
    const second = expectStatus(await api.post('/verifications', { body: { customerId: customer.id } }), 200, Verification);
    expect(second.verificationStatus).not.toBe('RESOLVE_ERRORS');
    // basis: supplement (section 5): "errors[] (empty when APPROVED/IN_PROGRESS)".
    if (['APPROVED', 'IN_PROGRESS'].includes(second.verificationStatus)) expect(second.errors, 'errors[] is empty when APPROVED or IN_PROGRESS').toEqual([]);

    await expectEvents(customer.id, [{ type: 'CUSTOMER.KYC_APPROVED', where: (d) => d.kycStatus === 'APPROVED', what: 'with kycStatus APPROVED' }], { since });
    const after = expectStatus(await api.get('/customers/{customerId}', { params: { customerId: customer.id } }), 200, Customer);
    expect(after.kycStatus, 'Customer KYC status: APPROVED once verification completes').toBe('APPROVED');
  });

  it('approves a business customer with its beneficial owner and documents, announced by a CUSTOMER.KYB_* event', async (ctx) => {
    await basisSupplement('beneficial owners, documents, KYB status (section 5)');
    const customer = await createCustomer(business());
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox magic values (SVC_SANDBOX_TRIGGERS=0)', ['event:CUSTOMER.KYB_*']);
    expect(customer.kybStatus, 'basis: supplement (section 5): a BUSINESS customer is created UNVERIFIED').toBe('UNVERIFIED');
    const first = expectStatus(await api.post('/verifications', { body: { customerId: customer.id } }), 200, Verification);
    expect(first.verificationStatus).toBe('RESOLVE_ERRORS');
    for (const e of first.errors) {
      expect(e.field !== undefined || (e.acceptedDocumentTypes?.length ?? 0) > 0 || e.type === 'MISSING_BENEFICIAL_OWNER', JSON.stringify(e)).toBe(true);
    }
    const owner = expectStatus(await api.post('/beneficial-owners', { body: beneficialOwner(customer.id) }), 201, BeneficialOwner, 'POST /beneficial-owners adds a beneficial owner');
    expect(owner.customerId, 'the owner belongs to the business it was added to').toBe(customer.id);
    await uploadDocument(customer.id, 'CERTIFICATE_OF_INCORPORATION');
    const since = await listener.mark();
    expectStatus(await api.post('/verifications', { body: { customerId: customer.id } }), 200, Verification);
    const [event] = await expectEvents(customer.id, [{ type: 'CUSTOMER.KYB_APPROVED', where: (d) => d.kybStatus === 'APPROVED', what: 'with kybStatus APPROVED' }], { since });
    expect(event.data.customerType).toBe('BUSINESS');
  });
});
