// Interface: functional area Stablecoins ("register stablecoins"); Errors / 400
// STABLECOIN_PROVIDER_ACCOUNT_INVALID, _REVOKED, _SELECTION_REQUIRED ("several active links; pass
// stablecoinProviderAccountId"), Errors / 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND. basis: supplement
// (section 22): POST /stablecoins {providerTokenIdentifier*, networkTokenIdentifier*, network*: SPARK,
// stablecoinProviderAccountId?} -> 201 Stablecoin (registers an existing token); 400
// _SELECTION_REQUIRED; 404 link; 409. GET /stablecoins (issuanceStatus?, svcOperationsStatus?,
// provider?, paging) and GET /stablecoins/{id} (404). "_INVALID/_REVOKED (400) when the resolved link is
// INVALID/REVOKED, _NOT_FOUND (404) unknown link id (inferred)". How a link becomes INVALID or REVOKED
// is the target's (section 28.1): its declared trigger.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { COIN, COINS, LINK, MINTS, linkAccount, linkedToken, needStablecoins, post, registerToken, sparkWallet, tokenAmount, tokenBody } from '../../helpers/flows/stablecoins.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ProviderAccount, Stablecoin, StablecoinOperation } from '../../helpers/schemas/stablecoins.js';
import { ids } from '../../helpers/spec/catalog.js';

const setLinkStatus = async (stablecoinProviderAccountId: string, status: 'ACTIVE' | 'INVALID' | 'REVOKED') => {
  const res = await api.post('/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}/status', { params: { stablecoinProviderAccountId }, body: { status } });
  expectStatus(res, 200, ProviderAccount, 'the declared trigger sets the link status');
  const read = expectStatus(await api.get(LINK, { params: { stablecoinProviderAccountId } }), 200, ProviderAccount);
  expect(read.status, `the link reads ${status} after the trigger`).toBe(status);
};

