// Interface: areas table, Strong Customer Authentication ("only for regions where SCA is required;
// elsewhere these endpoints answer 409"); Errors, Other codes named ("requests made on a contact
// verification or SCA endpoint for a customer whose provider does not require it answer 409").
// The /sca/* paths and the query customerId: basis: supplement (section 16).
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { CONFIRM, FACTOR, FACTORS, needSca, RECORD_EVENT, RESET, RESET_COMPLETE, RESET_STATUS, outsideScaCustomer, sca, scaRegionCustomer } from '../../helpers/flows/strong-customer-authentication.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { FactorResetStarted, RecordEventResult, ScaFactorList } from '../../helpers/schemas/strong-customer-authentication.js';

const ID = 'FactorReset:00000000-0000-4000-8000-000000000000';
const CALLS: [string, string, unknown?, Record<string, string>?][] = [
  ['GET', FACTORS],
  ['POST', FACTORS, { type: 'TOTP' }],
  ['POST', CONFIRM, { type: 'TOTP', secret: 'secret', code: '123456' }],
  ['DELETE', FACTOR, undefined, { credentialId: 'credential' }],
  ['POST', RESET, { factor: 'SMS_OTP' }],
  ['GET', RESET_STATUS, undefined, { resetId: ID }],
  ['POST', RESET_COMPLETE, { mobile: { countryCode: '+1', number: '2025550123' } }, { resetId: ID }],
  ['POST', RECORD_EVENT, { eventType: 'FAILED_LOGIN_ATTEMPT' }],
];

describe('SCA factor, reset and record-event operations for a customer outside SCA regions', () => {
  scenario({ area: 'Strong Customer Authentication', operation: 'GET /sca/factors', section: 'What the service does', basis: 'supplement' });

  it('answer 409 to every /sca/factors, reset and record-event operation; the same list, reset and event succeed for a customer of an SCA region', async (ctx) => {
    needSca(ctx);
    await basisSupplement('the /sca/* paths and bodies (section 16)');
    const outside = (await outsideScaCustomer(ctx, { skip: true }))!;
    for (const [method, path, body, params] of CALLS) {
      const res = method === 'GET' ? await sca.get(path, outside.id, params) : method === 'DELETE' ? await sca.delete(path, outside.id, params) : await sca.post(path, outside.id, body, params);
      expectError(res, 409, undefined, `${method} ${path}: SCA endpoints answer 409 for a customer whose provider does not require SCA`);
    }
    const inside = await scaRegionCustomer();
    expect(expectStatus(await sca.get(FACTORS, inside.id), 200, ScaFactorList).factors.length).toBeGreaterThan(0);
    expectStatus(await sca.post(RESET, inside.id, { factor: 'SMS_OTP' }), 201, FactorResetStarted);
    expectStatus(await sca.post(RECORD_EVENT, inside.id, { eventType: 'FAILED_LOGIN_ATTEMPT' }), 200, RecordEventResult);
  });
});
