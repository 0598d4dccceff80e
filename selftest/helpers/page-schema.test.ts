// The page schemas (helpers/schemas/page.ts): supplement 1's page, and supplement 18's GET /uma-providers
// row, whose `hasMore?` may be absent.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageHasMoreOptionalOf, pageOf } from '../../helpers/schemas/page.js';

const Item = z.looseObject({ id: z.string() });
const data = [{ id: 'a' }];

describe('page schemas', () => {
  it('supplement 1: hasMore is required, nextCursor given when hasMore and only then', () => {
    expect(pageOf(Item).safeParse({ data, hasMore: false }).success).toBe(true);
    expect(pageOf(Item).safeParse({ data, hasMore: true, nextCursor: 'c' }).success).toBe(true);
    expect(pageOf(Item).safeParse({ data }).success).toBe(false);
    expect(pageOf(Item).safeParse({ data, hasMore: true }).success).toBe(false);
    expect(pageOf(Item).safeParse({ data, hasMore: false, nextCursor: 'c' }).success).toBe(false);
  });

  it('supplement 18 (GET /uma-providers, hasMore?): a page without hasMore is the last, and carries no nextCursor', () => {
    expect(pageHasMoreOptionalOf(Item).safeParse({ data }).success).toBe(true);
    expect(pageHasMoreOptionalOf(Item).safeParse({ data, hasMore: true, nextCursor: 'c' }).success).toBe(true);
    expect(pageHasMoreOptionalOf(Item).safeParse({ data, nextCursor: 'c' }).success).toBe(false);
    expect(pageHasMoreOptionalOf(Item).safeParse({ data, hasMore: true }).success).toBe(false);
  });

  it('builds one schema per item schema', () => {
    expect(pageOf(Item)).toBe(pageOf(Item));
    expect(pageHasMoreOptionalOf(Item)).toBe(pageHasMoreOptionalOf(Item));
    expect(pageOf(Item)).not.toBe(pageOf(z.looseObject({ id: z.string() })));
  });
});
