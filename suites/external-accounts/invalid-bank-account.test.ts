// Interface: Errors 400 INVALID_BANK_ACCOUNT. Supplement section 7: an account whose primary
// identifier ends 105 is refused at create with 400; section 28.3: which operation returns
// INVALID_BANK_ACCOUNT is not stated, so the target declares its trigger (SVC_INVALID_BANK_ACCOUNT_TRIGGER:
// the last three digits of an account number refused with INVALID_BANK_ACCOUNT at create).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';
import { ExternalAccountPage } from '../../helpers/schemas/external-accounts.js';
import { ids } from '../../helpers/spec/catalog.js';

describe('POST /customers/external-accounts with bank details the rail rejects', () => {
  scenario({ area: 'External Accounts', operation: 'POST /customers/external-accounts', section: 'Errors', basis: 'supplement' });

  it('answers 400 INVALID_BANK_ACCOUNT for the declared trigger and creates nothing; the same body with another number is created', async (ctx) => {
    const trigger = capabilities.invalidBankAccountTrigger;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(trigger), 'the target declares no INVALID_BANK_ACCOUNT trigger (SVC_INVALID_BANK_ACCOUNT_TRIGGER)', [ids.error(400, 'INVALID_BANK_ACCOUNT')]);
    await basisSupplement('section 7: identifier ending 105 -> create 400; the code and trigger are declared (section 28.3)');
    const customer = await createCustomer(individual());

    const refused = await api.post('/customers/external-accounts', { body: usdAccount(customer.id, trigger) });

    expectError(refused, 400, 'INVALID_BANK_ACCOUNT', 'Errors 400: INVALID_BANK_ACCOUNT');
    noteInterface('external-account:invalid-bank-account-operation', ['Errors 400: INVALID_BANK_ACCOUNT (no operation named)', 'Supplement 28.3: which operation returns INVALID_BANK_ACCOUNT is not stated'], `the target declares create with an account number ending ${trigger} as its trigger`);
    const listed = expectStatus(await api.get('/customers/external-accounts', { query: { customerId: customer.id } }), 200, ExternalAccountPage);
    expect(listed.data, 'a refused create leaves no account').toEqual([]);
    const control = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id) }), 201, ExternalAccount, 'control: the same body with another account number');
    expect(control.customerId).toBe(customer.id);
  });
});
