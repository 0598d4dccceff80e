// What the listener receives (the webhook envelope, the TEST forms) and the webhook test call's answer.
// Event data schemas by type: ./events.ts.
import { z } from 'zod';
import { IsoUtc, typedAnyId } from './common.js';

/** Interface, Webhook envelope: {id: Webhook:<id>, type, timestamp, data}. */
export const Envelope = z.looseObject({
  id: typedAnyId('Webhook'),
  type: z.string().min(1),
  timestamp: IsoUtc,
  data: z.looseObject({}),
});
export type Envelope = z.infer<typeof Envelope>;

/**
 * Interface, Events: TEST is `{test: true, timestamp, id, type: TEST}` (envelope without data).
 * Strict: the interface shows exactly these keys. (The supplement reports `data: {}` from the real
 * service; the interface wins, so the suite asserts this shape while the listener accepts both.)
 */
export const TestEvent = z.strictObject({
  test: z.literal(true),
  timestamp: IsoUtc,
  id: typedAnyId('Webhook'),
  type: z.literal('TEST'),
});

/**
 * A TEST delivery in either form: the interface's {test: true, timestamp, id, type: TEST} (Events, TEST
 * row: envelope without data), or with `data: {}` as the real service sends it (supplement 3: "Receivers
 * should accept both").
 */
export const TestDelivery = TestEvent.extend({ data: z.strictObject({}).optional() });

/** What the listener accepts as a delivery: an envelope, or the TEST form with or without data. */
export const AnyDelivery = z.union([Envelope, TestEvent.extend({ data: z.looseObject({}).optional() })]);

/** basis: supplement (section 3): POST /webhooks/test 200 {url?, response_status*: int, response_body?: string}. */
export const WebhookTestResult = z.looseObject({
  url: z.url().optional(),
  response_status: z.number().int(),
  response_body: z.string().optional(),
});
