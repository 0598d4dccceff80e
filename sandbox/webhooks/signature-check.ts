// Interface, Authentication 5: "A request whose signature fails verification is to be rejected with
// 401. Error code INVALID_SIGNATURE (401) means a signature header is invalid." No operation of the
// service is named that verifies an X-Svc-Signature; this sandbox's own is
// POST /sandbox/webhooks/verify-signature: the platform sends a delivery's raw body as `payload` with
// the delivery's X-Svc-Signature header (bare base64, or supplement section 3's JSON form
// {"v":"1","s":"<base64>"}), and the service checks it with its webhook key: 200 {valid: true}, or
// 401 INVALID_SIGNATURE when the header is absent, unreadable or does not verify (sandbox/README.md).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { ApiError } from '../http/errors.js';

const invalid = (why: string) => new ApiError(401, 'INVALID_SIGNATURE', `X-Svc-Signature ${why}`);

/** The base64 signature of a header value: the JSON form first, else the bare form (supplement 3). */
function signatureOf(header: string): string | undefined {
  const value = header.trim();
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { v?: unknown; s?: unknown };
      return parsed.v === '1' && typeof parsed.s === 'string' ? parsed.s : undefined;
    } catch {
      return undefined;
    }
  }
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? value : undefined;
}

export async function webhookSignatureRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.post('/sandbox/webhooks/verify-signature', async (req) => {
    const { payload } = parse(z.object({ payload: z.string() }), req.body);
    const header = req.headers['x-svc-signature'];
    if (typeof header !== 'string' || header === '') throw invalid('is missing');
    const signature = signatureOf(header);
    if (!signature) throw invalid('is neither a base64 signature nor {"v":"1","s":"<base64>"}');
    const valid = ctx.faults.has('webhook-signature-check-accepts-any') || ctx.webhooks.verifies(Buffer.from(payload, 'utf8'), signature);
    if (!valid) throw invalid('does not verify over the payload with the service webhook key');
    return { valid: true };
  });
}
