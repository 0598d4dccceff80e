// basis: supplement (section 1): lists answer `{data, hasMore, nextCursor? (only if hasMore), totalCount?}`.
import { z } from 'zod';

const build = <T extends z.ZodType, H extends z.ZodBoolean | z.ZodOptional<z.ZodBoolean>>(item: T, hasMore: H) =>
  z
    .looseObject({ data: z.array(item), hasMore, nextCursor: z.string().min(1).optional(), totalCount: z.number().int().min(0).optional() })
    .refine((p) => !p.hasMore || p.nextCursor !== undefined, 'nextCursor is present when hasMore is true')
    .refine((p) => p.hasMore === true || p.nextCursor === undefined, 'nextCursor only if hasMore');

/** One schema per item schema: scenarios ask for one per list they read, and building one costs more than a parse. */
function perItem<R>(make: (item: z.ZodType) => R): (item: z.ZodType) => R {
  const built = new WeakMap<z.ZodType, R>();
  return (item) => {
    let schema = built.get(item);
    if (!schema) built.set(item, (schema = make(item)));
    return schema;
  };
}

const page = perItem((item) => build(item, z.boolean()));
/**
 * A page whose `hasMore` may be absent: supplement 18's row for GET /uma-providers gives `hasMore?`
 * where section 1 gives `hasMore*`. A page without it has no more, so it carries no nextCursor.
 */
const pageHasMoreOptional = perItem((item) => build(item, z.boolean().optional()));

export const pageOf = <T extends z.ZodType>(item: T) => page(item) as ReturnType<typeof build<T, z.ZodBoolean>>;
export const pageHasMoreOptionalOf = <T extends z.ZodType>(item: T) => pageHasMoreOptional(item) as ReturnType<typeof build<T, z.ZodOptional<z.ZodBoolean>>>;
