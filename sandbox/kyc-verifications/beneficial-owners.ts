// Supplement section 14: POST, GET /beneficial-owners, GET and PATCH /beneficial-owners/{beneficialOwnerId}
// (owners of business customers; a PATCH changes only the fields sent). The answer carries
// personalInfo.identifier: openapi.yaml's BeneficialOwnerPersonalInfo requires it (the write-only
// identifier of supplement 4 is the individual customer's).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { crossFieldErrors, getCustomer, Identification } from '../customers/state.js';
import { invalidInput, notFound } from '../http/errors.js';
import { scanPage } from '../store/cursor-page.js';
import { customerOwners, PageQuery, presentOwner, push, reevaluate, state, type OwnerRecord } from './state.js';

const ROLES = ['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'] as const;
const country = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const PersonalInfo = z.object({
  firstName: z.string().min(1),
  middleName: z.string().optional(),
  lastName: z.string().min(1),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD'),
  nationality: country,
  address: z.object({ line1: z.string().min(1), line2: z.string().optional(), city: z.string().optional(), state: z.string().optional(), postalCode: z.string().min(1), country }),
  idType: Identification.idType.unwrap(),
  identifier: Identification.identifier.unwrap(),
  countryOfIssuance: Identification.countryOfIssuance,
  email: z.email().optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, 'an E.164 number').optional(),
});
const OwnerBody = z.object({
  customerId: z.string().min(1),
  roles: z.array(z.enum(ROLES)).min(1),
  // openapi.yaml, BeneficialOwnerCreateRequest: ownershipPercentage is an integer, 0 to 100.
  ownershipPercentage: z.number().int().min(0).max(100),
  personalInfo: PersonalInfo,
});
const OwnerPatch = z.object({
  roles: z.array(z.enum(ROLES)).min(1).optional(),
  ownershipPercentage: z.number().int().min(0).max(100).optional(),
  personalInfo: PersonalInfo.partial().optional(),
}).strict();

export async function beneficialOwnerRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/beneficial-owners', async (req, reply) => {
    const body = parse(ctx.faults.has('owner-percentage-unbounded') ? OwnerBody.extend({ ownershipPercentage: z.number().int().min(0) }) : OwnerBody, req.body);
    const crossField = crossFieldErrors(ctx, body.personalInfo, {}, 'personalInfo.');
    if (crossField.length) throw invalidInput(crossField);
    const customer = getCustomer(ctx, body.customerId);
    if (customer.customerType !== 'BUSINESS') {
      throw invalidInput([{ field: 'customerId', message: 'Beneficial owners belong to business customers' }]);
    }
    const last = body.personalInfo.lastName;
    const now = isoNow(ctx.clock);
    const owner: OwnerRecord = {
      id: `BeneficialOwner:${randomUUID()}`,
      customerId: body.customerId,
      roles: body.roles,
      ownershipPercentage: body.ownershipPercentage,
      personalInfo: ctx.faults.has('owner-country-of-issuance-overwritten') ? { ...body.personalInfo, countryOfIssuance: 'US' } : { countryOfIssuance: 'US', ...body.personalInfo },
      kycStatus: last.endsWith('001') && !ctx.faults.has('kyb-pending-owner-ignored') ? 'PENDING' : last.endsWith('002') && !ctx.faults.has('owner-rejected-value-approved') ? 'REJECTED' : 'APPROVED',
      createdAt: now,
      updatedAt: now,
    };
    state(ctx).owners.set(owner.id, owner);
    state(ctx).ownerOrder.push(owner);
    push(state(ctx).ownersByCustomer, owner.customerId, owner);
    reevaluate(ctx, owner.customerId);
    return reply.status(201).send(presentOwner(owner, ctx));
  });

  app.get('/beneficial-owners', async (req) => {
    const q = parse(PageQuery.extend({ customerId: z.string().min(1) }), req.query);
    const list = ctx.faults.has('owner-list-ignores-customer') ? state(ctx).ownerOrder : customerOwners(ctx, q.customerId);
    const page = scanPage(list, () => true, q, (o) => presentOwner(o, ctx));
    // This sandbox's fault: the next page starts one item early, so the last item comes again.
    if (page.nextCursor && ctx.faults.has('owners-cursor-repeats')) page.nextCursor = String(Math.max(0, Number(page.nextCursor) - 1));
    // The alternate answers the optional totalCount: every owner of the customer, all pages.
    return ctx.choices.alternate('kyc-lists-total-count') ? { ...page, totalCount: list.length } : page;
  });

  const getOwner = (ownerId: string) => {
    const o = state(ctx).owners.get(ownerId);
    if (!o) throw notFound('REFERENCE_NOT_FOUND', `Beneficial owner ${ownerId} not found`);
    return o;
  };
  app.get('/beneficial-owners/:beneficialOwnerId', async (req) => presentOwner(getOwner((req.params as { beneficialOwnerId: string }).beneficialOwnerId), ctx));

  app.patch('/beneficial-owners/:beneficialOwnerId', async (req) => {
    const o = getOwner((req.params as { beneficialOwnerId: string }).beneficialOwnerId);
    const body = parse(OwnerPatch, req.body);
    const crossField = body.personalInfo ? crossFieldErrors(ctx, body.personalInfo, o.personalInfo, 'personalInfo.') : [];
    if (crossField.length) throw invalidInput(crossField);
    if (body.roles) o.roles = body.roles;
    if (body.ownershipPercentage !== undefined) o.ownershipPercentage = body.ownershipPercentage;
    if (body.personalInfo) {
      // Supplement 14: only sent fields change.
      o.personalInfo = ctx.faults.has('owner-patch-replaces-personal-info') ? { ...body.personalInfo } : { ...o.personalInfo, ...body.personalInfo };
    }
    o.updatedAt = isoNow(ctx.clock);
    return presentOwner(o, ctx);
  });
}
