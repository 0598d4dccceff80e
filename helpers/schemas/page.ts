// The description's list responses: most are {data*, hasMore*, nextCursor, totalCount (integer)}
// (CustomerListResponse and its like); VaspListResponse has no totalCount; UmaProviderListResponse
// requires nothing. Supplement 1's cursor rule (nextCursor given when hasMore, and only then) is no
// part of them: pageCursorProblem states it for the scenarios that walk a list (../flows/pages.ts).
import { z } from 'zod';

const build = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().optional(), totalCount: z.int().optional() });
const buildWithoutTotal = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().optional() });
const buildNothingRequired = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item).optional(), hasMore: z.boolean().optional(), nextCursor: z.string().optional(), totalCount: z.int().optional() });

/** One schema per item schema: scenarios ask for one per list they read, and building one costs more than a parse. */
function perItem<R>(make: (item: z.ZodType) => R): (item: z.ZodType) => R {
  const built = new WeakMap<z.ZodType, R>();
  return (item) => {
    let schema = built.get(item);
    if (!schema) built.set(item, (schema = make(item)));
    return schema;
  };
}

const page = perItem(build);
const pageWithoutTotal = perItem(buildWithoutTotal);
const pageHasMoreOptional = perItem(buildNothingRequired);

/** Description: a list response of the common shape (CustomerListResponse, TokenListResponse, StablecoinListResponse, ...). */
export const pageOf = <T extends z.ZodType>(item: T) => page(item) as ReturnType<typeof build<T>>;
/** Description: VaspListResponse {data*, hasMore*, nextCursor}, which declares no totalCount. */
export const pageWithoutTotalOf = <T extends z.ZodType>(item: T) => pageWithoutTotal(item) as ReturnType<typeof buildWithoutTotal<T>>;
/**
 * Description: UmaProviderListResponse {data, hasMore, nextCursor, totalCount}, none required
 * (supplement 18's row for GET /uma-providers gives `hasMore?` too). A page without hasMore has no more.
 */
export const pageHasMoreOptionalOf = <T extends z.ZodType>(item: T) => pageHasMoreOptional(item) as ReturnType<typeof buildNothingRequired<T>>;

/**
 * basis: supplement (section 1): a page gives nextCursor when hasMore is true, and only then (an absent
 * hasMore, where a list's documents allow it, says no more). The problem with `p`, or undefined.
 */
export function pageCursorProblem(p: { hasMore?: boolean; nextCursor?: string }): string | undefined {
  if (p.hasMore === true && p.nextCursor === undefined) return 'Supplement 1: a page with hasMore true gives nextCursor; this one gives none';
  if (p.hasMore !== true && p.nextCursor !== undefined) return `Supplement 1: nextCursor only if hasMore; this page gives nextCursor ${JSON.stringify(p.nextCursor)} with hasMore ${p.hasMore}`;
  return undefined;
}
