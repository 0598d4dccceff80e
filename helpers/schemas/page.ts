// basis: supplement (section 1): lists answer `{data, hasMore, nextCursor? (only if hasMore), totalCount?}`.
import { z } from 'zod';

const build = <T extends z.ZodType>(item: T) =>
  z
    .looseObject({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().min(1).optional(), totalCount: z.number().int().min(0).optional() })
    .refine((p) => !p.hasMore || p.nextCursor !== undefined, 'nextCursor is present when hasMore is true')
    .refine((p) => p.hasMore || p.nextCursor === undefined, 'nextCursor only if hasMore');

/** One page schema per item schema: scenarios ask for one per list they read, and building one costs more than a parse. */
const built = new WeakMap<z.ZodType, ReturnType<typeof build>>();

export const pageOf = <T extends z.ZodType>(item: T): ReturnType<typeof build<T>> => {
  let page = built.get(item);
  if (!page) built.set(item, (page = build(item)));
  return page as ReturnType<typeof build<T>>;
};
