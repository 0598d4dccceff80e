// Events about one resource, as the listener received them: verified deliveries, one per envelope
// id (interface, Events 3: duplicates can occur; the envelope id identifies a notification).
import { allureLabel, allureTag } from './allure.js';
import { expect } from 'vitest';
import { recordCovered } from './coverage/recorder.js';
import { expectSchema } from './expect.js';
import { capabilities, listener } from './harness.js';
import type { Delivery } from './listener/server.js';
import { Envelope, eventDataSchema } from './schemas.js';
import { ids } from './spec/catalog.js';

export interface Notification {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, any>;
  /** Every delivery of this notification (retries, duplicates). */
  deliveries: Delivery[];
}

export type ExpectedEvent = string | { type: string; where?: (data: Record<string, any>) => boolean; what?: string };

/** Groups signature-verified deliveries by envelope id, in order of first arrival. */
export function notifications(deliveries: Delivery[]): Notification[] {
  const byId = new Map<string, Notification>();
  for (const d of deliveries) {
    if (!d.signatureOk || !d.eventId || !d.body) continue;
    const existing = byId.get(d.eventId);
    if (existing) existing.deliveries.push(d);
    else {
      const body = d.body as { id: string; type: string; timestamp: string; data?: Record<string, any> };
      byId.set(d.eventId, { id: body.id, type: body.type, timestamp: body.timestamp, data: body.data ?? {}, deliveries: [d] });
    }
  }
  return [...byId.values()];
}

/** Waits (event-driven, bounded by the target's event deadline) until `count` notifications about `resourceId` arrived. */
export async function waitForNotifications(
  resourceId: string,
  count: number,
  opts: { since?: number; timeoutMs?: number; what?: string } = {},
): Promise<Notification[]> {
  const deliveries = await listener.waitFor(resourceId, (all) => notifications(all).length >= count, {
    since: opts.since,
    timeoutMs: opts.timeoutMs ?? capabilities.eventTimeoutMs,
    what: opts.what ?? `${count} event(s)`,
  });
  return notifications(deliveries);
}

const label = (e: ExpectedEvent) => (typeof e === 'string' ? e : `${e.type}${e.what ? ` (${e.what})` : ''}`);

/**
 * Asserts the events about `resourceId` are exactly `expected`, in order of envelope timestamp,
 * each with the interface's envelope, `data.id` equal to the resource, and `data` of the schema
 * its type carries. Records each event type as covered.
 */
export async function expectEvents(
  resourceId: string,
  expected: ExpectedEvent[],
  opts: { since?: number; timeoutMs?: number; /** the field of data that names the resource (cardId for a card's transactions) */ about?: 'id' | 'cardId' } = {},
): Promise<Notification[]> {
  const about = opts.about ?? 'id';
  const want = expected.map(label).join(' → ');
  const relevant = (all: Delivery[]) => notifications(all).filter((n) => n.data[about] === resourceId);
  const deliveries = await listener.waitFor(resourceId, (all) => relevant(all).length >= expected.length, {
    since: opts.since,
    timeoutMs: opts.timeoutMs ?? capabilities.eventTimeoutMs,
    what: want,
  });
  const got = relevant(deliveries);
  const ordered = [...got].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const seen = ordered.map((n) => `${n.type}${n.data.status ? `(${n.data.status})` : ''}`).join(' → ');
  expect(ordered.length, `Events about ${resourceId}: expected ${want}; received ${seen}`).toBe(expected.length);
  ordered.forEach((n, i) => {
    const exp = expected[i];
    const type = typeof exp === 'string' ? exp : exp.type;
    expect(n.type, `Events about ${resourceId}, by envelope timestamp: expected ${want}; received ${seen}`).toBe(type);
    expectSchema(Envelope, n.deliveries[0].body, `the envelope of ${n.type} (Webhook envelope {id, type, timestamp, data})`);
    expect(n.data[about], `Events 3: data.${about} identifies the resource; ${n.type} carries ${n.data[about]}`).toBe(resourceId);
    const schema = eventDataSchema(n.type);
    if (schema) expectSchema(schema, n.data, `the data of ${n.type}`);
    if (typeof exp !== 'string' && exp.where) {
      expect(exp.where(n.data), `Event ${i + 1} (${label(exp)}) about ${resourceId}: data ${JSON.stringify(n.data).slice(0, 500)}`).toBe(true);
    }
  });
  for (const n of ordered) {
    recordCovered('events', ids.event(n.type));
    allureTag(ids.event(n.type));
    allureLabel('event', n.type);
  }
  return ordered;
}

/** Waits for one notification about `resourceId` that satisfies `where` (event-driven, with the event deadline). */
export async function waitForEvent(
  resourceId: string,
  where: (n: Notification) => boolean,
  what: string,
  opts: { since?: number; timeoutMs?: number } = {},
): Promise<Notification> {
  const deliveries = await listener.waitFor(resourceId, (all) => notifications(all).some(where), {
    since: opts.since,
    timeoutMs: opts.timeoutMs ?? capabilities.eventTimeoutMs,
    what,
  });
  return notifications(deliveries).find(where)!;
}
