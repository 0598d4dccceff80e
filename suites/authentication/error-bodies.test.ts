// Interface: Errors ("Every error body has status (integer, the HTTP status), code (string,
// enumerated per status below), message"; details optional). Requests malformed below the level of
// any one operation (here an id far longer than any id) are answered by the target's HTTP layer:
// the answer still carries the error body. Which status such a request gets (400, 404 or 414) is the
// target's; where the interface enumerates codes for that status the code is one of them,
// else one of the interface's codes (recorded as an interface note).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectSchema, expectStatus, noteInterface } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { scenario } from '../../helpers/scenario.js';
import { Customer, ErrorBody } from '../../helpers/schemas/index.js';
import { codesForStatus, ERRORS } from '../../helpers/spec/catalog.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { individual } from '../../fixtures/customers.js';
import type { ApiResponse } from '../../helpers/client.js';

const ALL_CODES = new Set(ERRORS.map((e) => e.code));
const NOTE = ['Errors: code (string, enumerated per status below); the statuses of requests no operation accepts (over-long path, unknown route) are not shown'];

function expectErrorBody(res: ApiResponse, what: string) {
  expect(res.status >= 400 && res.status < 500, `${what}: a client error (4xx); got ${res.status}`).toBe(true);
  const body = expectSchema(ErrorBody, res.body, `${what}: the error body (Errors: status, code, message, details)`);
  expect(body.status, 'Errors: status (integer, the HTTP status)').toBe(res.status);
  const enumerated = codesForStatus(res.status);
  if (enumerated) expect(enumerated, `Errors: code is enumerated per status; ${body.code} for ${res.status}`).toContain(body.code);
  else expect([...ALL_CODES], `Errors: code is one of the interface's; ${body.code}`).toContain(body.code);
  noteInterface('errors:malformed-requests', NOTE, `${what}: ${res.status} ${body.code}`);
}

describe('Error bodies of requests no operation accepts', () => {
  scenario({ area: 'Authentication', operation: 'Errors', section: 'Errors' });

  it('answers an id far longer than any id with the error body; the same operation with a real id succeeds', async () => {
    const customer = await createCustomer(individual());
    expectStatus(await api.get('/customers/{customerId}', { params: { customerId: customer.id } }), 200, Customer, 'control: GET /customers/{customerId} of an existing customer');
    const res = await api.get('/customers/{customerId}', { params: { customerId: `Customer:${randomUUID()}${'0'.repeat(2000)}` } });
    expectErrorBody(res, 'GET /customers/{customerId} with a 2,000-character id');
  });
});
