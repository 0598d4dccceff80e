// Equality and time-range indexes over an insertion-ordered list, for the list filters (supplement
// section 1: limit, cursor; each area's filters). A list's cursor is a position in its insertion order
// (./cursor-page.ts); a `PositionIndex` keeps, per value of one field, the positions of the items
// holding that value, ascending, kept up to date when an item is created, changes the value, or is
// removed. A filtered page walks the shortest of the positions lists its filters name, testing the
// other filters on each item, and cuts its cursor at the same position a walk over the whole list
// would, so a page costs what its filters match, not what is stored.
import { pageVisits, type CursorPage, type CursorQuery } from './cursor-page.js';

/** First index in the ascending `positions` whose value is at or after `p`. */
function lowerBound(positions: readonly number[], p: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid] < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Positions per value, each list ascending. */
export class PositionIndex {
  private readonly lists = new Map<string, number[]>();

  add(value: string, position: number): void {
    const list = this.lists.get(value);
    if (!list) {
      this.lists.set(value, [position]);
      return;
    }
    if (list.length === 0 || list[list.length - 1] < position) {
      list.push(position);
      return;
    }
    const at = lowerBound(list, position);
    if (list[at] !== position) list.splice(at, 0, position);
  }

  remove(value: string, position: number): void {
    const list = this.lists.get(value);
    if (!list) return;
    const at = lowerBound(list, position);
    if (list[at] === position) list.splice(at, 1);
    if (list.length === 0) this.lists.delete(value);
  }

  /** The item at `position` now holds `to` instead of `from` (either may be absent). */
  move(from: string | undefined, to: string | undefined, position: number): void {
    if (from === to) return;
    if (from !== undefined) this.remove(from, position);
    if (to !== undefined) this.add(to, position);
  }

  get(value: string): readonly number[] {
    return this.lists.get(value) ?? [];
  }
}

/**
 * First position in `list` (ordered by a time that never decreases along it) whose time is at or after
 * `t`; with `after`, strictly after.
 */
export function firstAtOrAfter<T>(list: readonly T[], timeOf: (item: T) => number, t: number, after = false): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = timeOf(list[mid]);
    if (after ? v <= t : v < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The positions range [from, to] of `list` (ordered by time) whose time lies within the bounds:
 * `after`/`before` inclusive unless `exclusive` says otherwise.
 */
export function timeRange<T>(
  list: readonly T[],
  timeOf: (item: T) => number,
  bounds: { after?: number; before?: number; afterExclusive?: boolean; beforeExclusive?: boolean },
): { from: number; to: number } {
  const from = bounds.after === undefined ? 0 : firstAtOrAfter(list, timeOf, bounds.after, bounds.afterExclusive);
  const to = bounds.before === undefined ? list.length - 1 : firstAtOrAfter(list, timeOf, bounds.before, !bounds.beforeExclusive) - 1;
  return { from, to };
}

export interface IndexedQuery extends CursorQuery {
  /** Positions lists, one per equality filter given; the page walks the shortest. */
  narrow?: readonly (readonly number[])[];
  /** Only positions within [from, to] (a time range over a time-ordered list). */
  range?: { from: number; to: number };
}

/**
 * One page of `list` (in insertion order) holding the items that `matches`, presented by `present`:
 * the same page and cursor as `cursorPage` over the whole list, reading only the positions of the
 * shortest `narrow` list within `range`. `matches` still tests every filter (an index narrows, never
 * decides).
 */
export function indexedPage<T, R>(list: readonly T[], q: IndexedQuery, matches: (item: T) => boolean, present: (item: T, position: number) => R): CursorPage<R> {
  const lo = Math.max(0, q.range?.from ?? 0);
  const hi = Math.min(list.length - 1, q.range?.to ?? list.length - 1);
  const cursor = q.cursor !== undefined ? Number(q.cursor) : undefined;
  const data: R[] = [];
  let hasMore = false;
  let next = -1;
  const visit = (p: number): boolean => {
    pageVisits.count++;
    const item = list[p];
    if (!matches(item)) return true;
    if (data.length === q.limit) {
      hasMore = true;
      next = p;
      return false;
    }
    data.push(present(item, p));
    return true;
  };
  const shortest = q.narrow?.length ? q.narrow.reduce((a, b) => (b.length < a.length ? b : a)) : undefined;
  if (q.descending) {
    const start = Math.min(cursor ?? hi, hi);
    if (shortest && shortest.length < start - lo + 1) {
      for (let k = lowerBound(shortest, start + 1) - 1; k >= 0 && shortest[k] >= lo; k--) if (!visit(shortest[k])) break;
    } else {
      for (let p = start; p >= lo; p--) if (!visit(p)) break;
    }
  } else {
    const start = Math.max(cursor ?? lo, lo);
    if (shortest && shortest.length < hi - start + 1) {
      for (let k = lowerBound(shortest, start); k < shortest.length && shortest[k] <= hi; k++) if (!visit(shortest[k])) break;
    } else {
      for (let p = start; p <= hi; p++) if (!visit(p)) break;
    }
  }
  return { data, hasMore, ...(hasMore ? { nextCursor: String(next) } : {}) };
}

/**
 * Makes every assignment to `record[key]` report to `changed` (old value, new value), so an index
 * follows a field whatever code changes it. The field stays an enumerable own property.
 */
export function watchField<T extends object, K extends keyof T>(record: T, key: K, changed: (from: T[K], to: T[K]) => void): void {
  let value = record[key];
  Object.defineProperty(record, key, {
    enumerable: true,
    configurable: true,
    get: () => value,
    set: (next: T[K]) => {
      const previous = value;
      value = next;
      changed(previous, next);
    },
  });
}

/** A log of the times items were last changed, in time order, for updatedAfter/updatedBefore. */
export class ChangeLog<T> {
  private readonly items: T[] = [];
  private readonly times: number[] = [];
  private readonly latest = new Map<T, number>();

  /** `item` changed at `time` (never earlier than the previous call's). */
  note(item: T, time: number): void {
    this.latest.set(item, this.items.length);
    this.items.push(item);
    this.times.push(time);
  }

  /**
   * The items whose last change lies within the inclusive bounds, or undefined when more than `max`
   * log entries lie within them (the caller then walks its list instead).
   */
  within(after: number | undefined, before: number | undefined, max: number): T[] | undefined {
    const from = after === undefined ? 0 : firstAtOrAfter(this.times, (t) => t, after);
    const to = before === undefined ? this.times.length : firstAtOrAfter(this.times, (t) => t, before, true);
    if (to - from > max) return undefined;
    const found: T[] = [];
    for (let k = from; k < to; k++) {
      pageVisits.count++;
      if (this.latest.get(this.items[k]) === k) found.push(this.items[k]);
    }
    return found;
  }
}

/** How many items of `list` within `range` `matches`, reading only the shortest `narrow` list (a list's totalCount). */
export function countMatches<T>(list: readonly T[], q: Pick<IndexedQuery, 'narrow' | 'range'>, matches: (item: T) => boolean): number {
  const lo = Math.max(0, q.range?.from ?? 0);
  const hi = Math.min(list.length - 1, q.range?.to ?? list.length - 1);
  const shortest = q.narrow?.length ? q.narrow.reduce((a, b) => (b.length < a.length ? b : a)) : undefined;
  let n = 0;
  if (shortest) {
    for (let k = lowerBound(shortest, lo); k < shortest.length && shortest[k] <= hi; k++) if (matches(list[shortest[k]])) n++;
  } else {
    for (let p = lo; p <= hi; p++) if (matches(list[p])) n++;
  }
  return n;
}
