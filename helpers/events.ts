// Events about one resource, as the listener received them: verified deliveries, one per envelope
// id (interface, Events 3: duplicates can occur; the envelope id identifies a notification).
//
// Events are at least once and may arrive late or out of order, so a scenario's events are judged as
// NOTIFICATIONS (de-duplicated by envelope id) that are new since the scenario's mark:
// - first delivered after the mark (a redelivery, after the mark, of a notification first delivered
//   before it is not new);
// - and not stamped before the mark: an event that happened before the mark but was delivered late
//   is not the scenario's. Its change's instant is data.updatedAt where given, else the envelope
//   timestamp (the send time), both on the target's clock; the listener keeps the
//   smallest (receipt time - timestamp) of the latest deliveries, and target-clock.ts the smallest
//   (receipt time - updatedAt) of the latest API answers; each bounds the target's clock offset from
//   above, so `timestamp + bound < mark` means the event happened before the mark whatever the
//   offset (never excludes an event that happened after it).
// A sequence is judged once the whole expected sequence arrived (or the event deadline passed) and a
// quiet period (the target's declared timings.eventQuietMs, SVC_EVENT_QUIET_MS, default 3 s; the sandbox declares 100 ms) brought nothing more: then "exactly these, in
// the order of the changes" (data.updatedAt, else the envelope timestamp; see byTimestamp). Every event read here is checked against the schema of its type and, where
// the documents tie them, its data's status against its type (schemas/events.ts).
import { allureLabel, allureTag } from './allure.js';
import { cardEventKeys, cardOf } from './card-attribution.js';
import { expect } from 'vitest';
import { recordCovered } from './coverage/recorder.js';
import type { ApiResponse } from './client.js';
import { expectError, expectSchema, expectStatus, noteInterface } from './expect.js';
import { eventDataSchema, refundForm, STATE_CHANGE_FIELD, statusDisagreement } from './schemas/events.js';
import { capabilities, listener } from './harness.js';
import { answerLagMs, timestampPrecisionMs } from './target-clock.js';
import type { Delivery } from './listener/server.js';
import { Envelope, TestDelivery, WebhookTestResult } from './schemas/index.js';
import { EVENTS, ids } from './spec/catalog.js';
import { readSetting, SETTINGS } from './target/registry.js';

export interface Notification {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, any>;
  /** Every delivery of this notification (retries, duplicates). */
  deliveries: Delivery[];
}

export type ExpectedEvent = string | { type: string; where?: (data: Record<string, any>) => boolean; what?: string };

/** The quiet period after a complete sequence before it is judged (ms), where the target declares none. */
export const QUIET_MS = readSetting(SETTINGS.eventQuietMs)!;

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

/** Notifications new since the mark `since` (see the file's header). */
export function newSince(deliveries: Delivery[], since = 0): Notification[] {
  const all = notifications(deliveries).filter((n) => (n.deliveries[0].firstSeq ?? n.deliveries[0].seq) > since);
  const markedAt = since > 0 ? listener.markTime(since) : undefined;
  // Two bounds of the target's clock offset, each never below it: from deliveries, and from API answers.
  const bounds = [listener.lagMs, answerLagMs()].filter((b): b is number => b !== undefined);
  if (markedAt === undefined || !bounds.length) return all;
  const lag = Math.min(...bounds);
  // The change's own instant where the data carries one (openapi.yaml, e.g. InternalAccount.updatedAt:
  // "Timestamp when the internal account was last updated"), not the send time: a change made before
  // the mark but sent after it is not the scenario's.
  return all.filter((n) => {
    const updated = typeof n.data?.updatedAt === 'string' && Number.isFinite(Date.parse(n.data.updatedAt)) ? n.data.updatedAt : undefined;
    const at = changedAt(n);
    const precision = updated ? timestampPrecisionMs(updated) : timestampPrecisionMs(n.timestamp, listener.wholeSeconds);
    return !Number.isFinite(at) || at + lag + precision >= markedAt;
  });
}

const firstSeqOf = (n: Notification) => n.deliveries[0].firstSeq ?? n.deliveries[0].seq;

/** When a notification says its change happened: data.updatedAt where the data carries one, else the envelope timestamp. */
export function changedAt(n: Notification): number {
  const updated = typeof n.data?.updatedAt === 'string' ? Date.parse(n.data.updatedAt) : Number.NaN;
  return Number.isFinite(updated) ? updated : Date.parse(n.timestamp);
}

