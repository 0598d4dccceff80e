// The stablecoin lists: every documented filter narrows (with a control: a value the item does not have
// leaves it out), paging with a small limit visits every item once, limit outside 1–100 is refused. The
// link and stablecoin lists are the platform's, which other scenarios change meanwhile: each is paged
// whole, and every item that reads the same before and after the walk must be in it once
// (helpers/flows/list-rules.ts); no operation of the documents deletes a link or a stablecoin, so a
// page that says hasMore is followed by items.
// basis: supplement (section 22: links `provider?, status?`, stablecoins `issuanceStatus?,
// svcOperationsStatus?, provider?`, operations `operationType?`, each with paging; section 1: limit
// 1–100, cursor = the previous nextCursor). The provider filter has no control: openapi.yaml's
// StablecoinProvider enum has one value (BRALE), so the only value a valid request may send is the
// items' own, and none can be the value that leaves an item out; its filter is judged by what it lists.
import { describe, expect, it } from 'vitest';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { expectPagedOverChanging } from '../../helpers/flows/list-rules.js';
import { walkPages } from '../../helpers/flows/pages.js';
import {
  BURNS, COINS, LINKS, MINTS, OPERATIONS, linkAccount, linkedToken, needStablecoins, platformBankAccount, post, sparkWallet, tokenAmount,
} from '../../helpers/flows/stablecoins.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { COIN_LIST, LINK_LIST, OPERATION_LIST } from '../../helpers/field-rules/stablecoins.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { PROVIDER_ACCOUNT_STATUSES, ProviderAccount, Stablecoin, StablecoinOperation } from '../../helpers/schemas/stablecoins.js';
import type { z } from 'zod';

/** The items a filter value lists (walked `limit` at a time, each page asserted), each matching it. */
async function filtered<T extends z.ZodType>(template: string, item: T, field: string, value: string, limit = 100, params?: Record<string, string>) {
  const items = await walkPages(template, item, { query: { [field]: value }, params, limit }) as Record<string, unknown>[];
  for (const x of items) expect(x[field], `supplement §22: ${template}?${field}=${value} lists only items whose ${field} is ${value}; ${String(x.id)} has ${String(x[field])}`).toBe(value);
  return items.map((x) => String(x.id));
}

/** limit outside 1–100 refused, 1 and 100 taken; `perToken` lists are read under a new token. */
const limitRefused = (template: string, op: string, perToken = false) =>
  it.for([0, 101])('refuses limit=%s with 400 (limit is 1 to 100), and accepts 1 and 100', async (limit, ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 1: limit 1–100');
    const params = perToken ? { stablecoinId: (await linkedToken()).coin.id } : undefined;
    expectError(await api.get(template, { params, query: { limit } }), 400, undefined, 'supplement §1: limit is 1 to 100');
    expectStatus(await api.get(template, { params, query: { limit: 1 } }), 200);
    expectStatus(await api.get(template, { params, query: { limit: 100 } }), 200);
    recordRule(op, LIST_RULES.limitRange);
  });

describe(LINK_LIST, () => {
  scenario({ area: 'Stablecoins', operation: LINK_LIST, section: 'What the service does', basis: 'supplement' });

  it('status and provider narrow the list of links, and paging by two visits every link once', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: GET /stablecoin-provider-accounts provider?, status?, paging');
    const links = [await linkAccount(), await linkAccount(), await linkAccount()];
    // This target's trigger (declared with the stablecoin triggers): the provider answers one link INVALID, another is REVOKED.
    for (const [link, status] of [[links[1]!, 'INVALID'], [links[2]!, 'REVOKED']] as const) {
      expectStatus(await api.post('/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}/status', { params: { stablecoinProviderAccountId: link.id }, body: { status } }), 200);
    }
    const want: Record<string, string> = { ACTIVE: links[0]!.id, INVALID: links[1]!.id, REVOKED: links[2]!.id };
    for (const status of PROVIDER_ACCOUNT_STATUSES) {
      const listed = await filtered(LINKS, ProviderAccount, 'status', status, status === 'ACTIVE' ? 100 : 1);
      expect(listed, `status=${status} lists the ${status} link ${want[status]}`).toContain(want[status]);
      for (const [other, id] of Object.entries(want)) if (other !== status) expect(listed, `control: status=${status} leaves the ${other} link ${id} out`).not.toContain(id);
    }
    recordRule(LINK_LIST, LIST_RULES.filter('status'));
    const paged = await expectPagedOverChanging(LINK_LIST, LINKS, ProviderAccount, {}, 2, { growsOnly: true });
    expect(paged, 'paged by two, the list holds the three links just made').toEqual(expect.arrayContaining(links.map((l) => l.id)));

    expect(await filtered(LINKS, ProviderAccount, 'provider', links[0]!.provider), `provider=${links[0]!.provider} lists the link`).toContain(links[0]!.id);
    recordRule(LINK_LIST, LIST_RULES.filter('provider'));
  });

  limitRefused(LINKS, LINK_LIST);
});

