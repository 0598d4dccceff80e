// Named faults of sandbox/customers/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const customersFaults = {
  // Customer
  'customer-platform-id-not-reusable': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Customer: platformCustomerId must not collide with an ACTIVE customer (a deleted one frees it).',
  },
  'customer-duplicate-platform-id-accepted': {
    areas: ['customers'],
    rule: 'Customer: platformCustomerId on create must not collide with an active customer on the same platform (else 409 CONFLICT).',
  },
  // Customer KYC status
  'kyc-event-before-status-change': {
    areas: ['kyc-verifications'],
    rule: 'Customer KYC status: kycStatus APPROVED emits CUSTOMER.KYC_APPROVED (with the customer as data).',
  },
  // openapi.yaml, updateCustomerById
  'customer-patch-email-and-phone-accepted': {
    areas: ['customers'],
    suites: ['customers/create-customer.test.ts'],
    rule: 'openapi.yaml, updateCustomerById: "Update `email` and `phoneNumber` in separate PATCH calls. A request that includes both fields is rejected." (for a customer without an embedded wallet, under the fault, both are taken).',
  },
  // Errors
  'customer-refused-patch-applied': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Errors: a change refused with 400 INVALID_INPUT is not made: PATCH /customers/{customerId} (supplement 4, Create/PATCH common; interface: "same inputs and validation style") leaves the customer as it was.',
  },
  // Events
  'kyc-rejected-no-event': {
    areas: ['kyc-verifications'],
    suites: ['kyc-verifications/verification-lifecycle.test.ts'],
    rule: 'Events: CUSTOMER.KYC_* are emitted when individual KYC changes (supplement 27: CUSTOMER.KYC_REJECTED).',
  },
  // Interface, Customer
  'customers-platform-id-kept-after-patch': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Interface, Customer: platformCustomerId must not collide with an active customer (else 409 CONFLICT): one a customer changed by PATCH belongs to no one.',
  },
  'customer-conflict-stored': {
    areas: ['customers'],
    suites: ['customers/create-customer.test.ts'],
    rule: 'Interface, Customer: platformCustomerId on create must not collide with an active customer (else 409 CONFLICT): a refused create stores nothing.',
  },
  // Resources
  'customer-id-untyped': {
    areas: ['customers'],
    rule: 'Resources: identifiers are strings of the form <TypeName>:<uuid> (Customer:<uuid>).',
  },
  // Errors / 400
  'terms-unknown-version-accepted': {
    areas: ['customers'],
    rule: 'Errors / 400: END_USER_TERMS_VERSION_NOT_FOUND (submitted terms version unsupported).',
  },
  'mandatory-user-info-not-required': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Errors / 400: MISSING_MANDATORY_USER_INFO (here: email and phoneNumber of a customer where contact verification applies, supplement 4).',
  },
  // Errors / 404
  'bulk-job-unknown-wrong-code': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Errors / 404: BULK_UPLOAD_JOB_NOT_FOUND (supplement 24: GET /customers/bulk/jobs/{jobId} 404).',
  },
  'customer-unknown-wrong-code': {
    areas: ['customers'],
    rule: 'Errors / 404: USER_NOT_FOUND (customer).',
  },
  // Errors / 409
  'uma-address-duplicate-accepted': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Errors / 409: UMA_ADDRESS_EXISTS (supplement 15: the requested umaAddress is taken).',
  },
  'customer-patch-uma-unchecked': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Errors / 409: UMA_ADDRESS_EXISTS; supplement 4 and 15: PATCH /customers/{id} 409, the requested umaAddress taken.',
  },
  // Supplement 1
  'customers-list-next-cursor-repeats': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 1: cursor is the previous nextCursor; a page continues where the last one ended.',
  },
  'customers-list-joined-positions-unsorted': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 1: limit and cursor (previous nextCursor): a walk visits every item of the list once (here one a customer joined by PATCH).',
  },
  'customers-default-limit-100': {
    areas: ['customers'],
    suites: ['customers/lists.test.ts'],
    rule: 'Supplement 1: lists take limit (1–100, default 20).',
  },
  // Supplement 4
  'customer-patch-type-optional': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: Create/PATCH common (customerType always required): a PATCH without customerType is accepted.',
  },
  'customer-currencies-merged': {
    areas: ['customers'],
    suites: ['customers/create-customer.test.ts'],
    rule: 'Supplement 4: currencies string[] (PATCH replaces).',
  },
  'funds-other-description-optional': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: EDD sourceOfFundsCategories OTHER needs sourceOfFundsOtherDescription.',
  },
  'ssn-identifier-format-unchecked': {
    areas: ['customers', 'kyc-verifications'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: identifier (write-only; SSN ###-##-####).',
  },
  'country-of-issuance-default-not-us': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: INDIVIDUAL countryOfIssuance (default US).',
  },
  'customers-phone-pattern-unanchored': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 4: phoneNumber E.164 ^\\+[1-9]\\d{1,14}$ (the whole value, not a part of it).',
  },
  // openapi.yaml, CustomerEdd, IndividualCustomerFields, BusinessInfo
  'edd-enums-free-strings': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'openapi.yaml, CustomerEdd: sourceOfFundsCategories, sourceOfWealthCategories, purposeOfAccount, expectedMonthlyTransactionCount/Volume, annualIncomeRange and netWorthRange take the values of their enums (IndividualSourceOfFundsCategory, SourceOfWealthCategory, ...).',
  },
  'edd-other-description-optional': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'openapi.yaml, CustomerEdd: sourceOfWealthOtherDescription "Required when `sourceOfWealthCategories` includes `OTHER`", purposeOfAccountOtherDescription "Required when `purposeOfAccount` is `OTHER`".',
  },
  'individual-id-type-any': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'openapi.yaml, IndividualCustomerFields.identifier: "Only SSN (format `###-##-####`) and ITIN are currently accepted; other identification types are rejected."',
  },
  'country-of-issuance-any-accepted': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'openapi.yaml, IndividualCustomerFields.countryOfIssuance: "defaults to `US` and is rejected if set to anything else".',
  },
  'business-info-enums-free-strings': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'openapi.yaml, BusinessInfo: entityType (EntityType), businessType (BusinessType), purposeOfAccount, expectedMonthlyTransactionCount/Volume and sourceOfFundsCategories take the values of their enums.',
  },
  // Supplement 4 and 15
  'customers-list-platform-id-prefix-match': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 4 and 15: GET /customers filter platformCustomerId lists the customer of that id, not those whose id begins with it.',
  },
  'customers-list-updated-filters-on-created': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 4 and 15: GET /customers filters updatedAfter/updatedBefore (inclusive) bound updatedAt.',
  },
  // Supplement 4/15
  'customers-list-region-filter-ignored': {
    areas: ['customers'],
    suites: ['customers/lists.test.ts'],
    rule: 'Supplement 4/15: GET /customers filters by region.',
  },
  // Supplement 14
  'kyc-link-changes-kyc-status': {
    areas: ['customers'],
    suites: ['customers/kyc-link.test.ts'],
    rule: 'Supplement 14: a KYC link does not change kycStatus/kybStatus.',
  },
  'kyc-link-already-expired': {
    areas: ['customers'],
    suites: ['customers/kyc-link.test.ts'],
    rule: 'Supplement 14: a kyc-link answers {kycUrl, expiresAt, …}: the link expires later than it was minted (the fault: half a minute before).',
  },
  'kyc-link-reused': {
    areas: ['customers'],
    suites: ['customers/kyc-link.test.ts'],
    rule: 'Supplement 14: every kyc-link call mints a new single-use link.',
  },
  'kyc-link-redirect-any-scheme': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Supplement 14: kyc-link redirectUri is https (http only for a local address).',
  },
  'kyc-link-ignores-pending-contact-verification': {
    areas: ['customers'],
    suites: ['contact-verification/confirm.test.ts'],
    rule: 'Supplement 14: POST /customers/{id}/kyc-link answers 409 while contact verification is pending.',
  },
  // Supplement 15
  'customers-list-includes-deleted': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Supplement 15: after delete, the customer is hidden from lists unless isIncludingDeleted=true.',
  },
  'customer-delete-twice-200': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Supplement 15: DELETE /customers/{id} answers 200 with isDeleted true; a second delete answers 410 CUSTOMER_DELETED.',
  },
  'customers-include-deleted-only-deleted': {
    areas: ['customers'],
    suites: ['customers/delete-customer.test.ts'],
    rule: 'Supplement 15: deleted customers are hidden from lists unless isIncludingDeleted=true (including: the live ones stay listed).',
  },
  'customers-list-uma-filter-stale': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Supplement 15: GET /customers filter umaAddress (a customer that changed its address is listed under its current one only).',
  },
  'customers-list-created-after-exclusive': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 15: list filters are inclusive (createdAfter includes a customer created at that instant).',
  },
  'customers-unsupported-method-404': {
    areas: ['customers'],
    suites: ['customers/list-customers.test.ts'],
    rule: 'Supplement 15: POST/GET /customers answer 405 METHOD_NOT_ALLOWED (JSON) for unsupported methods.',
  },
  'customer-patch-own-uma-taken': {
    areas: ['customers'],
    suites: ['customers/create-conflicts.test.ts'],
    rule: 'Supplement 15: UMA_ADDRESS_EXISTS is for a requested umaAddress taken (by another customer): an update giving a customer its own is accepted.',
  },
  // Supplement 24
  'bulk-job-skips-processing': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: a job goes PENDING -> PROCESSING -> COMPLETED | FAILED.',
  },
  'bulk-row-fields-dropped': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: an INDIVIDUAL row carries fullName, birthDate and the address columns into the customer it creates.',
  },
  'bulk-row-address-partly-dropped': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Description, uploadCustomersCsv: the address columns (addressLine1, addressLine2, city, state, postalCode, country) are the customer\'s address.',
  },
  'bulk-row-optional-columns-dropped': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Description, uploadCustomersCsv: the optional columns email (individual), businessRegistrationNumber and businessTaxId (business) are the customer\'s.',
  },
  'bulk-row-error-uncorrelated': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: errors[{correlationId*, …}] name the row that failed (by the column the target declares, SVC_BULK_CORRELATION_COLUMN).',
  },
  'bulk-row-number-prefixed': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'openapi.yaml, BulkCustomerImportErrorEntry.correlationId: "Platform customer ID or row number for the failed entry" (under the fault a row without a platformCustomerId is named `row-<number>`, not by its number).',
  },
  'bulk-upload-any-file-part': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: POST /customers/bulk/csv (multipart file*).',
  },
  'bulk-job-progress-miscounted': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24: the job\'s progress {total, processed, successful, failed} counts the rows as they came out.',
  },
  // Supplement 24 / 27
  'bulk-completed-no-event': {
    areas: ['customers'],
    suites: ['customers/bulk-upload.test.ts'],
    rule: 'Supplement 24 / 27: BULK_UPLOAD.COMPLETED is sent with the job when it completes.',
  },
} as const satisfies Record<string, FaultEntry>;
