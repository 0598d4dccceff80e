// The customer records and the customer operations' answers. Each schema is the description's
// component it names; the interface's "Customer (as seen in events)" is the same record.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { Address, BeneficialOwner, E164, IdentificationType, KybStatus, KycStatus } from './kyc.js';
import { pageOf } from './page.js';

export { KybStatus, KycStatus };

/** Description: CustomerType. */
export const CustomerType = z.enum(['INDIVIDUAL', 'BUSINESS']);

/** Description: EndUserTermsConsent (allOf EndUserTermsConsentRequest). */
export const EndUserTermsConsent = z.looseObject({
  acceptedAt: IsoUtc,
  ipAddress: z.string().max(45),
  termsVersion: z.string(),
  acceptanceMethod: z.enum(['CHECKBOX', 'CLICK_TO_ACCEPT']),
});

/** Description: ContactVerification, each channel a ContactVerificationStatus. */
const ContactVerificationStatus = z.enum(['PENDING', 'VERIFIED']);
export const ContactVerification = z.looseObject({ email: ContactVerificationStatus.optional(), phone: ContactVerificationStatus.optional() });

/** Description: Customer, the members both kinds share. */
const CustomerFields = {
  // Interface, Resources: "Identifiers are strings of the form <TypeName>:<uuid>".
  id: typedId('Customer').optional(),
  platformCustomerId: z.string(),
  customerType: CustomerType,
  endUserTermsConsent: EndUserTermsConsent.optional(),
  region: z.string().optional(),
  currencies: z.array(z.string()).optional(),
  email: z.email().optional(),
  phoneNumber: z.string().regex(E164).optional(),
  umaAddress: z.string(),
  createdAt: IsoUtc.optional(),
  updatedAt: IsoUtc.optional(),
  isDeleted: z.boolean().optional(),
  contactVerification: ContactVerification.optional(),
};

const ExpectedMonthlyTransactionCount = z.enum(['COUNT_UNDER_10', 'COUNT_10_TO_100', 'COUNT_100_TO_500', 'COUNT_500_TO_1000', 'COUNT_OVER_1000']);
const ExpectedMonthlyTransactionVolume = z.enum(['VOLUME_UNDER_10K', 'VOLUME_10K_TO_100K', 'VOLUME_100K_TO_1M', 'VOLUME_1M_TO_10M', 'VOLUME_OVER_10M']);
/** Description: PurposeOfAccount. */
const PurposeOfAccount = z.enum([
  'CONTRACTOR_PAYOUTS', 'CREATOR_PAYOUTS', 'EMPLOYEE_PAYOUTS', 'MARKETPLACE_SELLER_PAYOUTS', 'SUPPLIER_PAYMENTS', 'CROSS_BORDER_B2B',
  'AR_AUTOMATION', 'AP_AUTOMATION', 'EMBEDDED_PAYMENTS', 'PLATFORM_FEE_COLLECTION', 'P2P_TRANSFERS', 'CHARITABLE_DONATIONS', 'OTHER',
]);

/** Description: CustomerEdd (the individual's enhanced-due-diligence fields). */
const CustomerEdd = {
  sourceOfFundsCategories: z
    .array(z.enum(['SALARY', 'SELF_EMPLOYMENT_INCOME', 'INVESTMENT_INCOME', 'PENSION', 'RENTAL_INCOME', 'GIFT', 'INHERITANCE', 'LOAN', 'SAVINGS', 'SALE_OF_ASSETS', 'OTHER']))
    .optional(),
  sourceOfFundsOtherDescription: z.string().optional(),
  sourceOfWealthCategories: z
    .array(z.enum(['SALARY', 'BUSINESS_INCOME', 'INVESTMENTS', 'INHERITANCE', 'PROPERTY_SALE', 'GIFT', 'RETIREMENT', 'SAVINGS', 'OTHER']))
    .optional(),
  sourceOfWealthOtherDescription: z.string().optional(),
  purposeOfAccount: PurposeOfAccount.optional(),
  purposeOfAccountOtherDescription: z.string().optional(),
  expectedMonthlyTransactionCount: ExpectedMonthlyTransactionCount.optional(),
  expectedMonthlyTransactionVolume: ExpectedMonthlyTransactionVolume.optional(),
  annualIncomeRange: z.enum(['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M']).optional(),
  netWorthRange: z.enum(['UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M']).optional(),
  pepStatus: z.enum(['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE']).optional(),
};

/** Description: IndividualCustomer (allOf Customer, IndividualCustomerFields with CustomerEdd). */
export const IndividualCustomer = z.looseObject({
  ...CustomerFields,
  customerType: z.literal('INDIVIDUAL'),
  kycStatus: KycStatus.optional(),
  fullName: z.string().optional(),
  birthDate: z.iso.date().optional(),
  nationality: z.string().optional(),
  address: Address.optional(),
  idType: IdentificationType.optional(),
  identifier: z.string().optional(),
  countryOfIssuance: z.string().optional(),
  ...CustomerEdd,
});
export type IndividualCustomer = z.infer<typeof IndividualCustomer>;

