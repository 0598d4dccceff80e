// Every documented field rule of the customer create and update, and of the KYC link, both ways, with
// generated data (helpers/field-rules/customers.ts holds the rules and their citations). basis:
// supplement (section 4: Create/PATCH common, INDIVIDUAL, BUSINESS, endUserTermsConsent, EDD;
// section 14: kyc-link redirectUri), interface: "Other operations that are named" (POST /customers
// "field-validation failures return every invalid field in details.errors[]"; PATCH "same inputs and
// validation style") and Errors (FieldError dot paths).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rng } from '../../fixtures/random.js';
import { business, individual } from '../../fixtures/customers.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { addressed, createCustomer } from '../../helpers/flows/customers.js';
import { api } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted, judged, validRequests } from '../../helpers/field-rules/check.js';
import { customerCreate, customerPatch, kycLinkCreate } from '../../helpers/field-rules/customers.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Customer, EndUserTerms, Page } from '../../helpers/schemas/index.js';
import { KycLink } from '../../helpers/schemas/customers.js';

type Body = Record<string, unknown>;
const termsVersion = async () => expectStatus(await api.get('/customers/end-user-terms'), 200, EndUserTerms, 'GET /customers/end-user-terms returns the current terms version').version;
/** supplement §4: identifier is write-only, so it never reads back. */
const aliases = { identifier: () => [undefined] };
const getCustomer = (customerId: string) => api.get('/customers/{customerId}', { params: { customerId } });

describe('POST /customers', () => {
  scenario({ area: 'Customers', operation: 'POST /customers', section: 'Other operations that are named', basis: 'supplement' });
  const send = (body: Body) => api.post('/customers', { body });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and creates nothing', async () => {
    await basisSupplement('section 4 create fields per customerType; generated, one rule broken per request');
    // Every refused request carries the same platformCustomerId and umaAddress, each a filter of the list:
    // a request whose broken rule replaced one of them still carries the other, so two reads show none was created.
    const marker = rng().string.uuid();
    const platformCustomerId = `rules-${marker}`;
    const umaAddress = `$rules.${marker.slice(0, 8)}@sandbox.uma.money`;
    await checkRulesRefused({
      independent: true,
      spec: customerCreate(await termsVersion()),
      complete: (b) => ({ ...b, platformCustomerId, umaAddress }),
      send,
      unchanged: async (rule) => {
        for (const query of [{ platformCustomerId }, { umaAddress }]) {
          const page = expectStatus(await api.get('/customers', { query }), 200, Page(Customer));
          expect(page.data.map((c) => c.id), `requests breaking ${rule.id} were refused and created no customer (read by ${Object.keys(query)[0]})`).toEqual([]);
        }
      },
    });
  });

  it('accepts valid requests of every customer type, reads them back as sent, and refuses the same platformCustomerId again with 409 CONFLICT', async () => {
    await basisSupplement('section 4: INDIVIDUAL (address, terms consent, EDD), EDD source of funds OTHER with its description, BUSINESS; optional fields present or not');
    await checkValidAccepted({
      spec: customerCreate(await termsVersion()),
      complete: (b) => ({ ...b, platformCustomerId: `rules-${rng().string.uuid()}` }),
      send,
      created: { status: 201, schema: Customer },
      readBack: (c) => getCustomer(addressed(c, 'the answered customer').id),
      aliases,
      // Interface, Customer: platformCustomerId "on create must not collide with an active customer on the same platform (else 409 CONFLICT)".
      then: async (sent, created) => {
        expectError(await send(sent), 409, 'CONFLICT', `Customer: a second create with platformCustomerId ${String(sent.platformCustomerId)} of the active ${created.id} answers 409 CONFLICT`);
        const listed = expectStatus(await api.get('/customers', { query: { platformCustomerId: String(sent.platformCustomerId) } }), 200, Page(Customer));
        expect(listed.data.map((c) => c.id), `the refused duplicate created nothing: ${created.id} is the only customer with its platformCustomerId`).toEqual([created.id]);
      },
    });
  });
});

describe('PATCH /customers/{customerId}', () => {
  scenario({ area: 'Customers', operation: 'PATCH /customers/{customerId}', section: 'Other operations that are named', basis: 'supplement' });
  const patch = (customerId: string) => (body: Body) => api.patch('/customers/{customerId}', { params: { customerId }, body });

  it.for(['INDIVIDUAL', 'BUSINESS'] as const)('refuses every %s change that breaks one documented field rule with 400 INVALID_INPUT naming the field, and changes nothing', async (type) => {
    await basisSupplement('section 4: Create/PATCH common; interface: PATCH "same inputs and validation style"');
    const customer = await createCustomer(type === 'INDIVIDUAL' ? individual() : business());
    const before = expectStatus(await getCustomer(customer.id), 200, Customer);
    await checkRulesRefused({
      independent: true,
      spec: customerPatch(await termsVersion()),
      variants: (v) => v.name.startsWith(type),
      send: patch(customer.id),
      unchanged: async (rule) => {
        const now = expectStatus(await getCustomer(customer.id), 200, Customer);
        expect(now, `changes breaking ${rule.id} were refused and left ${customer.id} as it was`).toEqual(before);
      },
    });
  });

  it.for(['INDIVIDUAL', 'BUSINESS'] as const)('accepts valid %s changes and reads them back as sent', async (type) => {
    await basisSupplement('section 4: Create/PATCH common; email and phoneNumber change in separate calls');
    const customer = await createCustomer(type === 'INDIVIDUAL' ? individual() : business());
    await checkValidAccepted({
      spec: customerPatch(await termsVersion()),
      variants: (v) => v.name.startsWith(type),
      send: patch(customer.id),
      created: { status: 200, schema: Customer },
      readBack: (c) => getCustomer(addressed(c, 'the answered customer').id),
      aliases,
    });
  });
});

describe('POST /customers/{customerId}/kyc-link', () => {
  const op = 'POST /customers/{customerId}/kyc-link';
  scenario({ area: 'Customers', operation: op, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses a redirectUri that is no https URL with 400 INVALID_INPUT naming it, and leaves the customer unchanged', async () => {
    await basisSupplement('section 14: kyc-link {redirectUri?} (https; http for local)');
    const customer = await createCustomer(individual());
    const before = expectStatus(await getCustomer(customer.id), 200, Customer);
    await checkRulesRefused({
      independent: true,
      spec: kycLinkCreate(),
      send: (body) => api.post('/customers/{customerId}/kyc-link', { params: { customerId: customer.id }, body }),
      unchanged: async (rule) => expect(expectStatus(await getCustomer(customer.id), 200, Customer), `refused links (${rule.id}) left the customer unchanged`).toEqual(before),
    });
  });

  it('answers 201 with a link for valid requests, redirectUri given or not', async () => {
    await basisSupplement('section 14: 201 {kycUrl*, expiresAt*, provider*, token?}');
    const customer = await createCustomer(individual());
    const spec = kycLinkCreate();
    // Drawn from the run's seed: the body with redirectUri and the one without, then SVC_RULE_RUNS - 1 more.
    const { arbitrary, parameters } = validRequests(spec.variants[0], `${spec.operation} valid`);
    await judged(fc.assert(
      fc.asyncProperty(arbitrary, async (body) => {
        expectStatus(await api.post('/customers/{customerId}/kyc-link', { params: { customerId: customer.id }, body }), 201, KycLink, `supplement §14: kyc-link ${JSON.stringify(body)} within the documented rules answers 201 {kycUrl, expiresAt, provider}`);
      }),
      parameters,
    ));
  });
});
