// Supplement section 1: lists take limit (1-100, default 20) and cursor; the body is
// {data, hasMore, nextCursor (only if hasMore), totalCount?}. Pages are cut by
// sandbox/store/cursor-page.ts, over insertion-ordered indexes, without totalCount.
import { z } from 'zod';

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d+$/, 'a cursor returned as nextCursor').optional(),
});
