// The page schemas (helpers/schemas/page.ts): the description's list responses (the common one,
// VaspListResponse without totalCount, UmaProviderListResponse requiring nothing), and supplement 1's
// cursor rule beside them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageCursorProblem, pageHasMoreOptionalOf, pageOf, pageWithoutTotalOf } from '../../helpers/schemas/page.js';

const Item = z.looseObject({ id: z.string() });
const data = [{ id: 'a' }];

describe('page schemas', () => {
  it('description, the common list response: data and hasMore required, nextCursor a string, totalCount an integer', () => {
    expect(pageOf(Item).safeParse({ data, hasMore: false }).success).toBe(true);
    expect(pageOf(Item).safeParse({ data, hasMore: true, nextCursor: 'c', totalCount: 3 }).success).toBe(true);
    expect(pageOf(Item).safeParse({ data }).success).toBe(false);
    expect(pageOf(Item).safeParse({ hasMore: false }).success).toBe(false);
    expect(pageOf(Item).safeParse({ data, hasMore: false, nextCursor: 1 }).success).toBe(false);
    expect(pageOf(Item).safeParse({ data, hasMore: false, totalCount: 1.5 }).success).toBe(false);
  });

  it('description, VaspListResponse: no totalCount declared; UmaProviderListResponse: nothing required', () => {
    expect(pageWithoutTotalOf(Item).safeParse({ data, hasMore: false, totalCount: 'any' }).success).toBe(true);
    expect(pageWithoutTotalOf(Item).safeParse({ data }).success).toBe(false);
    expect(pageHasMoreOptionalOf(Item).safeParse({}).success).toBe(true);
    expect(pageHasMoreOptionalOf(Item).safeParse({ data, hasMore: 'yes' }).success).toBe(false);
  });

  it('supplement 1: nextCursor given when hasMore, and only then (an absent hasMore says no more)', () => {
    expect(pageCursorProblem({ hasMore: false })).toBeUndefined();
    expect(pageCursorProblem({ hasMore: true, nextCursor: 'c' })).toBeUndefined();
    expect(pageCursorProblem({})).toBeUndefined();
    expect(pageCursorProblem({ hasMore: true })).toMatch(/gives none/);
    expect(pageCursorProblem({ hasMore: false, nextCursor: 'c' })).toMatch(/only if hasMore/);
    expect(pageCursorProblem({ nextCursor: 'c' })).toMatch(/only if hasMore/);
  });

  it('builds one schema per item schema', () => {
    expect(pageOf(Item)).toBe(pageOf(Item));
    expect(pageHasMoreOptionalOf(Item)).toBe(pageHasMoreOptionalOf(Item));
    expect(pageWithoutTotalOf(Item)).toBe(pageWithoutTotalOf(Item));
    expect(pageOf(Item)).not.toBe(pageOf(z.looseObject({ id: z.string() })));
  });
});
