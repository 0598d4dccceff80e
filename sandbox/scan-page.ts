// Supplement section 1: a page of a list held in a stable order (append-only, removed items only
// flagged), `{data, hasMore, nextCursor (only if hasMore)}`; the cursor is the position where the
// next page starts, so a page costs what it scans from there, not what is stored.
export function scanPage<T, R>(list: readonly T[], matches: (item: T) => boolean, q: { limit: number; cursor?: string }, present: (item: T) => R) {
  const data: R[] = [];
  let i = q.cursor !== undefined ? Number(q.cursor) : 0;
  let hasMore = false;
  for (; i < list.length; i++) {
    if (!matches(list[i])) continue;
    if (data.length === q.limit) {
      hasMore = true;
      break;
    }
    data.push(present(list[i]));
  }
  return { data, hasMore, ...(hasMore ? { nextCursor: String(i) } : {}) };
}
