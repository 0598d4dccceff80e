// Interface, Errors: 409 UMA_ADDRESS_EXISTS; 400 MISSING_MANDATORY_USER_INFO. Supplement section 15
// (POST /customers 409 UMA_ADDRESS_EXISTS: the requested umaAddress is taken) and section 4 (email and
// phoneNumber "required where contact verification applies (EU)"). Where MISSING_MANDATORY_USER_INFO
// arises is not stated (supplement 15, 28.3): the target declares it (SVC_MISSING_MANDATORY_INFO_REGION).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { rng } from '../../fixtures/random.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { addressed } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, judgedPartly, requireCapability, scenario } from '../../helpers/scenario.js';
import { CustomerPage, CustomerRecord } from '../../helpers/schemas/customers.js';
import { ids } from '../../helpers/spec/catalog.js';

const umaAddress = () => `$conf.${rng().string.alphanumeric(12).toLowerCase()}@sandbox.uma.money`;

describe('POST /customers conflicts', () => {
  scenario({ area: 'Customers', operation: 'POST /customers', section: 'Errors', basis: 'supplement' });

  it('answers 409 UMA_ADDRESS_EXISTS when the requested umaAddress is taken', async () => {
    await basisSupplement('409 UMA_ADDRESS_EXISTS: requested umaAddress taken (section 15)');
    const taken = umaAddress();
    const first = expectStatus(await api.post('/customers', { body: individual({ umaAddress: taken }) }), 201, CustomerRecord);
    expect(first.umaAddress, 'Supplement 4: the customer keeps the umaAddress it asked for').toBe(taken);

    const second = individual({ umaAddress: taken });
    expectError(await api.post('/customers', { body: second }), 409, 'UMA_ADDRESS_EXISTS', 'Errors / 409: UMA_ADDRESS_EXISTS');
    const listed = expectStatus(await api.get('/customers', { query: { platformCustomerId: second.platformCustomerId } }), 200, CustomerPage);
    expect(listed.data, 'a refused create leaves no customer').toEqual([]);
    expectStatus(await api.post('/customers', { body: { ...second, umaAddress: umaAddress() } }), 201, CustomerRecord, 'the same customer with a free umaAddress is created');
  });
});

describe('PATCH /customers/{customerId} conflicts', () => {
  scenario({ area: 'Customers', operation: 'PATCH /customers/{customerId}', section: 'Errors', basis: 'supplement' });

  it('answers 409 UMA_ADDRESS_EXISTS to an update taking another customer\'s umaAddress, and 200 to one giving the customer its own', async () => {
    await basisSupplement('PATCH 409; UMA_ADDRESS_EXISTS: requested umaAddress taken (sections 4, 15)');
    const holder = addressed(expectStatus(await api.post('/customers', { body: individual({ umaAddress: umaAddress() }) }), 201, CustomerRecord));
    const other = addressed(expectStatus(await api.post('/customers', { body: individual({ umaAddress: umaAddress() }) }), 201, CustomerRecord));
    const patch = (customerId: string, address: string) => api.patch('/customers/{customerId}', { params: { customerId }, body: { customerType: 'INDIVIDUAL', umaAddress: address } });
    expectError(await patch(other.id, holder.umaAddress), 409, 'UMA_ADDRESS_EXISTS', 'Errors / 409: UMA_ADDRESS_EXISTS (the requested umaAddress is another customer\'s)');
    const read = expectStatus(await api.get('/customers/{customerId}', { params: { customerId: other.id } }), 200, CustomerRecord);
    expect(read.umaAddress, 'a refused update leaves the customer\'s umaAddress as it was').toBe(other.umaAddress);
    // Its own address is not "taken": the update is accepted and changes nothing.
    expect(expectStatus(await patch(holder.id, holder.umaAddress), 200, CustomerRecord, 'an update giving the customer its own umaAddress').umaAddress).toBe(holder.umaAddress);
  });
});

