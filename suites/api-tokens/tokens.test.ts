// Interface: functional area "API Tokens" (manage API tokens programmatically); Errors / 404
// (TOKEN_NOT_FOUND); Authentication 1 and 3. The operations, the ApiToken record and the permission
// rules: basis: supplement (sections 1, 11 and 20).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import type { ApiResponse } from '../../helpers/client.js';
import { bareIndividual } from '../../fixtures/customers.js';
import { addressed } from '../../helpers/flows/customers.js';
import { asToken, createToken, TOKEN, TOKENS } from '../../helpers/flows/wallet.js';
import { balanceOf, eurDestination, expectQuoteMoney, platformConfig, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Customer, PlatformConfig, Quote } from '../../helpers/schemas/index.js';
import { ApiToken, ApiTokenPage } from '../../helpers/schemas/wallet.js';
import { CustomerPage } from '../../helpers/schemas/customers.js';

const unknownToken = () => ({ tokenId: `Token:${randomUUID()}` });

/**
 * Supplement 20: "TRANSACT sends payments (quote create/execute 403 without it)". Of supplement 1's 403
 * codes (FORBIDDEN, USER_NOT_READY, COUNTERPARTY_NOT_ALLOWED, VELOCITY_LIMIT_EXCEEDED,
 * END_USER_TERMS_NOT_ACCEPTED), each but FORBIDDEN names another condition, so a missing permission is FORBIDDEN.
 */
const PERMISSION_403 = (what: string) => `supplement 20: ${what} needs TRANSACT, else 403; supplement 1: FORBIDDEN, the one 403 code that names no other condition`;

describe('POST /tokens, GET /tokens, GET /tokens/{tokenId}', () => {
  scenario({ area: 'API Tokens', operation: 'POST /tokens', section: 'Functional areas', basis: 'supplement' });

  it('creates a token with the name and permissions asked for; the clientSecret is shown at creation only', async () => {
    await basisSupplement('section 20: 201 ApiToken with clientSecret (only time); GET /tokens and GET /tokens/{id}');
    const name = `conformance-${randomUUID()}`;
    const created = await createToken(['VIEW', 'TRANSACT'], name);
    expect(created.name, 'the token keeps the name it was created with').toBe(name);
    expect([...created.permissions].sort(), 'the token keeps the permissions it was created with').toEqual(['TRANSACT', 'VIEW']);

    const got = expectStatus(await api.get(TOKEN, { params: { tokenId: created.id } }), 200, ApiToken);
    expect({ id: got.id, name: got.name, clientId: got.clientId }).toEqual({ id: created.id, name, clientId: created.clientId });
    expect(got.clientSecret, 'supplement 20: the clientSecret is returned at creation only').toBeUndefined();

    const listed = expectStatus(await api.get(TOKENS, { query: { name } }), 200, ApiTokenPage);
    const mine = listed.data.filter((t) => t.id === created.id);
    expect(mine, 'GET /tokens?name= lists the token of that name').toHaveLength(1);
    expect(listed.data.every((t) => t.name === name), 'GET /tokens?name= lists only tokens of that name').toBe(true);
    expect(mine[0]!.clientSecret, 'supplement 20: the clientSecret is returned at creation only').toBeUndefined();
  });

  it('answers 400 to a token without a name or with an unknown permission, and creates the valid one', async () => {
    await basisSupplement('section 20: POST /tokens {name*, permissions*[VIEW|TRANSACT|MANAGE]}, 400');
    expectError(await api.post(TOKENS, { body: { permissions: ['VIEW'] } }), 400, undefined, 'supplement 20: name is required');
    expectError(await api.post(TOKENS, { body: { name: 'conformance-bad', permissions: ['EVERYTHING'] } }), 400, undefined, 'supplement 20: permissions are VIEW, TRANSACT or MANAGE');
    await createToken(['VIEW']);
  });

  it('answers 404 TOKEN_NOT_FOUND for an unknown token id, and 200 for a known one', async () => {
    await basisSupplement('section 20: GET /tokens/{id} 404 (TOKEN_NOT_FOUND inferred); the interface lists TOKEN_NOT_FOUND under 404');
    const known = await createToken(['VIEW']);
    expectStatus(await api.get(TOKEN, { params: { tokenId: known.id } }), 200, ApiToken);
    expectError(await api.get(TOKEN, { params: unknownToken() }), 404, 'TOKEN_NOT_FOUND', 'Errors / 404: TOKEN_NOT_FOUND');
  });
});

