// Every documented field rule of the external-account creates, both ways, with generated data
// (helpers/field-rules/external-accounts.ts holds the rules and their citations). basis: supplement
// (section 7: create request, wallet and fiat variants, beneficiary, "409 exists"; section 5: the
// shared formats), interface: ExternalAccount and Errors (FieldError dot paths).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api, capabilities } from '../../helpers/harness.js';
import { expectDuplicateRefused, LIGHTNING_ALIASES as aliases } from '../../helpers/flows/external-accounts.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { externalAccountCreate } from '../../helpers/field-rules/external-accounts.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';

const CUSTOMER_CREATE = 'POST /customers/external-accounts';
const PLATFORM_CREATE = 'POST /platform/external-accounts';

const customerAccounts = (customerId: string) => walkPages('/customers/external-accounts', ExternalAccount, { query: { customerId }, limit: 100 });
const customerAccountIds = async (customerId: string) => (await customerAccounts(customerId)).map((a) => a.id);

describe(CUSTOMER_CREATE, () => {
  scenario({ area: 'External Accounts', operation: CUSTOMER_CREATE, section: 'Resources and their fields', basis: 'supplement' });
  const spec = () => externalAccountCreate(CUSTOMER_CREATE, capabilities.counterpartyRules === true);
  const send = (body: Record<string, unknown>) => api.post('/customers/external-accounts', { body });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and creates nothing', async () => {
    await basisSupplement('section 7 request fields per accountType and beneficiary; section 5 formats; generated, one rule broken per request');
    const customer = await createCustomer(individual());
    await checkRulesRefused({
      independent: true,
      spec: spec(),
      complete: (b) => ({ ...b, customerId: customer.id }),
      send,
      unchanged: async (rule) => expect(await customerAccountIds(customer.id), `requests breaking ${rule.id} were refused and added no account to ${customer.id}`).toEqual([]),
    });
  });

  it('accepts valid requests of every account type, reads them back as sent, and refuses the same details again with 409', async () => {
    await basisSupplement('section 7: every variant, optional fields present or not; "409 exists"');
    await checkValidAccepted({
      independent: true,
      spec: spec(),
      // A customer per request: each holds one account, so a repeated published invoice is no duplicate.
      complete: async (b) => ({ ...b, customerId: (await createCustomer(individual())).id }),
      send,
      created: { status: 201, schema: ExternalAccount },
      readBack: (a) => api.get('/customers/external-accounts/{externalAccountId}', { params: { externalAccountId: a.id } }),
      aliases,
      then: (sent, created) => expectDuplicateRefused(send, sent, created, () => customerAccounts(String(sent.customerId))),
    });
  });
});
