// State paths as a resource's events tell them, asserted and recorded transition by transition:
// the statuses `data` carries, in event order, each change checked against the path the scenario
// expects (expectTransition records only what it asserted).
import { expect } from 'vitest';
import type { Notification } from '../events.js';
import { expectTransition } from '../expect.js';
import { OUTGOING_STATUSES as OUTGOING_STATUS_NAMES } from '../schemas/transactions.js';
import type { Machine } from '../spec/catalog.js';

/** The successive values of `read(data)` over the events, repeats collapsed (an unchanged status is no transition). */
export function statusPath(events: Notification[], read: (data: Record<string, any>) => unknown, keep: (status: string) => boolean = () => true): string[] {
  const path: string[] = [];
  for (const n of events) {
    const status = read(n.data);
    if (typeof status !== 'string' || !keep(status)) continue;
    if (path[path.length - 1] !== status) path.push(status);
  }
  return path;
}

/** Asserts the path is `expected` and records each of its steps as a transition of `machine`. */
export function expectPath(machine: Machine, path: string[], expected: string[], what: string): void {
  expect(path, `${what}: the ${machine} went ${path.join(' -> ') || '(no status)'}; expected ${expected.join(' -> ')}`).toEqual(expected);
  for (let i = 1; i < path.length; i++) expectTransition(machine, path[i - 1], path[i], expected[i - 1], expected[i]);
}

/** Supplement 8: the outgoing statuses (REFUND_* names of the interface are event suffixes, not steps of this machine). */
export const OUTGOING_STATUSES = new Set<string>(OUTGOING_STATUS_NAMES);
/** Supplement 8: the incoming statuses the lifecycle names. */
export const INCOMING_STATUSES = new Set(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED']);
