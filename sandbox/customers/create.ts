// Interface: Customer; POST /customers and GET /customers/end-user-terms (supplement section 4 for
// the fields and the end-user terms, section 5 for the sandbox's magic names); 409 CONFLICT for a
// colliding platformCustomerId.
import type { FastifyInstance } from 'fastify';
import { fieldErrors, invalidInput } from '../http/errors.js';
import { customerSchemas } from './schemas.js';
import { createCustomerRecord, crossFieldErrors, presentCustomer, TERMS } from './state.js';

export async function createCustomerRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/customers/end-user-terms', async () => ({ version: TERMS.version, url: TERMS.url }));

  app.post('/customers', async (req, reply) => {
    // The fault reads phoneNumber with an unanchored pattern: what precedes a number is passed over.
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (ctx.faults.has('customers-phone-pattern-unanchored') && typeof body.phoneNumber === 'string') {
      const tail = /\+[1-9]\d{1,14}$/.exec(body.phoneNumber);
      if (tail) body.phoneNumber = tail[0];
    }
    const parsed = customerSchemas(ctx.faults).CreateCustomer.safeParse(req.body ?? {});
    if (!parsed.success) throw invalidInput(fieldErrors(parsed.error));
    const crossField = crossFieldErrors(ctx, parsed.data);
    if (crossField.length) throw invalidInput(crossField);
    const customer = createCustomerRecord(ctx, parsed.data);
    return reply.status(201).send(presentCustomer(ctx, customer));
  });
}
