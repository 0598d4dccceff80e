// The request bodies of the customers area (supplement section 4; openapi.yaml for the members and
// enums of CustomerEdd, IndividualCustomerFields and BusinessInfo): POST /customers, the PATCH of each
// customer type, and the members beneficial owners share with individuals (sandbox/kyc-verifications).
import { z } from 'zod';
import { CURRENCIES } from '../currencies.js';

const country = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const timestamp = z.iso.datetime({ offset: true });
const Address = z.object({
  line1: z.string().min(1),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().min(1),
  country,
});
export const Consent = z.object({
  acceptedAt: timestamp,
  ipAddress: z.string().min(1).max(45),
  termsVersion: z.string().min(1),
  acceptanceMethod: z.enum(['CHECKBOX', 'CLICK_TO_ACCEPT']),
});
const Common = {
  platformCustomerId: z.string().min(1).max(255).optional(),
  umaAddress: z.string().regex(/^\$[a-zA-Z0-9._-]+@[a-zA-Z0-9.-]+$/, 'an UMA address $user@domain').optional(),
  region: country.optional(),
  currencies: z.array(z.string().refine((c) => CURRENCIES.has(c), 'a supported currency code')).min(1).optional(),
  email: z.email().optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, 'an E.164 number').optional(),
  address: Address.optional(),
  endUserTermsConsent: Consent.optional(),
};
/** The identification members beneficial owners share (sandbox/kyc-verifications); an individual's own are narrower (below). */
export const Identification = {
  idType: z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']).optional(),
  identifier: z.string().min(1).max(64).optional(),
  countryOfIssuance: country.optional(),
};

/** What is wrong with a sent `identifier` of `idType`: an SSN's form is `###-##-####` (openapi.yaml); an ITIN's, the IRS's `9##-##-####`, only where `itin` (its form is not stated). */
export function identifierProblem(idType: unknown, identifier: unknown, itin: boolean): { constraint: { format: string; pattern: string }; message: string } | undefined {
  const form =
    idType === 'SSN' ? { format: 'us-ssn', pattern: '^\\d{3}-\\d{2}-\\d{4}$', message: 'an SSN identifier is ###-##-####' }
    : idType === 'ITIN' && itin ? { format: 'us-itin', pattern: '^9\\d{2}-\\d{2}-\\d{4}$', message: 'an ITIN identifier is 9##-##-####' }
    : undefined;
  if (!form || typeof identifier !== 'string' || new RegExp(form.pattern).test(identifier)) return undefined;
  return { constraint: { format: form.format, pattern: form.pattern }, message: form.message };
}

