// Interface: POST {base_url}/verifications "may return RESOLVE_ERRORS with one entry per problem,
// each naming the field or the accepted document types still needed"; Customer KYC status
// (APPROVED emits CUSTOMER.KYC_APPROVED). Supplement section 5 for shapes, documents and owners.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { getCustomer, Identification, missingKycFields, setKycStatus, type CustomerRecord } from '../customers/routes.js';
import { badRequest, invalidInput, notFound, type FieldError } from '../errors.js';
import { page } from '../pagination.js';

const IDENTITY_DOCUMENTS = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
const DOCUMENT_TYPES = [...IDENTITY_DOCUMENTS, 'PROOF_OF_ADDRESS', 'BANK_STATEMENT', 'CERTIFICATE_OF_INCORPORATION', 'OTHER'];
const MAX_FILE = 10 * 1024 * 1024;

interface Verification {
  id: string;
  customerId: string;
  verificationStatus: 'RESOLVE_ERRORS' | 'PENDING_MANUAL_REVIEW' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'READY_FOR_VERIFICATION';
  errors: { resourceId: string; type: string; field?: string; acceptedDocumentTypes?: string[]; reason: string }[];
  createdAt: string;
  updatedAt: string;
}
interface DocumentRecord { id: string; documentType: string; country: string; documentHolder: string; side?: string; documentNumber?: string; fileName: string; size: number; createdAt: string }
interface OwnerRecord { id: string; customerId: string; roles: string[]; ownershipPercentage: number; personalInfo: Record<string, unknown>; kycStatus: string; createdAt: string; updatedAt: string }

const state = (ctx: SandboxContext) =>
  areaState(ctx, 'kyc', () => ({ verifications: new Map<string, Verification>(), documents: new Map<string, DocumentRecord>(), owners: new Map<string, OwnerRecord>() }));

const OwnerBody = z.object({
  customerId: z.string().min(1),
  roles: z.array(z.enum(['UBO', 'DIRECTOR', 'CONTROL_PERSON', 'SIGNATORY'])).min(1),
  ownershipPercentage: z.number().min(0).max(100),
  personalInfo: z.object({
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    nationality: z.string().regex(/^[A-Z]{2}$/),
    address: z.object({ line1: z.string().min(1), postalCode: z.string().min(1), country: z.string().regex(/^[A-Z]{2}$/) }).passthrough(),
    idType: Identification.idType.unwrap(),
    identifier: Identification.identifier.unwrap(),
    countryOfIssuance: Identification.countryOfIssuance,
  }),
});

function presentOwner(o: OwnerRecord) {
  const { identifier: _w, ...personalInfo } = o.personalInfo;
  return { ...o, personalInfo };
}

/** One RESOLVE_ERRORS entry per gap: each missing field, each missing document kind, each missing owner. */
function gaps(ctx: SandboxContext, c: CustomerRecord): Verification['errors'] {
  const s = state(ctx);
  const docs = [...s.documents.values()].filter((d) => d.documentHolder === c.id);
  const errors: Verification['errors'] = [];
  if (c.customerType === 'INDIVIDUAL') {
    for (const field of missingKycFields(c)) {
      errors.push({ resourceId: c.id, type: 'MISSING_FIELD', field, reason: `${field} is required for identity verification` });
    }
    if (!docs.some((d) => IDENTITY_DOCUMENTS.includes(d.documentType))) {
      errors.push({ resourceId: c.id, type: 'MISSING_IDENTITY_DOCUMENT', acceptedDocumentTypes: IDENTITY_DOCUMENTS, reason: 'An identity document is required' });
    }
  } else {
    const owners = [...s.owners.values()].filter((o) => o.customerId === c.id);
    if (!owners.length) errors.push({ resourceId: c.id, type: 'MISSING_BENEFICIAL_OWNER', reason: 'At least one beneficial owner is required' });
    if (!docs.some((d) => d.documentType === 'CERTIFICATE_OF_INCORPORATION')) {
      errors.push({ resourceId: c.id, type: 'MISSING_FIELD', acceptedDocumentTypes: ['CERTIFICATE_OF_INCORPORATION'], reason: 'A certificate of incorporation is required' });
    }
  }
  return ctx.faults.has('resolve-errors-first-only') ? errors.slice(0, 1) : errors;
}

