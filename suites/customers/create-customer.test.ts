// Interface: Customer (as seen in events); "Other operations that are named" (POST /customers,
// PATCH /customers/{customerId}); Errors (400 field validation with every invalid field in
// details.errors[]; 409 CONFLICT; 404 USER_NOT_FOUND); Resources (Customer:<uuid>, ISO 8601 UTC).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bareIndividual, business, consent, individual } from '../../fixtures/customers.js';
import { rng } from '../../fixtures/random.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { expectError, expectFieldErrors, expectStatus } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { CUSTOMER_ENUMS } from '../../helpers/field-rules/customers.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Customer, EndUserTerms, Page } from '../../helpers/schemas/index.js';

const currentTermsVersion = async () => expectStatus(await api.get('/customers/end-user-terms'), 200, EndUserTerms, 'GET /customers/end-user-terms returns the current terms URL and version').version;

describe('POST /customers', () => {
  scenario({ area: 'Customers', operation: 'POST /customers', section: 'Other operations that are named' });

  it('creates an individual customer whose id has the form Customer:<uuid> and whose timestamps are ISO 8601 UTC', async () => {
    const body = individual();
    const customer = await createCustomer(body);
    expect(customer.platformCustomerId).toBe(body.platformCustomerId);
    expect(customer.customerType).toBe('INDIVIDUAL');
    await basisSupplement('GET /customers/{customerId} returns the customer (supplement section 4)');
    const fetched = expectStatus(await api.get('/customers/{customerId}', { params: { customerId: customer.id } }), 200, Customer);
    expect(fetched.id).toBe(customer.id);
  });

  it('creates a business customer', async () => {
    const customer = await createCustomer(business());
    expect(customer.customerType).toBe('BUSINESS');
  });

  it('answers 409 CONFLICT when platformCustomerId collides with an active customer of the platform', async () => {
    const first = await createCustomer(individual());
    const res = await api.post('/customers', { body: individual({ platformCustomerId: first.platformCustomerId }) });
    expectError(res, 409, 'CONFLICT', 'Customer: platformCustomerId on create must not collide with an active customer on the same platform (else 409 CONFLICT)');
    const listed = expectStatus(await api.get('/customers', { query: { platformCustomerId: String(first.platformCustomerId) } }), 200, Page(Customer), 'GET /customers by platformCustomerId (supplement 4)');
    expect(listed.data.map((c) => c.id), 'the refused create stored no second customer of that platformCustomerId').toEqual([first.id]);
  });

  it('returns every invalid field in details.errors[], each a FieldError with a dot-notation path', async () => {
    const body = individual({ email: 'not-an-email', phoneNumber: '12345', birthDate: '31/12/1990', address: { line1: 'Main St 1', country: 'US' } });
    const res = await api.post('/customers', { body });
    const error = expectError(res, 400, 'INVALID_INPUT', 'POST /customers: field-validation failures return every invalid field in details.errors[]');
    expectFieldErrors(error, ['email', 'phoneNumber', 'birthDate', 'address.postalCode']);
  });

  it('accepts endUserTermsConsent with the current terms version', async () => {
    const version = await currentTermsVersion();
    const customer = await createCustomer(individual({ endUserTermsConsent: consent(version) }));
    expect(customer.id).toMatch(/^Customer:/);
  });

  it('answers 400 END_USER_TERMS_VERSION_NOT_FOUND for a terms version the service does not support', async () => {
    const res = await api.post('/customers', { body: individual({ endUserTermsConsent: consent(`unknown-${rng().string.alphanumeric(8)}`) }) });
    expectError(res, 400, 'END_USER_TERMS_VERSION_NOT_FOUND', 'Errors / 400: END_USER_TERMS_VERSION_NOT_FOUND (submitted terms version unsupported)');
    // Control: the same customer with the current terms version is created.
    await createCustomer(individual({ endUserTermsConsent: consent(await currentTermsVersion()) }));
  });

  it('accepts the optional enhanced-due-diligence fields on an individual', async () => {
    // Description: CustomerEdd: values of IndividualSourceOfFundsCategory, SourceOfWealthCategory, PurposeOfAccount,
    // ExpectedMonthlyTransactionCount, ExpectedMonthlyTransactionVolume, AnnualIncomeRange, NetWorthRange, PepStatus.
    const edd = {
      sourceOfFundsCategories: ['SELF_EMPLOYMENT_INCOME', 'SALARY'], sourceOfWealthCategories: ['INVESTMENTS'], purposeOfAccount: 'CONTRACTOR_PAYOUTS',
      expectedMonthlyTransactionCount: 'COUNT_UNDER_10', expectedMonthlyTransactionVolume: 'VOLUME_UNDER_10K', annualIncomeRange: 'UNDER_50K', netWorthRange: 'UNDER_100K', pepStatus: 'NONE',
    };
    await basisSupplement('enumerated EDD values (supplement section 4; openapi.yaml CustomerEdd)');
    const customer = await createCustomer(individual(edd));
    expect(customer.id).toMatch(/^Customer:/);
    const read = expectStatus(await api.get('/customers/{customerId}', { params: { customerId: customer.id } }), 200, Customer);
    expect(read, 'the EDD fields read back as sent').toMatchObject(edd);
  });
});

