// The list rules every paged list shares (supplement section 1: limit 1–100, cursor = the previous
// nextCursor), judged and recorded (helpers/field-rules/lists.ts ids) in one place.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { z } from 'zod';
import { recordRule } from '../coverage/recorder.js';
import { expectError, expectStatus, noteInterface } from '../expect.js';
import { pageOf as Page } from '../schemas/page.js';
import type { RequestOptions } from '../client.js';
import { api } from '../harness.js';
import { LIST_RULES } from '../field-rules/lists.js';
import { walkPages } from './pages.js';

/** Every item of a list walked `limit` at a time (walkPages asserts none comes twice); the ids. */
export async function idsPaged<T extends z.ZodType>(template: string, item: T, query: Record<string, string>, limit: number, auth?: RequestOptions['auth'], settled = false): Promise<string[]> {
  return (await walkPages(template, item, { query, limit, auth, settled })).map((x) => (x as { id: string }).id);
}

/**
 * supplement §1: paging by `limit` lists exactly `expected` (each once, none skipped), and a page that
 * says hasMore is followed by items (the listed set is the scenario's own: walkPages `settled`).
 */
export async function expectPagedOnce<T extends z.ZodType>(op: string, template: string, item: T, query: Record<string, string>, limit: number, expected: string[], auth?: RequestOptions['auth']): Promise<void> {
  const ids = await idsPaged(template, item, query, limit, auth, true);
  expect([...ids].sort(), `supplement §1: paging ${template}?${new URLSearchParams(query)} by ${limit} visits every item exactly once`).toEqual([...expected].sort());
  recordRule(op, LIST_RULES.pagingOnce);
}

/** The most pages expectPagedOverChanging reads in its walk: a longer list is walked with a larger limit. */
export const CHANGING_WALK_PAGES = 60;

/**
 * supplement §1 on a list other scenarios change meanwhile (a platform-wide list): paging by `limit`
 * visits once every item that reads the same before and after the walk (each read 100 at a time); such
 * an item missing from the walk was skipped. An item changed meanwhile is left out of that judgement:
 * the documents state no order, and a list ordered by a field that changed may place it behind the
 * cursor. The walk must list more than `limit` items (the caller makes enough of its own), so it
 * crosses a page boundary. A list too long for CHANGING_WALK_PAGES pages of `limit` (a target that
 * keeps its data) is walked with the smallest limit that fits. `growsOnly`: no operation of the
 * documents removes an item from the list (nothing deletes one, and the query selects by nothing that
 * changes), so a page that says hasMore is followed by items (walkPages `settled`). Answers the walked ids.
 */
