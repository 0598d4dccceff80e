// Interface, areas: Contact Verification ("Verify customer e-mail and phone with one-time codes; only
// for customers whose payment provider mandates it (for example EU customers); other providers answer
// 409"). Supplement section 10: POST /customers/{id}/verify-email and /verify-phone (204); …/confirm
// {code*} -> 200 Customer; section 4: contactVerification {email?, phone?: PENDING|VERIFIED}; section 14:
// kyc-link answers 409 while contact verification is pending. The region whose provider requires it and
// the test code are declared by the target (SVC_CONTACT_VERIFICATION_REGION, _CODE).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectError, expectSchema, expectStatus, noteInterface } from '../../helpers/expect.js';
import { ErrorBody } from '../../helpers/schemas/index.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { CustomerRecord, KycLink } from '../../helpers/schemas/customers.js';
import { codesForStatus, ERRORS, ids } from '../../helpers/spec/catalog.js';

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

  it(`verifies the ${channel} with the one-time code, and refuses a wrong code with a client error (its error body read) that verifies nothing`, async (ctx) => {
    const { region, code } = declared(ctx, confirm);
    await basisSupplement('verify paths, 204, confirm {code} -> 200 Customer, contactVerification states (sections 4, 10)');
    const customer = await euCustomer(region);
    const params = { customerId: customer.id };
    expectStatus(await api.post(start, { params }), 204, undefined, 'Supplement 10: starting a verification answers 204');

    // What a wrong code answers is not stated (status or code, in either document): a client error with
    // the interface's error body (status equal to the HTTP status, a code enumerated for it), nothing
    // verified; the answer is recorded.
    const wrong = await api.post(confirm, { params, body: { code: wrongCode(code) } });
    expect(wrong.status >= 400 && wrong.status < 500, `a wrong one-time code is refused with a client error; ${wrong.status}`).toBe(true);
    const body = expectSchema(ErrorBody, wrong.body, 'Errors: every error body has status, code, message');
    expect(body.status, 'Errors: status (integer, the HTTP status)').toBe(wrong.status);
    const enumerated = codesForStatus(wrong.status);
    if (enumerated) expect(enumerated, `Errors: code is enumerated per status; ${body.code} for ${wrong.status}`).toContain(body.code);
    else expect(ERRORS.map((e) => e.code), `Errors: code is one of the interface's; ${body.code}`).toContain(body.code);
    noteInterface('contact-confirm-wrong-code', ['Supplement 10: …/confirm {code*} -> 200 Customer', 'The answer to a wrong code is not stated'], `a wrong code answered ${wrong.status} ${body.code}`);
    const after = expectStatus(await api.get('/customers/{customerId}', { params }), 200, CustomerRecord);
    expect(after.contactVerification?.[channel], `a refused code leaves the ${channel} unverified`).not.toBe('VERIFIED');

    const verified = expectStatus(await api.post(confirm, { params, body: { code } }), 200, CustomerRecord, 'Supplement 10: confirm answers 200 with the customer');
    expect(verified.id).toBe(customer.id);
    expect(verified.contactVerification?.[channel], `Supplement 4: contactVerification.${channel} is VERIFIED`).toBe('VERIFIED');
    // Each channel is verified with its own code: confirming one leaves the other as it was.
    const otherChannel = channel === 'email' ? 'phone' : 'email';
    expect(verified.contactVerification?.[otherChannel], `Supplement 4: contactVerification {email?, phone?}: confirming the ${channel} leaves the ${otherChannel} unverified`).not.toBe('VERIFIED');
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