describe('Authenticating with a token (HTTP Basic: the token\'s clientId and clientSecret)', () => {
  scenario({ area: 'API Tokens', operation: 'DELETE /tokens/{tokenId}', section: 'Authentication', basis: 'supplement' });

  it('authenticates a VIEW token for reads until it is deleted, then answers 401 UNAUTHORIZED at once; the deleted token is 404 TOKEN_NOT_FOUND', async () => {
    await basisSupplement('section 20: a created token authenticates as Basic clientId:clientSecret; VIEW reads all; DELETE 204; 404');
    const name = `deleted-${randomUUID()}`;
    const token = await createToken(['VIEW'], name);
    expectStatus(await api.get('/config', { auth: asToken(token) }), 200, PlatformConfig, 'supplement 20: a VIEW token reads');

    expectStatus(await api.delete(TOKEN, { params: { tokenId: token.id } }), 204);
    const listed = expectStatus(await api.get(TOKENS, { query: { name } }), 200, ApiTokenPage, 'GET /tokens?name=');
    expect(listed.data.map((t) => t.id), 'supplement 20: a deleted token is no longer listed').not.toContain(token.id);

    expectError(await api.get('/config', { auth: asToken(token) }), 401, 'UNAUTHORIZED', 'Authentication 3: a deleted token\'s credentials are rejected');
    expectError(await api.get(TOKEN, { params: { tokenId: token.id } }), 404, 'TOKEN_NOT_FOUND');
    expectError(await api.delete(TOKEN, { params: { tokenId: token.id } }), 404, 'TOKEN_NOT_FOUND', 'supplement 20: DELETE /tokens/{id} 404');
    // Control: the platform's own credentials still work.
    expectStatus(await api.get('/config'), 200, PlatformConfig);
  });

  it('lets a MANAGE token manage tokens', async () => {
    await basisSupplement('section 20: MANAGE manages config, tokens, customers');
    const manager = await createToken(['MANAGE']);
    const res = await api.post(TOKENS, { auth: asToken(manager), body: { name: `conformance-${randomUUID().slice(0, 8)}`, permissions: ['VIEW'] } });
    const made = expectStatus(res, 201, ApiToken, 'a MANAGE token creates a token');
    expectStatus(await api.delete(TOKEN, { auth: asToken(manager), params: { tokenId: made.id } }), 204, undefined, 'a MANAGE token deletes a token');
  });

  it('refuses quote create and execute with 403 to a token without TRANSACT, and lets a TRANSACT token create and execute the same quote', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender', ['error:403:FORBIDDEN']);
    await basisSupplement('sections 1 and 20: quote create/execute need TRANSACT, else 403');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    const [viewer, transactor] = await Promise.all([createToken(['VIEW', 'MANAGE']), createToken(['TRANSACT'])]);
    const body = quoteBody(accounts.USD.id, destination.id, 10_000);
    const { feeConfigs = [] } = await platformConfig();

    expectError(await api.post('/quotes', { auth: asToken(viewer), body }), 403, 'FORBIDDEN', PERMISSION_403('quote create'));
    const quote = expectStatus(await api.post('/quotes', { auth: asToken(transactor), body }), 201, Quote, 'a TRANSACT token creates the quote');
    expectQuoteMoney(quote, body, feeConfigs);

    const execute = (auth: ReturnType<typeof asToken>) => api.post('/quotes/{quoteId}/execute', { auth, params: { quoteId: quote.id } });
    expectError(await execute(asToken(viewer)), 403, 'FORBIDDEN', PERMISSION_403('quote execute'));
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused execute moves no money').toBe(100_000);
    const executed = expectStatus(await execute(asToken(transactor)), 200, Quote, 'a TRANSACT token executes the quote');
    expect(executed.totalSendingAmount, 'the executed quote sends what was quoted').toBe(quote.totalSendingAmount);
    expect(await balanceOf(customerId, accounts.USD.id), 'supplement 8: execute debits the source the sending total, to the cent').toBe(100_000 - quote.totalSendingAmount);
  });
});