describe('PATCH /customers/{customerId}', () => {
  scenario({ area: 'Customers', operation: 'PATCH /customers/{customerId}', section: 'Other operations that are named' });

  it('adds enhanced-due-diligence fields and the terms consent to an existing customer', async () => {
    const customer = await createCustomer(bareIndividual());
    const version = await currentTermsVersion();
    // Description: CustomerEdd, values of its enums (PepStatus, IndividualSourceOfFundsCategory, PurposeOfAccount, AnnualIncomeRange).
    const update = { customerType: 'INDIVIDUAL', pepStatus: 'FOREIGN', sourceOfFundsCategories: ['SALARY'], purposeOfAccount: 'P2P_TRANSFERS', annualIncomeRange: 'RANGE_50K_100K', expectedMonthlyTransactionCount: 'COUNT_10_TO_100', endUserTermsConsent: consent(version) };
    const updated = expectStatus(await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: update }), 200, Customer);
    expect(updated.id, 'PATCH /customers/{customerId} updates that customer').toBe(customer.id);
  });

  it('takes every value the description gives each enhanced-due-diligence enum of an individual, and reads it back', async () => {
    await basisSupplement('section 4: EDD fields on PATCH; openapi.yaml CustomerEdd enums');
    const customer = await createCustomer(bareIndividual());
    // Description: CustomerEdd: each member's enum; "Required when ... includes `OTHER`" for the three descriptions.
    const fields: [string, readonly string[], boolean, string?][] = [
      ['sourceOfFundsCategories', CUSTOMER_ENUMS.individualSourceOfFunds, true, 'sourceOfFundsOtherDescription'],
      ['sourceOfWealthCategories', CUSTOMER_ENUMS.sourceOfWealth, true, 'sourceOfWealthOtherDescription'],
      ['purposeOfAccount', CUSTOMER_ENUMS.purposeOfAccount, false, 'purposeOfAccountOtherDescription'],
      ['expectedMonthlyTransactionCount', CUSTOMER_ENUMS.transactionCount, false],
      ['expectedMonthlyTransactionVolume', CUSTOMER_ENUMS.transactionVolume, false],
      ['annualIncomeRange', CUSTOMER_ENUMS.annualIncome, false],
      ['netWorthRange', CUSTOMER_ENUMS.netWorth, false],
    ];
    for (const [field, values, list, description] of fields) {
      for (const value of values) {
        const sent = list ? [value] : value;
        const body = { customerType: 'INDIVIDUAL', [field]: sent, ...(value === 'OTHER' && description ? { [description]: 'Described elsewhere' } : {}) };
        const updated = expectStatus(await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body }), 200, Customer, `Description: CustomerEdd.${field}: ${value} is one of its values`);
        expect((updated as Record<string, unknown>)[field], `${field} reads back as sent`).toEqual(sent);
      }
    }
  });

  it('takes every value the description gives a business\'s entityType and businessType, and reads it back', async () => {
    await basisSupplement('section 4: BUSINESS businessInfo on PATCH; openapi.yaml EntityType, BusinessType');
    const customer = await createCustomer(business());
    for (const [field, values] of [['entityType', CUSTOMER_ENUMS.entityType], ['businessType', CUSTOMER_ENUMS.businessType]] as const) {
      for (const value of values) {
        const body = { customerType: 'BUSINESS', businessInfo: { [field]: value } };
        const updated = expectStatus(await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body }), 200, Customer, `Description: BusinessInfo.${field}: ${value} is one of its values`);
        expect((updated as { businessInfo?: Record<string, unknown> }).businessInfo?.[field], `businessInfo.${field} reads back as sent`).toBe(value);
      }
    }
  });

  it('replaces the currencies with the list an update gives', async () => {
    await basisSupplement('section 4: currencies string[] (PATCH replaces)');
    const customer = await createCustomer(bareIndividual({ currencies: ['USD', 'EUR'] }));
    const patch = await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: { customerType: 'INDIVIDUAL', currencies: ['EUR'] } });
    expectStatus(patch, 200, Customer, 'PATCH /customers/{customerId} with currencies');
    const read = expectStatus(await api.get('/customers/{customerId}', { params: { customerId: customer.id } }), 200, Customer, 'GET /customers/{customerId}');
    expect([...((read.currencies as string[] | undefined) ?? [])].sort(), 'supplement 4: currencies (PATCH replaces): the list reads back as the update gave it, not merged with the one before').toEqual(['EUR']);
  });

  it.for(['INDIVIDUAL', 'BUSINESS'] as const)('refuses a %s update that includes both email and phoneNumber with 400, changing nothing; each alone is taken', async (type) => {
    await basisSupplement('section 4: email and phoneNumber must change in separate calls; openapi.yaml updateCustomerById');
    const customer = await createCustomer(type === 'INDIVIDUAL' ? individual() : business());
    const params = { customerId: customer.id };
    const before = expectStatus(await api.get('/customers/{customerId}', { params }), 200, Customer);
    const f = rng();
    const email = `both-${f.string.alphanumeric(10).toLowerCase()}@example.com`;
    const phoneNumber = `+1${f.string.numeric({ length: 10, allowLeadingZeros: false })}`;
    // Description: updateCustomerById: "Update `email` and `phoneNumber` in separate PATCH calls. A request that
    // includes both fields is rejected." The refusal of a request the operation gives is its 400 (Bad request):
    // its 401, 404, 409 and 424 each name cases of their own.
    const both = await api.patch('/customers/{customerId}', { params, body: { customerType: type, email, phoneNumber } });
    expectError(both, 400, undefined, 'Description: updateCustomerById: "A request that includes both fields is rejected" (400 Bad request)');
    const after = expectStatus(await api.get('/customers/{customerId}', { params }), 200, Customer);
    expect(after, 'a rejected update changes nothing: neither the email nor the phone number, nor updatedAt').toEqual(before);
    // Control: the same two changes in separate calls are taken.
    const emailed = expectStatus(await api.patch('/customers/{customerId}', { params, body: { customerType: type, email } }), 200, Customer, 'control: email alone');
    expect((emailed as Record<string, unknown>).email, 'the email alone is changed').toBe(email);
    const phoned = expectStatus(await api.patch('/customers/{customerId}', { params, body: { customerType: type, phoneNumber } }), 200, Customer, 'control: phoneNumber alone');
    expect((phoned as Record<string, unknown>).phoneNumber, 'the phone number alone is changed').toBe(phoneNumber);
  });

  it('returns every invalid field of an update in details.errors[]', async () => {
    const customer = await createCustomer(bareIndividual());
    const res = await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: { customerType: 'INDIVIDUAL', email: 'nope', nationality: 'USA', address: { line1: '', postalCode: '1', country: 'US' } } });
    const error = expectError(res, 400, 'INVALID_INPUT', 'PATCH /customers/{customerId}: same inputs and validation style');
    expectFieldErrors(error, ['email', 'nationality', 'address.line1']);
  });

  it('answers 400 END_USER_TERMS_VERSION_NOT_FOUND for an unsupported terms version on update', async () => {
    const customer = await createCustomer(bareIndividual());
    const res = await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: { customerType: 'INDIVIDUAL', endUserTermsConsent: consent('V0-unknown') } });
    expectError(res, 400, 'END_USER_TERMS_VERSION_NOT_FOUND');
    // Control: the same update with the current terms version is accepted.
    const ok = await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: { customerType: 'INDIVIDUAL', endUserTermsConsent: consent(await currentTermsVersion()) } });
    expect(expectStatus(ok, 200, Customer, 'PATCH /customers/{customerId} with the current terms version').id).toBe(customer.id);
  });

  it('answers 404 USER_NOT_FOUND for an unknown customer', async () => {
    const res = await api.patch('/customers/{customerId}', { params: { customerId: `Customer:${randomUUID()}` }, body: { customerType: 'INDIVIDUAL', region: 'US' } });
    expectError(res, 404, 'USER_NOT_FOUND', 'Errors / 404: USER_NOT_FOUND (customer)');
    // Control: the same update of a customer that exists is accepted.
    const customer = await createCustomer(bareIndividual());
    expectStatus(await api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: { customerType: 'INDIVIDUAL', region: 'US' } }), 200, Customer, 'PATCH /customers/{customerId} of a known customer');
  });
});

describe('GET /customers/{customerId}', () => {
  scenario({ area: 'Customers', operation: 'GET /customers/{customerId}', section: 'Errors', basis: 'supplement' });

  it('answers 404 USER_NOT_FOUND for an unknown customer', async () => {
    const res = await api.get('/customers/{customerId}', { params: { customerId: `Customer:${randomUUID()}` } });
    expectError(res, 404, 'USER_NOT_FOUND', 'Errors / 404: USER_NOT_FOUND (customer)');
  });
});

describe('GET /customers/end-user-terms', () => {
  scenario({ area: 'Customers', operation: 'GET /customers/end-user-terms', section: 'Other operations that are named' });

  it('returns the current end-user terms URL and version', async () => {
    // The schema holds the rule: a non-empty version and a URL (supplement section 4: {version*, url*: uri}).
    const terms = expectStatus(await api.get('/customers/end-user-terms'), 200, EndUserTerms, 'GET /customers/end-user-terms returns the current terms URL and version');
    expect(terms.version.length, 'a version').toBeGreaterThan(0);
    expect(new URL(terms.url).protocol, 'a URL').toMatch(/^https?:$/);
  });
});
