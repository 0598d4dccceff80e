// Supplement section 3 ("POST /webhooks/test (no body) -> 200 {url?, response_status*: int,
// response_body?: string}; 400 WEBHOOK_ENDPOINT_NOT_SET/WEBHOOK_DELIVERY_ERROR. Conflict: real path is
// POST /sandbox/webhooks/test") and section 26 (TEST: POST /sandbox/webhooks/test). Interface: Events
// (TEST row: {test: true, timestamp, id, type: TEST}; delivery rules), Authentication 5 (X-Svc-Signature).
// Platform-wide: the TEST event carries no resource id, so these run in the sequential phase.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordCovered } from '../../helpers/coverage/recorder.js';
import { expectUnacknowledgedTest, noteTestForm, waitForNotifications } from '../../helpers/events.js';
import { expectError, expectSchema, expectStatus } from '../../helpers/expect.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { TestDelivery } from '../../helpers/schemas/index.js';
import { ids } from '../../helpers/spec/catalog.js';

/** Supplement 3: 200 {url?, response_status*: int, response_body?: string}. */
const TestWebhookResult = z.looseObject({ url: z.string().optional(), response_status: z.number().int(), response_body: z.string().optional() });

describe('POST /sandbox/webhooks/test', () => {
  scenario({ area: 'Webhooks', operation: 'POST /sandbox/webhooks/test', section: 'Events', basis: 'supplement' });

  afterEach(async () => {
    await listener.arm('TEST', 0, 200);
  });

  it('sends a signed TEST webhook to the configured endpoint and answers 200 {url, response_status, response_body}', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target does not serve the /sandbox/* triggers (SVC_SANDBOX_TRIGGERS=0)', [ids.operation('POST', '/sandbox/webhooks/test')]);
    await basisSupplement('POST /sandbox/webhooks/test, the real path of the test webhook; its 200 body (sections 3, 26)');
    const since = await listener.mark();
    const result = expectStatus(await api.post('/sandbox/webhooks/test'), 200, TestWebhookResult, 'Supplement 3: 200 {url?, response_status, response_body?}');
    expect(result.response_status, 'the listener acknowledged the TEST webhook with 200').toBe(200);

    const [test] = await waitForNotifications('TEST', 1, { since, what: 'the TEST webhook sent by POST /sandbox/webhooks/test' });
    const delivery = test.deliveries[0];
    expect(delivery.signatureOk, 'Authentication 5: each webhook carries X-Svc-Signature, verified with the service public key').toBe(true);
    // Interface: envelope without data; supplement 3: the real service sends data {}, receivers accept both.
    expectSchema(TestDelivery, delivery.body, 'Events: the TEST webhook, {test: true, timestamp, id, type: TEST} (or with data {}, supplement 3)');
    noteTestForm(delivery.body);
    recordCovered('events', ids.event('TEST'));
  });

  it('reports a TEST webhook the endpoint does not acknowledge: 400 WEBHOOK_DELIVERY_ERROR, or 200 with the endpoint\'s response_status', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target does not serve the /sandbox/* triggers (SVC_SANDBOX_TRIGGERS=0)');
    await basisSupplement('POST /sandbox/webhooks/test: 400 WEBHOOK_DELIVERY_ERROR (section 3)');
    expectStatus(await api.post('/sandbox/webhooks/test'), 200, TestWebhookResult, 'control: an acknowledged TEST webhook');
    await listener.arm('TEST', 1, 503);
    const since = await listener.mark();
    expectUnacknowledgedTest(await api.post('/sandbox/webhooks/test'), 503);
    expect((await listener.deliveries('TEST', since)).length, 'the refused TEST delivery reached the listener').toBeGreaterThanOrEqual(1);
  });
});