export async function expectPagedOverChanging<T extends z.ZodType>(
  op: string,
  template: string,
  item: T,
  query: Record<string, string>,
  limit: number,
  opts: { growsOnly: boolean; auth?: RequestOptions['auth'] },
): Promise<string[]> {
  const read = async (by: number, settled: boolean) => (await walkPages(template, item, { query, limit: by, auth: opts.auth, settled })) as { id: string }[];
  const before = await read(100, false);
  const by = Math.max(limit, Math.ceil(before.length / CHANGING_WALK_PAGES));
  const walked = (await read(by, opts.growsOnly)).map((x) => x.id);
  const after = new Map((await read(100, false)).map((x) => [x.id, JSON.stringify(x)]));
  const unchanged = before.filter((x) => after.get(x.id) === JSON.stringify(x)).map((x) => x.id);
  const where = `${template}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
  const seen = new Set(walked);
  const skipped = unchanged.filter((id) => !seen.has(id));
  expect(skipped, `supplement §1: paging ${where} by ${by} visits every item once; these read the same before and after the walk, and it missed them`).toEqual([]);
  expect(walked.length, `${where}: the walk by ${by} lists more than ${by} items, so it crosses a page boundary`).toBeGreaterThan(by);
  recordRule(op, LIST_RULES.pagingOnce);
  return walked;
}

/**
 * Paged operations for which openapi.yaml declares no 400 (only 200, 401 and 500): a limit outside the
 * range may be refused, or answered with a page the range still holds.
 */
const LIMIT_WITHOUT_400: ReadonlySet<string> = new Set(['GET /agents/me/internal-accounts', 'GET /agents/me/actions', 'GET /uma-providers', 'GET /stablecoins/{stablecoinId}/operations']);

/**
 * supplement §1: limit is 1–100: outside it the request is refused with 400 (the operation's
 * "Bad request - Invalid parameters"); 1 and 100 are accepted (with `auth`, an agent's Bearer token,
 * say). Where the operation declares no 400 (LIMIT_WITHOUT_400), a page of at most 100 items is
 * accepted instead, and noted.
 */
export async function expectLimitRange(op: string, template: string, query: Record<string, string> = {}, auth?: RequestOptions['auth']): Promise<void> {
  const get = (limit: number | string) => api.get(template, { query: { ...query, limit }, ...(auth ? { auth } : {}) });
  // Outside the range at either end, and no number at all (taken as the default, it would list 20).
  for (const limit of [0, 101, 'abc']) {
    const res = await get(limit);
    const rule = `supplement §1: ${op} limit is 1 to 100; ${JSON.stringify(limit)} is refused`;
    if (LIMIT_WITHOUT_400.has(op) && res.status === 200) {
      const page = expectStatus(res, 200, Page(z.unknown()), `${rule}, or (openapi.yaml declares no 400 for ${op}) answered with a page`);
      expect(page.data.length, `supplement §1: limit 1–100; ${op} answered limit ${JSON.stringify(limit)} with a page, which holds at most 100 items`).toBeLessThanOrEqual(100);
      noteInterface(`lists:limit-out-of-range-answered`, [rule, `openapi.yaml, ${op}: responses 200, 401, 500 (no 400)`], `${op} limit ${JSON.stringify(limit)}: 200 with ${page.data.length} items`);
    } else expectError(res, 400, undefined, rule);
  }
  for (const limit of [1, 100]) expectStatus(await get(limit), 200, undefined, `supplement §1: ${op} accepts limit ${limit}`);
  recordRule(op, LIST_RULES.limitRange);
}

/**
 * A documented filter whose values the documents leave unstated (what it holds, how it matches): a
 * value no item can carry, whatever it holds, narrows `query`'s list (which the caller shows is not
 * empty) to nothing; a target may instead refuse the value as malformed (400) or as naming nothing (a
 * 404), noted. An ignored filter lists everything.
 */
export async function expectUnmatchedListsNone<T extends z.ZodType>(op: string, template: string, item: T, query: Record<string, string>, filter: string, auth?: RequestOptions['auth']): Promise<void> {
  const value = `conformance-unmatched-${randomUUID()}`;
  const res = await api.get(template, { query: { ...query, [filter]: value, limit: 100 }, ...(auth ? { auth } : {}) });
  if (res.status === 400 || res.status === 404) {
    // Refused as malformed (400), or as naming nothing (404, with any code listed for it: which one names an unknown filter value is not stated).
    const error = expectError(res, res.status, undefined, `${op}: ${filter}`);
    noteInterface(`lists:unmatched-${filter}-refused`, [`${op}: filter ${filter} (what it holds: not stated)`], `${filter}=${value} refused: ${res.status} ${error.code}`);
  } else {
    const listed = expectStatus(res, 200, Page(item), `${op}: a page`).data as { id: string }[];
    expect(listed.map((x) => x.id), `${op}: ${filter}=${value}, a value no item carries, lists nothing (an ignored filter lists everything)`).toEqual([]);
  }
  recordRule(op, LIST_RULES.unmatched(filter));
}

/**
 * supplement §1: "limit (1–100, default 20)": without limit a page of `query`'s list, which the caller
 * made hold more than 20 items, holds at most 20 (openapi.yaml, limit: "Maximum number of results to
 * return") and says hasMore; fewer is noted. A control with limit 21 shows more than 20 are there.
 */
export async function expectDefaultLimit<T extends z.ZodType>(op: string, template: string, item: T, query: Record<string, string>, auth?: RequestOptions['auth']): Promise<void> {
  const get = async (extra: Record<string, number>) => expectStatus(await api.get(template, { query: { ...query, ...extra }, ...(auth ? { auth } : {}) }), 200, Page(item), `${op}: a page`);
  // openapi.yaml, limit: "Maximum number of results to return": a page may hold fewer, saying hasMore.
  const control = await get({ limit: 21 });
  expect(control.data.length === 21 || control.hasMore === true, `control: ${op} holds more than 20 items (21 on a page of 21, or a shorter page saying hasMore); got ${control.data.length}, hasMore ${control.hasMore}`).toBe(true);
  const page = await get({});
  expect(page.data.length, `supplement §1: limit defaults to 20 (openapi.yaml: the maximum number of results); ${op} without limit`).toBeLessThanOrEqual(20);
  expect(page.hasMore, `supplement §1: ${op} without limit holds more than its page: hasMore`).toBe(true);
  if (page.data.length < 20) noteInterface('lists:default-page-short', ['supplement 1: "limit (1–100, default 20)"', 'openapi.yaml, limit: "Maximum number of results to return"'], `${op} without limit answered ${page.data.length} items, hasMore`);
  recordRule(op, LIST_RULES.defaultLimit);
}
