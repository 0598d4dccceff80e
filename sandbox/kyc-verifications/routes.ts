// Interface: POST {base_url}/verifications "may return RESOLVE_ERRORS with one entry per problem,
// each naming the field or the accepted document types still needed"; Customer KYC status
// (APPROVED emits CUSTOMER.KYC_APPROVED); Errors / 400 (document rejection reasons). Supplement
// sections 5 and 14 for verifications, documents and beneficial owners; section 3/27 for the
// VERIFICATION.* events (one type per status, data = Verification).
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { crossFieldErrors, customers, getCustomer, Identification, missingKycFields, onCustomerChanged, setKycStatus, type CustomerRecord } from '../customers/routes.js';
import { badRequest, conflict, invalidInput, notFound, type FieldError } from '../errors.js';
import { scanPage } from '../scan-page.js';
import { indexedPage, PositionIndex, watchField } from '../store/position-index.js';

const IDENTITY_DOCUMENTS = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
/** Supplement 14: the 26 document types. */
const DOCUMENT_TYPES = new Set([
  ...IDENTITY_DOCUMENTS,
  'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT',
  'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT', 'STATE_COMPANY_REGISTRY', 'PARTNERSHIP_CONTROL_AGREEMENT',
  'SHAREHOLDER_REGISTER', 'PARTNERSHIP_AGREEMENT',
  'UTILITY_BILL', 'RENT_OR_LEASE_AGREEMENT', 'ELECTRICITY_BILL', 'BANK_STATEMENT', 'TAX_RETURN',
  'PROOF_OF_ADDRESS', 'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT', 'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE',
  'POWER_OF_ATTORNEY', 'SELFIE', 'OTHER',
]);
const LEGAL_PRESENCE = ['CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT'];
/**
 * This sandbox's document rejections (supplement 14: the codes "appear only in the 400 code list;
 * presumably POST/PUT /documents"): the last three characters of documentNumber (sandbox/README.md).
 */
export const DOCUMENT_REJECTIONS: Record<string, string> = {
  '991': 'LOW_QUALITY',
  '992': 'DATA_MISMATCH',
  '993': 'EXPIRED',
  '994': 'SUSPECTED_FRAUD',
  '995': 'UNSUITABLE_DOCUMENT',
  '996': 'INCOMPLETE',
};
const MAX_FILE = 10 * 1024 * 1024;

type VerificationStatus = 'RESOLVE_ERRORS' | 'PENDING_MANUAL_REVIEW' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'READY_FOR_VERIFICATION';
interface Verification {
  id: string;
  customerId: string;
  verificationStatus: VerificationStatus;
  errors: { resourceId: string; type: string; field?: string; acceptedDocumentTypes?: string[]; reason: string }[];
  createdAt: string;
  updatedAt: string;
}
interface DocumentRecord {
  id: string;
  documentType: string;
  country: string;
  documentHolder: string;
  side?: string;
  documentNumber?: string;
  issuingAuthority?: string;
  fileName: string;
  size: number;
  createdAt: string;
  updatedAt?: string;
  /** Part of a submitted verification: no longer deletable (supplement 14: 409 already submitted). */
  submitted: boolean;
  deleted: boolean;
}
interface OwnerRecord { id: string; customerId: string; roles: string[]; ownershipPercentage: number; personalInfo: Record<string, unknown>; kycStatus: string; createdAt: string; updatedAt: string }

const state = (ctx: SandboxContext) =>
  areaState(ctx, 'kyc', () => ({
    verifications: new Map<string, Verification>(),
    verificationOrder: [] as Verification[],
    verificationsByCustomer: new Map<string, Verification[]>(),
    documents: new Map<string, DocumentRecord>(),
    documentOrder: [] as DocumentRecord[],
    documentsByHolder: new Map<string, DocumentRecord[]>(),
    /** Positions in verificationOrder per customer and per verificationStatus (followed as it changes). */
    verificationPositions: { customer: new PositionIndex(), status: new PositionIndex() },
    /** Positions in documentOrder per documentHolder, and of the documents not deleted (key 'live'). */
    documentPositions: { holder: new PositionIndex(), live: new PositionIndex() },
    owners: new Map<string, OwnerRecord>(),
    ownerOrder: [] as OwnerRecord[],
    ownersByCustomer: new Map<string, OwnerRecord[]>(),
    /** Re-uploads (PUT) of each document, to tell a replaced document from the one a review flagged. */
    documentRevisions: new Map<string, number>(),
    /** Problems found in review (after IN_PROGRESS): the flagged documents at their revision then. */
    findings: new Map<string, { flagged: { documentId: string; revision: number }[]; holderDocs: Set<string> }>(),
    /** Verifications whose review findings were resolved and submitted again: reviewed as any other. */
    resubmitted: new Set<string>(),
  }));

