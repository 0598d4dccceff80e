// basis: supplement (section 16): POST /sca/factors {type: TOTP} -> {type, secret, secretBase32Encoded,
// totpUri}; POST /sca/factors/confirm {type, secret, code} -> {type, recoveryCodes}; POST
// /sca/login/start and /complete with the TOTP factor. openapi.yaml: "In sandbox, the TOTP code is always
// `123456`" (confirmScaFactorEnrollment, TotpEnrollmentConfirmRequest.code) and "the SMS/TOTP code is always
// `123456`" (completeScaLogin): the code sent is the target's declared SCA code (capabilities.sca.code).
// No document says a code an authenticator computes from the secret is taken, so none is sent as the
// right one; a wrong code is one that is neither the TOTP code nor the secret's RFC 6238 code near now
// (helpers/authenticators/totp.ts), so it is wrong for a target that takes real codes as well.
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { CONFIRM, enrolTotp, listFactors, needSca, notTheTotpCode, sca, scaRegionCustomer, startTotp, totpCode } from '../../helpers/flows/strong-customer-authentication.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { z } from 'zod';

const LoginResult = z.looseObject({ status: z.string() });

describe('POST /sca/factors/confirm with a TOTP code', () => {
  scenario({ area: 'Strong Customer Authentication', operation: `POST ${CONFIRM}`, section: 'Other operations that are named', basis: 'supplement' });

  it('enrols TOTP with the TOTP code; GET /sca/factors lists TOTP', async (ctx) => {
    needSca(ctx);
    await basisSupplement('TOTP enrollment (section 16); openapi.yaml: the TOTP code is always 123456');
    const customer = await scaRegionCustomer();
    await enrolTotp(customer.id);
    expect((await listFactors(customer.id)).factors.map((f) => f.factor)).toContain('TOTP');
    noteInterface('sca:totp-secret-format', ['Supplement 16: POST /sca/factors (TOTP) answers {type, secret*, secretBase32Encoded*, totpUri*}; the form of `secret` is not stated'], 'the suite reads totpUri (checked against secretBase32Encoded) and echoes secret unread');
  });

  it('answers 400 to a code that is not the TOTP code, lists no TOTP, then confirms with the TOTP code', async (ctx) => {
    needSca(ctx);
    await basisSupplement('confirm answers 400 to a wrong code (section 16); openapi.yaml: the TOTP code is always 123456');
    const customer = await scaRegionCustomer();
    const { secret, key } = await startTotp(customer.id);

    // Description: confirmScaFactorEnrollment: "In sandbox, the TOTP code is always `123456`".
    expectError(await sca.post(CONFIRM, customer.id, { type: 'TOTP', secret, code: notTheTotpCode(key) }), 400, undefined, 'a code that is not the TOTP code does not confirm the factor');
    expect((await listFactors(customer.id)).factors.map((f) => f.factor)).not.toContain('TOTP');

    expectStatus(await sca.post(CONFIRM, customer.id, { type: 'TOTP', secret, code: totpCode() }), 200, undefined, 'control: the TOTP code confirms (Description: "the TOTP code is always `123456`")');
  });

  it('logs in with the TOTP factor: the TOTP code succeeds, another answers 400', async (ctx) => {
    needSca(ctx);
    await basisSupplement('login start and complete with factor TOTP (section 16); openapi.yaml: the SMS/TOTP code is always 123456');
    const customer = await scaRegionCustomer();
    const key = await enrolTotp(customer.id);
    expectStatus(await sca.post('/sca/login/start', customer.id, { factor: 'TOTP' }), 200);
    const endUserIpAddress = '203.0.113.7';

    // Description: completeScaLogin: "In sandbox, the SMS/TOTP code is always `123456`".
    expectError(await sca.post('/sca/login/complete', customer.id, { factor: 'TOTP', endUserIpAddress, code: notTheTotpCode(key) }), 400, undefined, 'a code that is not the TOTP code does not log in');
    // A login of its own: whether a refused complete uses its login up is not stated.
    expectStatus(await sca.post('/sca/login/start', customer.id, { factor: 'TOTP' }), 200);
    const ok = expectStatus(await sca.post('/sca/login/complete', customer.id, { factor: 'TOTP', endUserIpAddress, code: totpCode() }), 200, LoginResult);
    expect(ok.status).toBe('SUCCESS');
  });
});
