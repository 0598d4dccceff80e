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

/** Interface, Events: TEST is `{test: true, timestamp, id, type: TEST}` (envelope without data): that form alone. */
export const TestEvent = z.strictObject({
  test: z.literal(true),
  timestamp: IsoUtc,
  id: typedAnyId('Webhook'),
  type: z.literal('TEST'),
});

/**
 * Description: TestWebhookRequest, as the interface overrides it: BaseWebhook {id*, type* (TEST),
 * timestamp*} with `test` true where given and `data` not required (and not typed). So it takes both
 * forms supplement 3 says receivers accept: the interface's {test: true, timestamp, id, type: TEST}
 * and the real service's envelope with `data: {}` (the description's own example).
 */
export const TestDelivery = z.looseObject({
  id: typedAnyId('Webhook'),
  type: z.literal('TEST'),
  timestamp: IsoUtc,
  test: z.literal(true).optional(),
  data: z.unknown().optional(),
});

/** What the listener accepts as a delivery: an envelope, or a TEST delivery in either form. */
export const AnyDelivery = z.union([Envelope, TestDelivery]);

/** Description: TestWebhookResponse {url (uri), response_status* (integer), response_body}. */
export const WebhookTestResult = z.looseObject({
  url: z.url().optional(),
  response_status: z.number().int(),
  response_body: z.string().optional(),
});
