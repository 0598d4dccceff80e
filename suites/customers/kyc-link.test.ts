// Supplement sections 4 and 14: POST /customers/{customerId}/kyc-link {redirectUri?} (https; http for
// local) -> 201 {kycUrl, expiresAt, provider, token?}; 400; 404. Every call mints a new link (old ones
// stay valid); the link does not change kycStatus/kybStatus; Idempotency-Key (section 1): a repeat
// returns the first response. The 409 while contact verification is pending: contact-verification/confirm.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bareIndividual, business } from '../../fixtures/customers.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { CustomerRecord, KycLink } from '../../helpers/schemas/customers.js';

const link = (customerId: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  api.post('/customers/{customerId}/kyc-link', { params: { customerId }, body, headers });
const statusOf = async (customerId: string) => {
  const c = expectStatus(await api.get('/customers/{customerId}', { params: { customerId } }), 200, CustomerRecord);
  return c.customerType === 'INDIVIDUAL' ? c.kycStatus : c.kybStatus;
};

describe('POST /customers/{customerId}/kyc-link', () => {
  scenario({ area: 'Customers', operation: 'POST /customers/{customerId}/kyc-link', section: 'Customers', basis: 'supplement' });

  it('mints a new link {kycUrl, expiresAt, provider} at every call, and leaves kycStatus unchanged', async () => {
    await basisSupplement('kyc-link: 201 {kycUrl, expiresAt, provider, token?}; every call mints a new one; does not change kycStatus (section 14)');
    const customer = await createCustomer(bareIndividual());
    const before = await statusOf(customer.id);
    const first = expectStatus(await link(customer.id, { redirectUri: 'https://platform.example/kyc/done' }), 201, KycLink, 'Supplement 14: 201 {kycUrl, expiresAt, provider, token?}');
    const second = expectStatus(await link(customer.id), 201, KycLink);
    expect(second.kycUrl, 'Supplement 14: every call mints a new link').not.toBe(first.kycUrl);
    // The target's own clock: the customer was created (createdAt) before either link was minted, so a
    // link usable when minted expires after that instant, whatever the target's clock reads against ours.
    // A target that leaves createdAt out (the description does not require it) is read on our clock, a minute's skew allowed.
    const createdBefore = customer.createdAt ? Date.parse(customer.createdAt) : Date.now() - 60_000;
    for (const minted of [first, second]) {
      expect(Date.parse(minted.expiresAt), `Supplement 14: a minted link expires later than it was minted; expiresAt ${minted.expiresAt}, the customer created ${customer.createdAt ?? '(no createdAt)'} before it`).toBeGreaterThan(createdBefore);
    }
    expect(await statusOf(customer.id), 'Supplement 14: a KYC link does not change kycStatus').toBe(before);
  });

  it('leaves a business customer\'s kybStatus unchanged', async () => {
    await basisSupplement('kyc-link does not change kybStatus (section 14)');
    const customer = await createCustomer(business());
    const before = await statusOf(customer.id);
    expectStatus(await link(customer.id), 201, KycLink);
    expect(await statusOf(customer.id), 'Supplement 14: a KYC link does not change kybStatus').toBe(before);
  });

  it('returns the first response again for a repeated Idempotency-Key', async () => {
    await basisSupplement('Idempotency-Key on /customers/{id}/kyc-link: a repeat returns the first response (section 1)');
    const customer = await createCustomer(bareIndividual());
    const key = randomUUID();
    const first = expectStatus(await link(customer.id, {}, { 'Idempotency-Key': key }), 201, KycLink);
    const repeat = expectStatus(await link(customer.id, {}, { 'Idempotency-Key': key }), 201, KycLink);
    expect(repeat, 'Supplement 1: a repeat returns the first response').toEqual(first);
    const fresh = expectStatus(await link(customer.id, {}, { 'Idempotency-Key': randomUUID() }), 201, KycLink);
    expect(fresh.kycUrl, 'another key mints another link').not.toBe(first.kycUrl);
  });

  it('answers 400 to a redirectUri that is neither https nor a local http address', async () => {
    await basisSupplement('redirectUri: https; http for local (section 14)');
    const customer = await createCustomer(bareIndividual());
    expectStatus(await link(customer.id, { redirectUri: 'http://localhost:3000/done' }), 201, KycLink, 'Supplement 14: http is accepted for a local address');
    expectError(await link(customer.id, { redirectUri: 'http://platform.example/done' }), 400, undefined, 'Supplement 14: redirectUri is https (http for local)');
  });

  it('answers 404 USER_NOT_FOUND for an unknown customer', async () => {
    await basisSupplement('kyc-link 404 (section 14)');
    const customer = await createCustomer(bareIndividual());
    expectStatus(await link(customer.id), 201, KycLink);
    expectError(await link(`Customer:${randomUUID()}`), 404, 'USER_NOT_FOUND', 'Errors / 404: USER_NOT_FOUND (customer)');
  });
});
