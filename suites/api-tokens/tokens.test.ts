// Interface: functional area "API Tokens" (manage API tokens programmatically); Errors / 404
// (TOKEN_NOT_FOUND); Authentication 1 and 3. The operations, the ApiToken record and the permission
// rules: basis: supplement (sections 1, 11 and 20).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { asToken, createToken, TOKEN, TOKENS } from '../../helpers/flows/wallet.js';
import { balanceOf, eurDestination, expectQuoteMoney, platformConfig, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { PlatformConfig, Quote } from '../../helpers/schemas.js';
import { ApiToken, ApiTokenPage } from '../../helpers/schemas/wallet.js';

const unknownToken = () => ({ tokenId: `Token:${randomUUID()}` });

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

describe('Authenticating with a token (Basic clientId:clientSecret)', () => {
  scenario({ area: 'API Tokens', operation: 'DELETE /tokens/{tokenId}', section: 'Authentication', basis: 'supplement' });

  it('authenticates a VIEW token for reads until it is deleted, then answers 401 UNAUTHORIZED at once; the deleted token is 404 TOKEN_NOT_FOUND', async () => {
    await basisSupplement('section 20: a created token authenticates as Basic clientId:clientSecret; VIEW reads all; DELETE 204; 404');
    const token = await createToken(['VIEW']);
    expectStatus(await api.get('/config', { auth: asToken(token) }), 200, PlatformConfig, 'supplement 20: a VIEW token reads');

    expectStatus(await api.delete(TOKEN, { params: { tokenId: token.id } }), 204);

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

    expectError(await api.post('/quotes', { auth: asToken(viewer), body }), 403, undefined, 'supplement 1: quote create needs TRANSACT, else 403');
    const quote = expectStatus(await api.post('/quotes', { auth: asToken(transactor), body }), 201, Quote, 'a TRANSACT token creates the quote');
    expectQuoteMoney(quote, body, feeConfigs);

    const execute = (auth: ReturnType<typeof asToken>) => api.post('/quotes/{quoteId}/execute', { auth, params: { quoteId: quote.id } });
    expectError(await execute(asToken(viewer)), 403, undefined, 'supplement 1: quote execute needs TRANSACT, else 403');
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused execute moves no money').toBe(100_000);
    const executed = expectStatus(await execute(asToken(transactor)), 200, Quote, 'a TRANSACT token executes the quote');
    expect(executed.totalSendingAmount, 'the executed quote sends what was quoted').toBe(quote.totalSendingAmount);
    expect(await balanceOf(customerId, accounts.USD.id), 'supplement 8: execute debits the source the sending total, to the cent').toBe(100_000 - quote.totalSendingAmount);
  });
});