/** Appends to the key's list in place (a copy per append would cost what the key holds). */
const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};
const holderDocs = (ctx: SandboxContext, holder: string) => (state(ctx).documentsByHolder.get(holder) ?? []).filter((d) => !d.deleted || ctx.faults.has('deleted-document-still-counts'));
const customerOwners = (ctx: SandboxContext, customerId: string) => state(ctx).ownersByCustomer.get(customerId) ?? [];

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
  ownershipPercentage: z.number().min(0).max(100),
  personalInfo: PersonalInfo,
});
const OwnerPatch = z.object({
  roles: z.array(z.enum(ROLES)).min(1).optional(),
  ownershipPercentage: z.number().min(0).max(100).optional(),
  personalInfo: PersonalInfo.partial().optional(),
}).strict();
const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d+$/, 'a cursor returned as nextCursor').optional(),
});

function presentOwner(o: OwnerRecord) {
  const { identifier: _w, ...personalInfo } = o.personalInfo;
  return { ...o, personalInfo };
}
function presentDocument(d: DocumentRecord) {
  const { submitted: _s, deleted: _d, size: _z, ...rest } = d;
  return rest;
}

/** One RESOLVE_ERRORS entry per gap: each missing field, each missing document kind, each missing owner. */
function gaps(ctx: SandboxContext, c: CustomerRecord): Verification['errors'] {
  const docs = holderDocs(ctx, c.id);
  const errors: Verification['errors'] = [];
  if (c.customerType === 'INDIVIDUAL') {
    for (const field of missingKycFields(c)) {
      errors.push({ resourceId: c.id, type: 'MISSING_FIELD', field, reason: `${field} is required for identity verification` });
    }
    if (!docs.some((d) => IDENTITY_DOCUMENTS.includes(d.documentType))) {
      errors.push({ resourceId: c.id, type: 'MISSING_IDENTITY_DOCUMENT', acceptedDocumentTypes: ctx.faults.has('identity-document-types-wrong') ? ['SELFIE'] : IDENTITY_DOCUMENTS, reason: 'An identity document is required' });
    }
  } else {
    if (!customerOwners(ctx, c.id).length) errors.push({ resourceId: c.id, type: 'MISSING_BENEFICIAL_OWNER', reason: 'At least one beneficial owner is required' });
    if (!docs.some((d) => LEGAL_PRESENCE.includes(d.documentType))) {
      errors.push({ resourceId: c.id, type: 'MISSING_LEGAL_PRESENCE_DOCUMENT', acceptedDocumentTypes: LEGAL_PRESENCE, reason: 'A legal presence document is required' });
    }
  }
  return ctx.faults.has('resolve-errors-first-only') ? errors.slice(0, 1) : errors;
}

/** Sets the verification's status and announces it with VERIFICATION.<STATUS> (supplement 14: one type per status). */
function setVerificationStatus(ctx: SandboxContext, v: Verification, status: VerificationStatus, errors: Verification['errors'] = []): void {
  const changed = v.verificationStatus !== status;
  v.verificationStatus = status;
  v.errors = errors;
  v.updatedAt = isoNow(ctx.clock);
  if (changed && !ctx.faults.has('verification-no-status-events')) ctx.webhooks.emit(`VERIFICATION.${status}`, { ...v, errors: [...v.errors] });
}

const isOpen = (v: Verification) => v.verificationStatus === 'RESOLVE_ERRORS' || v.verificationStatus === 'READY_FOR_VERIFICATION';
const openVerification = (ctx: SandboxContext, customerId: string) => {
  const list = state(ctx).verificationsByCustomer.get(customerId) ?? [];
  const last = list[list.length - 1];
  return last && isOpen(last) ? last : undefined;
};

/** This sandbox's READY_FOR_VERIFICATION (its meaning is not stated): an open verification whose gaps are all resolved. */
function reevaluate(ctx: SandboxContext, customerId: string): void {
  const v = openVerification(ctx, customerId);
  if (!v || v.verificationStatus !== 'RESOLVE_ERRORS') return;
  // Problems found in review are judged again only when the verification is submitted again.
  if (state(ctx).findings.has(v.id)) return;
  const customer = getCustomer(ctx, customerId);
  if (gaps(ctx, customer).length === 0) setVerificationStatus(ctx, v, 'READY_FOR_VERIFICATION');
}
/**
 * The review findings of a verification still unresolved: a flagged document neither re-uploaded
 * (PUT) nor deleted, while no identity document was uploaded after the review.
 */
