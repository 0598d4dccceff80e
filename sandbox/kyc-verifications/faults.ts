// Named faults of sandbox/kyc-verifications/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const kycVerificationsFaults = {
  // Customer KYC status
  'review-outcome-customer-unchanged': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/manual-review.test.ts'],
    rule: 'Customer KYC status: kycStatus APPROVED emits CUSTOMER.KYC_APPROVED (a completed review decides the customer, supplement 27 CUSTOMER.KYC_*/KYB_*).',
  },
  // Errors
  'document-refused-holder-stored': {
    areas: ['documents'],
    suites: ['documents/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /documents documentHolder* (supplement 14): an upload without one stores no document.',
  },
  'verification-refused-opened': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /verifications {customerId*} (supplement 5): a customerId of another type opens no verification.',
  },
  // POST /verifications
  'resolve-errors-first-only': {
    areas: ['kyc-verifications'],
    rule: 'POST /verifications: may return RESOLVE_ERRORS with one entry per problem.',
  },
  // Errors / 400
  'document-rejection-accepted': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Errors / 400: document rejection reasons LOW_QUALITY, DATA_MISMATCH, EXPIRED, SUSPECTED_FRAUD, UNSUITABLE_DOCUMENT, INCOMPLETE.',
  },
  // Supplement 1
  'verifications-cursor-skips': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor (GET /verifications: a page skips the item after the last one of the page before).',
  },
  'owners-cursor-repeats': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/lists.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor; a page continues where the last one ended (GET /beneficial-owners).',
  },
  'documents-limit-unbounded': {
    areas: ['documents'],
    suites: ['documents/lists.test.ts'],
    rule: 'Supplement 1: list limit is 1–100 (GET /documents).',
  },
  // Supplement 5
  'kyb-pending-owner-ignored': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/kyb-outcomes.test.ts'],
    rule: 'Supplement 5: a beneficial owner whose lastName ends 001 is PENDING (here the business goes to manual review, CUSTOMER.KYB_PENDING).',
  },
  'identity-document-types-wrong': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification.test.ts'],
    rule: 'Supplement 5: a missing identity document is MISSING_IDENTITY_DOCUMENT with [PASSPORT, DRIVERS_LICENSE, NATIONAL_ID].',
  },
  'verification-review-finding-skipped': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/review-findings.test.ts'],
    rule: 'Supplement 5: an individual named ...003, complete -> RESOLVE_ERRORS + POOR_QUALITY_DOCUMENT.',
  },
  'owner-rejected-value-approved': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/beneficial-owners.test.ts'],
    rule: 'Supplement 5: beneficial owner personalInfo.lastName 002 REJECTED.',
  },
  'owner-percentage-unbounded': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Supplement 5: POST /beneficial-owners ownershipPercentage* 0–100.',
  },
  'verification-unknown-customer-400': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification.test.ts'],
    rule: 'Supplement 5: POST /verifications {customerId*} 200; 400 if the customer is already APPROVED or REJECTED; 404.',
  },
  'verification-of-approved-accepted': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Supplement 5: POST /verifications answers 400 if the customer is already APPROVED.',
  },
  // Supplement 5 and 14
  'deleted-document-still-counts': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification.test.ts'],
    rule: 'Supplement 5 and 14: a submission needs an identity document (MISSING_IDENTITY_DOCUMENT); DELETE /documents/{id} 204: a deleted one counts for nothing.',
  },
  'document-owner-holder-refused': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 5 and 14: POST /documents documentHolder* (Customer or BeneficialOwner id).',
  },
  // Supplement 14
  'owner-country-of-issuance-overwritten': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/field-rules.test.ts'],
    rule: 'Supplement 14: BeneficialOwner optional countryOfIssuance; a valid request is stored and read back as sent.',
  },
  'documents-deleted-listed': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: DELETE /documents/{id} 204: the document is gone, from GET /documents as well.',
  },
  'document-delete-submitted-204': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: DELETE /documents/{id} answers 409 for a document already submitted.',
  },
  'owner-list-ignores-customer': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/beneficial-owners.test.ts'],
    rule: 'Supplement 14: GET /beneficial-owners lists the owners of customerId.',
  },
  'documents-holder-filter-ignored': {
    areas: ['documents'],
    suites: ['documents/lists.test.ts'],
    rule: 'Supplement 14: GET /documents filters by documentHolder.',
  },
  'verifications-status-filter-ignored': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification-lifecycle.test.ts'],
    rule: 'Supplement 14: GET /verifications filters by customerId and verificationStatus.',
  },
  'verifications-customer-filter-ignored': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/lists.test.ts'],
    rule: 'Supplement 14: GET /verifications filters by customerId.',
  },
  'verification-resubmission-refused': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/review-findings.test.ts'],
    rule: 'Supplement 14: IN_PROGRESS is POST /verifications with full data (a verification whose problems are resolved is submitted again: RESOLVE_ERRORS -> IN_PROGRESS).',
  },
  'owner-patch-replaces-personal-info': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/beneficial-owners.test.ts'],
    rule: 'Supplement 14: PATCH /beneficial-owners/{id}: only sent fields change.',
  },
  'document-size-unbounded': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: POST /documents file* (PDF/JPEG/PNG ≤10 MB).',
  },
  'document-media-type-unchecked': {
    areas: ['documents'],
    suites: ['documents/field-rules.test.ts'],
    rule: 'Supplement 14: POST/PUT /documents file* is a PDF, JPEG or PNG.',
  },
  'document-reupload-moves-holder': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: PUT /documents/{id} (multipart, as POST minus documentHolder): a re-upload does not move the document to another holder.',
  },
  'document-put-keeps-old-file': {
    areas: ['documents'],
    suites: ['documents/documents.test.ts'],
    rule: 'Supplement 14: PUT /documents/{id} re-uploads the document (200).',
  },
  // Supplement 14/27
  'verification-no-status-events': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification-lifecycle.test.ts'],
    rule: 'Supplement 14/27: VERIFICATION events carry the Verification, one type per status.',
  },
} as const satisfies Record<string, FaultEntry>;
