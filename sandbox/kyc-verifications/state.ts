// The KYC store (supplement sections 5 and 14): verifications, documents and beneficial owners with their
// indexes and presenters; the gaps a verification reports as RESOLVE_ERRORS, the VERIFICATION.* events
// (supplement 3/27: one type per status, data = Verification) and the re-evaluation of an open
// verification when its customer, an owner or a document changes.
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, type SandboxContext } from '../context.js';
import { getCustomer, missingKycFields, type CustomerRecord } from '../customers/state.js';
import { PositionIndex } from '../store/position-index.js';

export const IDENTITY_DOCUMENTS = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
/** Supplement 14: the 26 document types. */
export const DOCUMENT_TYPES = new Set([
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

export type VerificationStatus = 'RESOLVE_ERRORS' | 'PENDING_MANUAL_REVIEW' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'READY_FOR_VERIFICATION';
export interface Verification {
  id: string;
  customerId: string;
  verificationStatus: VerificationStatus;
  errors: { resourceId: string; type: string; field?: string; acceptedDocumentTypes?: string[]; reason: string }[];
  createdAt: string;
  updatedAt: string;
}
export interface DocumentRecord {
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
export interface OwnerRecord { id: string; customerId: string; roles: string[]; ownershipPercentage: number; personalInfo: Record<string, unknown>; kycStatus: string; createdAt: string; updatedAt: string }

export const state = (ctx: SandboxContext) =>
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
export const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};
export const holderDocs = (ctx: SandboxContext, holder: string) => (state(ctx).documentsByHolder.get(holder) ?? []).filter((d) => !d.deleted || ctx.faults.has('deleted-document-still-counts'));
export const customerOwners = (ctx: SandboxContext, customerId: string) => state(ctx).ownersByCustomer.get(customerId) ?? [];

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d+$/, 'a cursor returned as nextCursor').optional(),
});

/**
 * openapi.yaml, BeneficialOwner: personalInfo with its required identifier, as the platform sent it;
 * the alternate `owner-identifier-masked` answers it masked but for its last four characters
 * (`123-45-6789` as `***-**-6789`).
 */
export function presentOwner(o: OwnerRecord, ctx?: SandboxContext) {
  const info = { ...o.personalInfo };
  if (ctx?.choices.alternate('owner-identifier-masked') && typeof info.identifier === 'string') info.identifier = maskIdentifier(info.identifier);
  return { ...o, personalInfo: info };
}
function maskIdentifier(identifier: string): string {
  let keep = 4;
  return [...identifier].reverse().map((ch) => (!/[A-Za-z0-9]/.test(ch) ? ch : keep-- > 0 ? ch : '*')).reverse().join('');
}
export function presentDocument(d: DocumentRecord) {
  const { submitted: _s, deleted: _d, size: _z, ...rest } = d;
  return rest;
}

/** One RESOLVE_ERRORS entry per gap: each missing field, each missing document kind, each missing owner. */
export function gaps(ctx: SandboxContext, c: CustomerRecord): Verification['errors'] {
  const docs = holderDocs(ctx, c.id);
  const errors: Verification['errors'] = [];
  if (c.customerType === 'INDIVIDUAL') {
    for (const field of missingKycFields(c)) {
      // The alternate names the field by its path from the customer (the supplement's `customer.address.line1`).
      errors.push({ resourceId: c.id, type: 'MISSING_FIELD', field: ctx.choices.alternate('missing-field-customer-path') ? `customer.${field}` : field, reason: `${field} is required for identity verification` });
    }
    if (!docs.some((d) => IDENTITY_DOCUMENTS.includes(d.documentType))) {
      errors.push({ resourceId: c.id, type: 'MISSING_IDENTITY_DOCUMENT', acceptedDocumentTypes: ctx.faults.has('identity-document-types-wrong') ? ['SELFIE'] : IDENTITY_DOCUMENTS, reason: 'An identity document is required' });
    }
  } else {
    if (!customerOwners(ctx, c.id).length) errors.push({ resourceId: c.id, type: 'MISSING_BENEFICIAL_OWNER', reason: 'At least one beneficial owner is required' });
    if (!docs.some((d) => LEGAL_PRESENCE.includes(d.documentType))) {
      // The alternate lists the missing legal presence document first, before a missing owner.
      const entry = { resourceId: c.id, type: 'MISSING_LEGAL_PRESENCE_DOCUMENT', acceptedDocumentTypes: LEGAL_PRESENCE, reason: 'A legal presence document is required' };
      if (ctx.choices.alternate('business-gaps-document-first')) errors.unshift(entry);
      else errors.push(entry);
    }
  }
  return ctx.faults.has('resolve-errors-first-only') ? errors.slice(0, 1) : errors;
}

/** Sets the verification's status and announces it with VERIFICATION.<STATUS> (supplement 14: one type per status). */
export function setVerificationStatus(ctx: SandboxContext, v: Verification, status: VerificationStatus, errors: Verification['errors'] = []): void {
  const changed = v.verificationStatus !== status;
  v.verificationStatus = status;
  v.errors = errors;
  v.updatedAt = isoNow(ctx.clock);
  if (changed && !ctx.faults.has('verification-no-status-events')) ctx.webhooks.emit(`VERIFICATION.${status}`, { ...v, errors: [...v.errors] });
}

const isOpen = (v: Verification) => v.verificationStatus === 'RESOLVE_ERRORS' || v.verificationStatus === 'READY_FOR_VERIFICATION';
export const openVerification = (ctx: SandboxContext, customerId: string) => {
  const list = state(ctx).verificationsByCustomer.get(customerId) ?? [];
  const last = list[list.length - 1];
  return last && isOpen(last) ? last : undefined;
};

/** This sandbox's READY_FOR_VERIFICATION (its meaning is not stated): an open verification whose gaps are all resolved. */
export function reevaluate(ctx: SandboxContext, customerId: string): void {
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
export function unresolvedFindings(ctx: SandboxContext, v: Verification, customerId: string): boolean {
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
export const holderCustomer = (ctx: SandboxContext, holder: string) => (holder.startsWith('Customer:') ? holder : state(ctx).owners.get(holder)?.customerId);
