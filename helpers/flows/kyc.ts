// Flows of identity verification: documents, beneficial owners, verifications (supplement sections
// 5 and 14). Each step asserts what the documents say of it.
import { expect } from 'vitest';
import { expectStatus, noteInterface } from '../expect.js';
import { api } from '../harness.js';
import { Customer } from '../schemas/index.js';
import { IndividualCustomer } from '../schemas/customers.js';
import { BeneficialOwner, Document, Verification } from '../schemas/kyc.js';
import { individual } from '../../fixtures/customers.js';
import { documentImage } from '../../fixtures/document-image.js';


export function documentForm(fields: Record<string, string | undefined>, fileName = 'document.png'): FormData {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(documentImage())], { type: 'image/png' }), fileName);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  return form;
}

export const postDocument = (holder: string, documentType: string, extra: Record<string, string> = {}, fileName?: string) =>
  api.post('/documents', { form: documentForm({ documentType, country: 'US', documentHolder: holder, ...extra }, fileName) });

export async function uploadDocument(holder: string, documentType: string, extra: Record<string, string> = {}): Promise<Document> {
  return expectStatus(await postDocument(holder, documentType, extra), 201, Document, 'Supplement 14: POST /documents answers 201 Document');
}

export async function addOwner(body: Record<string, unknown>): Promise<BeneficialOwner> {
  return expectStatus(await api.post('/beneficial-owners', { body }), 201, BeneficialOwner, 'Supplement 5: POST /beneficial-owners answers 201');
}

export async function verify(customerId: string): Promise<Verification> {
  const v = expectStatus(await api.post('/verifications', { body: { customerId } }), 200, Verification, 'Supplement 5: POST /verifications answers 200 Verification');
  // Description: Verification.errors, "Empty when verificationStatus is APPROVED or IN_PROGRESS".
  if (v.verificationStatus === 'APPROVED' || v.verificationStatus === 'IN_PROGRESS') expect(v.errors, `Description, Verification.errors: empty when verificationStatus is ${v.verificationStatus}`).toEqual([]);
  return v;
}

/** A POST /verifications that answered a new verification while one was open: allowed (how many a customer may have open is not stated), noted. */
export function noteNewVerification(answered: string, open: string): void {
  noteInterface('verifications:new-each-post', ['Supplement 5: POST /verifications {customerId*} -> 200 Verification; how many verifications a customer may have open, and whether a POST answers the open one, are not stated'], `POST /verifications answered ${answered} while ${open} was open`);
}

/** Gives a customer created without identity data every field identity verification needs (fullName as given). */
export async function completeIndividual(customerId: string, overrides: Record<string, unknown> = {}): Promise<IndividualCustomer> {
  // customerType goes with every PATCH (supplement §4: "Create/PATCH common (customerType always required; …)").
  const { platformCustomerId: _p, region: _r, currencies: _c, email: _e, phoneNumber: _n, ...kyc } = individual(overrides);
  return expectStatus(await api.patch('/customers/{customerId}', { params: { customerId }, body: kyc }), 200, IndividualCustomer, 'PATCH /customers/{customerId} answers the individual customer');
}

export async function getCustomerRecord(customerId: string) {
  return expectStatus(await api.get('/customers/{customerId}', { params: { customerId } }), 200, Customer);
}
