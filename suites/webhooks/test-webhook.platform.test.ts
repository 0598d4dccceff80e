// Interface: "Events" (TEST row; delivery rules 1-5), "Authentication" 5 (X-Svc-Signature),
// "Other operations that are named" (POST {base_url}/webhooks/test).
// Platform-wide: the TEST event carries no resource id, so these run in the sequential phase.
import { afterEach, describe, expect, it } from 'vitest';
import { expectUnacknowledgedTest, noteTestForm, waitForNotifications } from '../../helpers/events.js';
import { expectError, expectSchema, expectStatus } from '../../helpers/expect.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { PlatformConfig, TestDelivery, WebhookTestResult } from '../../helpers/schemas/index.js';
import { recordCovered } from '../../helpers/coverage/recorder.js';
import { ids } from '../../helpers/spec/catalog.js';

describe('POST /webhooks/test', () => {
  scenario({ area: 'Webhooks', operation: 'POST /webhooks/test', section: 'Events' });

  afterEach(async () => {
    await listener.arm('TEST', 0, 200);
  });

  it('sends a TEST webhook to the configured endpoint, signed with X-Svc-Signature, in the shape {test: true, timestamp, id, type: TEST}', async () => {
    const config = expectStatus(await api.get('/config'), 200, PlatformConfig, 'GET /config returns the platform configuration');
    const since = await listener.mark();
    const res = await api.post('/webhooks/test');
    // basis: supplement (section 3): 200 {url?, response_status*, response_body?}.
    const result = expectStatus(res, 200, WebhookTestResult, 'POST /webhooks/test sends a test webhook to the configured endpoint');
    if (result.url !== undefined) expect(result.url, 'the test webhook went to the configured endpoint').toBe(config.webhookEndpoint);
    expect(result.response_status, 'response_status: the endpoint acknowledged with 200 (Events 2)').toBe(200);

    const [test] = await waitForNotifications('TEST', 1, { since, what: 'the TEST webhook' });
    const delivery = test.deliveries[0];
    expect(delivery.signatureOk, 'Authentication 5: each webhook carries X-Svc-Signature, verified with the service public key').toBe(true);
    // Interface: envelope without data; supplement 3: the real service sends data {}, receivers accept both.
    expectSchema(TestDelivery, delivery.body, 'Events: the TEST webhook, {test: true, timestamp, id, type: TEST} (or with data {}, supplement 3)');
    noteTestForm(delivery.body);
    recordCovered('events', ids.event('TEST'));
  });

  it('reports a delivery the endpoint does not acknowledge: 400 WEBHOOK_DELIVERY_ERROR, or 200 with the endpoint\'s response_status', async () => {
    await listener.arm('TEST', 1, 503);
    const since = await listener.mark();
    expectUnacknowledgedTest(await api.post('/webhooks/test'), 503);
    const tries = await listener.deliveries('TEST', since);
    expect(tries.length, 'the failed TEST delivery reached the listener').toBeGreaterThanOrEqual(1);
  });
});

describe('POST /webhooks/test without an endpoint', () => {
  scenario({ area: 'Webhooks', operation: 'POST /webhooks/test', section: 'Events' });

  // The description gives no request that unsets the endpoint (PlatformConfigUpdateRequest.webhookEndpoint
  // is a string, not nullable): the platform without one is reached through the target's declared
  // trigger, and the run's endpoint is put back with PATCH /config {webhookEndpoint: <the one read>}.
  it('answers 400 WEBHOOK_ENDPOINT_NOT_SET when no webhookEndpoint is configured', async (ctx) => {
    requireCapability(ctx, capabilities.webhookEndpointUnsetTrigger, 'the target declares no way to reach a platform without a webhookEndpoint (SVC_WEBHOOK_ENDPOINT_UNSET_TRIGGER)', [ids.error(400, 'WEBHOOK_ENDPOINT_NOT_SET')]);
    const original = expectStatus(await api.get('/config'), 200, PlatformConfig, 'GET /config returns the platform configuration').webhookEndpoint;
    try {
      const unset = await api.post('/sandbox/config/webhook-endpoint/unset');
      // The target declares the trigger (SVC_WEBHOOK_ENDPOINT_UNSET_TRIGGER): a refusal fails, it does not skip.
      expect(unset.status, `the target declares POST /sandbox/config/webhook-endpoint/unset; it answered ${unset.status}: ${unset.text.slice(0, 300)}`).toBe(200);
      // Description: PlatformConfig.webhookEndpoint is a string; with none set it is left out.
      expect(expectStatus(await api.get('/config'), 200, PlatformConfig, 'GET /config with the endpoint unset').webhookEndpoint, 'the endpoint is unset').toBeUndefined();
      const res = await api.post('/webhooks/test');
      expectError(res, 400, 'WEBHOOK_ENDPOINT_NOT_SET', 'Events 5: if no endpoint is set, error code WEBHOOK_ENDPOINT_NOT_SET (400)');
    } finally {
      if (original !== undefined && original !== null) {
        const restored = await api.patch('/config', { body: { webhookEndpoint: original } });
        expect(expectStatus(restored, 200, PlatformConfig, 'the webhook endpoint is restored').webhookEndpoint).toBe(original);
      }
    }
  });
});