describe('POST /stablecoins', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins', section: 'What the service does', basis: 'supplement' });

  it('registers an existing token on the link named: 201 Stablecoin on SPARK with the identifiers sent; GET and the filtered list show it', async (ctx) => {
    needStablecoins(ctx, [ids.operation('POST', COINS), ids.operation('GET', COINS), ids.operation('GET', COIN)]);
    await basisSupplement('POST /stablecoins -> 201 Stablecoin {..., network, decimals, issuanceStatus, svcOperationsStatus, stablecoinProviderAccountId, ...} (section 22)');
    const link = await linkAccount();
    const body = tokenBody(link.id);
    const coin = expectStatus(await post(COINS, body), 201, Stablecoin, 'Supplement 22: POST /stablecoins answers 201 Stablecoin');
    expect(coin, 'Supplement 22: the stablecoin is the token sent, on the link named, of its provider').toMatchObject({
      providerTokenIdentifier: body.providerTokenIdentifier,
      networkTokenIdentifier: body.networkTokenIdentifier,
      network: 'SPARK',
      stablecoinProviderAccountId: link.id,
      provider: link.provider,
      providerEnvironment: link.providerEnvironment,
    });

    const read = expectStatus(await api.get(COIN, { params: { stablecoinId: coin.id } }), 200, Stablecoin, 'Supplement 22: GET /stablecoins/{id}');
    expect(read, 'Supplement 22: GET answers the registered stablecoin').toMatchObject({ id: coin.id, providerTokenIdentifier: coin.providerTokenIdentifier, networkTokenIdentifier: coin.networkTokenIdentifier, stablecoinProviderAccountId: link.id, decimals: coin.decimals });
    const listed = await walkPages(COINS, Stablecoin, { query: { issuanceStatus: coin.issuanceStatus, svcOperationsStatus: coin.svcOperationsStatus, provider: coin.provider }, limit: 100 });
    expect(listed.map((c) => c.id), 'Supplement 22: the list filtered by issuanceStatus, svcOperationsStatus and provider holds the token').toContain(coin.id);
    expect(
      listed.every((c) => c.issuanceStatus === coin.issuanceStatus && c.svcOperationsStatus === coin.svcOperationsStatus && c.provider === coin.provider),
      'Supplement 22: every listed stablecoin matches the filters',
    ).toBe(true);
    const otherIssuance = coin.issuanceStatus === 'REJECTED' ? 'PROVISIONED' : 'REJECTED';
    const excluded = await walkPages(COINS, Stablecoin, { query: { issuanceStatus: otherIssuance }, limit: 100 });
    expect(excluded.map((c) => c.id), `Supplement 22: the list filtered by issuanceStatus ${otherIssuance} leaves the token out`).not.toContain(coin.id);

    expectError(await api.get(COIN, { params: { stablecoinId: `Stablecoin:${randomUUID()}` } }), 404, undefined, 'Supplement 22: GET /stablecoins/{id} answers 404 for an unknown stablecoin');
  });

  it('answers 409 for a token already registered on the link', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('POST /stablecoins: 409 (section 22); its code is not stated (28.2)');
    const link = await linkAccount();
    const body = tokenBody(link.id);
    expectStatus(await post(COINS, body), 201, Stablecoin, 'control: the first registration succeeds');
    const again = expectError(await post(COINS, body), 409, undefined, 'Supplement 22: registering the same token again answers 409');
    noteInterface('stablecoin-409-code', ['Supplement 22: POST /stablecoin-provider-accounts, POST /stablecoins answer 409', 'Supplement 28.2: codes for stablecoin 409s not stated'], `409 ${again.code}`);
  });

  it('requires Idempotency-Key: without it 400, and nothing is registered', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('"Every POST requires Idempotency-Key*" (section 22)');
    const link = await linkAccount();
    const body = tokenBody(link.id);
    expectError(await post(COINS, body, { key: null }), 400, undefined, 'Supplement 22: POST /stablecoins without Idempotency-Key is refused (400)');
    // Control, and proof that nothing was registered: the same token registers now (else a 409 duplicate).
    expectStatus(await post(COINS, body), 201, Stablecoin, 'control: with a key the registration succeeds');
  });

  it('a replay of a registration answers the first stablecoin and registers no other; a changed payload under the same key is refused', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('"Every POST requires Idempotency-Key* (≤255; replay = prior result, changed payload rejected)" (section 22)');
    const link = await linkAccount();
    const body = tokenBody(link.id);
    const key = randomUUID();
    const first = expectStatus(await post(COINS, body, { key }), 201, Stablecoin, 'Supplement 22: POST /stablecoins answers 201 Stablecoin');
    // A second registration of the same token would be a 409 duplicate: the replay answers the first result instead.
    const replay = expectStatus(await post(COINS, body, { key }), 201, Stablecoin, 'Supplement 22: the replay answers as the first request did (not a 409 duplicate)');
    expect(replay, 'Supplement 22: replay = prior result').toEqual(first);
    const changed = tokenBody(link.id);
    expectRefusal(await post(COINS, changed, { key }), 'Supplement 22: the same Idempotency-Key with a changed payload is rejected', {
      id: 'stablecoin-idempotency-changed-payload',
      sentences: ['Supplement 22: Idempotency-Key: changed payload rejected', 'Status and code of the rejection are not stated'],
    });
    const listed = await walkPages(COINS, Stablecoin, { limit: 100 });
    expect(listed.filter((c) => c.providerTokenIdentifier === body.providerTokenIdentifier).map((c) => c.id), 'one stablecoin for the replayed registration').toEqual([first.id]);
    expect(listed.some((c) => c.providerTokenIdentifier === changed.providerTokenIdentifier), 'the refused changed payload registered nothing').toBe(false);
    expectStatus(await post(COINS, changed), 201, Stablecoin, 'control: the changed payload under a new key registers');
  });

  it('answers 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED when several links are active and none is named', async (ctx) => {
    needStablecoins(ctx, [ids.error(400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED')]);
    await basisSupplement('400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED (section 22); the code is the interface\'s (Errors / 400)');
    const [first] = [await linkAccount(), await linkAccount()];
    expectError(await post(COINS, tokenBody(undefined)), 400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', 'Errors / 400: several active links; pass stablecoinProviderAccountId');
    expectStatus(await post(COINS, tokenBody(first.id)), 201, Stablecoin, 'control: the same registration naming the link succeeds');
  });

  it('answers 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND for an unknown link', async (ctx) => {
    needStablecoins(ctx, [ids.error(404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND')]);
    await basisSupplement('POST /stablecoins: 404 link; _NOT_FOUND for an unknown link id (section 22, inferred)');
    const link = await linkAccount();
    expectError(await post(COINS, tokenBody(`StablecoinProviderAccount:${randomUUID()}`)), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', 'Errors / 404: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND');
    expectStatus(await post(COINS, tokenBody(link.id)), 201, Stablecoin, 'control: a known link registers');
  });

  for (const [status, code] of [['INVALID', 'STABLECOIN_PROVIDER_ACCOUNT_INVALID'], ['REVOKED', 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED']] as const) {
    it(`answers 400 ${code} when the link is ${status}, for a registration and for a mint of a token on it`, async (ctx) => {
      needStablecoins(ctx, [ids.error(400, code)]);
      await basisSupplement(`${code} (400) when the resolved link is ${status} (section 22); the code is the interface's (Errors / 400)`);
      const { link, coin } = await linkedToken();
      const wallet = await sparkWallet();
      const mint = () => post(MINTS, { amount: tokenAmount(coin, 10_000), fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id } }, { params: { stablecoinId: coin.id } });
      expectStatus(await mint(), 201, StablecoinOperation, 'control: a mint of the token succeeds while its link is ACTIVE');

      await setLinkStatus(link.id, status);
      expectError(await post(COINS, tokenBody(link.id)), 400, code, `Errors / 400: ${code}`);
      expectError(await mint(), 400, code, `Supplement 22: a mint resolves the token's link, which is ${status}`);

      await setLinkStatus(link.id, 'ACTIVE');
      await registerToken(link.id); // control: the same link ACTIVE again registers
    });
  }
});
