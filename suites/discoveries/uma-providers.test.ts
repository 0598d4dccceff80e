// Interface: Discoveries area ("Discover payment rails, banks and providers for a country and currency
// corridor"). GET /uma-providers, its filters, paging and item shape: basis: supplement (sections 1, 18);
// the item's types and the query parameters' are openapi.yaml's (UmaProvider, getAvailableUmaProviders).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { expectPageCursor, walkPages } from '../../helpers/flows/pages.js';
import { api } from '../../helpers/harness.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { UmaProvider } from '../../helpers/schemas/uma.js';
import { pageHasMoreOptionalOf } from '../../helpers/schemas/page.js';

const PATH = '/uma-providers';
type Provider = z.infer<typeof UmaProvider>;
// openapi.yaml, UmaProvider: no member is required, so an absent one reads as empty.
const key = (p: Provider) => p.domain ?? p.lei ?? p.name ?? JSON.stringify(p);
const regions = (p: Provider) => p.supportedRegions ?? [];
const codes = (p: Provider) => (p.supportedCurrencies ?? []).flatMap((c) => (c.code === undefined ? [] : [c.code]));

describe('GET /uma-providers', () => {
  scenario({ area: 'Discoveries', operation: 'GET /uma-providers', section: 'What the service does', basis: 'supplement' });

  it.concurrent('pages through the providers: each once, totalCount the number of them', async () => {
    await basisSupplement('GET /uma-providers: paging, {data[{name, supportedRegions, domain, logoUrl, supportedCurrencies, lei, allowListStatus}], hasMore?, nextCursor?, totalCount?} (sections 1, 18)');
    const first = expectStatus(await api.get(PATH, { query: { limit: 100 } }), 200, pageHasMoreOptionalOf(UmaProvider));
    expectPageCursor(first, `GET ${PATH}?limit=100`);
    const firstData = first.data ?? [];
    const walked = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 3, settled: true });
    // A list longer than one page of 100 is walked further than the first page shows: the walk begins with it.
    expect(walked.slice(0, firstData.length).map(key), 'Supplement 1: the pages, in order, hold each provider once').toEqual(firstData.map(key));
    if (!first.hasMore) expect(walked.length, 'Supplement 1: the pages hold the whole list and no more').toBe(firstData.length);
    if (first.totalCount !== undefined && !first.hasMore) expect(first.totalCount, 'Supplement 1: totalCount counts the list').toBe(walked.length);
    // Paging is judged (and recorded) where the walk read more than one page.
    if (walked.length > 3) recordRule('GET /uma-providers', LIST_RULES.pagingOnce);
  });

  it.concurrent('filters by countryCode and currencyCode; hasBlockedProviders=false lists no provider beyond the default', async () => {
    await basisSupplement('countryCode?, currencyCode?, hasBlockedProviders? (default include) (section 18)');
    const all = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100 });
    expect(all.length, 'a target lists at least one provider').toBeGreaterThan(0);
    // A region and a currency some provider lacks, where there are such (else a target ignoring the
    // filter answers the same, and the filter is not recorded).
    const lacking = all.find((p) => regions(p).length > 0 && all.some((q) => !regions(q).includes(regions(p)[0]!)));
    const country = regions(lacking ?? all.find((p) => regions(p).length > 0) ?? all[0]!)[0] ?? 'US';
    const currency = codes(all.find((p) => codes(p).length > 0 && all.some((q) => !codes(q).includes(codes(p)[0]!))) ?? all.find((p) => codes(p).length > 0) ?? all[0]!)[0] ?? 'USD';
    const withCountry = all.filter((p) => regions(p).includes(country)).map(key);
    const withCurrency = all.filter((p) => codes(p).includes(currency)).map(key);
    const inCountry = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100, query: { countryCode: country } });
    expect(inCountry.map(key).sort(), `Supplement 18: countryCode=${country} lists the providers of that region`).toEqual([...withCountry].sort());
    for (const p of inCountry) expect(regions(p), `Supplement 18: countryCode=${country} lists only providers of that region`).toContain(country);
    if (withCountry.length < all.length) recordRule('GET /uma-providers', LIST_RULES.filter('countryCode'));
    const inCurrency = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100, query: { currencyCode: currency } });
    expect(inCurrency.map(key).sort(), `Supplement 18: currencyCode=${currency} lists the providers of that currency`).toEqual([...withCurrency].sort());
    for (const p of inCurrency) expect(codes(p), `Supplement 18: currencyCode=${currency} lists only providers of that currency (openapi.yaml, UmaProvider: supportedCurrencies [Currency])`).toContain(currency);
    if (withCurrency.length < all.length) recordRule('GET /uma-providers', LIST_RULES.filter('currencyCode'));
    const unblocked = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100, query: { hasBlockedProviders: 'false' } });
    const domains = new Set(all.map(key));
    for (const p of unblocked) expect(domains.has(key(p)), 'Supplement 18: hasBlockedProviders=false narrows the default (which includes them)').toBe(true);
  });

  it.concurrent('hasBlockedProviders=false leaves out the providers off the allow list the default includes, and sortOrder desc (the default) is the reverse of asc', async () => {
    await basisSupplement('hasBlockedProviders? (default include), sortOrder (section 18); openapi.yaml, getAvailableUmaProviders: hasBlockedProviders boolean ("whether to include providers which are not on your allowlist"), sortOrder asc | desc (default desc); UmaProvider.allowListStatus boolean');
    const all = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100 });
    // "default include": the default lists what hasBlockedProviders=true lists.
    const withBlocked = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100, query: { hasBlockedProviders: 'true' } });
    expect(all.map(key).sort(), 'Supplement 18: hasBlockedProviders? (default include): the default lists the providers hasBlockedProviders=true lists').toEqual(withBlocked.map(key).sort());
    // openapi.yaml, UmaProvider: allowListStatus false is a provider not on the allow list, i.e. blocked.
    const blocked = all.filter((p) => p.allowListStatus === false).map(key);
    const unblockedList = await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100, query: { hasBlockedProviders: 'false' } });
    const unblocked = unblockedList.map(key);
    for (const domain of blocked) expect(unblocked, `Supplement 18: hasBlockedProviders=false leaves out the blocked ${domain}, which the default lists`).not.toContain(domain);
    for (const p of unblockedList) expect(p.allowListStatus, `openapi.yaml, getAvailableUmaProviders: hasBlockedProviders=false lists no provider off the allow list (${key(p)})`).not.toBe(false);
    for (const p of all.filter((q) => !unblocked.includes(key(q)))) expect(p.allowListStatus, `openapi.yaml, getAvailableUmaProviders: hasBlockedProviders=false leaves ${key(p)} out only as off the allow list (allowListStatus is optional: absent tells nothing)`).not.toBe(true);
    if (blocked.length) recordRule('GET /uma-providers', LIST_RULES.filter('hasBlockedProviders'));

    const asc = (await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100, query: { sortOrder: 'asc' } })).map(key);
    const desc = (await walkPages(PATH, UmaProvider, { hasMoreOptional: true, limit: 100, query: { sortOrder: 'desc' } })).map(key);
    expect([...asc].sort(), 'control: both orders list the same providers').toEqual([...desc].sort());
    expect(desc, 'Supplement 18: sortOrder desc lists the providers in the reverse of asc').toEqual([...asc].reverse());
    expect(all.map(key), 'openapi.yaml, getAvailableUmaProviders: sortOrder defaults to desc').toEqual(desc);
    if (asc.length > 1) recordRule('GET /uma-providers', LIST_RULES.filter('sortOrder'));
  });

  it.concurrent('answers 400 to a limit outside 1-100', async () => {
    await basisSupplement('limit 1-100 (section 1)');
    expectStatus(await api.get(PATH, { query: { limit: 1 } }), 200, pageHasMoreOptionalOf(UmaProvider)); // control
    expectError(await api.get(PATH, { query: { limit: 0 } }), 400, undefined, 'Supplement 1: limit 1-100');
    expectError(await api.get(PATH, { query: { limit: 101 } }), 400, undefined, 'Supplement 1: limit 1-100');
    recordRule('GET /uma-providers', LIST_RULES.limitRange);
  });
});