// Supplement 20 states which permission does what ("VIEW reads all; TRANSACT sends payments (quote
// create/execute 403 without it); MANAGE manages config, tokens, customers; other per-endpoint checks not
// stated") and 28.5 lists "VIEW/MANAGE enforcement per endpoint" as not stated: a write by a token without
// MANAGE is recorded, not judged; a refusal must still be a client error with the error body that
// changes nothing, and an acceptance must do what was asked.
const PER_ENDPOINT_NOTE = {
  id: 'token-permission-per-endpoint',
  sentences: [
    'supplement 20: "VIEW reads all; TRANSACT sends payments (quote create/execute 403 without it); MANAGE manages config, tokens, customers; other per-endpoint checks not stated"',
    'supplement 28.5: "VIEW/MANAGE enforcement per endpoint" not stated',
  ],
};

/** A write by a token the supplement does not say may or may not make it: recorded; judged only as a refusal or as the write. */
function recordUnstatedWrite(res: ApiResponse, what: string): boolean {
  if (res.status >= 400) {
    expectRefusal(res, `${what} (supplement 28.5: not stated whether it is allowed)`, PER_ENDPOINT_NOTE, { statuses: [401], sentence: "supplement 20: \"A created token authenticates as Basic clientId:clientSecret\"; \"other per-endpoint checks not stated\": its credential may be refused for this write" });
    return false;
  }
  noteInterface(PER_ENDPOINT_NOTE.id, PER_ENDPOINT_NOTE.sentences, `${what}: ${res.status}, accepted`);
  return true;
}

describe('Token permissions: MANAGE and VIEW', () => {
  scenario({ area: 'API Tokens', operation: 'POST /tokens', section: 'Authentication', basis: 'supplement' });

  it('lets a MANAGE token create a customer and a VIEW token read it; a VIEW-only token\'s create is recorded, and when refused creates nothing', async () => {
    await basisSupplement('section 20: VIEW reads all; MANAGE manages config, tokens, customers; 28.5: VIEW/MANAGE enforcement per endpoint not stated');
    const [manager, viewer] = await Promise.all([createToken(['MANAGE']), createToken(['VIEW'])]);

    const byViewer = bareIndividual();
    const accepted = recordUnstatedWrite(await api.post('/customers', { auth: asToken(viewer), body: byViewer }), 'POST /customers with a VIEW-only token');
    const found = expectStatus(await api.get('/customers', { query: { platformCustomerId: byViewer.platformCustomerId } }), 200, CustomerPage).data;
    expect(found.map((c) => c.platformCustomerId), accepted ? 'an accepted create made the customer asked for' : 'a refused create made no customer').toEqual(accepted ? [byViewer.platformCustomerId] : []);

    const body = bareIndividual();
    const made = addressed(expectStatus(await api.post('/customers', { auth: asToken(manager), body }), 201, Customer, 'supplement 20: a MANAGE token manages customers (control)'));
    expect(made.platformCustomerId).toBe(body.platformCustomerId);
    const read = expectStatus(await api.get('/customers/{customerId}', { params: { customerId: made.id }, auth: asToken(viewer) }), 200, Customer, 'supplement 20: VIEW reads all');
    expect(read.id).toBe(made.id);
  });

  it('lets a VIEW token read the token list; a token without MANAGE creating a token is recorded, and when refused creates nothing; a MANAGE token creates one', async () => {
    await basisSupplement('section 20: VIEW reads all; MANAGE manages tokens; 28.5: VIEW/MANAGE enforcement per endpoint not stated');
    const [reader, manager] = await Promise.all([createToken(['VIEW', 'TRANSACT']), createToken(['MANAGE'])]);
    expectStatus(await api.get(TOKENS, { auth: asToken(reader) }), 200, ApiTokenPage, 'supplement 20: VIEW reads all (GET /tokens)');

    const name = `conformance-${randomUUID()}`;
    const res = await api.post(TOKENS, { auth: asToken(reader), body: { name, permissions: ['VIEW'] } });
    const accepted = recordUnstatedWrite(res, 'POST /tokens with a VIEW and TRANSACT token (no MANAGE)');
    const named = expectStatus(await api.get(TOKENS, { query: { name } }), 200, ApiTokenPage).data;
    expect(named.map((t) => t.name), accepted ? 'an accepted create made the token asked for' : 'a refused create made no token').toEqual(accepted ? [name] : []);

    const control = `conformance-${randomUUID()}`;
    const made = expectStatus(await api.post(TOKENS, { auth: asToken(manager), body: { name: control, permissions: ['VIEW'] } }), 201, ApiToken, 'supplement 20: a MANAGE token manages tokens (control)');
    expect(made.name).toBe(control);
  });
});