// openapi.yaml's enums of the customer fields (CustomerEdd, IndividualCustomerFields, BusinessInfo).
export const DESCRIBED = {
  individualSourceOfFunds: ['SALARY', 'SELF_EMPLOYMENT_INCOME', 'INVESTMENT_INCOME', 'PENSION', 'RENTAL_INCOME', 'GIFT', 'INHERITANCE', 'LOAN', 'SAVINGS', 'SALE_OF_ASSETS', 'OTHER'],
  sourceOfWealth: ['SALARY', 'BUSINESS_INCOME', 'INVESTMENTS', 'INHERITANCE', 'PROPERTY_SALE', 'GIFT', 'RETIREMENT', 'SAVINGS', 'OTHER'],
  purposeOfAccount: [
    'CONTRACTOR_PAYOUTS', 'CREATOR_PAYOUTS', 'EMPLOYEE_PAYOUTS', 'MARKETPLACE_SELLER_PAYOUTS', 'SUPPLIER_PAYMENTS', 'CROSS_BORDER_B2B', 'AR_AUTOMATION',
    'AP_AUTOMATION', 'EMBEDDED_PAYMENTS', 'PLATFORM_FEE_COLLECTION', 'P2P_TRANSFERS', 'CHARITABLE_DONATIONS', 'OTHER',
  ],
  transactionCount: ['COUNT_UNDER_10', 'COUNT_10_TO_100', 'COUNT_100_TO_500', 'COUNT_500_TO_1000', 'COUNT_OVER_1000'],
  transactionVolume: ['VOLUME_UNDER_10K', 'VOLUME_10K_TO_100K', 'VOLUME_100K_TO_1M', 'VOLUME_1M_TO_10M', 'VOLUME_OVER_10M'],
  annualIncome: ['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M'],
  netWorth: ['UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M'],
  pep: ['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE'],
  /** IndividualCustomerFields.identifier: "Only SSN (format ###-##-####) and ITIN are currently accepted; other identification types are rejected". */
  individualIdTypes: ['SSN', 'ITIN'],
  entityType: ['SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'LLC', 'CORPORATION', 'S_CORPORATION', 'NON_PROFIT', 'PUBLICLY_LISTED_COMPANY', 'TRUST', 'PRIVATE_FOUNDATION', 'CHARITY', 'OTHER'],
  businessType: [
    'AGRICULTURE_FORESTRY_FISHING_AND_HUNTING', 'MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION', 'UTILITIES', 'CONSTRUCTION', 'MANUFACTURING', 'WHOLESALE_TRADE',
    'RETAIL_TRADE', 'TRANSPORTATION_AND_WAREHOUSING', 'INFORMATION', 'FINANCE_AND_INSURANCE', 'REAL_ESTATE_AND_RENTAL_AND_LEASING',
    'PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES', 'MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES',
    'ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES', 'EDUCATIONAL_SERVICES', 'HEALTH_CARE_AND_SOCIAL_ASSISTANCE',
    'ARTS_ENTERTAINMENT_AND_RECREATION', 'ACCOMMODATION_AND_FOOD_SERVICES', 'OTHER_SERVICES', 'PUBLIC_ADMINISTRATION',
  ],
  businessSourceOfFunds: ['OPERATING_REVENUE', 'INVESTMENT_INCOME', 'LOANS', 'VENTURE_CAPITAL', 'PERSONAL_SAVINGS', 'DONATIONS', 'OTHER'],
} as const;

/** The faults that loosen these schemas (sandbox/customers/faults.ts); each a rule of openapi.yaml the schemas hold. */
export interface SchemaFaults {
  /** edd-enums-free-strings: the individual's EDD enums taken as any string. */
  eddFree: boolean;
  /** individual-id-type-any: an individual's idType EIN or NON_US_TAX_ID taken. */
  idTypeAny: boolean;
  /** country-of-issuance-any-accepted: an individual's countryOfIssuance other than US taken. */
  countryAny: boolean;
  /** business-info-enums-free-strings: businessInfo's enums taken as any string. */
  businessFree: boolean;
}

function build(f: SchemaFaults) {
  const oneOf = <T extends readonly [string, ...string[]]>(values: T, free: boolean) => (free ? z.string().min(1) : z.enum(values));
  const EDD = {
    sourceOfFundsCategories: z.array(oneOf(DESCRIBED.individualSourceOfFunds, f.eddFree)).optional(),
    sourceOfFundsOtherDescription: z.string().optional(),
    sourceOfWealthCategories: z.array(oneOf(DESCRIBED.sourceOfWealth, f.eddFree)).optional(),
    sourceOfWealthOtherDescription: z.string().optional(),
    purposeOfAccount: oneOf(DESCRIBED.purposeOfAccount, f.eddFree).optional(),
    purposeOfAccountOtherDescription: z.string().optional(),
    expectedMonthlyTransactionCount: oneOf(DESCRIBED.transactionCount, f.eddFree).optional(),
    expectedMonthlyTransactionVolume: oneOf(DESCRIBED.transactionVolume, f.eddFree).optional(),
    annualIncomeRange: oneOf(DESCRIBED.annualIncome, f.eddFree).optional(),
    netWorthRange: oneOf(DESCRIBED.netWorth, f.eddFree).optional(),
    pepStatus: z.enum(DESCRIBED.pep).optional(),
  };
  const Individual = z.object({
    customerType: z.literal('INDIVIDUAL'),
    ...Common,
    fullName: z.string().min(1).max(255).optional(),
    birthDate: date.optional(),
    nationality: country.optional(),
    idType: (f.idTypeAny ? Identification.idType.unwrap() : z.enum(DESCRIBED.individualIdTypes)).optional(),
    identifier: Identification.identifier,
    // IndividualCustomerFields.countryOfIssuance: "defaults to US and is rejected if set to anything else".
    countryOfIssuance: (f.countryAny ? country : z.literal('US')).optional(),
    ...EDD,
  });
  const BusinessInfo = z.object({
    legalName: z.string().min(1),
    country,
    incorporatedOn: date,
    taxId: z.string().min(1),
    doingBusinessAs: z.string().optional(),
    registrationNumber: z.string().optional(),
    entityType: oneOf(DESCRIBED.entityType, f.businessFree).optional(),
    businessType: oneOf(DESCRIBED.businessType, f.businessFree).optional(),
    countriesOfOperation: z.array(country).optional(),
    purposeOfAccount: oneOf(DESCRIBED.purposeOfAccount, f.businessFree).optional(),
    sourceOfFunds: z.string().optional(),
    expectedMonthlyTransactionCount: oneOf(DESCRIBED.transactionCount, f.businessFree).optional(),
    expectedMonthlyTransactionVolume: oneOf(DESCRIBED.transactionVolume, f.businessFree).optional(),
    expectedRecipientJurisdictions: z.array(country).optional(),
    naicsCode: z.string().regex(/^\d{2,6}$/, 'a NAICS code of 2 to 6 digits').optional(),
    sourceOfFundsCategories: z.array(oneOf(DESCRIBED.businessSourceOfFunds, f.businessFree)).optional(),
    sourceOfFundsOtherDescription: z.string().min(1).max(500).optional(),
    purposeOfAccountOtherDescription: z.string().min(1).max(500).optional(),
    expectedCounterpartyCountries: z.array(country).optional(),
    primaryContactFirstName: z.string().max(250).optional(),
    primaryContactLastName: z.string().max(250).optional(),
  });
  const Business = z.object({ customerType: z.literal('BUSINESS'), ...Common, businessInfo: BusinessInfo });
  const CreateCustomer = z.discriminatedUnion('customerType', [Individual, Business]);
  // Supplement 4: "Create/PATCH common (customerType always required; …)".
  const PatchIndividual = Individual.partial().extend({ customerType: z.literal('INDIVIDUAL') });
  const PatchBusiness = Business.partial().extend({ customerType: z.literal('BUSINESS'), businessInfo: BusinessInfo.partial().optional() });
  return {
    CreateCustomer,
    PATCH: { INDIVIDUAL: PatchIndividual, BUSINESS: PatchBusiness },
    /** The fault customer-patch-type-optional's schemas: customerType may be left out. */
    PATCH_TYPE_OPTIONAL: { INDIVIDUAL: PatchIndividual.partial({ customerType: true }), BUSINESS: PatchBusiness.partial({ customerType: true }) },
  };
}

type Schemas = ReturnType<typeof build>;
const built = new Map<string, Schemas>();
/** The customer schemas, loosened where a fault of the run says so (built once per set of those faults). */
export function customerSchemas(faults: { has(name: string): boolean }): Schemas {
  const f: SchemaFaults = {
    eddFree: faults.has('edd-enums-free-strings'),
    idTypeAny: faults.has('individual-id-type-any'),
    countryAny: faults.has('country-of-issuance-any-accepted'),
    businessFree: faults.has('business-info-enums-free-strings'),
  };
  const key = JSON.stringify(f);
  let s = built.get(key);
  if (!s) built.set(key, (s = build(f)));
  return s;
}

export type CreateCustomerBody = z.infer<Schemas['CreateCustomer']>;
