// Interface: areas table, Contact Verification ("only for customers whose payment provider mandates
// it (for example EU customers); other providers answer 409"); Errors / Other codes named.
// Paths: supplement section 10.
import { describe, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { expectError } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';

describe('Contact verification for a customer whose provider does not require it', () => {
  scenario({ area: 'Contact Verification', operation: 'POST /customers/{customerId}/verify-email', section: 'What the service does' });

  it.each(['/customers/{customerId}/verify-email', '/customers/{customerId}/verify-phone'])('answers 409 to POST %s for a US customer', async (path) => {
    await basisSupplement('contact verification paths (section 10)');
    const customer = await createCustomer(individual({ region: 'US' }));
    const res = await api.post(path, { params: { customerId: customer.id } });
    expectError(res, 409, undefined, 'Contact Verification: other providers answer 409');
  });
});
