// Interface: POST {base_url}/webhooks/test (no body; sends a TEST webhook to the configured endpoint);
// Events 5: WEBHOOK_ENDPOINT_NOT_SET (400), WEBHOOK_DELIVERY_ERROR (400). Supplement section 3:
// 200 {url?, response_status*, response_body?}; /sandbox/webhooks/test is an alias.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors.js';

export async function webhookRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const handler = async () => {
    if (!ctx.config.webhookEndpoint) {
      throw ctx.faults.has('webhook-no-endpoint-wrong-code')
        ? badRequest('INVALID_INPUT', 'No webhook endpoint')
        : badRequest('WEBHOOK_ENDPOINT_NOT_SET', 'No webhookEndpoint is configured for the platform');
    }
    const { url, attempt } = await ctx.webhooks.sendTest();
    const delivered = attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
    // The alternate: an endpoint that answered, though not with a 2xx, is reported in the 200 body
    // (supplement 3: 200 {url?, response_status*, response_body?}); only a delivery that got no answer is an error.
    const reported = ctx.choices.alternate('test-webhook-200') && attempt.status !== undefined;
    if (!delivered && !reported && !ctx.faults.has('webhook-test-delivery-failure-ok')) {
      // Neither the endpoint's body nor the network error's text is relayed: the caller learns that
      // the delivery failed and the status it got, not what another host says (sandbox/README.md).
      throw badRequest('WEBHOOK_DELIVERY_ERROR', `The TEST webhook could not be delivered to ${url}`, {
        url,
        ...(attempt.status !== undefined ? { responseStatus: attempt.status } : {}),
      });
    }
    // Supplement 3: response_body is optional; this sandbox leaves it out (the endpoint's body is not
    // relayed); the alternate gives it.
    if (ctx.choices.alternate('test-webhook-response-body') && delivered) return { url, response_status: attempt.status ?? 0, response_body: attempt.body ?? '' };
    // The fault reports an unacknowledged delivery as acknowledged.
    if (!delivered && ctx.faults.has('webhook-test-delivery-failure-ok')) return { url, response_status: 200 };
    return { url, response_status: attempt.status ?? 0 };
  };
  app.post('/webhooks/test', handler);
  // Supplement 3/26: the real path of the test webhook; the interface's /webhooks/test is its alias here.
  app.post('/sandbox/webhooks/test', async () => {
    if (ctx.faults.has('sandbox-webhook-test-not-sent')) return { url: ctx.config.webhookEndpoint, response_status: 200, response_body: '' };
    return handler();
  });
}
