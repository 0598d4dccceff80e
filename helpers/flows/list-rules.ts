// The list rules every paged list shares (supplement section 1: limit 1–100, cursor = the previous
// nextCursor), judged and recorded (helpers/requests/lists.ts ids) in one place.
import { expect } from 'vitest';
import type { z } from 'zod';
import { recordRule } from '../coverage/recorder.js';
import { expectError, expectStatus } from '../expect.js';
import type { RequestOptions } from '../client.js';
import { api } from '../harness.js';
import { LIST_RULES } from '../requests/lists.js';
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

/** supplement §1: limit outside 1–100 is refused with 400; 1 and 100 are accepted (with `auth`, an agent's Bearer token, say). */
export async function expectLimitRange(op: string, template: string, query: Record<string, string> = {}, auth?: RequestOptions['auth']): Promise<void> {
  const get = (limit: number) => api.get(template, { query: { ...query, limit }, ...(auth ? { auth } : {}) });
  for (const limit of [0, 101]) expectError(await get(limit), 400, undefined, `supplement §1: ${op} limit is 1 to 100; ${limit} is refused`);
  for (const limit of [1, 100]) expectStatus(await get(limit), 200, undefined, `supplement §1: ${op} accepts limit ${limit}`);
  recordRule(op, LIST_RULES.limitRange);
}
