// Supplement section 1: lists take limit (1-100, default 20) and cursor; the body is
// {data, hasMore, nextCursor (only if hasMore), totalCount}.
import { z } from 'zod';
import { parse } from './context.js';

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d+$/, 'a cursor returned as nextCursor').optional(),
});

export function page<T>(items: T[], query: unknown) {
  const { limit, cursor } = parse(PageQuery.passthrough(), query);
  const start = cursor ? Number(cursor) : 0;
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  return { data, hasMore, ...(hasMore ? { nextCursor: String(start + limit) } : {}), totalCount: items.length };
}
