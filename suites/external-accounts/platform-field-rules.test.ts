// Every documented field rule of the platform's external-account create, both ways, with generated data
// (helpers/field-rules/external-accounts.ts holds the rules and their citations). basis: supplement
// (section 7: create request, wallet and fiat variants, beneficiary, "409 exists"; section 5: the
// shared formats), interface: ExternalAccount and Errors (FieldError dot paths).
import { describe, expect, it } from 'vitest';
import { walkPages } from '../../helpers/flows/pages.js';
import { api, capabilities } from '../../helpers/harness.js';
import { expectDuplicateRefused, LIGHTNING_ALIASES as aliases } from '../../helpers/flows/external-accounts.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { externalAccountCreate } from '../../helpers/field-rules/external-accounts.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';

const PLATFORM_CREATE = 'POST /platform/external-accounts';

/** The string values of an object's members, at any depth, of six characters or more (generated numbers, addresses, names). */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return value.length >= 6 ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

describe(PLATFORM_CREATE, () => {
  scenario({ area: 'External Accounts', operation: PLATFORM_CREATE, section: 'Resources and their fields', basis: 'supplement' });
  const spec = () => externalAccountCreate(PLATFORM_CREATE, capabilities.counterpartyRules === true);
  const send = (body: Record<string, unknown>) => api.post('/platform/external-accounts', { body });
  const platformAccounts = (currency: string) => walkPages('/platform/external-accounts', ExternalAccount, { query: { currency }, limit: 100 });
  const platformIds = async (currency: string) => (await platformAccounts(currency)).map((a) => a.id);

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and creates nothing', async () => {
    await basisSupplement('section 7: "same minus customerId, defaultUmaDepositAccount"; generated, one rule broken per request');
    const marker = `rules-${Date.now().toString(36)}`;
    // The account details of the requests that broke a platformAccountId rule, which carry no marker: their
    // generated numbers, addresses and names find an account stored from one.
    const unmarked: string[][] = [];
    let n = 0;
    await checkRulesRefused({
      independent: true,
      spec: spec(),
      // Every refused request carries a platformAccountId of its own (unless its rule is about that field).
      complete: (b) => ({ ...b, platformAccountId: `${marker}-${n++}` }),
      send: (body) => {
        if (!String(body.platformAccountId ?? '').startsWith(marker)) unmarked.push(stringLeaves(body.accountInfo));
        return send(body);
      },
    });
    const listed = await walkPages('/platform/external-accounts', ExternalAccount, { limit: 100 });
    const fromUnmarked = (a: ExternalAccount) => {
      const held = new Set(stringLeaves(a.accountInfo));
      return unmarked.some((sent) => sent.length > 0 && sent.every((v) => held.has(v)));
    };
    const created = listed.filter((a) => String(a.platformAccountId ?? '').startsWith(marker) || fromUnmarked(a));
    expect(created.map((a) => a.id), 'refused creates added no platform account').toEqual([]);
  });

  it('accepts valid requests of every account type, reads them back as sent, and refuses the same details again with 409', async () => {
    await basisSupplement('section 7: every variant, optional fields present or not; "409 exists"');
    const used = new Set<string>();
    await checkValidAccepted({
      spec: spec(),
      // The platform holds every account: a published invoice or offer is sent once, not again as a new account.
      variants: (v) => v.name !== 'LIGHTNING',
      send,
      created: { status: 201, schema: ExternalAccount },
      readBack: (a) => api.get('/platform/external-accounts/{externalAccountId}', { params: { externalAccountId: a.id } }),
      aliases,
      then: async (sent, created) => {
        used.add(created.id);
        await expectDuplicateRefused(send, sent, created, () => platformAccounts(String(sent.currency)));
      },
    });
    expect(used.size, 'valid platform accounts were created').toBeGreaterThan(0);
  });
});