/** Description: BusinessInfoResponse (BusinessInfoUpdate's members, legalName required). */
export const BusinessInfo = z.looseObject({
  legalName: z.string(),
  doingBusinessAs: z.string().optional(),
  country: z.string().optional(),
  registrationNumber: z.string().optional(),
  incorporatedOn: z.iso.date().optional(),
  entityType: z
    .enum(['SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'LLC', 'CORPORATION', 'S_CORPORATION', 'NON_PROFIT', 'PUBLICLY_LISTED_COMPANY', 'TRUST', 'PRIVATE_FOUNDATION', 'CHARITY', 'OTHER'])
    .optional(),
  taxId: z.string().optional(),
  countriesOfOperation: z.array(z.string()).optional(),
  businessType: z
    .enum([
      'AGRICULTURE_FORESTRY_FISHING_AND_HUNTING', 'MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION', 'UTILITIES', 'CONSTRUCTION', 'MANUFACTURING',
      'WHOLESALE_TRADE', 'RETAIL_TRADE', 'TRANSPORTATION_AND_WAREHOUSING', 'INFORMATION', 'FINANCE_AND_INSURANCE',
      'REAL_ESTATE_AND_RENTAL_AND_LEASING', 'PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES', 'MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES',
      'ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES', 'EDUCATIONAL_SERVICES', 'HEALTH_CARE_AND_SOCIAL_ASSISTANCE',
      'ARTS_ENTERTAINMENT_AND_RECREATION', 'ACCOMMODATION_AND_FOOD_SERVICES', 'OTHER_SERVICES', 'PUBLIC_ADMINISTRATION',
    ])
    .optional(),
  purposeOfAccount: PurposeOfAccount.optional(),
  sourceOfFunds: z.string().optional(),
  expectedMonthlyTransactionCount: ExpectedMonthlyTransactionCount.optional(),
  expectedMonthlyTransactionVolume: ExpectedMonthlyTransactionVolume.optional(),
  expectedRecipientJurisdictions: z.array(z.string()).optional(),
  naicsCode: z.string().regex(/^\d{2,6}$/).optional(),
  sourceOfFundsCategories: z.array(z.enum(['OPERATING_REVENUE', 'INVESTMENT_INCOME', 'LOANS', 'VENTURE_CAPITAL', 'PERSONAL_SAVINGS', 'DONATIONS', 'OTHER'])).optional(),
  sourceOfFundsOtherDescription: z.string().min(1).max(500).optional(),
  purposeOfAccountOtherDescription: z.string().min(1).max(500).optional(),
  expectedCounterpartyCountries: z.array(z.string()).optional(),
  primaryContactFirstName: z.string().max(250).optional(),
  primaryContactLastName: z.string().max(250).optional(),
});

/** Description: BusinessCustomer (allOf Customer, BusinessCustomerFields, businessInfo as BusinessInfoResponse, beneficialOwners). */
export const BusinessCustomer = z.looseObject({
  ...CustomerFields,
  customerType: z.literal('BUSINESS'),
  kybStatus: KybStatus.optional(),
  address: Address.optional(),
  businessInfo: BusinessInfo.optional(),
  beneficialOwners: z.array(BeneficialOwner).optional(),
});
export type BusinessCustomer = z.infer<typeof BusinessCustomer>;

/** Description: CustomerOneOf, discriminated by customerType. */
export const CustomerRecord = z.discriminatedUnion('customerType', [IndividualCustomer, BusinessCustomer]);
export type CustomerRecord = z.infer<typeof CustomerRecord>;

/** Interface, "Customer (as seen in events)": the description's CustomerOneOf (CustomerWebhook.data). */
export const Customer = CustomerRecord;
export type Customer = CustomerRecord;

/** Description: CustomerListResponse. */
export const CustomerPage = pageOf(CustomerRecord);

/** Description: EndUserTerms. */
export const EndUserTerms = z.looseObject({ version: z.string(), url: z.url() });

/** Description: KycLinkResponse (provider a KycProvider). */
export const KycLink = z.looseObject({
  kycUrl: z.string(),
  expiresAt: IsoUtc,
  provider: z.enum(['SUMSUB']),
  token: z.string().optional(),
});

/** Description: BulkCustomerImportJobAccepted. */
export const BulkUploadAccepted = z.looseObject({ jobId: typedId('Job'), status: z.enum(['PENDING', 'PROCESSING']) });

/** Description: BulkCustomerImportErrorEntry (allOf SvcError, correlationId required). */
export const BulkImportError = z.looseObject({
  code: z.string().optional(),
  message: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  correlationId: z.string(),
});

/** Description: BulkCustomerImportJob. */
export const BulkUploadJob = z.looseObject({
  id: typedId('Job'),
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']),
  progress: z.looseObject({ total: z.int(), processed: z.int(), successful: z.int(), failed: z.int() }),
  errors: z.array(BulkImportError).optional(),
  completedAt: IsoUtc.optional(),
});
export type BulkUploadJob = z.infer<typeof BulkUploadJob>;
