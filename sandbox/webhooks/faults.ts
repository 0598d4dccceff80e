// Named faults of sandbox/webhooks/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const webhooksFaults = {
  // Events 2
  'webhook-constant-backoff': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Events 2: the service retries failed deliveries with exponential backoff.',
  },
  'webhook-no-retry-after-5xx': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Events 2: the service retries failed deliveries; a 5xx answer is treated as retryable.',
  },
  // Events 2-3
  'webhook-duplicates-beyond-tolerance': {
    areas: ['webhooks'],
    suites: ['webhooks/duplicates.test.ts'],
    rule: 'Events 2-3: a 200 response acknowledges; duplicates can occur, but one acknowledged notification is not redelivered more often than the run\'s per-notification tolerance (here: 8 times, beyond the default 5).',
  },
  // Events 3
  'webhook-new-id-on-retry': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Events 3: the envelope id identifies a notification (a retry is the same notification).',
  },
  // Authentication 5
  'webhook-signature-check-accepts-any': {
    areas: ['webhooks'],
    suites: ['webhooks/signature-check.test.ts'],
    rule: 'Authentication 5: a request whose signature fails verification is to be rejected with 401; INVALID_SIGNATURE (401) means a signature header is invalid.',
  },
  'webhook-signed-by-other-key': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Authentication 5: the receiver verifies it with the service\'s public key.',
  },
  'webhook-signed-over-other-body': {
    areas: ['webhooks'],
    suites: ['webhooks/delivery-retry.test.ts'],
    rule: 'Authentication 5: X-Svc-Signature is a P-256 signature with SHA-256 over the raw request body.',
  },
  // Events 5
  'webhook-test-delivery-failure-ok': {
    areas: ['webhooks'],
    suites: ['webhooks/test-webhook.platform.test.ts'],
    rule: 'Events 5: delivery failure uses WEBHOOK_DELIVERY_ERROR (400); reported with 200, response_status is the status the endpoint answered (openapi.yaml, TestWebhookResponse).',
  },
  'webhook-no-endpoint-wrong-code': {
    areas: ['webhooks'],
    suites: ['webhooks/test-webhook.platform.test.ts'],
    rule: 'Events 5: if no endpoint is set, error code WEBHOOK_ENDPOINT_NOT_SET (400).',
  },
  // Supplement 3/26
  'sandbox-webhook-test-not-sent': {
    areas: ['webhooks'],
    suites: ['webhooks/sandbox-test-webhook.platform.test.ts'],
    rule: 'Supplement 3/26: POST /sandbox/webhooks/test sends a TEST webhook to the configured endpoint.',
  },
} as const satisfies Record<string, FaultEntry>;
