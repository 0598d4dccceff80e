// Supplement section 4 (DELETE /customers/{id}: 200 Customer with isDeleted true; 410
// CUSTOMER_DELETED) and section 15 (second delete 410; 404 unknown; after delete hidden from lists
// unless isIncludingDeleted=true; platformCustomerId reusable). Interface, Customer: platformCustomerId
// "must not collide with an active customer on the same platform (else 409 CONFLICT)".
// GET of a deleted customer: not stated (supplement 28.5); observed and noted, not asserted.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { CustomerPage, CustomerRecord } from '../../helpers/schemas/customers.js';

const remove = (customerId: string) => api.delete('/customers/{customerId}', { params: { customerId } });
const listIds = async (query: Record<string, string>) =>
  expectStatus(await api.get('/customers', { query }), 200, CustomerPage).data.map((c) => ({ id: c.id, isDeleted: c.isDeleted }));

describe('DELETE /customers/{customerId}', () => {
  scenario({ area: 'Customers', operation: 'DELETE /customers/{customerId}', section: 'Customers', basis: 'supplement' });

  it('answers 200 with the customer marked isDeleted, and 410 CUSTOMER_DELETED to a second delete', async () => {
    await basisSupplement('DELETE /customers/{id}: 200 Customer (isDeleted: true); second delete 410 CUSTOMER_DELETED (sections 4, 15)');
    const customer = await createCustomer(individual());
    const deleted = expectStatus(await remove(customer.id), 200, CustomerRecord, 'Supplement 4: DELETE answers 200 with the customer');
    expect(deleted.id).toBe(customer.id);
    expect(deleted.isDeleted, 'Supplement 4: the deleted customer carries isDeleted: true').toBe(true);
    expectError(await remove(customer.id), 410, 'CUSTOMER_DELETED', 'Supplement 15: a second delete answers 410 CUSTOMER_DELETED');

    const get = await api.get('/customers/{customerId}', { params: { customerId: customer.id } });
    noteInterface('customer-get-after-delete', ['Supplement 15: GET by id lists only 200/404', 'Supplement 28.5: GET of a deleted customer (410?) is not stated'], `GET /customers/{customerId} of a deleted customer answered ${get.status}${get.exchange.code ? ` ${get.exchange.code}` : ''}`);
  });

  it('answers 404 USER_NOT_FOUND for an unknown customer', async () => {
    await basisSupplement('DELETE /customers/{id}: 404 unknown (section 15)');
    const control = await createCustomer(individual());
    expectStatus(await remove(control.id), 200, CustomerRecord);
    expectError(await remove(`Customer:${randomUUID()}`), 404, 'USER_NOT_FOUND', 'Errors / 404: USER_NOT_FOUND (customer)');
  });

  it('hides the deleted customer from lists unless isIncludingDeleted=true', async () => {
    await basisSupplement('after delete hidden from lists unless isIncludingDeleted=true (section 15)');
    const customer = await createCustomer(individual());
    const query = { platformCustomerId: customer.platformCustomerId };
    expect((await listIds(query)).map((c) => c.id), 'listed while active').toEqual([customer.id]);
    expectStatus(await remove(customer.id), 200, CustomerRecord);
    expect(await listIds(query), 'Supplement 15: a deleted customer is hidden from lists').toEqual([]);
    expect(await listIds({ ...query, isIncludingDeleted: 'false' }), 'isIncludingDeleted defaults to false').toEqual([]);
    expect(await listIds({ ...query, isIncludingDeleted: 'true' }), 'Supplement 15: isIncludingDeleted=true lists it, isDeleted').toEqual([{ id: customer.id, isDeleted: true }]);
    // "Including": the live customers stay listed beside the deleted ones.
    const live = await createCustomer(individual());
    expect((await listIds({ platformCustomerId: live.platformCustomerId, isIncludingDeleted: 'true' })).map((c) => c.id), 'isIncludingDeleted=true still lists a live customer').toEqual([live.id]);
    recordRule('GET /customers', LIST_RULES.filter('isIncludingDeleted'));
  });

  it('frees the platformCustomerId: a new customer may take it once the first is deleted', async () => {
    await basisSupplement('platformCustomerId reusable after delete (section 15)');
    const customer = await createCustomer(individual());
    const again = () => api.post('/customers', { body: individual({ platformCustomerId: customer.platformCustomerId }) });
    expectError(await again(), 409, 'CONFLICT', 'Customer: platformCustomerId must not collide with an active customer (else 409 CONFLICT)');
    expectStatus(await remove(customer.id), 200, CustomerRecord);
    const reused = expectStatus(await again(), 201, CustomerRecord, 'Customer: only an active customer blocks a platformCustomerId');
    expect(reused.id, 'a new customer, not the deleted one').not.toBe(customer.id);
    expect(reused.platformCustomerId).toBe(customer.platformCustomerId);
  });
});
