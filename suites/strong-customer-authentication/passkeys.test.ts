// Interface: Errors 409 PASSKEY_ALREADY_ENROLLED ("one passkey per customer; delete the existing one
// first"); Limits ("one passkey per customer"). basis: supplement (section 16): GET/POST /sca/factors,
// POST /sca/factors/confirm {type: PASSKEY, origin, credential}, DELETE /sca/factors/{credentialId}.
// The passkey is a real WebAuthn registration (attestation "none") made by the suite's software
// authenticator for the options and relying party the target returns.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { CONFIRM, enrolPasskey, FACTOR, FACTORS, listFactors, needSca, outsideScaCustomer, sca, scaRegionCustomer, startPasskey } from '../../helpers/flows/strong-customer-authentication.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { SoftwareAuthenticator } from '../../helpers/authenticators/webauthn.js';
import { PasskeyConfirmation } from '../../helpers/schemas/strong-customer-authentication.js';
import { ids } from '../../helpers/spec/catalog.js';

describe('POST /sca/factors and /sca/factors/confirm with a passkey', () => {
  scenario({ area: 'Strong Customer Authentication', operation: `POST ${CONFIRM}`, section: 'Errors', basis: 'supplement' });

  it('enrols a passkey from a WebAuthn registration made for the returned options; GET /sca/factors lists it beside SMS_OTP', async (ctx) => {
    needSca(ctx);
    await basisSupplement('factor enrollment paths, bodies and results (section 16)');
    const customer = await scaRegionCustomer();
    const before = await listFactors(customer.id);
    expect(before.factors.map((f) => f.factor), 'supplement 16: SMS_OTP always present').toContain('SMS_OTP');
    expect(before.factors.map((f) => f.factor)).not.toContain('PASSKEY');

    await enrolPasskey(customer.id);

    expect((await listFactors(customer.id)).factors.map((f) => f.factor).sort()).toEqual(['PASSKEY', 'SMS_OTP']);
  });

  it('answers 400 to a registration whose clientDataJSON carries another challenge; one made for the options enrols', async (ctx) => {
    needSca(ctx);
    await basisSupplement('confirm answers 400 to a credential that does not verify (section 16)');
    const customer = await scaRegionCustomer();
    const enrollment = await startPasskey(customer.id);
    const origin = enrollment.allowedOrigins[0];
    const forged = new SoftwareAuthenticator().register(enrollment.options, origin, enrollment.relyingPartyId, { challenge: randomBytes(32).toString('base64url') });

    expectError(await sca.post(CONFIRM, customer.id, { type: 'PASSKEY', origin, credential: forged }), 400, undefined, 'a registration not made for the returned challenge does not verify');
    expect((await listFactors(customer.id)).factors.map((f) => f.factor)).not.toContain('PASSKEY');

    const again = await startPasskey(customer.id);
    const ok = new SoftwareAuthenticator().register(again.options, again.allowedOrigins[0], again.relyingPartyId);
    expectStatus(await sca.post(CONFIRM, customer.id, { type: 'PASSKEY', origin: again.allowedOrigins[0], credential: ok }), 200, PasskeyConfirmation, 'control: the registration made for the options enrols');
  });

  it('answers 409 PASSKEY_ALREADY_ENROLLED to a second passkey; after DELETE /sca/factors/{credentialId} (204) another passkey enrols', async (ctx) => {
    needSca(ctx, [ids.error(409, 'PASSKEY_ALREADY_ENROLLED')]);
    const customer = await scaRegionCustomer();
    const { credentialId } = await enrolPasskey(customer.id);

    expectError(await sca.post(FACTORS, customer.id, { type: 'PASSKEY' }), 409, 'PASSKEY_ALREADY_ENROLLED', 'Errors 409: PASSKEY_ALREADY_ENROLLED (one passkey per customer; delete the existing one first)');

    expectStatus(await sca.delete(FACTOR, customer.id, { credentialId }), 204, undefined, 'supplement 16: DELETE /sca/factors/{credentialId} answers 204');
    expect((await listFactors(customer.id)).factors.map((f) => f.factor)).not.toContain('PASSKEY');
    const second = await enrolPasskey(customer.id);
    expect(second.credentialId).not.toBe(credentialId);
  });
});

const PasskeyLoginStart = z.looseObject({
  factor: z.literal('PASSKEY'),
  passkeyOptions: z.looseObject({ challenge: z.string().min(1) }),
  allowedOrigins: z.array(z.string().min(1)).min(1),
  relyingPartyId: z.string().min(1),
});

describe('POST /sca/login/start and /sca/login/complete with the PASSKEY factor', () => {
  scenario({ area: 'Strong Customer Authentication', operation: 'POST /sca/login/complete', section: 'Other operations that are named', basis: 'supplement' });

  it('logs in with a WebAuthn assertion of the enrolled passkey over the login challenge; an assertion by another key answers 400', async (ctx) => {
    needSca(ctx);
    await basisSupplement('login start {factor: PASSKEY} -> passkeyOptions, allowedOrigins, relyingPartyId; complete {factor, endUserIpAddress, passkeyAssertion, origin} (section 16)');
    const customer = await scaRegionCustomer();
    const { authenticator } = await enrolPasskey(customer.id);
    const endUserIpAddress = '203.0.113.7';
    const start = async () => expectStatus(await sca.post('/sca/login/start', customer.id, { factor: 'PASSKEY' }), 200, PasskeyLoginStart, 'supplement 16: login/start (PASSKEY) answers passkeyOptions, allowedOrigins, relyingPartyId');

    const first = await start();
    const impostor = new SoftwareAuthenticator();
    const forged = { ...impostor.authenticate(first.passkeyOptions, first.allowedOrigins[0], first.relyingPartyId), id: authenticator.credentialIdB64url, rawId: authenticator.credentialIdB64url };
    expectError(await sca.post('/sca/login/complete', customer.id, { factor: 'PASSKEY', endUserIpAddress, passkeyAssertion: forged, origin: first.allowedOrigins[0] }), 400, undefined, 'an assertion that does not verify against the enrolled passkey does not log in');

    const second = await start();
    const assertion = authenticator.authenticate(second.passkeyOptions, second.allowedOrigins[0], second.relyingPartyId);
    const ok = expectStatus(await sca.post('/sca/login/complete', customer.id, { factor: 'PASSKEY', endUserIpAddress, passkeyAssertion: assertion, origin: second.allowedOrigins[0] }), 200, z.looseObject({ status: z.string() }));
    expect(ok.status, 'control: the enrolled passkey logs in').toBe('SUCCESS');
  });
});

describe('DELETE /sca/factors/{credentialId}', () => {
  scenario({ area: 'Strong Customer Authentication', operation: `DELETE ${FACTOR}`, section: 'Errors', basis: 'supplement' });

  it('answers 404 for a credential the customer does not have, and 409 for a customer outside SCA regions', async (ctx) => {
    needSca(ctx);
    await basisSupplement('DELETE /sca/factors/{credentialId}: 404, 409 (section 16)');
    const customer = await scaRegionCustomer();
    expectError(await sca.delete(FACTOR, customer.id, { credentialId: randomBytes(32).toString('base64url') }), 404);
    const outside = await outsideScaCustomer(ctx);
    if (outside) expectError(await sca.get(FACTORS, outside.id), 409, undefined, 'Strong Customer Authentication: elsewhere these endpoints answer 409');
    expectStatus(await sca.get(FACTORS, customer.id), 200, undefined, 'control: the same list for a customer of an SCA region');
  });
});
