// Interface: VASPs area ("Directory of virtual asset service providers recognised for counterparty
// declarations"). GET /vasps, its paging and shape ({data[{vaspName, url?}], hasMore, nextCursor?}, no
// totalCount): basis: supplement (sections 1, 11, 21).
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { expectPageCursor, walkPages } from '../../helpers/flows/pages.js';
import { api } from '../../helpers/harness.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { pageWithoutTotalOf } from '../../helpers/schemas/page.js';
import { Vasp, VaspPage } from '../../helpers/schemas/uma.js';

describe('GET /vasps', () => {
  scenario({ area: 'VASPs', operation: 'GET /vasps', section: 'What the service does', basis: 'supplement' });

  it.concurrent('pages through the directory with limit and cursor: each VASP once, in the order of the whole list', async () => {
    await basisSupplement('GET /vasps {data[{vaspName, url?}], hasMore, nextCursor?}; limit, cursor (sections 1, 21)');
    const whole = expectStatus(await api.get('/vasps', { query: { limit: 100 } }), 200, VaspPage);
    expectPageCursor(whole, 'GET /vasps?limit=100');
    expect(whole.data.length, 'a directory lists at least one VASP').toBeGreaterThan(0);
    const walked = await walkPages('/vasps', Vasp, { limit: 4, settled: true, page: pageWithoutTotalOf });
    // A directory longer than one page of 100 is walked further than that page shows: the walk begins with it.
    expect(walked.slice(0, whole.data.length).map((v) => v.vaspName), 'Supplement 1: cursor is the previous nextCursor; the pages hold each VASP once, in order').toEqual(whole.data.map((v) => v.vaspName));
    if (!whole.hasMore) expect(walked.length, 'Supplement 1: the pages hold the whole directory and no more').toBe(whole.data.length);
    expect(new Set(walked.map((v) => `${v.vaspName} ${v.url ?? ''}`)).size, 'Supplement 1: no VASP on two pages').toBe(walked.length);
    // Paging is judged (and recorded) where the walk read more than one page.
    if (walked.length > 4) recordRule('GET /vasps', LIST_RULES.pagingOnce);
  });

  it.concurrent('answers 400 to a limit outside 1-100', async () => {
    await basisSupplement('limit 1-100 (section 1); GET /vasps 400 (section 21)');
    expectStatus(await api.get('/vasps', { query: { limit: 1 } }), 200, VaspPage); // control
    expectError(await api.get('/vasps', { query: { limit: 0 } }), 400, undefined, 'Supplement 1: limit 1-100');
    expectError(await api.get('/vasps', { query: { limit: 101 } }), 400, undefined, 'Supplement 1: limit 1-100');
    recordRule('GET /vasps', LIST_RULES.limitRange);
  });
});
