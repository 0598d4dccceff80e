// The request bodies of the customers area (supplement section 4): POST /customers, the PATCH of each
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
const EDD = {
  sourceOfFundsCategories: z.array(z.enum(['SALARY', 'SAVINGS', 'INVESTMENTS', 'BUSINESS_INCOME', 'INHERITANCE', 'GIFT', 'PENSION', 'OTHER'])).optional(),
  sourceOfFundsOtherDescription: z.string().max(500).optional(),
  sourceOfWealthCategories: z.array(z.enum(['SALARY', 'SAVINGS', 'INVESTMENTS', 'BUSINESS_INCOME', 'INHERITANCE', 'GIFT', 'PENSION', 'OTHER'])).optional(),
  purposeOfAccount: z.enum(['PERSONAL_PAYMENTS', 'SAVINGS', 'INVESTMENT', 'REMITTANCE', 'BUSINESS', 'OTHER']).optional(),
  expectedMonthlyTransactionCount: z.enum(['COUNT_0_TO_10', 'COUNT_10_TO_100', 'COUNT_100_TO_1000', 'COUNT_OVER_1000']).optional(),
  expectedMonthlyTransactionVolume: z.enum(['VOLUME_0_TO_1K', 'VOLUME_1K_TO_10K', 'VOLUME_10K_TO_100K', 'VOLUME_OVER_100K']).optional(),
  annualIncomeRange: z.enum(['INCOME_0_TO_25K', 'INCOME_25K_TO_100K', 'INCOME_100K_TO_250K', 'INCOME_OVER_250K']).optional(),
  netWorthRange: z.enum(['NET_WORTH_0_TO_100K', 'NET_WORTH_100K_TO_1M', 'NET_WORTH_OVER_1M']).optional(),
  pepStatus: z.enum(['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE']).optional(),
};
export const Identification = {
  idType: z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']).optional(),
  identifier: z.string().min(1).max(64).optional(),
  countryOfIssuance: country.optional(),
};
const Individual = z.object({
  customerType: z.literal('INDIVIDUAL'),
  ...Common,
  fullName: z.string().min(1).max(255).optional(),
  birthDate: date.optional(),
  nationality: country.optional(),
  ...Identification,
  ...EDD,
});
const BusinessInfo = z.object({
  legalName: z.string().min(1),
  country,
  incorporatedOn: date,
  taxId: z.string().min(1),
  doingBusinessAs: z.string().optional(),
  registrationNumber: z.string().optional(),
  entityType: z.string().optional(),
  businessType: z.string().optional(),
  countriesOfOperation: z.array(country).optional(),
  purposeOfAccount: z.string().optional(),
  sourceOfFunds: z.string().optional(),
});
const Business = z.object({ customerType: z.literal('BUSINESS'), ...Common, businessInfo: BusinessInfo });
export const CreateCustomer = z.discriminatedUnion('customerType', [Individual, Business]);
// Supplement 4: "Create/PATCH common (customerType always required; …)".
const PatchIndividual = Individual.partial().extend({ customerType: z.literal('INDIVIDUAL') });
const PatchBusiness = Business.partial().extend({ customerType: z.literal('BUSINESS'), businessInfo: BusinessInfo.partial().optional() });
export const PATCH = { INDIVIDUAL: PatchIndividual, BUSINESS: PatchBusiness };
/** The fault customer-patch-type-optional's schemas: customerType may be left out. */
export const PATCH_TYPE_OPTIONAL = { INDIVIDUAL: PatchIndividual.partial({ customerType: true }), BUSINESS: PatchBusiness.partial({ customerType: true }) };

export type CreateCustomerBody = z.infer<typeof CreateCustomer>;