/**
 * The order the target says the changes happened: data.updatedAt where the data carries it, else the
 * envelope timestamp. The envelope timestamp is the send time (interface, Events: "Send time";
 * openapi.yaml: "when the webhook was sent"), and no document says sends follow the order of the
 * changes (retries and their backoff are not shown), so it only breaks ties. Two notifications that say
 * the same instant do not say which happened first, and their arrival order says nothing either
 * (deliveries may come out of order): `rank` (the place the judgement expects the type at) orders
 * them, and only then the order of first delivery.
 */
export const byTimestamp =
  (rank: (n: Notification) => number = () => 0) =>
  (a: Notification, b: Notification) =>
    changedAt(a) - changedAt(b) || Date.parse(a.timestamp) - Date.parse(b.timestamp) || rank(a) - rank(b) || firstSeqOf(a) - firstSeqOf(b);

/** Envelope ids already judged (a notification's first delivery does not change). */
const judged = new Set<string>();

/**
 * Asserts what every event read must be: the interface's envelope, `data` of the schema its type
 * carries, and the status the documents tie to its type. Returns the notification.
 */
export function expectNotification(n: Notification): Notification {
  if (judged.has(n.id)) return n;
  const body = n.deliveries[0].body;
  if (n.type === 'TEST') {
    // Interface: TEST is {test: true, timestamp, id, type: TEST}; supplement section 3: the real service adds data {}.
    expectSchema(TestDelivery, body, 'the TEST webhook ({test: true, timestamp, id, type: TEST}, data {} accepted)');
  } else {
    expectSchema(Envelope, body, `the envelope of ${n.type} (Webhook envelope {id, type, timestamp, data})`);
    expectSchema(eventDataSchema(n.type), n.data, `the data of ${n.type}`);
    const disagreement = statusDisagreement(n.type, n.data);
    if (disagreement) {
      expect.fail(
        `${n.type} (${n.id}) about ${n.data.id}: data.${disagreement.field} is ${JSON.stringify(disagreement.got)}, expected ${disagreement.expected} (${disagreement.rule}); the data is stale or does not match its event type`,
      );
    }
    if (n.type === 'INCOMING_PAYMENT.FAILED') {
      // Both documents leave it open: the alternative is accepted above, and the form seen recorded.
      noteInterface(
        'event:incoming-failed-status',
        [
          'Interface, Transaction status: "Status names that appear: ... FAILED ..."; INCOMING_PAYMENT.* announces incoming payment changes',
          'Supplement section 13: PENDING -> (403, reject, 5 s timeout, undeliverable webhook) -> "FAILED or REJECTED (not stated)", event .FAILED (inferred)',
        ],
        `INCOMING_PAYMENT.FAILED carried status ${n.data.status}`,
      );
    }
    const form = refundForm(n.type, n.data);
    if (form) {
      noteInterface(
        'event:refund-status-form',
        [
          'Interface, Transaction status: "Status names that appear: COMPLETED, FAILED, REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED"',
          'Supplement section 8: "the real spec uses them only as event suffixes and refund.status (transaction stays FAILED). Tests should accept either."',
        ],
        `${n.type} carried ${form === 'status-name' ? `status ${n.data.status}` : `status FAILED with refund.status ${n.data.refund?.status}`}`,
      );
    }
  }
  judged.add(n.id);
  return n;
}

/**
 * Event types that may repeat a state: the interface's EXTERNAL_ACCOUNT.STATUS_UPDATED covers "the whole
 * ownership verification lifecycle", so one may come at a step of it that leaves the status as it was.
 */
const STATE_MAY_REPEAT: Readonly<Record<string, string>> = {
  'EXTERNAL_ACCOUNT.STATUS_UPDATED': 'Interface, Events: EXTERNAL_ACCOUNT.STATUS_UPDATED on "External account status changes, covering the whole ownership verification lifecycle"',
};

/**
 * Consecutive state-change notifications of one resource (in the order of the changes) each carry the
 * new state, so two in a row never carry the same state: openapi.yaml, INTERNAL_ACCOUNT.STATUS_UPDATED
 * "Fired when the status of an internal account changes"; supplement 9, CARD.STATE_CHANGE "on every
 * transition". A type of STATE_MAY_REPEAT that repeats one is noted instead.
 */
