// Interface: areas table, Strong Customer Authentication ("only for regions where SCA is required;
// elsewhere these endpoints answer 409"); POST {base_url}/sca/login/complete is named.
import { describe, it } from 'vitest';
import { END_USER_IP, outsideScaCustomer } from '../../helpers/flows/strong-customer-authentication.js';
import { expectError } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';

describe('SCA endpoints for a customer outside SCA regions', () => {
  scenario({ area: 'Strong Customer Authentication', operation: 'POST /sca/login/complete', section: 'What the service does' });

  it('answers 409 to POST /sca/login/complete', async (ctx) => {
    const customer = (await outsideScaCustomer(ctx, { skip: true }))!;
    const res = await api.post('/sca/login/complete', { query: { customerId: customer.id }, body: { factor: 'SMS_OTP', endUserIpAddress: END_USER_IP, code: '123456' } });
    expectError(res, 409, undefined, 'Strong Customer Authentication: elsewhere these endpoints answer 409');
  });

  it('answers 409 to POST /sca/login/start', async (ctx) => {
    await basisSupplement('SCA login start path and body (section 10)');
    const customer = (await outsideScaCustomer(ctx, { skip: true }))!;
    const res = await api.post('/sca/login/start', { query: { customerId: customer.id }, body: { factor: 'SMS_OTP' } });
    expectError(res, 409, undefined, 'Strong Customer Authentication: elsewhere these endpoints answer 409');
  });
});
