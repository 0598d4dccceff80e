// Interface: functional area "Embedded Wallet Auth". Delegated keys, their legs (202 -> 202 -> 201), states
// PENDING, ACTIVE, REVOKED and refusals: basis: supplement (section 17).
import { describe, expect, it } from 'vitest';
import { expectError, expectRefusedTransition, expectStatus, expectTransition } from '../../helpers/expect.js';
import { DELEGATED_KEY as KEY, DELEGATED_KEYS as KEYS, delegatedKeyLegs as twoLegs, walletWithCard } from '../../helpers/flows/delegated-keys.js';
import { loggedInWallet, signedRetryOf, stampHeaders, needEmbeddedWallet } from '../../helpers/flows/wallet.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { DelegatedKey, DelegatedKeyList, SignatureRequest } from '../../helpers/schemas/wallet.js';

const keysOf = async (accountId: string) => expectStatus(await api.get(KEYS, { query: { accountId } }), 200, DelegatedKeyList).data;

describe('POST /auth/delegated-keys', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/delegated-keys', section: 'Functional areas', basis: 'supplement' });

  it('creates a key PENDING after the first signed leg and ACTIVE after the second (201), listed by account and by funding source, read by id', async (ctx) => {
    needEmbeddedWallet(ctx, ['transition:delegated-key:PENDING->ACTIVE']);
    await basisSupplement('section 17: 202 -> 202 -> 201 DelegatedKey ACTIVE; GET lists include PENDING/REVOKED');
    const { account, card, call, key } = await walletWithCard();
    const second = await twoLegs(call, key);
    const pending = (await keysOf(account.id)).filter((k) => k.cardId === card.id);
    expect(pending.map((k) => k.status), 'after the first signed leg the key is PENDING').toEqual(['PENDING']);

    const created = expectStatus(await signedRetryOf('POST', KEYS, call, stampHeaders(key, second)), 201, DelegatedKey);
    expectTransition('delegated-key', pending[0]!.status, created.status, 'PENDING', 'ACTIVE');
    expect([created.id, created.cardId, created.accountId, created.nickname]).toEqual([pending[0]!.id, card.id, account.id, 'card signer']);
    const got = expectStatus(await api.get(KEY, { params: { delegatedKeyId: created.id } }), 200, DelegatedKey);
    expect(got.status).toBe('ACTIVE');
    const bySource = expectStatus(await api.get(KEYS, { query: { fundingSourceId: created.fundingSourceId } }), 200, DelegatedKeyList).data;
    expect(bySource.map((k) => k.id)).toContain(created.id);
  });

  it('answers 409 to a second key while one is ACTIVE, and creates it again once that one is revoked', async (ctx) => {
    needEmbeddedWallet(ctx, ['transition:delegated-key:ACTIVE->REVOKED']);
    await basisSupplement('section 17: 409 ACTIVE key exists; DELETE 204, key REVOKED');
    const { card, call, key } = await walletWithCard();
    const active = expectStatus(await signedRetryOf('POST', KEYS, call, stampHeaders(key, await twoLegs(call, key))), 201, DelegatedKey);

    let res = await api.post(KEYS, { body: call.body });
    for (let leg = 0; leg < 2 && res.status === 202; leg++) res = await signedRetryOf('POST', KEYS, call, stampHeaders(key, expectStatus(res, 202, SignatureRequest)));
    expectError(res, 409, undefined, 'supplement 17: 409 when an ACTIVE key exists');

    expectStatus(await api.delete(KEY, { params: { delegatedKeyId: active.id } }), 204);
    const revoked = expectStatus(await api.get(KEY, { params: { delegatedKeyId: active.id } }), 200, DelegatedKey);
    expectTransition('delegated-key', active.status, revoked.status, 'ACTIVE', 'REVOKED');
    const again = expectStatus(await signedRetryOf('POST', KEYS, call, stampHeaders(key, await twoLegs(call, key))), 201, DelegatedKey, 'control: with no ACTIVE key, a new one is created');
    expect(again.cardId).toBe(card.id);
  });

  it('keeps a key abandoned after the first signed leg PENDING: it does not block another, and DELETE of it answers 400; the list keeps it and a revoked one', async (ctx) => {
    needEmbeddedWallet(ctx, ['transition:delegated-key:PENDING->REVOKED']);
    await basisSupplement('section 17: abandoned after leg 2 stays PENDING (does not block another); DELETE 400 not ACTIVE');
    const { account, card, call, key } = await walletWithCard();
    await twoLegs(call, key);
    const abandoned = (await keysOf(account.id)).find((k) => k.cardId === card.id && k.status === 'PENDING')!;
    expect(abandoned, 'the abandoned key is listed PENDING').toBeDefined();

    expectError(await api.delete(KEY, { params: { delegatedKeyId: abandoned.id } }), 400, undefined, 'supplement 17: DELETE of a key that is not ACTIVE');
    const after = expectStatus(await api.get(KEY, { params: { delegatedKeyId: abandoned.id } }), 200, DelegatedKey);
    expectRefusedTransition('delegated-key', 'PENDING', 'REVOKED', after.status);
    const created = expectStatus(await signedRetryOf('POST', KEYS, call, stampHeaders(key, await twoLegs(call, key))), 201, DelegatedKey, 'control: another key is created past the PENDING one');
    expect(created.id).not.toBe(abandoned.id);

    expectStatus(await api.delete(KEY, { params: { delegatedKeyId: created.id } }), 204);
    expectError(await api.delete(KEY, { params: { delegatedKeyId: created.id } }), 400, undefined, 'supplement 17: DELETE of a REVOKED key');
    const still = expectStatus(await api.get(KEY, { params: { delegatedKeyId: created.id } }), 200, DelegatedKey);
    expectRefusedTransition('delegated-key', 'REVOKED', 'REVOKED', still.status);
    const listed = new Map((await keysOf(account.id)).map((k) => [k.id, k.status]));
    expect([listed.get(abandoned.id), listed.get(created.id)], 'supplement 17: GET /auth/delegated-keys lists keys incl. PENDING/REVOKED: the abandoned key PENDING, the revoked one REVOKED').toEqual(['PENDING', 'REVOKED']);
  });

  it('answers 400 to a list with neither accountId nor fundingSourceId and 404 to an unknown key id; the filtered list answers 200', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: GET /auth/delegated-keys accountId? / fundingSourceId? (at least one) 400; GET /{id} 404');
    const { account } = await loggedInWallet();
    expectError(await api.get(KEYS), 400);
    expectStatus(await api.get(KEYS, { query: { accountId: account.id } }), 200, DelegatedKeyList);
    expectError(await api.get(KEY, { params: { delegatedKeyId: `DelegatedKey:${crypto.randomUUID()}` } }), 404);
  });
});