describe(COIN_LIST, () => {
  scenario({ area: 'Stablecoins', operation: COIN_LIST, section: 'What the service does', basis: 'supplement' });

  it('issuanceStatus, svcOperationsStatus and provider narrow the list, and paging by one visits every stablecoin once', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: GET /stablecoins issuanceStatus?, svcOperationsStatus?, provider?, paging');
    const { coin } = await linkedToken();
    const { coin: second } = await linkedToken();
    const others: Record<string, string> = {
      issuanceStatus: coin.issuanceStatus === 'REJECTED' ? 'PROVISIONED' : 'REJECTED',
      svcOperationsStatus: coin.svcOperationsStatus === 'DISABLED' ? 'ENABLED' : 'DISABLED',
    };
    for (const field of ['issuanceStatus', 'svcOperationsStatus'] as const) {
      expect(await filtered(COINS, Stablecoin, field, coin[field], field === 'issuanceStatus' ? 2 : 100), `${field}=${coin[field]} lists ${coin.id}`).toContain(coin.id);
      expect(await filtered(COINS, Stablecoin, field, others[field]!), `control: ${field}=${others[field]} leaves ${coin.id} out`).not.toContain(coin.id);
      recordRule(COIN_LIST, LIST_RULES.filter(field));
    }
    const paged = await expectPagedOverChanging(COIN_LIST, COINS, Stablecoin, {}, 1, { growsOnly: true });
    expect(paged, 'paged by one, the list holds both stablecoins just registered').toEqual(expect.arrayContaining([coin.id, second.id]));
    expect(await filtered(COINS, Stablecoin, 'provider', coin.provider), `provider=${coin.provider} lists ${coin.id}`).toContain(coin.id);
    recordRule(COIN_LIST, LIST_RULES.filter('provider'));
  });

  limitRefused(COINS, COIN_LIST);
});

describe(OPERATION_LIST, () => {
  scenario({ area: 'Stablecoins', operation: OPERATION_LIST, section: 'Endpoints', basis: 'supplement' });

  it('operationType narrows the list to mints or burns, paging by one visits every operation once, and another token\'s operations never show', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: GET /stablecoins/{id}/operations operationType?, paging (newest first)');
    const { coin } = await linkedToken();
    const { coin: other } = await linkedToken();
    const [bank, spark] = [await platformBankAccount(), await sparkWallet()];
    const mint = (c: Stablecoin) => post(MINTS, { amount: tokenAmount(c, 1_000), fundingSource: { type: 'WIRE' }, destination: { accountId: spark.id } }, { params: { stablecoinId: c.id } });
    const burn = (c: Stablecoin) => post(BURNS, { amount: tokenAmount(c, 1_000), source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail: 'WIRE' } }, { params: { stablecoinId: c.id } });
    const made: Record<'MINT' | 'BURN', string[]> = { MINT: [], BURN: [] };
    for (let i = 0; i < 2; i++) {
      made.MINT.push(expectStatus(await mint(coin), 201, StablecoinOperation, 'supplement §22: a mint').id);
      made.BURN.push(expectStatus(await burn(coin), 201, StablecoinOperation, 'supplement §22: a burn').id);
    }
    const elsewhere = [expectStatus(await mint(other), 201, StablecoinOperation).id, expectStatus(await burn(other), 201, StablecoinOperation).id];
    const params = { stablecoinId: coin.id };

    const all = (await walkPages(OPERATIONS, StablecoinOperation, { params, limit: 1, settled: true })).map((o) => o.id);
    expect([...all].sort(), `paging ${coin.id}'s operations by one visits each of its four operations once`).toEqual([...made.MINT, ...made.BURN].sort());
    for (const id of elsewhere) expect(all, `another token's operation ${id} is not listed under ${coin.id}`).not.toContain(id);
    recordRule(OPERATION_LIST, LIST_RULES.pagingOnce);

    for (const type of ['MINT', 'BURN'] as const) {
      const listed = await filtered(OPERATIONS, StablecoinOperation, 'operationType', type, 1, params);
      expect([...listed].sort(), `operationType=${type} lists exactly the token's ${type} operations (control: the other type's are left out)`).toEqual([...made[type]].sort());
    }
    recordRule(OPERATION_LIST, LIST_RULES.filter('operationType'));
  });

  limitRefused(OPERATIONS, OPERATION_LIST, true);
});
