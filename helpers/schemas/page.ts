// basis: supplement (section 1): lists answer `{data, hasMore, nextCursor? (only if hasMore), totalCount?}`.
import { z } from 'zod';

export const pageOf = <T extends z.ZodType>(item: T) =>
  z
    .looseObject({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().min(1).optional(), totalCount: z.number().int().min(0).optional() })
    .refine((p) => !p.hasMore || p.nextCursor !== undefined, 'nextCursor is present when hasMore is true')
    .refine((p) => p.hasMore || p.nextCursor === undefined, 'nextCursor only if hasMore');
