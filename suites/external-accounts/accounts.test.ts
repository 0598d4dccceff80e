// Interface: ExternalAccount (ownershipType "Required when creating self-custody crypto wallet external
// accounts on platforms subject to counterparty requirements"; defaultUmaDepositAccount "At most one
// external account per customer may be the default"; fiat variants carry a required beneficiary;
// BeneficiaryVerificationStatus). Paths and status codes: basis: supplement (section 7). openapi.yaml,
// ExternalAccountCreateRequest.defaultUmaDepositAccount: a second default overrides the existing one.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectClientError, expectError, expectFieldErrorsIfGiven, expectStatus } from '../../helpers/expect.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, judgedPartly, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, Page } from '../../helpers/schemas/index.js';
import { wallets } from '../../helpers/wallets/index.js';
import { BOLT11_VALID } from '../../helpers/field-rules/external-accounts.js';

const List = Page(ExternalAccount);

describe('External accounts', () => {
  scenario({ area: 'External Accounts', operation: 'POST /customers/external-accounts', section: 'Resources and their fields', basis: 'supplement' });

  it('creates a customer USD account with its beneficiary, reports the name check, lists, reads and deletes it', async () => {
    await basisSupplement('create, list, get and delete paths and codes (section 7)');
    const customer = await createCustomer(individual());
    const created = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id) }), 201, ExternalAccount);
    expect(created.customerId).toBe(customer.id);
    expect(created.accountInfo.accountType).toBe('USD_ACCOUNT');

    const listed = expectStatus(await api.get('/customers/external-accounts', { query: { customerId: customer.id } }), 200, List);
    expect(listed.data.map((a) => a.id)).toContain(created.id);
    const read = expectStatus(await api.get('/customers/external-accounts/{externalAccountId}', { params: { externalAccountId: created.id } }), 200, ExternalAccount);
    expect(read).toMatchObject({ id: created.id, status: created.status });

    expectStatus(await api.delete('/customers/external-accounts/{externalAccountId}', { params: { externalAccountId: created.id } }), 204);
    const gone = await api.get('/customers/external-accounts/{externalAccountId}', { params: { externalAccountId: created.id } });
    expectError(gone, 404);
  });

  it('refuses a fiat account without its required beneficiary, naming the field', async () => {
    const customer = await createCustomer(individual());
    const body = usdAccount(customer.id);
    delete (body.accountInfo as Record<string, unknown>).beneficiary;
    const error = expectError(await api.post('/customers/external-accounts', { body }), 400, undefined, 'ExternalAccount: each fiat-currency variant combines ... and a required beneficiary object');
    if (!expectFieldErrorsIfGiven(error, ['accountInfo.beneficiary'], 'POST /customers/external-accounts')) judgedPartly('the refusal named no field: FieldErrors are stated for submit endpoints, and which those are is not');
  });

  it.for([
    ['102', 'NOT_MATCHED'],
    ['103', 'PARTIAL_MATCH'],
    ['104', 'PENDING'],
    ['106', 'UNSUPPORTED'],
    ['107', 'CHECKED_BY_RECEIVING_FI'],
    ['000', 'MATCHED'],
  ])('reports beneficiaryVerificationStatus for a name check ending %s as %s', async ([suffix, status], ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox magic values');
    await basisSupplement('name-check magic values (section 7)');
    const customer = await createCustomer(individual());
    const created = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id, suffix) }), 201, ExternalAccount);
    expect(created.beneficiaryVerificationStatus).toBe(status);
  });

  it('keeps at most one default UMA deposit account per customer: a second default overrides the first; another customer\'s default leaves it the default', async () => {
    await basisSupplement('create paths and codes (section 7); openapi.yaml ExternalAccountCreateRequest.defaultUmaDepositAccount');
    const [customer, other] = await Promise.all([createCustomer(individual()), createCustomer(individual())]);
    const defaultsOf = async (customerId: string) =>
      expectStatus(await api.get('/customers/external-accounts', { query: { customerId, limit: 100 } }), 200, List).data.filter((a) => a.customerId === customerId && a.defaultUmaDepositAccount === true).map((a) => a.id);
    const first = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id, '000', { defaultUmaDepositAccount: true }) }), 201, ExternalAccount, 'the customer\'s first default');
    expect(await defaultsOf(customer.id), 'the first default is the customer\'s default').toEqual([first.id]);
    // Description: ExternalAccountCreateRequest.defaultUmaDepositAccount: "only one external account can be set as the default
    // UMA deposit account for a customer, so if there is already a default UMA deposit account, this will override the existing
    // default UMA deposit account".
    const second = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id, '000', { defaultUmaDepositAccount: true }) }), 201, ExternalAccount, 'Description: a second default is taken and "will override the existing default"');
    expect(second.defaultUmaDepositAccount, 'the second account is the default').toBe(true);
    expect(await defaultsOf(customer.id), `Description: "this will override the existing default UMA deposit account": ${second.id} is the one default, ${first.id} no longer is`).toEqual([second.id]);
    const earlier = expectStatus(await api.get('/customers/external-accounts/{externalAccountId}', { params: { externalAccountId: first.id } }), 200, ExternalAccount);
    expect(earlier.defaultUmaDepositAccount, `the earlier default ${first.id} reads back without the flag`).not.toBe(true);
    expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id) }), 201, ExternalAccount, 'an account that is not the default');
    expect(await defaultsOf(customer.id), 'an account created without the flag leaves the default as it was').toEqual([second.id]);
    expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(other.id, '000', { defaultUmaDepositAccount: true }) }), 201, ExternalAccount, 'another customer\'s first default is taken');
    expect(await defaultsOf(customer.id), 'per customer: another customer\'s default leaves this one the default').toEqual([second.id]);
    expect((await defaultsOf(other.id)).length, 'and the other customer has its own').toBe(1);
  });

  it('never creates a LIGHTNING_ACCOUNT that breaks the Lightning variant\'s rules: two destinations, none, or a beneficiary', async () => {
    await basisSupplement('section 7: LIGHTNING: exactly one of invoice, bolt12, lightningAddress; no beneficiary/vaspName; create accepts LIGHTNING');
    // Interface: "LIGHTNING, LIGHTNING_ACCOUNT (both map to the Lightning variant)": whether a target takes
    // LIGHTNING_ACCOUNT on create or refuses the name, none of these is an account it may create.
    const customer = await createCustomer(individual());
    const address = `conf${randomUUID().slice(0, 8)}@example.com`;
    const cases: [string, Record<string, unknown>][] = [
      ['an invoice and a lightningAddress', { invoice: BOLT11_VALID[0], lightningAddress: address }],
      ['no destination', {}],
      ['a beneficiary', { lightningAddress: address, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace', countryOfResidence: 'US' } }],
    ];
    for (const [what, fields] of cases) {
      const res = await api.post('/customers/external-accounts', { body: { customerId: customer.id, currency: 'BTC', accountInfo: { accountType: 'LIGHTNING_ACCOUNT', ...fields } } });
      expectClientError(res, `supplement 7: a Lightning account with ${what} is not created (LIGHTNING_ACCOUNT maps to the Lightning variant)`);
    }
  });

  it('requires ownershipType for a self-custody wallet on a platform subject to counterparty rules', async (ctx) => {
    requireCapability(ctx, capabilities.counterpartyRules, 'the platform is not subject to counterparty rules (SVC_COUNTERPARTY_RULES=0)');
    const wallet = wallets.evm();
    const res = await api.post('/platform/external-accounts', { body: { currency: wallet.currency, accountInfo: { accountType: wallet.accountType, address: wallet.address } } });
    const error = expectError(res, 400, undefined, 'ExternalAccount.ownershipType: required when creating self-custody crypto wallet external accounts on platforms subject to counterparty requirements');
    if (!expectFieldErrorsIfGiven(error, ['ownershipType'], 'POST /platform/external-accounts')) judgedPartly('the refusal named no field: FieldErrors are stated for submit endpoints, and which those are is not');
  });

  it('answers 404 for an unknown platform external account', async () => {
    const res = await api.get('/platform/external-accounts/{externalAccountId}', { params: { externalAccountId: `ExternalAccount:${randomUUID()}` } });
    expectError(res, 404);
  });
});