function unresolvedFindings(ctx: SandboxContext, v: Verification, customerId: string): boolean {
  const s = state(ctx);
  const found = s.findings.get(v.id);
  if (!found) return false;
  const newer = holderDocs(ctx, customerId).some((d) => !found.holderDocs.has(d.id) && IDENTITY_DOCUMENTS.includes(d.documentType));
  if (newer) return false;
  return found.flagged.some((f) => {
    const d = s.documents.get(f.documentId);
    return d !== undefined && !d.deleted && (s.documentRevisions.get(d.id) ?? 0) === f.revision;
  });
}
const holderCustomer = (ctx: SandboxContext, holder: string) => (holder.startsWith('Customer:') ? holder : state(ctx).owners.get(holder)?.customerId);

export async function kycRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: ctx.faults.has('document-size-unbounded') ? 3 * MAX_FILE : MAX_FILE, files: 1, fields: 20 } });
  onCustomerChanged(ctx, (c) => reevaluate(ctx, c.id));

  /** A new verification of `customerId`, without a status yet, stored and indexed. */
  const newVerification = (customerId: string): Verification => {
    const s = state(ctx);
    const now = isoNow(ctx.clock);
    const v: Verification = { id: `Verification:${randomUUID()}`, customerId, verificationStatus: '' as VerificationStatus, errors: [], createdAt: now, updatedAt: now };
    s.verifications.set(v.id, v);
    const p = s.verificationOrder.push(v) - 1;
    push(s.verificationsByCustomer, customerId, v);
    const ix = s.verificationPositions;
    ix.customer.add(customerId, p);
    ix.status.add(v.verificationStatus, p);
    watchField(v, 'verificationStatus', (from, to) => ix.status.move(from, to, p));
    return v;
  };

  app.post('/verifications', async (req) => {
    const sent = req.body as { customerId?: unknown } | undefined;
    if (ctx.faults.has('verification-refused-opened') && sent && typeof sent === 'object' && 'customerId' in sent && typeof sent.customerId !== 'string') {
      // The fault: a customerId of another type is refused below, but a verification is opened first under it, made a string.
      newVerification(String(sent.customerId));
    }
    const { customerId } = parse(z.object({ customerId: z.string().min(1) }), req.body);
    if (ctx.faults.has('verification-unknown-customer-400') && !customers(ctx).has(customerId)) throw badRequest('INVALID_INPUT', `Unknown customer ${customerId}`);
    const customer = getCustomer(ctx, customerId);
    if ((customer.kycStatus === 'APPROVED' && !ctx.faults.has('verification-of-approved-accepted')) || customer.kycStatus === 'REJECTED') {
      throw badRequest('INVALID_INPUT', `Customer ${customerId} is already ${customer.kycStatus}`);
    }
    const s = state(ctx);
    const now = isoNow(ctx.clock);
    // A new verification starts without a status; its first status is announced like any other.
    const v = openVerification(ctx, customerId) ?? newVerification(customerId);
    const found = gaps(ctx, customer);
    const magic = String(customer.customerType === 'INDIVIDUAL' ? customer.fields.fullName ?? '' : (customer.fields.businessInfo as { registrationNumber?: string })?.registrationNumber ?? '');
    if (found.length) {
      setVerificationStatus(ctx, v, 'RESOLVE_ERRORS', found);
      return v;
    }
    // A verification returned by review stays RESOLVE_ERRORS, with its findings, until they are resolved.
    if (unresolvedFindings(ctx, v, customer.id) || (s.findings.has(v.id) && ctx.faults.has('verification-resubmission-refused'))) {
      setVerificationStatus(ctx, v, 'RESOLVE_ERRORS', v.errors);
      return { ...v, errors: [...v.errors] };
    }
    if (s.findings.delete(v.id)) s.resubmitted.add(v.id);
    // Supplement 5: an individual named ...003, complete -> RESOLVE_ERRORS + POOR_QUALITY_DOCUMENT: this
    // sandbox takes the submission (IN_PROGRESS) and its review finds the identity document poor.
    const poorDocument = customer.customerType === 'INDIVIDUAL' && magic.endsWith('003') && !s.resubmitted.has(v.id) && !ctx.faults.has('verification-review-finding-skipped');
    // Submitted: the documents of the customer and of its owners are now part of the verification.
    for (const holder of [customer.id, ...customerOwners(ctx, customer.id).map((o) => o.id)]) {
      for (const d of holderDocs(ctx, holder)) d.submitted = true;
    }
    const ownerPending = customer.customerType === 'BUSINESS' && customerOwners(ctx, customer.id).some((o) => o.kycStatus === 'PENDING');
    const outcome: 'APPROVED' | 'REJECTED' | 'PENDING_MANUAL_REVIEW' =
      customer.customerType === 'INDIVIDUAL' && magic.endsWith('001') ? 'PENDING_MANUAL_REVIEW'
      : ownerPending ? 'PENDING_MANUAL_REVIEW'
      : magic.endsWith('002') ? 'REJECTED'
      : 'APPROVED';
    setVerificationStatus(ctx, v, 'IN_PROGRESS');
    const verification = v;
    const snapshot = { ...v };
    ctx.later(ctx.settings.provisioningDelayMs, () => {
      if (poorDocument) {
        const docs = holderDocs(ctx, customer.id);
        const doc = docs.find((d) => IDENTITY_DOCUMENTS.includes(d.documentType)) ?? docs[0];
        s.findings.set(verification.id, {
          flagged: doc ? [{ documentId: doc.id, revision: s.documentRevisions.get(doc.id) ?? 0 }] : [],
          holderDocs: new Set(docs.map((d) => d.id)),
        });
        setVerificationStatus(ctx, verification, 'RESOLVE_ERRORS', [{ resourceId: doc?.id ?? customer.id, type: 'POOR_QUALITY_DOCUMENT', acceptedDocumentTypes: IDENTITY_DOCUMENTS, reason: 'The document image is not legible' }]);
        return;
      }
      setVerificationStatus(ctx, verification, outcome);
      const kyc = outcome === 'PENDING_MANUAL_REVIEW' ? 'PENDING' : outcome;
      if (customer.kycStatus !== kyc) setKycStatus(ctx, customer, kyc);
    });
    return snapshot;
  });

  // This sandbox's trigger: a manual review completes (PENDING_MANUAL_REVIEW -> APPROVED or REJECTED),
  // and the customer's kycStatus/kybStatus follows with its CUSTOMER.* event.
  app.post('/sandbox/verifications/:verificationId/review', async (req) => {
    const { verificationId } = req.params as { verificationId: string };
    const { outcome } = parse(z.object({ outcome: z.enum(['APPROVED', 'REJECTED']) }), req.body);
    const v = state(ctx).verifications.get(verificationId);
    if (!v) throw notFound('REFERENCE_NOT_FOUND', `Verification ${verificationId} not found`);
    if (v.verificationStatus !== 'PENDING_MANUAL_REVIEW') throw conflict('CONFLICT', `Verification ${v.id} is ${v.verificationStatus}, not under manual review`);
    setVerificationStatus(ctx, v, outcome);
    const customer = getCustomer(ctx, v.customerId);
    if (!ctx.faults.has('review-outcome-customer-unchanged')) setKycStatus(ctx, customer, outcome);
    return { ...v };
  });

  app.get('/verifications', async (req) => {
    const q = parse(PageQuery.extend({ customerId: z.string().min(1).optional(), verificationStatus: z.enum(['RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION']).optional() }), req.query);
    const s = state(ctx);
    // Creation order; the customer and the status each name a positions list, the page walks the shortest.
    const byCustomer = q.customerId && !ctx.faults.has('verifications-customer-filter-ignored') ? q.customerId : undefined;
    const statusFilter = ctx.faults.has('verifications-status-filter-ignored') ? undefined : q.verificationStatus;
    const ix = s.verificationPositions;
    const narrow = [byCustomer ? ix.customer.get(byCustomer) : undefined, statusFilter ? ix.status.get(statusFilter) : undefined].filter((list) => list !== undefined);
    const matches = (v: Verification) => (!byCustomer || v.customerId === byCustomer) && (!statusFilter || v.verificationStatus === statusFilter);
    const page = indexedPage(s.verificationOrder, { limit: q.limit, cursor: q.cursor, narrow }, matches, (v) => ({ ...v }));
    if (page.nextCursor && ctx.faults.has('verifications-cursor-skips')) page.nextCursor = String(Number(page.nextCursor) + 1);
    return page;
  });

  app.get('/verifications/:verificationId', async (req) => {
    const { verificationId } = req.params as { verificationId: string };
    const v = state(ctx).verifications.get(verificationId);
    if (!v) throw notFound('REFERENCE_NOT_FOUND', `Verification ${verificationId} not found`);
    return v;
  });

  app.post('/beneficial-owners', async (req, reply) => {
    const body = parse(ctx.faults.has('owner-percentage-unbounded') ? OwnerBody.extend({ ownershipPercentage: z.number().min(0) }) : OwnerBody, req.body);
    const crossField = crossFieldErrors(ctx, body.personalInfo, {}, 'personalInfo.');
    if (crossField.length) throw invalidInput(crossField);
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
      personalInfo: ctx.faults.has('owner-country-of-issuance-overwritten') ? { ...body.personalInfo, countryOfIssuance: 'US' } : { countryOfIssuance: 'US', ...body.personalInfo },
      kycStatus: last.endsWith('001') && !ctx.faults.has('kyb-pending-owner-ignored') ? 'PENDING' : last.endsWith('002') && !ctx.faults.has('owner-rejected-value-approved') ? 'REJECTED' : 'APPROVED',
      createdAt: now,
      updatedAt: now,
    };
    state(ctx).owners.set(owner.id, owner);
    state(ctx).ownerOrder.push(owner);
    push(state(ctx).ownersByCustomer, owner.customerId, owner);
    reevaluate(ctx, owner.customerId);
    return reply.status(201).send(presentOwner(owner));
  });

  app.get('/beneficial-owners', async (req) => {
    const q = parse(PageQuery.extend({ customerId: z.string().min(1) }), req.query);
    const list = ctx.faults.has('owner-list-ignores-customer') ? state(ctx).ownerOrder : customerOwners(ctx, q.customerId);
    const page = scanPage(list, () => true, q, presentOwner);
    // This sandbox's fault: the next page starts one item early, so the last item comes again.
    if (page.nextCursor && ctx.faults.has('owners-cursor-repeats')) page.nextCursor = String(Math.max(0, Number(page.nextCursor) - 1));
    return page;
  });

  const getOwner = (ownerId: string) => {
    const o = state(ctx).owners.get(ownerId);
    if (!o) throw notFound('REFERENCE_NOT_FOUND', `Beneficial owner ${ownerId} not found`);
    return o;
  };
  app.get('/beneficial-owners/:beneficialOwnerId', async (req) => presentOwner(getOwner((req.params as { beneficialOwnerId: string }).beneficialOwnerId)));

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
    return presentOwner(o);
  });

  /** Reads a multipart upload: its fields and its one file. */
  async function readUpload(req: FastifyRequest) {
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
    else if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.type) && !ctx.faults.has('document-media-type-unchecked')) problems.push({ field: 'file', constraint: 'mediaType', message: 'PDF, JPEG or PNG' });
    if (!DOCUMENT_TYPES.has(fields.documentType ?? '')) problems.push({ field: 'documentType', constraint: 'enum', message: 'a documentType of the interface' });
    if (!/^[A-Z]{2}$/.test(fields.country ?? '')) problems.push({ field: 'country', constraint: 'pattern', message: 'an ISO 3166-1 alpha-2 code' });
    if (fields.side !== undefined && !['FRONT', 'BACK'].includes(fields.side)) problems.push({ field: 'side', constraint: 'enum', message: 'FRONT or BACK' });
    return { fields, file, problems };
  }

  /** This sandbox's review of an upload: a rejection reason by the documentNumber's last three characters. */
  function review(fields: Record<string, string>): void {
    const code = DOCUMENT_REJECTIONS[(fields.documentNumber ?? '').slice(-3)];
    if (code && !ctx.faults.has('document-rejection-accepted')) {
      throw badRequest(code, `The document was rejected: ${code}`, { documentType: fields.documentType });
    }
  }

  app.post('/documents', async (req, reply) => {
    const { fields, file, problems } = await readUpload(req);
    // The fault: an upload with no documentHolder (and nothing else wrong) is refused below, but stored first, held by no one.
    if (!fields.documentHolder && !problems.length && ctx.faults.has('document-refused-holder-stored')) storeDocument({ ...fields, documentHolder: '' }, file!);
    if (!fields.documentHolder) problems.push({ field: 'documentHolder', constraint: 'required', message: 'a Customer or BeneficialOwner id' });
    if (problems.length) throw invalidInput(problems);
    if (fields.documentHolder.startsWith('Customer:')) getCustomer(ctx, fields.documentHolder);
    else if (!state(ctx).owners.has(fields.documentHolder) || ctx.faults.has('document-owner-holder-refused')) throw notFound('REFERENCE_NOT_FOUND', `Document holder ${fields.documentHolder} not found`);
    review(fields);
    const doc = storeDocument(fields, file!);
    const customerId = holderCustomer(ctx, doc.documentHolder);
    if (customerId) reevaluate(ctx, customerId);
    return reply.status(201).send(presentDocument(doc));
  });

  /** A new document of an upload's fields and file, stored and indexed. */
  function storeDocument(fields: Awaited<ReturnType<typeof readUpload>>['fields'], file: { name: string; size: number }): DocumentRecord {
    const doc: DocumentRecord = {
      id: `Document:${randomUUID()}`,
      documentType: fields.documentType,
      country: fields.country,
      documentHolder: fields.documentHolder,
      side: fields.side,
      documentNumber: fields.documentNumber,
      issuingAuthority: fields.issuingAuthority,
      fileName: file!.name,
      size: file!.size,
      createdAt: isoNow(ctx.clock),
      submitted: false,
      deleted: false,
    };
    const s = state(ctx);
    s.documents.set(doc.id, doc);
    const p = s.documentOrder.push(doc) - 1;
    push(s.documentsByHolder, doc.documentHolder, doc);
    const ix = s.documentPositions;
    ix.holder.add(doc.documentHolder, p);
    ix.live.add('live', p);
    watchField(doc, 'deleted', (_from, to) => ix.live.move(undefined, to ? undefined : 'live', p));
    return doc;
  }

  app.get('/documents', async (req) => {
    // This sandbox's fault: a limit over 100 accepted (supplement §1: limit 1–100).
    const pageQuery = ctx.faults.has('documents-limit-unbounded') ? PageQuery.extend({ limit: z.coerce.number().int().min(1).default(20) }) : PageQuery;
    const q = parse(pageQuery.extend({ documentHolder: z.string().min(1).optional() }), req.query);
    const s = state(ctx);
    // Upload order; the holder and the documents not deleted each name a positions list, the page walks the shortest.
    const holder = q.documentHolder && !ctx.faults.has('documents-holder-filter-ignored') ? q.documentHolder : undefined;
    const ix = s.documentPositions;
    const listDeleted = ctx.faults.has('documents-deleted-listed');
    const narrow = [holder ? ix.holder.get(holder) : undefined, listDeleted ? undefined : ix.live.get('live')].filter((list) => list !== undefined);
    const matches = (d: DocumentRecord) => (listDeleted || !d.deleted) && (!holder || d.documentHolder === holder);
    return indexedPage(s.documentOrder, { limit: q.limit, cursor: q.cursor, narrow }, matches, presentDocument);
  });

  const getDocument = (documentId: string) => {
    const d = state(ctx).documents.get(documentId);
    if (!d || d.deleted) throw notFound('REFERENCE_NOT_FOUND', `Document ${documentId} not found`);
    return d;
  };
  app.get('/documents/:documentId', async (req) => presentDocument(getDocument((req.params as { documentId: string }).documentId)));

  app.put('/documents/:documentId', async (req) => {
    const d = getDocument((req.params as { documentId: string }).documentId);
    const { fields, file, problems } = await readUpload(req);
    if (fields.documentHolder !== undefined && ctx.faults.has('document-reupload-moves-holder')) d.documentHolder = fields.documentHolder;
    else if (fields.documentHolder !== undefined) problems.push({ field: 'documentHolder', constraint: 'readOnly', message: 'documentHolder cannot change on re-upload' });
    if (problems.length) throw invalidInput(problems);
    review(fields);
    if (!ctx.faults.has('document-put-keeps-old-file')) {
      Object.assign(d, { documentType: fields.documentType, country: fields.country, side: fields.side, documentNumber: fields.documentNumber, issuingAuthority: fields.issuingAuthority, fileName: file!.name, size: file!.size });
    }
    d.updatedAt = isoNow(ctx.clock);
    state(ctx).documentRevisions.set(d.id, (state(ctx).documentRevisions.get(d.id) ?? 0) + 1);
    return presentDocument(d);
  });

  app.delete('/documents/:documentId', async (req, reply) => {
    const d = getDocument((req.params as { documentId: string }).documentId);
    if (d.submitted && !ctx.faults.has('document-delete-submitted-204')) {
      throw conflict('CONFLICT', `Document ${d.id} is part of a submitted verification`);
    }
    d.deleted = true;
    return reply.status(204).send();
  });
}
