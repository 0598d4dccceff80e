// Interface: functional area Stablecoins ("Link provider accounts, ..."); Errors / 404
// STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND. basis: supplement (section 22): POST
// /stablecoin-provider-accounts {provider*, apiClientId*, apiClientSecret* (write-only),
// providerAccountId?} -> 201 ProviderAccount; 400; 409. GET list (provider?, status?, paging) and GET
// by id (404, STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND for an unknown link, inferred). "Every POST requires
// Idempotency-Key* (≤255; replay = prior result, changed payload rejected)". The value of `provider` is
// not reproduced: the target declares it (SVC_STABLECOIN_PROVIDER). The codes of the 409 and of the
// missing or reused key are not stated (section 28.2): any code the interface enumerates for the status.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { LINK, LINKS, linkAccount, linkBody, needStablecoins, newKey, post } from '../../helpers/flows/stablecoins.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ProviderAccount } from '../../helpers/schemas/stablecoins.js';
import { ids } from '../../helpers/spec/catalog.js';

const getLink = (stablecoinProviderAccountId: string) => api.get(LINK, { params: { stablecoinProviderAccountId } });

describe('POST /stablecoin-provider-accounts', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoin-provider-accounts', section: 'What the service does', basis: 'supplement' });

  it('links a provider account: 201 ProviderAccount as sent, never answering the write-only secret; GET and the filtered list show it', async (ctx) => {
    needStablecoins(ctx, [ids.operation('POST', LINKS), ids.operation('GET', LINKS), ids.operation('GET', LINK)]);
    await basisSupplement('ProviderAccount {id, provider, providerAccountId, providerEnvironment, status, ...}; apiClientSecret write-only (section 22)');
    const body = linkBody();
    const link = await linkAccount(body);
    expect(link, 'Supplement 22: the link is of the provider and provider account sent').toMatchObject({ provider: body.provider, providerAccountId: body.providerAccountId });
    expect(JSON.stringify(link), 'Supplement 22: apiClientSecret is write-only').not.toContain(body.apiClientSecret);

    const read = expectStatus(await getLink(link.id), 200, ProviderAccount, 'Supplement 22: GET /stablecoin-provider-accounts/{id}');
    expect(read).toMatchObject({ id: link.id, provider: link.provider, providerAccountId: link.providerAccountId, status: link.status, providerEnvironment: link.providerEnvironment });

    const listed = await walkPages(LINKS, ProviderAccount, { query: { provider: link.provider, status: link.status }, limit: 100 });
    expect(listed.map((l) => l.id), 'Supplement 22: the list filtered by provider and status holds the new link').toContain(link.id);
    expect(listed.every((l) => l.provider === link.provider && l.status === link.status), 'Supplement 22: every listed link matches the provider and status filters').toBe(true);
    const other = link.status === 'ACTIVE' ? 'REVOKED' : 'ACTIVE';
    const filteredOut = await walkPages(LINKS, ProviderAccount, { query: { status: other }, limit: 100 });
    expect(filteredOut.map((l) => l.id), `Supplement 22: the list filtered by status ${other} leaves the ${link.status} link out`).not.toContain(link.id);
  });

  it('answers 409 for a provider account that is already linked', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('POST /stablecoin-provider-accounts: 409 (section 22); its code is not stated (28.2)');
    const body = linkBody();
    await linkAccount(body); // control: the first link of this provider account succeeds
    const again = expectError(await post(LINKS, { ...body, apiClientId: `${body.apiClientId}-2` }), 409, undefined, 'Supplement 22: a second link of the same provider account answers 409');
    noteInterface('stablecoin-409-code', ['Supplement 22: POST /stablecoin-provider-accounts, POST /stablecoins answer 409', 'Supplement 28.2: codes for stablecoin 409s not stated'], `409 ${again.code}`);
  });
});

describe('GET /stablecoin-provider-accounts/{stablecoinProviderAccountId}', () => {
  scenario({ area: 'Stablecoins', operation: 'GET /stablecoin-provider-accounts/{stablecoinProviderAccountId}', section: 'Errors', basis: 'supplement' });

  it('answers 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND for an unknown link', async (ctx) => {
    needStablecoins(ctx, [ids.error(404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND')]);
    await basisSupplement('_NOT_FOUND (404) for an unknown link id (section 22, inferred); the code is the interface\'s (Errors / 404)');
    const link = await linkAccount();
    expectStatus(await getLink(link.id), 200, ProviderAccount, 'control: a known link is answered');
    expectError(await getLink(`StablecoinProviderAccount:${randomUUID()}`), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', 'Errors / 404: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND');
  });
});

describe('Idempotency-Key on POST /stablecoin-provider-accounts', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoin-provider-accounts', section: 'What the service does', basis: 'supplement' });

  it('is required: without it the POST answers 400 and links nothing', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('"Every POST requires Idempotency-Key*" (section 22; section 1 says optional: the area\'s own section is the detailed one; openapi.yaml: required, maxLength 255)');
    const body = linkBody();
    // Description: POST /stablecoin-provider-accounts, Idempotency-Key: "Idempotency key for retrying this request safely", required: true, maxLength: 255.
    const refused = expectError(await post(LINKS, body, { key: null }), 400, undefined, 'Supplement 22 and Description: Idempotency-Key required; a POST without it is refused (400)');
    expectError(await post(LINKS, body, { key: 'k'.repeat(256) }), 400, undefined, 'Supplement 22 and Description: Idempotency-Key maxLength 255');
    noteInterface('stablecoin-idempotency-key-missing-code', ['Supplement 22: every POST requires Idempotency-Key*', 'The code of the refusal is not stated'], `400 ${refused.code}`);
    // Control, and proof that nothing was linked: the same provider account links now (a link made by
    // the refused requests would make this a duplicate).
    await linkAccount(body);
  });

  it('answers a replay with the first result and links once', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('Idempotency-Key: "replay = prior result" (sections 1 and 22)');
    const key = newKey();
    const body = linkBody();
    const first = expectStatus(await post(LINKS, body, { key }), 201, ProviderAccount);
    const replay = await post(LINKS, body, { key });
    expect(replay.status, 'Supplement 22: the replay answers as the first request did').toBe(201);
    expect(expectStatus(replay, 201, ProviderAccount), 'Supplement 22: the replay answers the first result, the same link').toEqual(first);
    const listed = await walkPages(LINKS, ProviderAccount, { query: { provider: capabilities.stablecoins.provider }, limit: 100 });
    expect(listed.filter((l) => l.providerAccountId === body.providerAccountId).length, 'one link for the provider account, however often the request is replayed').toBe(1);
  });

  it('refuses the key with a changed payload, and a new key takes that payload', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('Idempotency-Key: "changed payload rejected" (section 22); status and code not stated');
    const key = newKey();
    const body = linkBody();
    expectStatus(await post(LINKS, body, { key }), 201, ProviderAccount);
    const changed = linkBody();
    expectRefusal(await post(LINKS, changed, { key }), 'Supplement 22: the same Idempotency-Key with a changed payload is rejected', {
      id: 'stablecoin-idempotency-changed-payload',
      sentences: ['Supplement 22: Idempotency-Key: changed payload rejected', 'Status and code of the rejection are not stated'],
    });
    const fresh = expectStatus(await post(LINKS, changed), 201, ProviderAccount, 'control: the changed payload with a new key links');
    expect(fresh.providerAccountId).toBe(changed.providerAccountId);
  });
});
