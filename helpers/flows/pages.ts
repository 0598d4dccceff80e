// Walking a paged list (supplement section 1: limit 1-100, cursor = the previous nextCursor,
// {data, hasMore, nextCursor only if hasMore}): every page is asserted as it is read.
import { expect } from 'vitest';
import type { z } from 'zod';
import { expectStatus } from '../expect.js';
import { api } from '../harness.js';
import type { RequestOptions } from '../client.js';
import { pageCursorProblem, pageHasMoreOptionalOf, pageOf } from '../schemas/page.js';

/**
 * Reads every page of `template` with `query` and `limit`, asserting each page's shape, size and cursor
 * (supplement 1: nextCursor when hasMore, and only then); returns the items in order. `hasMoreOptional`:
 * the list's documents give `hasMore?` (a page without it is the last). `page`: the list response's
 * schema where the description gives it another shape than the common one (pageOf).
 * `settled`: nothing adds an item to the listed set or removes one during the walk (the scenario's
 * own resources, or a list no other scenario changes), so a page that says hasMore has items after it,
 * on some later page (a target whose hasMore only says "this page is full" would end on an empty
 * page), and the walk sees each item once. In a list others change meanwhile, an item added
 * before the cursor's place may move one already read onto a later page: no document says what a
 * cursor does then, so a repeat is dropped from the items returned, not judged.
 */
export async function walkPages<T extends z.ZodType>(
  template: string,
  item: T,
  opts: { query?: RequestOptions['query']; params?: Record<string, string>; limit: number; maxPages?: number; auth?: RequestOptions['auth']; hasMoreOptional?: boolean; page?: (item: T) => z.ZodType<{ data?: unknown[]; hasMore?: boolean; nextCursor?: string }>; settled?: boolean },
): Promise<z.infer<T>[]> {
  const items: z.infer<T>[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let emptyFrom: number | undefined;
  for (let n = 0; n < (opts.maxPages ?? 200); n++) {
    const res = await api.get(template, { params: opts.params, query: { ...opts.query, limit: opts.limit, cursor }, ...(opts.auth ? { auth: opts.auth } : {}) });
    const page = expectStatus(
      res,
      200,
      opts.page ? opts.page(item) : opts.hasMoreOptional ? pageHasMoreOptionalOf(item) : pageOf(item),
      `Supplement 1${opts.hasMoreOptional ? ', 18' : ''}: a list answers a page {data, hasMore${opts.hasMoreOptional ? '?' : ''}, nextCursor? (only if hasMore)}`,
    );
    const cursorProblem = pageCursorProblem(page);
    if (cursorProblem) expect.fail(`${cursorProblem}; GET ${template} page ${n + 1} (cursor ${cursor})`);
    const data = (page.data ?? []) as z.infer<T>[];
    // Each expectation is made when its check fails (the same matcher, the same message), as expectStatus
    // does: a walk checks every item it reads.
    if (data.length > opts.limit) expect(data.length, `Supplement 1: limit ${opts.limit} bounds a page; got ${data.length}`).toBeLessThanOrEqual(opts.limit);
    // Empty pages after one that said hasMore, in a settled walk: allowed while items follow them.
    if (opts.settled && n > 0 && data.length === 0) emptyFrom ??= n;
    else if (data.length) emptyFrom = undefined;
    for (const x of data as { id?: unknown }[]) {
      if (typeof x?.id === 'string' && seen.has(x.id)) {
        if (opts.settled) expect(seen.has(x.id), `Supplement 1: cursor is the previous page's nextCursor, so a walk of a list nothing changes sees each item once; ${x.id} came again on page ${n + 1} of ${template} (cursor ${cursor})`).toBe(false);
        continue;
      }
      if (typeof x?.id === 'string') seen.add(x.id);
      items.push(x as z.infer<T>);
    }
    if (!page.hasMore) {
      if (emptyFrom !== undefined) {
        expect.fail(`openapi.yaml, hasMore: "more results are available beyond this page"; page ${emptyFrom} of ${template} said hasMore, and every page after it to the end of the walk (cursor ${cursor}) is empty, though nothing removed an item from the list meanwhile`);
      }
      return items;
    }
    // An empty page may say hasMore (openapi.yaml, hasMore: "more results are available beyond this
    // page"): the walk follows its cursor, bounded by maxPages; a settled walk fails when empty pages end it.
    cursor = page.nextCursor;
  }
  expect.fail(`${template}: still hasMore after ${opts.maxPages ?? 200} pages of ${opts.limit}`);
}

/** basis: supplement (section 1): a page read on its own gives nextCursor when hasMore, and only then. */
export function expectPageCursor(page: { hasMore?: boolean; nextCursor?: string }, what: string): void {
  const problem = pageCursorProblem(page);
  if (problem) expect.fail(`${problem}; ${what}`);
}
