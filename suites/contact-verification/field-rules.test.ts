// The documented field rules of the contact-verification confirms, generated and broken one at a time
// (helpers/field-rules/customers.ts contactConfirm). basis: supplement (section 10: …/confirm {code*} ->
// 200 Customer; section 4: contactVerification {email?, phone?: PENDING|VERIFIED}); interface: Errors
// (FieldError names the field). The region whose provider requires it and the code are the target's
// (SVC_CONTACT_VERIFICATION_REGION, _CODE); the confirm with the right code is judged in confirm.test.ts.
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused } from '../../helpers/field-rules/check.js';
import { contactConfirm } from '../../helpers/field-rules/customers.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { CustomerRecord } from '../../helpers/schemas/customers.js';
import { ids } from '../../helpers/spec/catalog.js';

describe.each(['email', 'phone'] as const)('POST /customers/{customerId}/verify-%s/confirm', (channel) => {
  const path = `/customers/{customerId}/verify-${channel}/confirm`;
  scenario({ area: 'Contact Verification', operation: `POST ${path}`, section: 'What the service does', basis: 'supplement' });

  it(`refuses a confirm without a string code with 400 INVALID_INPUT naming it, and leaves the ${channel} PENDING`, async (ctx) => {
    const cv = capabilities.customerTriggers.contactVerification;
    requireCapability(ctx, cv !== undefined, 'the target declares no region whose provider requires contact verification (SVC_CONTACT_VERIFICATION_REGION)', [ids.operation('POST', path)]);
    await basisSupplement('section 10: …/confirm {code*}');
    const { region, code } = cv!;
    const customer = await createCustomer(individual({ region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } }));
    const params = { customerId: customer.id };
    expectStatus(await api.post(`/customers/{customerId}/verify-${channel}`, { params }), 204, undefined, 'supplement §10: starting a verification answers 204');
    await checkRulesRefused({
      spec: contactConfirm(channel, code),
      send: (body) => api.post(path, { params, body }),
      unchanged: async (rule) => {
        const now = expectStatus(await api.get('/customers/{customerId}', { params }), 200, CustomerRecord);
        expect(now.contactVerification?.[channel], `confirms breaking ${rule.id} were refused and verified nothing`).toBe('PENDING');
      },
    });
  });
});
