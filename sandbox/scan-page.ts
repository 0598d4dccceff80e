// Supplement section 1: a page of a list held in a stable order (append-only, removed items only
// flagged), `{data, hasMore, nextCursor (only if hasMore)}`; the cursor is the position where the
// next page starts, so a page costs what it scans from there, not what is stored.
import { cursorPage } from './store/cursor-page.js';

export function scanPage<T, R>(list: readonly T[], matches: (item: T) => boolean, q: { limit: number; cursor?: string }, present: (item: T) => R) {
  return cursorPage(list, { limit: q.limit, cursor: q.cursor }, matches, present);
}
