// Verifications, documents and beneficial owners, and the pieces customers share with them (KYC
// status, address, identification type). Each schema is the description's component it names.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';

/** Description: KycStatus. */
export const KycStatus = z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD']);
/** Description: KybStatus (the same values). */
export const KybStatus = KycStatus;

/** Description: Address. */
export const Address = z.looseObject({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string(),
  country: z.string(),
});

/** Description: IdentificationType. */
export const IdentificationType = z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']);

/** Description: E.164 phone number pattern (Customer.phoneNumber, BeneficialOwnerPersonalInfo.phoneNumber). */
export const E164 = /^\+[1-9]\d{1,14}$/;

export const VERIFICATION_STATUSES = ['RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION'] as const;
/** Description: VerificationStatus. */
export const VerificationStatus = z.enum(VERIFICATION_STATUSES);

/** Description: VerificationErrorType. */
export const VerificationErrorType = z.enum([
  'MISSING_FIELD', 'INVALID_FIELD', 'MISSING_LEGAL_PRESENCE_DOCUMENT', 'MISSING_CONTROL_STRUCTURE_DOCUMENT',
  'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT', 'MISSING_PROOF_OF_ADDRESS_DOCUMENT', 'MISSING_IDENTITY_DOCUMENT', 'INVALID_DOCUMENT',
  'EXPIRED_DOCUMENT', 'POOR_QUALITY_DOCUMENT', 'SUSPECTED_FRAUD_DOCUMENT', 'WRONG_DOCUMENT_TYPE', 'INCOMPLETE_DOCUMENT',
  'UNREADABLE_DOCUMENT', 'DOCUMENT_VERIFICATION_FAILED', 'APPLICANT_SANCTIONED', 'APPLICANT_FRAUD', 'APPLICANT_CRIMINAL_RECORD',
  'APPLICANT_REJECTED', 'MISSING_BENEFICIAL_OWNER', 'MISSING_CONTROL_PERSON', 'MISSING_GOOD_STANDING_DOCUMENT',
]);

/** Description: DocumentType. */
export const DocumentType = z.enum([
  'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION',
  'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT', 'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT', 'STATE_COMPANY_REGISTRY',
  'PARTNERSHIP_CONTROL_AGREEMENT', 'SHAREHOLDER_REGISTER', 'PARTNERSHIP_AGREEMENT', 'UTILITY_BILL', 'RENT_OR_LEASE_AGREEMENT',
  'ELECTRICITY_BILL', 'BANK_STATEMENT', 'TAX_RETURN', 'PROOF_OF_ADDRESS', 'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT',
  'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE', 'POWER_OF_ATTORNEY', 'SELFIE', 'OTHER',
]);

/** Description: VerificationError (an entry of Verification.errors). */
export const ResolveError = z.looseObject({
  resourceId: z.string(),
  type: VerificationErrorType,
  field: z.string().optional(),
  acceptedDocumentTypes: z.array(DocumentType).optional(),
  reason: z.string(),
});

/**
 * Description: Verification. Its `errors` is "Empty when verificationStatus is APPROVED or
 * IN_PROGRESS" in prose only: scenarios that rely on it assert it themselves.
 */
export const Verification = z.looseObject({
  id: typedId('Verification'),
  customerId: typedId('Customer'),
  verificationStatus: VerificationStatus,
  errors: z.array(ResolveError),
  createdAt: IsoUtc,
  updatedAt: IsoUtc.optional(),
});
export type Verification = z.infer<typeof Verification>;
/** Description: VerificationListResponse. */
export const VerificationPage = pageOf(Verification);

/** Description: Document. */
export const Document = z.looseObject({
  id: typedId('Document'),
  // Description: "a Customer ID or a BeneficialOwner ID".
  documentHolder: z.string(),
  documentType: DocumentType,
  side: z.enum(['FRONT', 'BACK']).optional(),
  country: z.string(),
  documentNumber: z.string().optional(),
  issuingAuthority: z.string().optional(),
  fileName: z.string(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc.optional(),
});
export type Document = z.infer<typeof Document>;
/** Description: DocumentListResponse. */
export const DocumentPage = pageOf(Document);

/** Description: BeneficialOwnerRole. */
export const BeneficialOwnerRole = z.enum(['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER']);

/** Description: BeneficialOwnerPersonalInfo. */
export const BeneficialOwnerPersonalInfo = z.looseObject({
  firstName: z.string(),
  middleName: z.string().optional(),
  lastName: z.string(),
  birthDate: z.iso.date(),
  nationality: z.string(),
  email: z.email().optional(),
  phoneNumber: z.string().regex(E164).optional(),
  address: Address,
  idType: IdentificationType,
  identifier: z.string(),
  countryOfIssuance: z.string().optional(),
});

/** Description: BeneficialOwner. */
export const BeneficialOwner = z.looseObject({
  id: typedId('BeneficialOwner'),
  customerId: typedId('Customer'),
  roles: z.array(BeneficialOwnerRole),
  ownershipPercentage: z.int().min(0).max(100),
  personalInfo: BeneficialOwnerPersonalInfo,
  kycStatus: KycStatus,
  createdAt: IsoUtc,
  updatedAt: IsoUtc.optional(),
});
export type BeneficialOwner = z.infer<typeof BeneficialOwner>;
/** Description: BeneficialOwnerListResponse. */
export const BeneficialOwnerPage = pageOf(BeneficialOwner);
