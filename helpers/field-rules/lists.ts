// What the documents say of every list (supplement section 1: limit 1–100, cursor = the previous
// nextCursor, {data, hasMore, nextCursor only if hasMore}) and of each list's filters and scope, as
// rule ids a scenario records when it has judged them (reports/coverage.md, field rules).
export const LIST_RULES = {
  /** Paging with a small limit visits every item exactly once. */
  pagingOnce: 'paging visits every item once',
  /** limit outside 1–100 is refused; 1 and 100 are accepted. */
  limitRange: 'query limit 1-100',
  filter: (name: string) => `query ${name} narrows`,
  /** A filter whose values the documents leave unstated: a value nothing can carry lists nothing. */
  unmatched: (name: string) => `query ${name}: a value nothing carries lists nothing`,
  /** Without limit a page holds 20 items. */
  defaultLimit: 'limit default 20',
  /** A list never holds another scope's items (platform against customers, one customer against another). */
  scope: (which: 'platform' | 'customer') => `scope ${which} only`,
};
