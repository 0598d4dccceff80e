// basis: supplement (section 16): POST /sca/factors {type: TOTP} -> {type, secret, secretBase32Encoded,
// totpUri}; POST /sca/factors/confirm {type, secret, code} -> {type, recoveryCodes}; POST
// /sca/login/start and /complete with the TOTP factor. Codes are RFC 6238 codes the suite computes from
// the Key URI the target returns (helpers/authenticators/totp.ts, checked against the RFC's vectors).
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { CONFIRM, currentCode, enrolTotp, listFactors, needSca, sca, scaRegionCustomer, startTotp } from '../../helpers/flows/strong-customer-authentication.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { totp } from '../../helpers/authenticators/totp.js';
import { z } from 'zod';

const LoginResult = z.looseObject({ status: z.string() });
const otherCode = (code: string) => code.slice(0, -1) + String((Number(code.at(-1)) + 5) % 10);

describe('POST /sca/factors/confirm with a TOTP code', () => {
  scenario({ area: 'Strong Customer Authentication', operation: `POST ${CONFIRM}`, section: 'Other operations that are named', basis: 'supplement' });

  it('enrols TOTP with the current RFC 6238 code of the returned secret; GET /sca/factors lists TOTP', async (ctx) => {
    needSca(ctx);
    await basisSupplement('TOTP enrollment (section 16)');
    const customer = await scaRegionCustomer();
    await enrolTotp(customer.id);
    expect((await listFactors(customer.id)).factors.map((f) => f.factor)).toContain('TOTP');
    noteInterface('sca:totp-secret-format', ['Supplement 16: POST /sca/factors (TOTP) answers {type, secret*, secretBase32Encoded*, totpUri*}; the form of `secret` is not stated'], 'the suite computes codes from totpUri (checked against secretBase32Encoded) and echoes secret unread');
  });

  it('answers 400 to a code that is not the secret\'s, lists no TOTP, then confirms with the current code', async (ctx) => {
    needSca(ctx);
    await basisSupplement('confirm answers 400 to a wrong code (section 16)');
    const customer = await scaRegionCustomer();
    const { secret, key } = await startTotp(customer.id);
    const wrong = otherCode(totp(key, Date.now() + 10 * key.period * 1000));

    expectError(await sca.post(CONFIRM, customer.id, { type: 'TOTP', secret, code: wrong }), 400, undefined, 'a code that is not the secret\'s does not confirm the factor');
    expect((await listFactors(customer.id)).factors.map((f) => f.factor)).not.toContain('TOTP');

    expectStatus(await sca.post(CONFIRM, customer.id, { type: 'TOTP', secret, code: currentCode(key) }), 200, undefined, 'control: the current code confirms');
  });

  it('logs in with the TOTP factor: a current code succeeds, a wrong one answers 400', async (ctx) => {
    needSca(ctx);
    await basisSupplement('login start and complete with factor TOTP (section 16)');
    const customer = await scaRegionCustomer();
    const key = await enrolTotp(customer.id);
    expectStatus(await sca.post('/sca/login/start', customer.id, { factor: 'TOTP' }), 200);
    const endUserIpAddress = '203.0.113.7';

    expectError(await sca.post('/sca/login/complete', customer.id, { factor: 'TOTP', endUserIpAddress, code: otherCode(currentCode(key)) }), 400);
    const ok = expectStatus(await sca.post('/sca/login/complete', customer.id, { factor: 'TOTP', endUserIpAddress, code: currentCode(key) }), 200, LoginResult);
    expect(ok.status).toBe('SUCCESS');
  });
});