export function expectStatesChange(ordered: Notification[]): void {
  const last = new Map<string, unknown>();
  for (const n of ordered) {
    const field = STATE_CHANGE_FIELD[n.type];
    if (!field) continue;
    const key = `${n.type} ${n.data.id}`;
    const state = n.data[field];
    if (last.has(key) && state === last.get(key) && STATE_MAY_REPEAT[n.type]) {
      noteInterface(`events:state-repeated:${n.type}`, [STATE_MAY_REPEAT[n.type]], `two ${n.type} in a row about ${n.data.id} carry ${field} ${JSON.stringify(state)}`);
    } else if (last.has(key)) {
      expect(state, `${n.type} is sent when ${n.data.id}'s ${field} changes and carries the new ${field}: two in a row carry ${JSON.stringify(state)} (stale data)`).not.toBe(last.get(key));
    }
    last.set(key, state);
  }
}

/** Waits (event-driven, bounded by the target's event deadline) until `count` notifications about `resourceId` arrived. */
export async function waitForNotifications(
  resourceId: string,
  count: number,
  opts: { since?: number; timeoutMs?: number; what?: string } = {},
): Promise<Notification[]> {
  const deliveries = await listener.waitFor(resourceId, (all) => newSince(all, opts.since).length >= count, {
    since: opts.since,
    timeoutMs: opts.timeoutMs ?? capabilities.eventTimeoutMs,
    what: opts.what ?? `${count} event(s)`,
  });
  return newSince(deliveries, opts.since).map(expectNotification);
}

const label = (e: ExpectedEvent) => (typeof e === 'string' ? e : `${e.type}${e.what ? ` (${e.what})` : ''}`);
const typeOf = (e: ExpectedEvent) => (typeof e === 'string' ? e : e.type);
const fits = (e: ExpectedEvent, n: Notification) => n.type === typeOf(e) && (typeof e === 'string' || !e.where || safely(() => e.where!(n.data)));
const safely = (f: () => boolean) => {
  try {
    return f();
  } catch {
    return false;
  }
};

/** The expected events occur, in this order, among the notifications (ordered by timestamp). */
function contains(ordered: Notification[], expected: ExpectedEvent[]): boolean {
  let i = 0;
  for (const n of ordered) if (i < expected.length && fits(expected[i], n)) i++;
  return i === expected.length;
}

/** The event types the documents name (supplement §27); the interface: "Complete list of event types: not shown". */
const NAMED_EVENTS = new Set(EVENTS.map((e) => e.type));

/**
 * Events a lifecycle may pass through between the states a scenario names, each with the sentence
 * that documents it as a state of that resource; `before`: only before the last event expected.
 * A scenario that names the type itself judges it exactly, but for a `repeatable` type: there the
 * events it names must come in order, more of the type may come before the last of them, and after it
 * only what the last one says again.
 */
const INTERMEDIATES: Readonly<Record<string, { sentence: string; before: boolean; repeatable?: boolean }>> = {
  'CUSTOMER.KYC_PENDING': { sentence: 'supplement 4 and 27: kycStatus PENDING, announced by CUSTOMER.KYC_PENDING (a customer under review)', before: true },
  'CUSTOMER.KYB_PENDING': { sentence: 'supplement 4 and 27: kybStatus PENDING, announced by CUSTOMER.KYB_PENDING (a business under review)', before: true },
  'VERIFICATION.READY_FOR_VERIFICATION': { sentence: 'supplement 14: READY_FOR_VERIFICATION "complete, not submitted (inferred)"; 28.4: its meaning is not stated', before: true },
  'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED': { sentence: 'supplement 26: INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED when funding coordinates are "added (e.g. SWIFT collection account ready) or withdrawn", which may come with any change of the account', before: false },
  'INTERNAL_ACCOUNT.BALANCE_UPDATED': { sentence: 'interface, Events: INTERNAL_ACCOUNT.BALANCE_UPDATED on "Internal account balance changes (deposits, conversions, withdrawals)": how many changes one movement makes (a hold, a settlement) is not stated', before: false, repeatable: true },
};