export async function kycRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: MAX_FILE, files: 1, fields: 20 } });

  app.post('/verifications', async (req) => {
    const { customerId } = parse(z.object({ customerId: z.string().min(1) }), req.body);
    const customer = getCustomer(ctx, customerId);
    if (customer.kycStatus === 'APPROVED' || customer.kycStatus === 'REJECTED') {
      throw badRequest('INVALID_INPUT', `Customer ${customerId} is already ${customer.kycStatus}`);
    }
    const now = isoNow(ctx.clock);
    const v: Verification = { id: `Verification:${randomUUID()}`, customerId, verificationStatus: 'IN_PROGRESS', errors: [], createdAt: now, updatedAt: now };
    state(ctx).verifications.set(v.id, v);
    const found = gaps(ctx, customer);
    const magic = String(customer.customerType === 'INDIVIDUAL' ? customer.fields.fullName ?? '' : (customer.fields.businessInfo as { registrationNumber?: string })?.registrationNumber ?? '');
    if (found.length) {
      v.verificationStatus = 'RESOLVE_ERRORS';
      v.errors = found;
    } else if (customer.customerType === 'INDIVIDUAL' && magic.endsWith('003')) {
      v.verificationStatus = 'RESOLVE_ERRORS';
      const doc = [...state(ctx).documents.values()].find((d) => d.documentHolder === customer.id);
      v.errors = [{ resourceId: doc?.id ?? customer.id, type: 'POOR_QUALITY_DOCUMENT', acceptedDocumentTypes: IDENTITY_DOCUMENTS, reason: 'The document image is not legible' }];
    } else if (customer.customerType === 'INDIVIDUAL' && magic.endsWith('001')) {
      v.verificationStatus = 'PENDING_MANUAL_REVIEW';
      setKycStatus(ctx, customer, 'PENDING');
    } else {
      const outcome = magic.endsWith('002') ? 'REJECTED' : 'APPROVED';
      ctx.later(ctx.settings.provisioningDelayMs, () => {
        v.verificationStatus = outcome;
        v.updatedAt = isoNow(ctx.clock);
        setKycStatus(ctx, customer, outcome);
      });
    }
    return v;
  });

  app.get('/verifications', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const list = [...state(ctx).verifications.values()].filter(
      (v) => (!q.customerId || v.customerId === q.customerId) && (!q.verificationStatus || v.verificationStatus === q.verificationStatus),
    );
    return page(list, req.query);
  });

  app.get('/verifications/:verificationId', async (req) => {
    const { verificationId } = req.params as { verificationId: string };
    const v = state(ctx).verifications.get(verificationId);
    if (!v) throw notFound('REFERENCE_NOT_FOUND', `Verification ${verificationId} not found`);
    return v;
  });

  app.post('/beneficial-owners', async (req, reply) => {
    const body = parse(OwnerBody, req.body);
    const customer = getCustomer(ctx, body.customerId);
    if (customer.customerType !== 'BUSINESS') {
      throw invalidInput([{ field: 'customerId', constraint: 'customerType', message: 'Beneficial owners belong to business customers' }]);
    }
    const last = body.personalInfo.lastName;
    const now = isoNow(ctx.clock);
    const owner: OwnerRecord = {
      id: `BeneficialOwner:${randomUUID()}`,
      customerId: body.customerId,
      roles: body.roles,
      ownershipPercentage: body.ownershipPercentage,
      personalInfo: { countryOfIssuance: 'US', ...body.personalInfo },
      kycStatus: last.endsWith('001') ? 'PENDING' : last.endsWith('002') ? 'REJECTED' : 'APPROVED',
      createdAt: now,
      updatedAt: now,
    };
    state(ctx).owners.set(owner.id, owner);
    return reply.status(201).send(presentOwner(owner));
  });

  app.get('/beneficial-owners', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    return page([...state(ctx).owners.values()].filter((o) => !q.customerId || o.customerId === q.customerId).map(presentOwner), req.query);
  });

  app.get('/beneficial-owners/:ownerId', async (req) => {
    const { ownerId } = req.params as { ownerId: string };
    const o = state(ctx).owners.get(ownerId);
    if (!o) throw notFound('REFERENCE_NOT_FOUND', `Beneficial owner ${ownerId} not found`);
    return presentOwner(o);
  });

  app.post('/documents', async (req, reply) => {
    if (!req.isMultipart()) {
      throw invalidInput([{ field: 'file', constraint: 'multipart', message: 'Upload documents as multipart/form-data' }]);
    }
    const fields: Record<string, string> = {};
    let file: { name: string; size: number; type: string } | undefined;
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer().catch(() => {
          throw invalidInput([{ field: 'file', constraint: 'maxSize', message: 'The file exceeds 10 MB' }]);
        });
        file = { name: part.filename, size: buf.length, type: part.mimetype };
      } else fields[part.fieldname] = String(part.value);
    }
    const problems: FieldError[] = [];
    if (!file) problems.push({ field: 'file', constraint: 'required', message: 'file is required' });
    else if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.type)) problems.push({ field: 'file', constraint: 'mediaType', message: 'PDF, JPEG or PNG' });
    if (!DOCUMENT_TYPES.includes(fields.documentType ?? '')) problems.push({ field: 'documentType', constraint: 'enum', message: `one of ${DOCUMENT_TYPES.join(', ')}` });
    if (!/^[A-Z]{2}$/.test(fields.country ?? '')) problems.push({ field: 'country', constraint: 'pattern', message: 'an ISO 3166-1 alpha-2 code' });
    if (!fields.documentHolder) problems.push({ field: 'documentHolder', constraint: 'required', message: 'a Customer or BeneficialOwner id' });
    if (problems.length) throw invalidInput(problems);
    if (fields.documentHolder.startsWith('Customer:')) getCustomer(ctx, fields.documentHolder);
    else if (!state(ctx).owners.has(fields.documentHolder)) throw notFound('REFERENCE_NOT_FOUND', `Document holder ${fields.documentHolder} not found`);
    const doc: DocumentRecord = {
      id: `Document:${randomUUID()}`,
      documentType: fields.documentType,
      country: fields.country,
      documentHolder: fields.documentHolder,
      side: fields.side,
      documentNumber: fields.documentNumber,
      fileName: file!.name,
      size: file!.size,
      createdAt: isoNow(ctx.clock),
    };
    state(ctx).documents.set(doc.id, doc);
    return reply.status(201).send(doc);
  });

  app.get('/documents/:documentId', async (req) => {
    const { documentId } = req.params as { documentId: string };
    const d = state(ctx).documents.get(documentId);
    if (!d) throw notFound('REFERENCE_NOT_FOUND', `Document ${documentId} not found`);
    return d;
  });

  app.delete('/documents/:documentId', async (req, reply) => {
    const { documentId } = req.params as { documentId: string };
    if (!state(ctx).documents.delete(documentId)) throw notFound('REFERENCE_NOT_FOUND', `Document ${documentId} not found`);
    return reply.status(204).send();
  });
}
