// Request rules of the Customers, KYC/KYB and Contact Verification operations (supplement sections
// 4, 5, 10 and 14; interface: Customer, "Other operations that are named"; openapi.yaml for the
// customer's EDD enums, its identification and the business information). Only what the documents
// state: an enum is declared where openapi.yaml gives it, and valid values are described values; a
// field the documents name without a format (nationality, address.country) is declared with its type
// alone.
// Valid names never end in a sandbox magic suffix (supplement section 5: the last 3 characters of
// fullName, businessInfo.registrationNumber and a beneficial owner's lastName drive outcomes).
import fc from 'fast-check';
import { LIST_RULES } from './lists.js';
import { builtOnce, COUNTRIES, matching, NOT_AN_INSTANT, ruleIds, unique, type FieldSpec, type RequestSpec, type Variant } from './rules.js';

const S4 = 'supplement §4';
const S5 = 'supplement §5';
const S14 = 'supplement §14';

const countries = COUNTRIES;
const isoDate = fc.date({ min: new Date('1930-01-01'), max: new Date('2005-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const email = fc.tuple(matching(/^[a-z][a-z0-9]{2,10}$/), fc.constantFrom('example.com', 'example.org')).map(([u, d]) => `${u}@${d}`);
/** Not an email, though each has its '@' (one without is refused by any check): a local part or domain missing, a second '@', a space. */
const notEmail = fc.tuple(matching(/^[a-z][a-z0-9]{2,8}$/), fc.constantFrom('user@', '@example.com', 'a@b@example.com', 'a b@example.com', 'user@@example.com')).map(([u, shape]) => shape.replace('user', u).replace(/^a /, `${u} `));
/** Letters only: no magic suffix (001/002/003) can end the name. */
const name = matching(/^[A-Z][a-z]{2,10}$/);
const fullName = fc.tuple(name, name).map(([a, b]) => `${a} ${b}`);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SSN = /^\d{3}-\d{2}-\d{4}$/;
const E164 = /^\+[1-9]\d{1,14}$/;
const ALPHA2 = /^[A-Z]{2}$/;
const ID_TYPES = ['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID'] as const;
const PEP = ['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE'] as const;
const D = 'openapi.yaml';
/** openapi.yaml's enums of the customer fields (CustomerEdd and the schemas it names, EntityType, BusinessType, SourceOfFundsCategory). */
export const CUSTOMER_ENUMS = {
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
/** An enum's values without OTHER: a valid body never names OTHER without the description it needs. */
const notOther = (values: readonly string[]) => fc.constantFrom(...values.filter((v) => v !== 'OTHER'));
/** openapi.yaml, IndividualCustomerFields.identifier: only these of IdentificationType are accepted for an individual. */
const INDIVIDUAL_ID_TYPES = ['SSN', 'ITIN'] as const;
const IDENTIFIER = `${D}, IndividualCustomerFields.identifier: "Only SSN (format \`###-##-####\`) and ITIN are currently accepted; other identification types are rejected"`;
const EDD = `${D}, CustomerEdd`;
/** supplement §14: the beneficial-owner roles. */
export const OWNER_ROLES = ['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'] as const;

const ADDRESS = `${S4}: address {line1*, line2, city, state, postalCode*, country*}`;
const address = (prefix: string): FieldSpec[] => [
  { path: prefix, type: 'object', valid: fc.constant({}), cite: ADDRESS },
  { path: `${prefix}.line1`, type: 'string', required: true, valid: fc.tuple(fc.integer({ min: 1, max: 9999 }), name).map(([n, s]) => `${n} ${s} Street`), cite: ADDRESS },
  { path: `${prefix}.line2`, type: 'string', cite: ADDRESS },
  { path: `${prefix}.city`, type: 'string', valid: name, cite: ADDRESS },
  { path: `${prefix}.state`, type: 'string', valid: fc.constantFrom('CA', 'NY', 'TX'), cite: ADDRESS },
  { path: `${prefix}.postalCode`, type: 'string', required: true, valid: matching(/^[0-9]{5}$/), cite: ADDRESS },
  { path: `${prefix}.country`, type: 'string', required: true, valid: fc.constantFrom(...countries), cite: ADDRESS },
];

const CONSENT = `${S4}: endUserTermsConsent {acceptedAt*: timestamp, ipAddress*: ≤45, termsVersion*: string, acceptanceMethod*: CHECKBOX|CLICK_TO_ACCEPT}`;
const consent = (termsVersion: string): FieldSpec[] => [
  { path: 'endUserTermsConsent', type: 'object', valid: fc.constant({}), cite: CONSENT },
  {
    path: 'endUserTermsConsent.acceptedAt', type: 'string', required: true,
    // Whole seconds: a target that keeps seconds gives back the same instant (helpers/field-rules/check.ts readsBackAs).
    valid: fc.date({ min: new Date('2025-01-01'), max: new Date('2025-12-31'), noInvalidDate: true }).map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString()),
    format: { name: 'ISO 8601 timestamp', invalid: NOT_AN_INSTANT }, cite: CONSENT,
  },
  { path: 'endUserTermsConsent.ipAddress', type: 'string', required: true, maxLength: 45, valid: fc.ipV4(), cite: CONSENT },
  { path: 'endUserTermsConsent.termsVersion', type: 'string', required: true, valid: fc.constant(termsVersion), cite: `${CONSENT}; the version GET /customers/end-user-terms returns` },
  { path: 'endUserTermsConsent.acceptanceMethod', type: 'string', required: true, enum: ['CHECKBOX', 'CLICK_TO_ACCEPT'], cite: CONSENT },
];

const COMMON = `${S4}: Create/PATCH common`;
/** Fields every customer type shares (supplement §4, "Create/PATCH common"); `contact` picks email, phoneNumber or both. */
const common = (contact: 'email' | 'phoneNumber' | 'both'): FieldSpec[] => [
  // Unique per request: an active customer's platformCustomerId answers 409 CONFLICT to another (supplement §4, POST /customers 409).
  { path: 'platformCustomerId', type: 'string', valid: unique('pcid'), cite: `${COMMON}: platformCustomerId string; 409 CONFLICT (active platformCustomerId)` },
  { path: 'region', type: 'string', pattern: ALPHA2, valid: fc.constantFrom('US', 'MX', 'BR', 'GB'), cite: `${COMMON}: region ISO 3166-1 α2` },
  { path: 'currencies', type: 'array', valid: fc.constant(['USD']), cite: `${COMMON}: currencies string[]` },
  ...(contact !== 'phoneNumber' ? [{ path: 'email', type: 'string', valid: email, format: { name: 'email', invalid: notEmail }, cite: `${COMMON}: email / phoneNumber: email / E.164` } as FieldSpec] : []),
  ...(contact !== 'email' ? [{ path: 'phoneNumber', type: 'string', pattern: E164, cite: `${COMMON}: phoneNumber E.164 ^\\+[1-9]\\d{1,14}$` } as FieldSpec] : []),
];

const IND = `${S4}: INDIVIDUAL`;
const individualFields = (): FieldSpec[] => [
  { path: 'fullName', type: 'string', valid: fullName, cite: `${IND} fullName` },
  { path: 'birthDate', type: 'string', pattern: DATE, valid: isoDate, cite: `${IND} birthDate (YYYY-MM-DD)` },
  { path: 'nationality', type: 'string', valid: fc.constantFrom(...countries), cite: `${IND} nationality` },
  // The other values of IdentificationType are the enum rule's bad values: the description lists them, and refuses them for an individual.
  { path: 'idType', type: 'string', enum: INDIVIDUAL_ID_TYPES, nearMiss: ID_TYPES.filter((t) => !(INDIVIDUAL_ID_TYPES as readonly string[]).includes(t)), valid: fc.constant('SSN'), cite: IDENTIFIER },
  { path: 'identifier', type: 'string', pattern: SSN, cite: `${IND} identifier (write-only; SSN ###-##-####); ${IDENTIFIER}` },
  {
    path: 'countryOfIssuance', type: 'string', enum: ['US'], nearMiss: countries.filter((c) => c !== 'US'), default: 'US',
    cite: `${D}, IndividualCustomerFields.countryOfIssuance: "SSN and ITIN are US-issued, so this defaults to \`US\` and is rejected if set to anything else"`,
  },
  { path: 'sourceOfFundsCategories', type: 'array', items: { enum: CUSTOMER_ENUMS.individualSourceOfFunds, valid: notOther(CUSTOMER_ENUMS.individualSourceOfFunds) }, cite: `${EDD}.sourceOfFundsCategories: IndividualSourceOfFundsCategory[]` },
  { path: 'sourceOfWealthCategories', type: 'array', items: { enum: CUSTOMER_ENUMS.sourceOfWealth, valid: notOther(CUSTOMER_ENUMS.sourceOfWealth) }, cite: `${EDD}.sourceOfWealthCategories: SourceOfWealthCategory[]` },
  { path: 'purposeOfAccount', type: 'string', enum: CUSTOMER_ENUMS.purposeOfAccount, valid: notOther(CUSTOMER_ENUMS.purposeOfAccount), cite: `${EDD}.purposeOfAccount: PurposeOfAccount` },
  { path: 'expectedMonthlyTransactionCount', type: 'string', enum: CUSTOMER_ENUMS.transactionCount, cite: `${EDD}.expectedMonthlyTransactionCount: ExpectedMonthlyTransactionCount` },
  { path: 'expectedMonthlyTransactionVolume', type: 'string', enum: CUSTOMER_ENUMS.transactionVolume, cite: `${EDD}.expectedMonthlyTransactionVolume: ExpectedMonthlyTransactionVolume` },
  { path: 'annualIncomeRange', type: 'string', enum: CUSTOMER_ENUMS.annualIncome, cite: `${EDD}.annualIncomeRange: AnnualIncomeRange` },
  { path: 'netWorthRange', type: 'string', enum: CUSTOMER_ENUMS.netWorth, cite: `${EDD}.netWorthRange: NetWorthRange` },
  { path: 'pepStatus', type: 'string', enum: PEP, cite: `${IND} EDD pepStatus (NONE, DOMESTIC, FOREIGN, HIO, FAMILY_OR_ASSOCIATE); ${EDD}.pepStatus: PepStatus` },
];

/** An individual whose EDD category is OTHER, with the description it needs (openapi.yaml, CustomerEdd). */
const otherVariant = (name: string, fixed: Record<string, unknown>, description: string, cite: string, valid: string[]): Variant => ({
  name: `INDIVIDUAL OTHER ${name}`,
  fixed: { customerType: 'INDIVIDUAL', ...fixed },
  fields: [
    customerType('INDIVIDUAL'),
    ...common('email'),
    { path: 'fullName', type: 'string', valid: fullName, cite: `${IND} fullName` },
    { path: description, type: 'string', required: true, valid: fc.constantFrom(...valid), cite },
  ],
});

const customerType = (t: 'INDIVIDUAL' | 'BUSINESS'): FieldSpec => ({
  path: 'customerType', type: 'string', required: true, enum: ['INDIVIDUAL', 'BUSINESS'], valid: fc.constant(t), cite: `${S4}: customerType INDIVIDUAL | BUSINESS (discriminator; always required)`,
});

const BIZ = `${S4}: BUSINESS businessInfo with legalName*, country*, incorporatedOn* (date), taxId*`;
const BIZ_INFO = `${D}, BusinessInfo`;
const businessInfo = (required: boolean): FieldSpec[] => [
  { path: 'businessInfo', type: 'object', required, valid: fc.constant({}), cite: `${S4}: no other field schema-required except businessInfo on BUSINESS create` },
  { path: 'businessInfo.legalName', type: 'string', required, valid: fc.tuple(name, fc.constantFrom('LLC', 'Inc', 'Ltd')).map(([n, s]) => `${n} ${s}`), cite: BIZ },
  { path: 'businessInfo.country', type: 'string', required, valid: fc.constantFrom(...countries), cite: BIZ },
  { path: 'businessInfo.incorporatedOn', type: 'string', required, pattern: DATE, valid: isoDate, cite: `${BIZ}; date as birthDate (YYYY-MM-DD)` },
  { path: 'businessInfo.taxId', type: 'string', required, valid: matching(/^[0-9]{9}$/), cite: BIZ },
  { path: 'businessInfo.doingBusinessAs', type: 'string', valid: name, cite: `${S4}: BUSINESS optional doingBusinessAs` },
  // Ends in 9: no magic suffix (section 5: 001/002/003).
  { path: 'businessInfo.registrationNumber', type: 'string', valid: matching(/^REG[0-9]{5}$/).map((s) => `${s}9`), cite: `${S4}: BUSINESS optional registrationNumber` },
  { path: 'businessInfo.entityType', type: 'string', enum: CUSTOMER_ENUMS.entityType, cite: `${BIZ_INFO}.entityType: EntityType` },
  { path: 'businessInfo.businessType', type: 'string', enum: CUSTOMER_ENUMS.businessType, cite: `${BIZ_INFO}.businessType: BusinessType` },
  { path: 'businessInfo.countriesOfOperation', type: 'array', valid: fc.uniqueArray(fc.constantFrom(...countries), { minLength: 1, maxLength: 3 }), cite: `${S4}: BUSINESS optional countriesOfOperation[]` },
  { path: 'businessInfo.purposeOfAccount', type: 'string', enum: CUSTOMER_ENUMS.purposeOfAccount, cite: `${BIZ_INFO}.purposeOfAccount: PurposeOfAccount` },
  { path: 'businessInfo.sourceOfFunds', type: 'string', valid: fc.constantFrom('Customer payments', 'Service fees'), cite: `${BIZ_INFO}.sourceOfFunds: string` },
  { path: 'businessInfo.expectedMonthlyTransactionCount', type: 'string', enum: CUSTOMER_ENUMS.transactionCount, cite: `${BIZ_INFO}.expectedMonthlyTransactionCount: COUNT_UNDER_10 | ... | COUNT_OVER_1000` },
  { path: 'businessInfo.expectedMonthlyTransactionVolume', type: 'string', enum: CUSTOMER_ENUMS.transactionVolume, cite: `${BIZ_INFO}.expectedMonthlyTransactionVolume: VOLUME_UNDER_10K | ... | VOLUME_OVER_10M` },
  { path: 'businessInfo.naicsCode', type: 'string', pattern: /^\d{2,6}$/, cite: `${BIZ_INFO}.naicsCode: pattern ^\\d{2,6}$ ("2-6 digits")` },
  { path: 'businessInfo.sourceOfFundsCategories', type: 'array', items: { enum: CUSTOMER_ENUMS.businessSourceOfFunds }, cite: `${BIZ_INFO}.sourceOfFundsCategories: SourceOfFundsCategory[]` },
  { path: 'businessInfo.sourceOfFundsOtherDescription', type: 'string', minLength: 1, maxLength: 500, cite: `${BIZ_INFO}.sourceOfFundsOtherDescription: minLength 1, maxLength 500` },
  { path: 'businessInfo.purposeOfAccountOtherDescription', type: 'string', minLength: 1, maxLength: 500, cite: `${BIZ_INFO}.purposeOfAccountOtherDescription: minLength 1, maxLength 500` },
  { path: 'businessInfo.primaryContactFirstName', type: 'string', maxLength: 250, cite: `${BIZ_INFO}.primaryContactFirstName: maxLength 250` },
  { path: 'businessInfo.primaryContactLastName', type: 'string', maxLength: 250, cite: `${BIZ_INFO}.primaryContactLastName: maxLength 250` },
];

/** POST /customers: an individual (every field, an address and terms consent), one for each EDD category OTHER with its description, a business. */
export function customerCreate(termsVersion: string): RequestSpec {
  const variants: Variant[] = [
    {
      name: 'INDIVIDUAL',
      fixed: { customerType: 'INDIVIDUAL', idType: 'SSN' },
      fields: [customerType('INDIVIDUAL'), ...common('both'), ...address('address'), ...consent(termsVersion), ...individualFields()],
    },
    otherVariant('funds', { sourceOfFundsCategories: ['OTHER'] }, 'sourceOfFundsOtherDescription', `${EDD}.sourceOfFundsOtherDescription: "Required when \`sourceOfFundsCategories\` includes \`OTHER\`"`, ['Lottery winnings', 'Sale of a car', 'Royalties']),
    otherVariant('wealth', { sourceOfWealthCategories: ['OTHER'] }, 'sourceOfWealthOtherDescription', `${EDD}.sourceOfWealthOtherDescription: "Required when \`sourceOfWealthCategories\` includes \`OTHER\`"`, ['Royalty income', 'Prize money', 'Family trust']),
    otherVariant('purpose', { purposeOfAccount: 'OTHER' }, 'purposeOfAccountOtherDescription', `${EDD}.purposeOfAccountOtherDescription: "Required when \`purposeOfAccount\` is \`OTHER\`"`, ['Household budgeting', 'Club dues', 'Tuition payments']),
    {
      name: 'BUSINESS',
      fixed: { customerType: 'BUSINESS' },
      fields: [customerType('BUSINESS'), ...common('both'), ...address('address'), ...businessInfo(true)],
    },
  ];
  return { operation: 'POST /customers', part: 'body', variants };
}

/**
 * PATCH /customers/{customerId}: "same inputs and validation style" (interface); customerType required,
 * none other but an address's own members ("Create/PATCH common (customerType always required; …)",
 * supplement §4); email and phoneNumber change in separate calls (supplement §4), so each variant
 * changes one of them.
 */
export function customerPatch(termsVersion: string): RequestSpec {
  const variants: Variant[] = [
    { name: 'INDIVIDUAL email', fixed: { customerType: 'INDIVIDUAL', idType: 'SSN' }, fields: [customerType('INDIVIDUAL'), ...common('email'), ...address('address'), ...consent(termsVersion), ...individualFields()] },
    { name: 'INDIVIDUAL phoneNumber', fixed: { customerType: 'INDIVIDUAL', idType: 'SSN' }, fields: [customerType('INDIVIDUAL'), ...common('phoneNumber'), ...individualFields()] },
    { name: 'BUSINESS', fixed: { customerType: 'BUSINESS' }, fields: [customerType('BUSINESS'), ...common('email'), ...businessInfo(false)] },
  ];
  return { operation: 'PATCH /customers/{customerId}', part: 'body', variants };
}

/** POST /customers/{customerId}/kyc-link {redirectUri?} (https; http for local). */
export function kycLinkCreate(): RequestSpec {
  const cite = `${S14}: kyc-link {redirectUri?} (https; http for local)`;
  return {
    operation: 'POST /customers/{customerId}/kyc-link',
    part: 'body',
    variants: [{
      name: 'kyc-link',
      fixed: {},
      fields: [{
        path: 'redirectUri', type: 'string', valid: matching(/^[a-z]{3,10}$/).map((s) => `https://${s}.example.com/kyc/done`),
        format: { name: 'https URL (http only for a local address)', invalid: fc.constantFrom('http://example.com/kyc', 'ftp://example.com/kyc', 'ws://example.com/kyc') }, cite,
      }],
    }],
  };
}

/** POST /verifications {customerId*}. */
export function verificationCreate(): RequestSpec {
  return {
    operation: 'POST /verifications',
    part: 'body',
    variants: [{ name: 'verification', fixed: {}, fields: [{ path: 'customerId', type: 'string', required: true, cite: `${S5}: POST /verifications {customerId*}` }] }],
  };
}

/** POST /customers/{customerId}/verify-email|verify-phone/confirm {code*}; the valid code is the target's (sandbox 123456). */
export function contactConfirm(which: 'email' | 'phone', code = '123456'): RequestSpec {
  return {
    operation: `POST /customers/{customerId}/verify-${which}/confirm`,
    part: 'body',
    variants: [{ name: which, fixed: {}, fields: [{ path: 'code', type: 'string', required: true, valid: fc.constant(code), cite: 'supplement §10: …/confirm {code*} → 200 Customer' }] }],
  };
}

const BO = `${S5}: POST /beneficial-owners {customerId*, roles*[…], ownershipPercentage* 0–100, personalInfo*{firstName*, lastName*, birthDate*, nationality*, address*, idType*, identifier*}}`;
const personalInfo = (required: boolean): FieldSpec[] => [
  { path: 'personalInfo', type: 'object', required, valid: fc.constant({}), cite: BO },
  { path: 'personalInfo.firstName', type: 'string', required, valid: name, cite: BO },
  // Letters only: no magic suffix (section 5: lastName 001/002).
  { path: 'personalInfo.lastName', type: 'string', required, valid: name, cite: BO },
  { path: 'personalInfo.birthDate', type: 'string', required, pattern: DATE, valid: isoDate, cite: `${BO}; birthDate (YYYY-MM-DD), supplement §4` },
  { path: 'personalInfo.nationality', type: 'string', required, valid: fc.constantFrom(...countries), cite: BO },
  ...(required ? address('personalInfo.address').map((f) => (f.path === 'personalInfo.address' ? { ...f, required: true, cite: BO } : f)) : []),
  { path: 'personalInfo.idType', type: 'string', required, enum: ID_TYPES, valid: fc.constant('SSN'), cite: `${BO}; idType (SSN, ITIN, EIN, NON_US_TAX_ID), supplement §4` },
  ...(required ? [{ path: 'personalInfo.identifier', type: 'string', required, pattern: SSN, cite: `${BO}; identifier (SSN ###-##-####), supplement §4` } as FieldSpec] : []),
  { path: 'personalInfo.middleName', type: 'string', valid: name, cite: `${S14}: BeneficialOwner optional middleName, email, phoneNumber, countryOfIssuance` },
  // Not US: a target that put the customer's default (supplement §4, countryOfIssuance default US) over the one sent would read back otherwise.
  { path: 'personalInfo.countryOfIssuance', type: 'string', valid: fc.constantFrom(...countries.filter((c) => c !== 'US')), cite: `${S14}: BeneficialOwner optional countryOfIssuance; interface: individuals and beneficial owners share idType, identifier, countryOfIssuance` },
  { path: 'personalInfo.email', type: 'string', valid: email, format: { name: 'email', invalid: notEmail }, cite: `${S14}: BeneficialOwner optional email; supplement §4 email` },
  { path: 'personalInfo.phoneNumber', type: 'string', pattern: E164, cite: `${S14}: BeneficialOwner optional phoneNumber; supplement §4 E.164` },
];
const ownerCore = (required: boolean): FieldSpec[] => [
  { path: 'roles', type: 'array', required, items: { enum: OWNER_ROLES }, cite: `${BO}; ${S14}: roles UBO, DIRECTOR, COMPANY_OFFICER, CONTROL_PERSON, TRUSTEE, GENERAL_PARTNER` },
  { path: 'ownershipPercentage', type: 'integer', required, minimum: 0, maximum: 100, edge: 100, cite: `${BO}; openapi.yaml: ownershipPercentage integer 0–100` },
];

export function ownerCreate(): RequestSpec {
  return {
    operation: 'POST /beneficial-owners',
    part: 'body',
    variants: [{
      name: 'owner',
      fixed: { 'personalInfo.idType': 'SSN' },
      fields: [{ path: 'customerId', type: 'string', required: true, cite: BO }, ...ownerCore(true), ...personalInfo(true)],
    }],
  };
}

/** PATCH /beneficial-owners/{id}: "partial {roles?, ownershipPercentage?, personalInfo?} (create's fields, all optional)". */
export function ownerPatch(): RequestSpec {
  return {
    operation: 'PATCH /beneficial-owners/{beneficialOwnerId}',
    part: 'body',
    variants: [{ name: 'owner', fixed: {}, fields: [...ownerCore(false), ...personalInfo(false)].map((f) => ({ ...f, cite: `${S14}: PATCH partial, create's fields all optional; ${f.cite}` })) }],
  };
}

const DOCUMENT_TYPES = [
  'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID',
  'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT',
  'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT', 'STATE_COMPANY_REGISTRY', 'PARTNERSHIP_CONTROL_AGREEMENT',
  'SHAREHOLDER_REGISTER', 'PARTNERSHIP_AGREEMENT',
  'UTILITY_BILL', 'RENT_OR_LEASE_AGREEMENT', 'ELECTRICITY_BILL', 'BANK_STATEMENT', 'TAX_RETURN',
  'PROOF_OF_ADDRESS', 'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT', 'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE',
  'POWER_OF_ATTORNEY', 'SELFIE', 'OTHER',
] as const;
const DOC = `${S14}: POST /documents (multipart) file* (PDF/JPEG/PNG ≤10 MB), documentType*, country*, documentHolder* (Customer/BeneficialOwner id), side? (FRONT|BACK), documentNumber?, issuingAuthority?`;
/** The media types of PDF, JPEG and PNG: the `file` field carries the upload's media type (the suite builds the file). */
export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * POST /documents and PUT /documents/{id} ("as POST minus documentHolder"), multipart: `file` stands
 * for the upload, its value the media type the file is sent with.
 */
export function documentUpload(operation: 'POST /documents' | 'PUT /documents/{documentId}'): RequestSpec {
  const fields: FieldSpec[] = [
    { path: 'file', type: 'string', required: true, valid: fc.constantFrom(...DOCUMENT_MEDIA_TYPES), format: { name: 'PDF, JPEG or PNG', invalid: fc.constantFrom('text/plain', 'application/zip', 'image/gif') }, cite: DOC },
    { path: 'documentType', type: 'string', required: true, enum: DOCUMENT_TYPES, cite: `${DOC}; the 26 documentType values` },
    { path: 'country', type: 'string', required: true, valid: fc.constantFrom(...countries), cite: DOC },
    { path: 'side', type: 'string', enum: ['FRONT', 'BACK'], cite: DOC },
    // Letters only: no target's rejection trigger (supplement §28.1: document magic values are the target's) is a word.
    { path: 'documentNumber', type: 'string', valid: matching(/^[A-Z]{2}[a-z]{6}$/), cite: DOC },
    { path: 'issuingAuthority', type: 'string', valid: fc.tuple(name, fc.constantFrom('Office', 'Bureau')).map(([a, b]) => `${a} ${b}`), cite: DOC },
  ];
  if (operation === 'POST /documents') fields.push({ path: 'documentHolder', type: 'string', required: true, cite: DOC });
  return { operation, part: 'form', variants: [{ name: 'document', fixed: {}, fields }] };
}

const S2 = 'supplement §2';
const FEE = `${S2}: FeeConfig feeType* (CROSS_CURRENCY_TRANSACTION only), sourceCurrency* (USD only), variableFeeBps* (0–10000), fixedFee* {amount: int64 ≥0, currency}`;
const BRAND = `${S2}: cardTokenization2faConfig displayName ≤255, logoUrl https ≤512, email{fromAddress, fromName, replyToAddress, subject, bodyText ≤2000}, sms{templateSid ≤64, bodyText ≤480}`;
/** Starting and ending with a letter or digit (a target may trim), of at most `max` characters (built once per length: a string arbitrary is costly to build). */
const text = (max: number) =>
  builtOnce(`config text ..${max}`, () => fc.string({ unit: fc.constantFrom(...'abcdefghij KLMNOP0123'), minLength: 1, maxLength: Math.min(max, 60) }).map((s) => s.replace(/^ /, 'a').replace(/ $/, 'z')));

/**
 * PATCH /config: a USD fee configuration and the card tokenization branding. The webhook endpoint is
 * judged where delivery is (suites/platform-configuration/config.platform.test.ts); a fee of 0 and 0
 * deactivates (section 2), so valid fees are never both 0.
 */
export function configPatch(): RequestSpec {
  const fields: FieldSpec[] = [
    { path: 'feeConfigs', type: 'array', valid: fc.constant([{}]), cite: FEE },
    { path: 'feeConfigs.0.feeType', type: 'string', required: true, enum: ['CROSS_CURRENCY_TRANSACTION'], cite: FEE },
    { path: 'feeConfigs.0.sourceCurrency', type: 'string', required: true, valid: fc.constant('USD'), cite: FEE },
    { path: 'feeConfigs.0.variableFeeBps', type: 'integer', required: true, minimum: 0, maximum: 10000, valid: fc.integer({ min: 1, max: 10000 }), edge: 10000, cite: FEE },
    { path: 'feeConfigs.0.fixedFee', type: 'object', required: true, valid: fc.constant({}), cite: FEE },
    { path: 'feeConfigs.0.fixedFee.amount', type: 'integer', required: true, minimum: 0, valid: fc.integer({ min: 0, max: 500 }), cite: FEE },
    { path: 'feeConfigs.0.fixedFee.currency', type: 'string', required: true, valid: fc.constant('USD'), cite: FEE },
    { path: 'cardTokenization2faConfig', type: 'object', valid: fc.constant({}), cite: BRAND },
    { path: 'cardTokenization2faConfig.displayName', type: 'string', maxLength: 255, cite: BRAND },
    {
      path: 'cardTokenization2faConfig.logoUrl', type: 'string', maxLength: 512, valid: matching(/^[a-z]{3,12}$/).map((s) => `https://${s}.example.com/logo.png`),
      format: { name: 'https URL', invalid: fc.constantFrom('http://example.com/logo.png', 'logo.png', 'ftp://example.com/logo.png') }, cite: BRAND,
    },
    { path: 'cardTokenization2faConfig.email.fromAddress', type: 'string', valid: email, cite: BRAND },
    { path: 'cardTokenization2faConfig.email.fromName', type: 'string', valid: text(60), cite: BRAND },
    { path: 'cardTokenization2faConfig.email.replyToAddress', type: 'string', valid: email, cite: BRAND },
    { path: 'cardTokenization2faConfig.email.subject', type: 'string', valid: text(60), cite: BRAND },
    { path: 'cardTokenization2faConfig.email.bodyText', type: 'string', maxLength: 2000, cite: BRAND },
    { path: 'cardTokenization2faConfig.sms.templateSid', type: 'string', maxLength: 64, cite: BRAND },
    { path: 'cardTokenization2faConfig.sms.bodyText', type: 'string', maxLength: 480, cite: BRAND },
  ];
  return { operation: 'PATCH /config', part: 'body', variants: [{ name: 'config', fixed: { 'feeConfigs.0.feeType': 'CROSS_CURRENCY_TRANSACTION' }, fields }] };
}

/** The rule ids of these operations (helpers/field-rules/declared.ts). */
/** The one request rule of the bulk upload: its multipart part `file` is required (supplement §24). */
export const BULK_FILE_REQUIRED = 'file required';

export function customerRules(): Record<string, string[]> {
  const { pagingOnce, limitRange, filter, scope } = LIST_RULES;
  return {
    'POST /customers': ruleIds(customerCreate('V1')),
    'PATCH /customers/{customerId}': ruleIds(customerPatch('V1')),
    'POST /customers/{customerId}/kyc-link': ruleIds(kycLinkCreate()),
    'POST /verifications': ruleIds(verificationCreate()),
    'POST /beneficial-owners': ruleIds(ownerCreate()),
    'PATCH /config': ruleIds(configPatch()),
    'POST /customers/{customerId}/verify-email/confirm': ruleIds(contactConfirm('email')),
    'POST /customers/{customerId}/verify-phone/confirm': ruleIds(contactConfirm('phone')),
    'POST /documents': ruleIds(documentUpload('POST /documents')),
    'PUT /documents/{documentId}': ruleIds(documentUpload('PUT /documents/{documentId}')),
    'PATCH /beneficial-owners/{beneficialOwnerId}': ruleIds(ownerPatch()),
    // Supplement 24: POST /customers/bulk/csv (multipart file*); judged by suites/customers/bulk-upload.test.ts (the refusal's code is not stated).
    'POST /customers/bulk/csv': [BULK_FILE_REQUIRED],
    'GET /customers': [
      pagingOnce, limitRange, LIST_RULES.defaultLimit, filter('customerType'), filter('platformCustomerId'), filter('region'), filter('currency'), filter('umaAddress'),
      ...['createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore', 'isIncludingDeleted'].map(filter),
    ],
    'GET /verifications': [pagingOnce, limitRange, filter('customerId'), filter('verificationStatus')],
    'GET /beneficial-owners': [pagingOnce, limitRange, scope('customer')],
    'GET /documents': [pagingOnce, limitRange, filter('documentHolder')],
    'GET /customers/internal-accounts': [pagingOnce, limitRange, LIST_RULES.defaultLimit, filter('customerId'), filter('currency'), filter('type'), scope('customer')],
    'GET /platform/internal-accounts': [filter('currency'), filter('type'), scope('platform')],
  };
}
