// basis: supplement (section 1): lists answer `{data, hasMore, nextCursor? (only if hasMore), totalCount?}`.
import { z } from 'zod';

const fields = <T extends z.ZodType>(item: T) => ({ data: z.array(item), nextCursor: z.string().min(1).optional(), totalCount: z.number().int().min(0).optional() });
const cursorWhenMore = [(p: { hasMore?: boolean; nextCursor?: string }) => !p.hasMore || p.nextCursor !== undefined, 'nextCursor is present when hasMore is true'] as const;
const cursorOnlyIfMore = [(p: { hasMore?: boolean; nextCursor?: string }) => p.hasMore === true || p.nextCursor === undefined, 'nextCursor only if hasMore'] as const;

const build = <T extends z.ZodType>(item: T) =>
  z
    .looseObject({ ...fields(item), hasMore: z.boolean() })
    .refine(...cursorWhenMore)
    .refine(...cursorOnlyIfMore);

/**
 * A page whose `hasMore` may be absent: supplement 18's row for GET /uma-providers gives `hasMore?`
 * where section 1 gives `hasMore*`. A page without it has no more, so it carries no nextCursor.
 */
const buildHasMoreOptional = <T extends z.ZodType>(item: T) =>
  z
    .looseObject({ ...fields(item), hasMore: z.boolean().optional() })
    .refine(...cursorWhenMore)
    .refine(...cursorOnlyIfMore);

/** One page schema per item schema: scenarios ask for one per list they read, and building one costs more than a parse. */
const built = new WeakMap<z.ZodType, ReturnType<typeof build>>();
const builtHasMoreOptional = new WeakMap<z.ZodType, ReturnType<typeof buildHasMoreOptional>>();

export const pageOf = <T extends z.ZodType>(item: T): ReturnType<typeof build<T>> => {
  let page = built.get(item);
  if (!page) built.set(item, (page = build(item)));
  return page as ReturnType<typeof build<T>>;
};

export const pageHasMoreOptionalOf = <T extends z.ZodType>(item: T): ReturnType<typeof buildHasMoreOptional<T>> => {
  let page = builtHasMoreOptional.get(item);
  if (!page) builtHasMoreOptional.set(item, (page = buildHasMoreOptional(item)));
  return page as ReturnType<typeof buildHasMoreOptional<T>>;
};
