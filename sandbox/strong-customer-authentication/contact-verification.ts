// Interface: Contact Verification area: only for customers whose provider mandates it (in this
// sandbox: customers whose region is an EU member state); "elsewhere these endpoints answer 409".
// Supplement section 10 for paths and the sandbox code 123456. openapi.yaml: starting or confirming a
// channel already VERIFIED answers 409 ("or the email is already verified", "or the phone is already
// verified"); a wrong code answers 400 ("Invalid or expired code").
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { getCustomer, presentCustomer, requiresContactVerification, type CustomerRecord } from '../customers/state.js';
import { badRequest, conflict, invalidInput } from '../http/errors.js';
import { assertMandated, SANDBOX_CODE } from './state.js';

export function contactVerificationRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  const mandated = (c: CustomerRecord, required: boolean, what: string) => assertMandated(ctx, c, required, what);
  // The fault: a verified channel is started or confirmed again as if it were not.
  const notYetVerified = (c: CustomerRecord, channel: 'email' | 'phone') => {
    if (c.contactVerification?.[channel] === 'VERIFIED' && !ctx.faults.has('contact-verified-channel-restarted')) {
      throw conflict('CONFLICT', `The ${channel} of customer ${c.id} is already verified`, { channel });
    }
  };

  for (const channel of ['email', 'phone'] as const) {
    app.post(`/customers/:customerId/verify-${channel}`, async (req, reply) => {
      const c = getCustomer(ctx, (req.params as { customerId: string }).customerId);
      mandated(c, requiresContactVerification(ctx, c), 'Contact verification');
      notYetVerified(c, channel);
      c.contactVerification = { ...c.contactVerification, [channel]: 'PENDING' };
      return reply.status(204).send();
    });
    app.post(`/customers/:customerId/verify-${channel}/confirm`, async (req) => {
      const c = getCustomer(ctx, (req.params as { customerId: string }).customerId);
      mandated(c, requiresContactVerification(ctx, c), 'Contact verification');
      notYetVerified(c, channel);
      const { code } = parse(z.object({ code: z.string().min(1) }), req.body);
      if (code !== SANDBOX_CODE && !ctx.faults.has('contact-confirm-wrong-code-accepted')) {
        // The alternate: a well-formed code that does not match is no field error, 400 without FieldErrors.
        if (ctx.choices.alternate('contact-wrong-code-plain')) throw badRequest('INVALID_INPUT', 'Invalid or expired code');
        throw invalidInput([{ field: 'code', message: 'The code does not match' }]);
      }
      c.contactVerification = ctx.faults.has('contact-confirm-verifies-both') ? { ...c.contactVerification, email: 'VERIFIED', phone: 'VERIFIED' } : { ...c.contactVerification, [channel]: 'VERIFIED' };
      c.updatedAt = isoNow(ctx.clock);
      return presentCustomer(ctx, c);
    });
  }
}
