// Interface, areas: Contact Verification ("Verify customer e-mail and phone with one-time codes; only
// for customers whose payment provider mandates it (for example EU customers); other providers answer
// 409"). Supplement section 10: POST /customers/{id}/verify-email and /verify-phone (204); …/confirm
// {code*} -> 200 Customer; section 4: contactVerification {email?, phone?: PENDING|VERIFIED}; section 14:
// kyc-link answers 409 while contact verification is pending. openapi.yaml: a wrong code answers 400
// ("Invalid or expired code"); a channel already verified answers 409 to its start and its confirm. The
// region whose provider requires it and the test code are declared by the target
// (SVC_CONTACT_VERIFICATION_REGION, _CODE).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { CustomerRecord, KycLink } from '../../helpers/schemas/customers.js';
import { ids } from '../../helpers/spec/catalog.js';

const CHANNELS = [
  { channel: 'email', start: '/customers/{customerId}/verify-email', confirm: '/customers/{customerId}/verify-email/confirm' },
  { channel: 'phone', start: '/customers/{customerId}/verify-phone', confirm: '/customers/{customerId}/verify-phone/confirm' },
] as const;

function declared(ctx: Parameters<typeof requireCapability>[0], path: string) {
  const cv = capabilities.customerTriggers.contactVerification;
  requireCapability(ctx, cv !== undefined, 'the target declares no region whose provider requires contact verification (SVC_CONTACT_VERIFICATION_REGION)', [ids.operation('POST', path)]);
  return cv!;
}
const euCustomer = (region: string) => createCustomer(individual({ region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } }));
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(CHANNELS)('POST $confirm', ({ channel, start, confirm }) => {
  scenario({ area: 'Contact Verification', operation: `POST ${confirm}`, section: 'What the service does', basis: 'supplement' });

  it(`verifies the ${channel} with the one-time code, and refuses a wrong code with 400 that verifies nothing`, async (ctx) => {
    const { region, code } = declared(ctx, confirm);
    await basisSupplement('verify paths, 204, confirm {code} -> 200 Customer, contactVerification states (sections 4, 10); openapi.yaml 400 for a wrong code');
    const customer = await euCustomer(region);
    const params = { customerId: customer.id };
    expectStatus(await api.post(start, { params }), 204, undefined, 'Supplement 10: starting a verification answers 204');

    // Description: confirmCustomerEmailVerification / confirmCustomerPhoneVerification, 400: "Invalid or expired code".
    expectError(await api.post(confirm, { params, body: { code: wrongCode(code) } }), 400, undefined, `Description: …/verify-${channel}/confirm 400 "Invalid or expired code"`);
    const after = expectStatus(await api.get('/customers/{customerId}', { params }), 200, CustomerRecord);
    expect(after.contactVerification?.[channel], `a refused code leaves the ${channel} unverified`).not.toBe('VERIFIED');

    const verified = expectStatus(await api.post(confirm, { params, body: { code } }), 200, CustomerRecord, 'Supplement 10: confirm answers 200 with the customer');
    expect(verified.id).toBe(customer.id);
    expect(verified.contactVerification?.[channel], `Supplement 4: contactVerification.${channel} is VERIFIED`).toBe('VERIFIED');
    // Each channel is verified with its own code: confirming one leaves the other as it was.
    const otherChannel = channel === 'email' ? 'phone' : 'email';
    expect(verified.contactVerification?.[otherChannel], `Supplement 4: contactVerification {email?, phone?}: confirming the ${channel} leaves the ${otherChannel} unverified`).not.toBe('VERIFIED');
  });

  it(`answers 409 to starting or confirming the ${channel} once it is verified, and leaves it VERIFIED`, async (ctx) => {
    const { region, code } = declared(ctx, confirm);
    await basisSupplement('verify paths, 204, confirm {code} -> 200 Customer (section 10); openapi.yaml 409 "already verified"');
    const customer = await euCustomer(region);
    const params = { customerId: customer.id };
    // Control: before it is verified, starting again (a resend) and confirming are taken.
    expectStatus(await api.post(start, { params }), 204, undefined, 'Supplement 10: starting a verification answers 204');
    expectStatus(await api.post(start, { params }), 204, undefined, 'control: a channel not yet verified is started again (openapi.yaml: "Re-POST this endpoint to resend the code")');
    expectStatus(await api.post(confirm, { params, body: { code } }), 200, CustomerRecord, 'control: the code confirms the channel');
    // Description: verify-email / verify-phone and their /confirm, 409: "... or the email is already verified" / "... or the phone is already verified".
    expectError(await api.post(start, { params }), 409, undefined, `Description: POST ${start} 409 "the ${channel} is already verified"`);
    expectError(await api.post(confirm, { params, body: { code } }), 409, undefined, `Description: POST ${confirm} 409 "the ${channel} is already verified"`);
    const after = expectStatus(await api.get('/customers/{customerId}', { params }), 200, CustomerRecord);
    expect(after.contactVerification?.[channel], `the refused requests leave contactVerification.${channel} VERIFIED`).toBe('VERIFIED');
  });

  it(`answers 409 for a customer whose provider does not require contact verification`, async (ctx) => {
    const { region, code } = declared(ctx, confirm);
    await basisSupplement('confirm paths (section 10)');
    const eu = await euCustomer(region);
    expectStatus(await api.post(start, { params: { customerId: eu.id } }), 204);
    expectStatus(await api.post(confirm, { params: { customerId: eu.id }, body: { code } }), 200, CustomerRecord, 'control: the same confirm for a customer whose provider requires it');
    const us = await createCustomer(individual({ region: 'US' }));
    expectError(await api.post(confirm, { params: { customerId: us.id }, body: { code } }), 409, undefined, 'Contact Verification: other providers answer 409');
  });
});

describe('POST /customers/{customerId}/kyc-link while contact verification is pending', () => {
  scenario({ area: 'Customers', operation: 'POST /customers/{customerId}/kyc-link', section: 'What the service does', basis: 'supplement' });

  it('answers 409 until the e-mail and phone are verified, then mints the link', async (ctx) => {
    const { region, code } = declared(ctx, '/customers/{customerId}/kyc-link');
    await basisSupplement('kyc-link: 409 contact verification pending (section 14)');
    const customer = await euCustomer(region);
    const params = { customerId: customer.id };
    expectStatus(await api.post('/customers/{customerId}/verify-email', { params }), 204);
    expectError(await api.post('/customers/{customerId}/kyc-link', { params, body: {} }), 409, undefined, 'Supplement 14: 409 while contact verification is pending');
    for (const { start, confirm } of CHANNELS) {
      expectStatus(await api.post(start, { params }), 204);
      expectStatus(await api.post(confirm, { params, body: { code } }), 200, CustomerRecord);
    }
    expectStatus(await api.post('/customers/{customerId}/kyc-link', { params, body: {} }), 201, KycLink, 'with the contact verified, the link is minted');
  });
});