/** The notifications a judged sequence leaves aside: types the documents do not name, and documented intermediates. */
function leftAside(ordered: Notification[], expected: ExpectedEvent[]): Notification[] {
  const lastExpected = (() => {
    let i = -1;
    ordered.forEach((n, k) => {
      if (expected.some((e) => typeOf(e) === n.type)) i = k;
    });
    return i;
  })();
  // The expected events, matched in order: what is left of a repeatable type goes aside.
  const matched = new Set<number>();
  let next = 0;
  let lastMatched = -1;
  ordered.forEach((n, k) => {
    if (next < expected.length && fits(expected[next], n)) {
      matched.add(k);
      lastMatched = k;
      next++;
    }
  });
  return ordered.filter((n, k) => {
    if (matched.has(k)) return false;
    // Of a repeatable type, an extra one before the last event expected (a hold), or one after it that
    // says the same (a settlement announcing the balance again); a later change is no intermediate.
    if (expected.some((e) => typeOf(e) === n.type)) return INTERMEDIATES[n.type]?.repeatable === true && next === expected.length && (k < lastMatched || fits(expected[expected.length - 1], n));
    if (!NAMED_EVENTS.has(n.type)) return true;
    const m = INTERMEDIATES[n.type];
    return !!m && (!m.before || k < lastExpected);
  });
}

/**
 * Asserts the events about `resourceId` new since the mark are exactly `expected` (beside event types
 * the documents do not name and the documented intermediates of INTERMEDIATES, recorded as notes), in order of
 * the changes (byTimestamp), each with the interface's envelope, `data.id` equal to the resource, and `data`
 * of the schema its type carries. Records each event type as covered.
 */
export async function expectEvents(
  resourceId: string,
  expected: ExpectedEvent[],
  opts: { since?: number; timeoutMs?: number; /** the field of data that names the resource (cardId for a card's transactions) */ about?: 'id' | 'cardId' } = {},
): Promise<Notification[]> {
  const about = opts.about ?? 'id';
  const want = expected.map(label).join(' → ') || 'none';
  // Notifications stamped alike are taken in the order expected (see byTimestamp).
  const rank = (n: Notification) => {
    const i = expected.findIndex((e) => fits(e, n));
    const j = i < 0 ? expected.findIndex((e) => typeOf(e) === n.type) : i;
    return j < 0 ? expected.length : j;
  };
  // A card's transactions name the card, or, where they name none, carry a token a simulation on it answered (card-attribution.ts).
  const named = (n: Notification) => (about === 'cardId' ? cardOf(n.data) : n.data.id);
  const relevant = (all: Delivery[]) => newSince(all, opts.since).filter((n) => named(n) === resourceId).sort(byTimestamp(rank));
  const timeoutMs = opts.timeoutMs ?? capabilities.eventTimeoutMs;
  const got = await listener.gather(about === 'cardId' ? cardEventKeys(resourceId) : resourceId, (all) => expected.length > 0 && contains(relevant(all), expected), {
    since: opts.since,
    // Expecting no event: the quiet period alone is the wait.
    timeoutMs: expected.length ? timeoutMs : 0,
    quietMs: capabilities.eventQuietMs ?? QUIET_MS,
  });
  const all = relevant(got.deliveries);
  const seen = all.map((n) => `${n.type}${n.data.status ? `(${n.data.status})` : n.data.state ? `(${n.data.state})` : ''}`).join(' → ') || 'nothing';
  const rule = eventsRule(resourceId);
  all.forEach(expectNotification);
  const aside = leftAside(all, expected);
  for (const n of aside) {
    const m = INTERMEDIATES[n.type];
    noteInterface(
      m ? `events:intermediate:${n.type}` : 'events:undocumented-type',
      m ? [m.sentence] : ['Interface, Events: "Complete list of event types: not shown"'],
      `${n.type} came beside ${want}`,
    );
  }
  const ordered = all.filter((n) => !aside.includes(n));
  expect(ordered.length, `${rule}: expected ${want}; received ${seen}${got.done || !expected.length ? '' : ` (within ${timeoutMs} ms)`}`).toBe(expected.length);
  ordered.forEach((n, i) => {
    const exp = expected[i];
    expect(n.type, `${rule}: expected ${want} in the order of the changes (envelope-timestamp order where the data has no updatedAt); received ${seen}`).toBe(typeOf(exp));
    expect(named(n), `Events 3: data.${about} identifies the resource; ${n.type} carries ${n.data[about]}`).toBe(resourceId);
    if (typeof exp !== 'string' && exp.where) {
      expect(exp.where(n.data), `Event ${i + 1} (${label(exp)}) about ${resourceId}: data ${JSON.stringify(n.data).slice(0, 500)}`).toBe(true);
    }
  });
  expectStatesChange(ordered);
  recordEvents(ordered);
  return ordered;
}

