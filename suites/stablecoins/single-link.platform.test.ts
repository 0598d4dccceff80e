// Interface: Errors / 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED ("several active links; pass
// stablecoinProviderAccountId"). basis: supplement (section 22): POST /stablecoins
// {..., stablecoinProviderAccountId?}; 400 _SELECTION_REQUIRED. The control of the refusal: with one
// ACTIVE link the link may be left out. Links are platform-wide, so this file runs alone: every other
// ACTIVE link is made INVALID with the target's declared trigger for the time of the scenario, and put
// back ACTIVE whatever happens.
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { COINS, LINK, LINKS, linkAccount, needStablecoins, post, tokenBody } from '../../helpers/flows/stablecoins.js';
import { api } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ProviderAccount, Stablecoin } from '../../helpers/schemas/stablecoins.js';
import { ids } from '../../helpers/spec/catalog.js';

const setLinkStatus = async (stablecoinProviderAccountId: string, status: 'ACTIVE' | 'INVALID') => {
  expectStatus(await api.post('/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}/status', { params: { stablecoinProviderAccountId }, body: { status } }), 200, ProviderAccount, 'the declared trigger sets the link status');
  const read = expectStatus(await api.get(LINK, { params: { stablecoinProviderAccountId } }), 200, ProviderAccount);
  expect(read.status, `the link reads ${status} after the trigger`).toBe(status);
};

describe('POST /stablecoins without stablecoinProviderAccountId', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins', section: 'Errors', basis: 'supplement' });

  it('registers on the only ACTIVE link when none is named, and answers 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED once a second link is ACTIVE', async (ctx) => {
    needStablecoins(ctx, [ids.error(400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED')]);
    await basisSupplement('stablecoinProviderAccountId? ; 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: "several active links; pass stablecoinProviderAccountId" (section 22; interface Errors / 400)');
    const only = await linkAccount();
    const others = (await walkPages(LINKS, ProviderAccount, { query: { status: 'ACTIVE' }, limit: 100 })).filter((l) => l.id !== only.id);
    const parked: string[] = [];
    try {
      for (const l of others) {
        await setLinkStatus(l.id, 'INVALID');
        parked.push(l.id);
      }
      const active = await walkPages(LINKS, ProviderAccount, { query: { status: 'ACTIVE' }, limit: 100 });
      expect(active.map((l) => l.id), 'one ACTIVE link on the platform').toEqual([only.id]);
      const coin = expectStatus(await post(COINS, tokenBody(undefined)), 201, Stablecoin, 'Supplement 22: with a single ACTIVE link stablecoinProviderAccountId may be left out');
      expect(coin.stablecoinProviderAccountId, 'Supplement 22: the registration is on the only ACTIVE link').toBe(only.id);

      const second = await linkAccount();
      expectError(await post(COINS, tokenBody(undefined)), 400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', 'Errors / 400: several active links; pass stablecoinProviderAccountId');
      expectStatus(await post(COINS, tokenBody(second.id)), 201, Stablecoin, 'control: naming one of the two links registers');
    } finally {
      for (const id of parked) await setLinkStatus(id, 'ACTIVE');
    }
  });
});