describe('MISSING_MANDATORY_USER_INFO', () => {
  scenario({ area: 'Customers', operation: 'POST /customers', section: 'Errors', basis: 'supplement' });

  it('frees what a customer changed by PATCH: the old umaAddress lists no one and a new customer may take it; the old platformCustomerId too', async () => {
    await basisSupplement('section 15: list filter umaAddress; 409 UMA_ADDRESS_EXISTS requested umaAddress taken, CONFLICT active platformCustomerId');
    const [oldUma, newUma] = [umaAddress(), umaAddress()];
    const customer = addressed(expectStatus(await api.post('/customers', { body: individual({ umaAddress: oldUma }) }), 201, CustomerRecord));
    const oldPlatformId = String(customer.platformCustomerId);
    const newPlatformId = `conf-${rng().string.uuid()}`;
    const patch = (body: Record<string, unknown>) => api.patch('/customers/{customerId}', { params: { customerId: customer.id }, body: { customerType: 'INDIVIDUAL', ...body } });
    expectStatus(await patch({ umaAddress: newUma }), 200, CustomerRecord, 'PATCH /customers/{customerId} umaAddress');
    const byUma = async (address: string) => expectStatus(await api.get('/customers', { query: { umaAddress: address } }), 200, CustomerPage).data.map((c) => c.id);
    expect(await byUma(oldUma), 'umaAddress=<the address left> lists no one').toEqual([]);
    expect(await byUma(newUma), 'control: umaAddress=<the new address> lists the customer').toEqual([customer.id]);
    const taker = expectStatus(await api.post('/customers', { body: individual({ umaAddress: oldUma }) }), 201, CustomerRecord, 'the address left is taken by no one: a new customer may have it (409 UMA_ADDRESS_EXISTS is for a taken one)');
    expect(taker.umaAddress).toBe(oldUma);
    // Whether PATCH may change platformCustomerId is not stated; where it does, the old id is no active customer's.
    const moved = await patch({ platformCustomerId: newPlatformId });
    if (moved.status !== 200) {
      noteInterface('customers:patch-platform-customer-id', ['Interface, Customer: platformCustomerId on create must not collide with an active customer (else 409 CONFLICT); PATCH: not stated'], `PATCH platformCustomerId answered ${moved.status}`);
      judgedPartly('the target does not let PATCH change platformCustomerId (not stated either way), so the freed platformCustomerId was not judged');
      return;
    }
    expectStatus(await api.post('/customers', { body: individual({ platformCustomerId: oldPlatformId }) }), 201, CustomerRecord, 'the platformCustomerId left belongs to no active customer: a create may take it');
    expectError(await api.post('/customers', { body: individual({ platformCustomerId: newPlatformId }) }), 409, 'CONFLICT', 'control: the platformCustomerId the customer moved to collides');
  });

  it('answers 400 MISSING_MANDATORY_USER_INFO to a customer created without the contact details its provider requires', async (ctx) => {
    const region = capabilities.customerTriggers.mandatoryUserInfoRegion;
    requireCapability(ctx, region !== undefined, 'the target declares no place for MISSING_MANDATORY_USER_INFO (SVC_MISSING_MANDATORY_INFO_REGION)', [ids.error(400, 'MISSING_MANDATORY_USER_INFO')]);
    await basisSupplement('email / phoneNumber required where contact verification applies (section 4); the code is declared by the target');
    const address = { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region };
    const { email: _e, phoneNumber: _p, ...bare } = individual({ region, address });
    const error = expectError(await api.post('/customers', { body: bare }), 400, 'MISSING_MANDATORY_USER_INFO', 'Errors / 400: MISSING_MANDATORY_USER_INFO');
    expect(error.message.length, 'the error says what is missing').toBeGreaterThan(0);
    noteInterface('missing-mandatory-user-info-where', ['Errors / 400: MISSING_MANDATORY_USER_INFO', 'Supplement 15: tied to no operation; 28.3: which operation returns it is not stated'], `declared: POST /customers in region ${region} without email and phoneNumber`);
    const listed = expectStatus(await api.get('/customers', { query: { platformCustomerId: bare.platformCustomerId } }), 200, CustomerPage);
    expect(listed.data, 'a refused create leaves no customer').toEqual([]);
    expectStatus(await api.post('/customers', { body: individual({ region, address }) }), 201, CustomerRecord, 'the same customer with email and phoneNumber is created');
  });
});
