// Paging over an insertion-ordered index (supplement section 1: limit, cursor, `{data, hasMore,
// nextCursor (only if hasMore)}`). The cursor is the index position where the next page starts, in
// the direction of the page (oldest first, or newest first), so a page costs what it scans from
// there, never what is stored: nothing is sorted or filtered as a whole per request. Indexes only
// grow (removed items are skipped by `matches`), so a cursor stays valid while items are added.
import { z } from 'zod';

/** A list's query (supplement section 1): limit 1-100, default 20; cursor, a previous page's nextCursor. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d+$/, 'a cursor returned as nextCursor').optional(),
});

/**
 * Items read by list pages since the process started (or the count was reset): a self-test in the
 * same process compares it across stored volumes; nothing is answered from it.
 */
export const pageVisits = { count: 0 };

export interface CursorQuery {
  limit: number;
  /** A previous page's nextCursor: digits only (validated by the route's query schema). */
  cursor?: string;
  /** Newest first (the transactions' and cards' default sortOrder desc). */
  descending?: boolean;
}

export interface CursorPage<R> {
  data: R[];
  hasMore: boolean;
  nextCursor?: string;
}

/**
 * One page of `list` (in insertion order) holding the items that `matches`, presented by `present`.
 * `matches` may look items up by id and answer false for ids that no longer resolve.
 */
export function cursorPage<T, R>(list: readonly T[], q: CursorQuery, matches: (item: T) => boolean, present: (item: T) => R): CursorPage<R> {
  const data: R[] = [];
  const step = q.descending ? -1 : 1;
  const from = q.cursor !== undefined ? Number(q.cursor) : q.descending ? list.length - 1 : 0;
  let i = q.descending ? Math.min(from, list.length - 1) : from;
  let hasMore = false;
  for (; i >= 0 && i < list.length; i += step) {
    pageVisits.count++;
    if (!matches(list[i])) continue;
    if (data.length === q.limit) {
      hasMore = true;
      break;
    }
    data.push(present(list[i]));
  }
  return { data, hasMore, ...(hasMore ? { nextCursor: String(i) } : {}) };
}

/** A page of a plain array held in a stable order (append-only, removed items only flagged). */
export function scanPage<T, R>(list: readonly T[], matches: (item: T) => boolean, q: { limit: number; cursor?: string }, present: (item: T) => R) {
  return cursorPage(list, { limit: q.limit, cursor: q.cursor }, matches, present);
}

/** Lists of ids per key, each in insertion order (a customer's transactions, a holder's cards). */
export class KeyedOrder {
  private readonly lists = new Map<string, string[]>();

  add(key: string, id: string): void {
    const list = this.lists.get(key);
    if (list) list.push(id);
    else this.lists.set(key, [id]);
  }

  get(key: string): readonly string[] {
    return this.lists.get(key) ?? [];
  }
}
