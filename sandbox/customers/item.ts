// Interface: Customer; GET, PATCH and DELETE /customers/{customerId} (supplement section 4: PATCH
// changes only the fields sent, customerType always required; a deleted customer answers 410 to a
// second DELETE; openapi.yaml, updateCustomerById: email and phoneNumber in one PATCH are rejected);
// 409 CONFLICT for a colliding platformCustomerId; 404 USER_NOT_FOUND.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { ApiError, conflict, invalidInput } from '../http/errors.js';
import { walletContactChange } from '../embedded-wallet-auth/state.js';
import { customerSchemas } from './schemas.js';
import {
  activeCustomerWithPlatformId,
  assertUmaAddressFree,
  checkTermsVersion,
  crossFieldErrors,
  customerChanged,
  customers,
  getCustomer,
  indexKeys,
  presentCustomer,
  unindexDeleted,
} from './state.js';

export async function customerItemRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const checkTerms = (consent?: { termsVersion: string }) => checkTermsVersion(ctx, consent);
  const activeWithPlatformId = (platformCustomerId: unknown, except?: string) => activeCustomerWithPlatformId(ctx, platformCustomerId, except);
  const assertUmaFree = (umaAddress: unknown, except?: string) => assertUmaAddressFree(ctx, umaAddress, except);

  app.get('/customers/:customerId', async (req) => {
    const { customerId } = req.params as { customerId: string };
    // The alternate still reads a deleted customer, isDeleted true.
    const deleted = customers(ctx).get(customerId);
    if (deleted?.isDeleted && ctx.choices.alternate('deleted-customer-readable')) return presentCustomer(ctx, deleted);
    return presentCustomer(ctx, getCustomer(ctx, customerId));
  });

  app.patch('/customers/:customerId', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    const customer = getCustomer(ctx, customerId);
    // openapi.yaml, updateCustomerById: "Update `email` and `phoneNumber` in separate PATCH calls. A
    // request that includes both fields is rejected." For every customer, before anything changes.
    const raw = req.body as Record<string, unknown> | null | undefined;
    if (raw && typeof raw === 'object' && raw.email !== undefined && raw.phoneNumber !== undefined && !ctx.faults.has('customer-patch-email-and-phone-accepted')) {
      throw invalidInput(['email', 'phoneNumber'].map((field) => ({ field, message: 'email and phoneNumber change in separate PATCH calls' })));
    }
    // Supplement 17: an embedded-wallet customer's contact changes through the signed retry (sandbox/embedded-wallet-auth).
    const walletAnswer = await walletContactChange(ctx, req, reply, customer.id);
    if (walletAnswer !== 'PROCEED') return walletAnswer;
    const { PATCH, PATCH_TYPE_OPTIONAL } = customerSchemas(ctx.faults);
    const schemas = ctx.faults.has('customer-patch-type-optional') ? PATCH_TYPE_OPTIONAL : PATCH;
    const schema: z.ZodType = schemas[customer.customerType as 'INDIVIDUAL' | 'BUSINESS'];
    if (ctx.faults.has('customer-refused-patch-applied') && !schema.safeParse(req.body).success && req.body && typeof req.body === 'object') {
      // The fault: a change refused below with 400 has its text members written all the same.
      for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) if (typeof v === 'string' && k !== 'customerType') customer.fields[k] = v;
    }
    // The schema's customerType is the customer's own: another type is refused there, naming customerType.
    // The alternate reads a PATCH naming the other type as one of the customer's own type (the type stays).
    const raw2 = req.body as Record<string, unknown> | undefined;
    const otherType = raw2 && typeof raw2 === 'object' && (raw2.customerType === 'INDIVIDUAL' || raw2.customerType === 'BUSINESS') && raw2.customerType !== customer.customerType;
    const sent = otherType && ctx.choices.alternate('customer-type-change-ignored') ? { ...raw2, customerType: customer.customerType } : req.body;
    const body = parse(schema, sent) as Record<string, unknown> & { endUserTermsConsent?: { termsVersion: string } };
    const crossField = crossFieldErrors(ctx, body, customer.fields);
    if (crossField.length) throw invalidInput(crossField);
    checkTerms(body.endUserTermsConsent);
    if (body.platformCustomerId && activeWithPlatformId(body.platformCustomerId, customer.id) && !ctx.faults.has('customer-duplicate-platform-id-accepted')) {
      throw conflict('CONFLICT', `platformCustomerId ${String(body.platformCustomerId)} belongs to an active customer`, { field: 'platformCustomerId' });
    }
    // The faults: an update's umaAddress not checked against the others', or its own counted as taken.
    if (!ctx.faults.has('customer-patch-uma-unchecked')) assertUmaFree(body.umaAddress, ctx.faults.has('customer-patch-own-uma-taken') ? undefined : customer.id);
    const { customerType: _t, businessInfo, ...rest } = body;
    const previous = { platformCustomerId: customer.fields.platformCustomerId, umaAddress: customer.fields.umaAddress };
    if (ctx.faults.has('customer-currencies-merged') && Array.isArray(rest.currencies)) rest.currencies = [...new Set([...((customer.fields.currencies as string[]) ?? []), ...(rest.currencies as string[])])];
    Object.assign(customer.fields, rest);
    if (businessInfo) customer.fields.businessInfo = { ...(customer.fields.businessInfo as object), ...(businessInfo as object) };
    customer.updatedAt = isoNow(ctx.clock);
    indexKeys(ctx, customer, previous);
    customerChanged(ctx, customer);
    return presentCustomer(ctx, customer);
  });

  app.delete('/customers/:customerId', async (req) => {
    const { customerId } = req.params as { customerId: string };
    const customer = customers(ctx).get(customerId);
    if (customer?.isDeleted && !ctx.faults.has('customer-delete-twice-200')) throw new ApiError(410, 'CUSTOMER_DELETED', `Customer ${customerId} is deleted`);
    if (customer?.isDeleted) return presentCustomer(ctx, customer);
    const c = getCustomer(ctx, customerId);
    c.isDeleted = true;
    c.updatedAt = isoNow(ctx.clock);
    unindexDeleted(ctx, c);
    return presentCustomer(ctx, c);
  });
}
