// Response and event schemas of verifications, documents and beneficial owners.
// basis: supplement (sections 5 and 14): the interface shows none of these records.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { KycStatus } from './customers.js';
import { pageOf } from './page.js';

export const VERIFICATION_STATUSES = ['RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION'] as const;
export const VerificationStatus = z.enum(VERIFICATION_STATUSES);

/** Supplement 14: VerificationErrorType (22). */
export const VerificationErrorType = z.enum([
  'MISSING_FIELD', 'INVALID_FIELD', 'MISSING_LEGAL_PRESENCE_DOCUMENT', 'MISSING_CONTROL_STRUCTURE_DOCUMENT',
  'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT', 'MISSING_PROOF_OF_ADDRESS_DOCUMENT', 'MISSING_IDENTITY_DOCUMENT', 'INVALID_DOCUMENT',
  'EXPIRED_DOCUMENT', 'POOR_QUALITY_DOCUMENT', 'SUSPECTED_FRAUD_DOCUMENT', 'WRONG_DOCUMENT_TYPE', 'INCOMPLETE_DOCUMENT',
  'UNREADABLE_DOCUMENT', 'DOCUMENT_VERIFICATION_FAILED', 'APPLICANT_SANCTIONED', 'APPLICANT_FRAUD', 'APPLICANT_CRIMINAL_RECORD',
  'APPLICANT_REJECTED', 'MISSING_BENEFICIAL_OWNER', 'MISSING_CONTROL_PERSON', 'MISSING_GOOD_STANDING_DOCUMENT',
]);

/** Supplement 5: RESOLVE_ERRORS entry {resourceId*, type*, field?, acceptedDocumentTypes?, reason*}. */
export const ResolveError = z.looseObject({
  resourceId: z.string().min(1),
  type: VerificationErrorType,
  field: z.string().min(1).optional(),
  acceptedDocumentTypes: z.array(z.string().min(1)).optional(),
  reason: z.string().min(1),
});

/** Supplement 5/14: Verification {id, customerId, verificationStatus, errors[] (empty when APPROVED/IN_PROGRESS), createdAt, updatedAt?}. */
export const Verification = z
  .looseObject({
    id: typedId('Verification'),
    customerId: typedId('Customer'),
    verificationStatus: VerificationStatus,
    errors: z.array(ResolveError),
    createdAt: IsoUtc,
    updatedAt: IsoUtc.optional(),
  })
  .refine((v) => !['APPROVED', 'IN_PROGRESS'].includes(v.verificationStatus) || v.errors.length === 0, 'errors is empty when APPROVED or IN_PROGRESS');
export type Verification = z.infer<typeof Verification>;
export const VerificationPage = pageOf(Verification);

/** Supplement 14: the 26 document types. */
export const DocumentType = z.enum([
  'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION',
  'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT', 'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT', 'STATE_COMPANY_REGISTRY',
  'PARTNERSHIP_CONTROL_AGREEMENT', 'SHAREHOLDER_REGISTER', 'PARTNERSHIP_AGREEMENT', 'UTILITY_BILL', 'RENT_OR_LEASE_AGREEMENT',
  'ELECTRICITY_BILL', 'BANK_STATEMENT', 'TAX_RETURN', 'PROOF_OF_ADDRESS', 'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT',
  'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE', 'POWER_OF_ATTORNEY', 'SELFIE', 'OTHER',
]);

/** Supplement 14: Document {id*, documentHolder*, documentType*, side?, country*, documentNumber?, issuingAuthority?, fileName*, createdAt*, updatedAt?}; no status. */
export const Document = z.looseObject({
  id: typedId('Document'),
  documentHolder: z.string().min(1),
  documentType: DocumentType,
  side: z.enum(['FRONT', 'BACK']).nullish(),
  country: z.string().regex(/^[A-Z]{2}$/),
  documentNumber: z.string().nullish(),
  issuingAuthority: z.string().nullish(),
  fileName: z.string().min(1),
  createdAt: IsoUtc,
  updatedAt: IsoUtc.nullish(),
});
export type Document = z.infer<typeof Document>;
export const DocumentPage = pageOf(Document);

/** Supplement 5/14: BeneficialOwner: the create fields plus kycStatus*, createdAt*. */
export const BeneficialOwner = z.looseObject({
  id: z.string().min(1),
  customerId: typedId('Customer'),
  roles: z.array(z.enum(['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'])).min(1),
  // Description: BeneficialOwner.ownershipPercentage integer, minimum 0, maximum 100.
  ownershipPercentage: z.number().int().min(0).max(100),
  personalInfo: z.looseObject({
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    nationality: z.string().regex(/^[A-Z]{2}$/),
    address: z.looseObject({ line1: z.string().min(1), postalCode: z.string().min(1), country: z.string().regex(/^[A-Z]{2}$/) }),
    idType: z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']),
    // Description: BeneficialOwnerPersonalInfo requires identifier, a string.
    identifier: z.string(),
  }),
  kycStatus: KycStatus,
  createdAt: IsoUtc,
});
export type BeneficialOwner = z.infer<typeof BeneficialOwner>;
export const BeneficialOwnerPage = pageOf(BeneficialOwner);