/** The rule a judged sequence of events about one resource is held to, as its failure messages name it. */
export const eventsRule = (resourceId: string) =>
  `Events about ${resourceId} (at least once, possibly late or out of order; judged in the order the target says the changes happened: data.updatedAt, else the envelope timestamp)`;

/**
 * Records each event type of a judged sequence as covered, and tags and labels the Allure test with it:
 * called only once the sequence passed its assertions, so coverage counts only what was asserted.
 */
export function recordEvents(ordered: Notification[]): void {
  for (const n of ordered) {
    recordCovered('events', ids.event(n.type));
    allureTag(ids.event(n.type));
    allureLabel('event', n.type);
  }
}

/** Waits for one notification about `resourceId` that satisfies `where` (event-driven, with the event deadline). */
export async function waitForEvent(
  resourceId: string,
  where: (n: Notification) => boolean,
  what: string,
  opts: { since?: number; timeoutMs?: number } = {},
): Promise<Notification> {
  // Every notification read on the way is judged, so stale or mistyped data fails here, by its rule.
  const found = (all: Delivery[]) => newSince(all, opts.since).map(expectNotification).find(where);
  const deliveries = await listener.waitFor(cardEventKeys(resourceId), (all) => found(all) !== undefined, {
    since: opts.since,
    timeoutMs: opts.timeoutMs ?? capabilities.eventTimeoutMs,
    what,
  });
  return found(deliveries)!;
}

/** Interface and supplement on the TEST body: the two forms a receiver accepts, recorded as seen. */
export function noteTestForm(body: unknown): void {
  noteInterface(
    'webhooks:test-data-form',
    [
      'Interface, Events (TEST row): {test: true, timestamp, id, type: TEST} (envelope without data)',
      'Supplement 3: "Conflict: seed TEST body is {test: true, timestamp, id, type: "TEST"} without data; real sends data: {}. Receivers should accept both."',
    ],
    `the TEST webhook ${body && typeof body === 'object' && 'data' in body ? 'carried data {}' : 'carried no data'}`,
  );
}

/**
 * The answer to a test webhook the endpoint answered with `endpointStatus` (not a 2xx): the
 * interface's 400 WEBHOOK_DELIVERY_ERROR, or 200 with the endpoint's status in `response_status`
 * (the description's TestWebhookResponse reports the endpoint's answer; neither document says which
 * an unacknowledged delivery gets). Judged either way, the form recorded as an interface note.
 */
export function expectUnacknowledgedTest(res: ApiResponse, endpointStatus: number): void {
  const sentences = [
    'Interface, Events 5: "delivery failure uses WEBHOOK_DELIVERY_ERROR (400)"',
    'openapi.yaml, sendTestWebhook: 200 TestWebhookResponse (response_status: "The HTTP status code returned by the webhook endpoint"); 400 "Bad request - Webhook delivery failed"',
  ];
  if (res.status === 200) {
    const result = expectStatus(res, 200, WebhookTestResult, 'POST /webhooks/test reports the delivery');
    expect(result.response_status, `openapi.yaml, TestWebhookResponse.response_status: the status the endpoint answered (${endpointStatus})`).toBe(endpointStatus);
    noteInterface('webhooks:test-unacknowledged', sentences, `answered 200 with response_status ${result.response_status}`);
    return;
  }
  expectError(res, 400, 'WEBHOOK_DELIVERY_ERROR', 'Events 5: delivery failure uses WEBHOOK_DELIVERY_ERROR (400); Events 2: only a 200 acknowledges');
  noteInterface('webhooks:test-unacknowledged', sentences, 'answered 400 WEBHOOK_DELIVERY_ERROR');
}

/**
 * The quiet period after the mark `since`: resolves once no delivery arrived for the target's declared
 * quiet period (timings.eventQuietMs). The harness's bound on an effect that comes a moment late: what
 * still reads unchanged after it is judged unchanged.
 */
export async function quietPeriod(since: number): Promise<void> {
  await listener.gather('*', () => true, { since, timeoutMs: 0, quietMs: capabilities.eventQuietMs });
}
