// Interface: Customer; "Other operations that are named" (POST /customers, PATCH /customers/{customerId},
// GET /customers/end-user-terms); 409 CONFLICT for a colliding platformCustomerId; 404 USER_NOT_FOUND.
// Supplement section 4 for the fields and section 5 for the sandbox's magic names.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { CURRENCIES } from '../currencies.js';
import { ApiError, badRequest, conflict, fieldErrors, invalidInput, notFound, type FieldError } from '../errors.js';
import { provisionInternalAccount } from '../internal-accounts/store.js';
import { customerIndex, indexCreated, indexKeys, unindexDeleted } from './index.js';
import { bulkCustomerRoutes } from './bulk.js';
import { kycLinkRoutes } from './kyc-link.js';
import { customerListRoutes } from './list.js';
import { walletContactChange } from '../embedded-wallet-auth/routes.js';

/** This sandbox's trigger: the accounts of a customer whose platformCustomerId ends so stay PENDING until a trigger. */
export const PROVISIONING_HOLD_SUFFIX = 'HOLD';
export const TERMS = { version: 'V1', url: 'https://sandbox.svc.example/terms/v1' };
const EU = new Set(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']);

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
const CreateCustomer = z.discriminatedUnion('customerType', [Individual, Business]);
// Supplement 4: "Create/PATCH common (customerType always required; …)".
const PatchIndividual = Individual.partial().extend({ customerType: z.literal('INDIVIDUAL') });
const PatchBusiness = Business.partial().extend({ customerType: z.literal('BUSINESS'), businessInfo: BusinessInfo.partial().optional() });
const PATCH = { INDIVIDUAL: PatchIndividual, BUSINESS: PatchBusiness };
/** The fault customer-patch-type-optional's schemas: customerType may be left out. */
const PATCH_TYPE_OPTIONAL = { INDIVIDUAL: PatchIndividual.partial({ customerType: true }), BUSINESS: PatchBusiness.partial({ customerType: true }) };

/**
 * Rules across fields (supplement section 4): an SSN identifier is `###-##-####` (idType SSN, sent
 * or on file); EDD source of funds OTHER needs sourceOfFundsOtherDescription (sent or on file).
 */
export function crossFieldErrors(ctx: SandboxContext, body: Record<string, unknown>, onFile: Record<string, unknown> = {}, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const idType = body.idType ?? onFile.idType;
  if (idType === 'SSN' && typeof body.identifier === 'string' && !/^\d{3}-\d{2}-\d{4}$/.test(body.identifier) && !ctx.faults.has('ssn-identifier-format-unchecked')) {
    errors.push({ field: `${prefix}identifier`, constraint: 'pattern', message: 'an SSN identifier is ###-##-####' });
  }
  const categories = (body.sourceOfFundsCategories ?? onFile.sourceOfFundsCategories) as unknown[] | undefined;
  const description = body.sourceOfFundsOtherDescription ?? onFile.sourceOfFundsOtherDescription;
  if (categories?.includes('OTHER') && (description === undefined || description === '') && !ctx.faults.has('funds-other-description-optional')) {
    errors.push({ field: `${prefix}sourceOfFundsOtherDescription`, constraint: 'required', message: 'sourceOfFundsCategories OTHER needs sourceOfFundsOtherDescription' });
  }
  return errors;
}

export type KycStatus = 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'HOLD';

export interface CustomerRecord {
  id: string;
  customerType: 'INDIVIDUAL' | 'BUSINESS';
  fields: Record<string, unknown>;
  kycStatus: KycStatus;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
  internalAccountIds: string[];
  contactVerification?: { email?: 'PENDING' | 'VERIFIED'; phone?: 'PENDING' | 'VERIFIED' };
}

export const customers = (ctx: SandboxContext) => areaState(ctx, 'customers', () => new Map<string, CustomerRecord>());

/** Listeners told when a customer's data changes (KYC re-evaluates an open verification). */
const changeListeners = (ctx: SandboxContext) => areaState(ctx, 'customer-change-listeners', () => [] as ((c: CustomerRecord) => void)[]);
export const onCustomerChanged = (ctx: SandboxContext, fn: (c: CustomerRecord) => void) => void changeListeners(ctx).push(fn);
const customerChanged = (ctx: SandboxContext, c: CustomerRecord) => changeListeners(ctx).forEach((fn) => fn(c));

/**
 * This sandbox's place for 400 MISSING_MANDATORY_USER_INFO (supplement section 15: tied to no
 * operation): creating a customer whose provider requires contact verification (an EU region)
 * without the email and phoneNumber it needs (supplement section 4: "required where contact
 * verification applies (EU)").
 */
function missingMandatoryInfo(ctx: SandboxContext, fields: Record<string, unknown>): void {
  if (!EU.has(String(fields.region ?? '')) || ctx.faults.has('mandatory-user-info-not-required')) return;
  const missing = (['email', 'phoneNumber'] as const).filter((f) => fields[f] === undefined);
  if (missing.length) {
    throw badRequest('MISSING_MANDATORY_USER_INFO', `Customers of region ${String(fields.region)} need ${missing.join(' and ')} for contact verification`, {
      errors: missing.map((field) => ({ field, constraint: 'required', message: `${field} is mandatory where contact verification applies` })),
    });
  }
}

/** Write-only fields never leave the sandbox (supplement: identifier is write-only). */
export function presentCustomer(ctx: SandboxContext, c: CustomerRecord) {
  const { identifier: _secret, ...fields } = c.fields;
  const statusKey = c.customerType === 'INDIVIDUAL' ? 'kycStatus' : 'kybStatus';
  return {
    id: ctx.faults.has('customer-id-untyped') ? c.id.replace('Customer:', '') : c.id,
    ...fields,
    customerType: c.customerType,
    [statusKey]: c.kycStatus,
    isDeleted: c.isDeleted,
    ...(c.contactVerification ? { contactVerification: c.contactVerification } : {}),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function getCustomer(ctx: SandboxContext, id: string): CustomerRecord {
  const c = customers(ctx).get(id);
  if (!c || c.isDeleted) {
    throw ctx.faults.has('customer-unknown-wrong-code') ? notFound('REFERENCE_NOT_FOUND', `Customer ${id} not found`) : notFound('USER_NOT_FOUND', `Customer ${id} not found`);
  }
  return c;
}

export const requiresContactVerification = (c: CustomerRecord) => EU.has(String(c.fields.region ?? ''));
export const requiresSca = requiresContactVerification;

const KYC_FIELDS = ['fullName', 'birthDate', 'nationality', 'idType', 'identifier', 'address'] as const;
export const missingKycFields = (c: CustomerRecord) => KYC_FIELDS.filter((f) => c.fields[f] === undefined);

/** Supplement section 5, magic on the last three characters of fullName (sandbox/README.md for the rest). */
function initialKycStatus(c: CustomerRecord): KycStatus {
  if (c.customerType === 'BUSINESS') return 'UNVERIFIED';
  const name = String(c.fields.fullName ?? '');
  if (name.endsWith('001')) return 'PENDING';
  if (name.endsWith('002')) return 'REJECTED';
  if (name.endsWith('003')) return 'UNVERIFIED';
  return missingKycFields(c).length === 0 ? 'APPROVED' : 'UNVERIFIED';
}

/** Sets the KYC/KYB status and emits CUSTOMER.KYC_<STATUS> / CUSTOMER.KYB_<STATUS> with the customer. */
export function setKycStatus(ctx: SandboxContext, c: CustomerRecord, status: KycStatus): void {
  const family = c.customerType === 'INDIVIDUAL' ? 'KYC' : 'KYB';
  const emit = () => {
    if (['APPROVED', 'REJECTED', 'PENDING'].includes(status) && !(status === 'REJECTED' && ctx.faults.has('kyc-rejected-no-event'))) {
      ctx.webhooks.emit(`CUSTOMER.${family}_${status}`, presentCustomer(ctx, c));
    }
  };
  if (ctx.faults.has('kyc-event-before-status-change')) emit();
  c.kycStatus = status;
  c.updatedAt = isoNow(ctx.clock);
  if (!ctx.faults.has('kyc-event-before-status-change')) emit();
}

function checkTermsVersion(ctx: SandboxContext, consent?: { termsVersion: string }): void {
  if (consent && consent.termsVersion !== TERMS.version && !ctx.faults.has('terms-unknown-version-accepted')) {
    throw badRequest('END_USER_TERMS_VERSION_NOT_FOUND', `End-user terms version ${consent.termsVersion} is not supported`, {
      errors: [{ field: 'endUserTermsConsent.termsVersion', constraint: 'enum', message: `supported: ${TERMS.version}` }],
    });
  }
}
function activeCustomerWithPlatformId(ctx: SandboxContext, platformCustomerId: unknown, except?: string): CustomerRecord | undefined {
  const c = customerIndex(ctx).activeByPlatformId.get(String(platformCustomerId));
  return c && c.id !== except ? c : undefined;
}
function assertUmaAddressFree(ctx: SandboxContext, umaAddress: unknown, except?: string): void {
  const c = umaAddress === undefined ? undefined : customerIndex(ctx).activeByUma.get(String(umaAddress));
  if (c && c.id !== except && !ctx.faults.has('uma-address-duplicate-accepted')) {
    throw conflict('UMA_ADDRESS_EXISTS', `umaAddress ${String(umaAddress)} is taken`, { field: 'umaAddress' });
  }
}

export type CreateCustomerBody = z.infer<typeof CreateCustomer>;

/** Creates a customer from a validated body (POST /customers, bulk upload rows): the create rules, its accounts, its KYC status. */
export function createCustomerRecord(ctx: SandboxContext, body: CreateCustomerBody): CustomerRecord {
  const checkTerms = (consent?: { termsVersion: string }) => checkTermsVersion(ctx, consent);
  const activeWithPlatformId = (platformCustomerId: unknown) => activeCustomerWithPlatformId(ctx, platformCustomerId);
  const assertUmaFree = (umaAddress: unknown) => assertUmaAddressFree(ctx, umaAddress);
  checkTerms(body.endUserTermsConsent);
  const { customerType, ...fields } = body;
  missingMandatoryInfo(ctx, fields);
  fields.platformCustomerId ??= `pc-${randomUUID()}`;
  const collision = () => conflict('CONFLICT', `platformCustomerId ${fields.platformCustomerId} belongs to an active customer`, { field: 'platformCustomerId' });
  // Under the fault customer-conflict-stored the refused customer is stored all the same.
  const storedThenRefused = activeWithPlatformId(fields.platformCustomerId) && ctx.faults.has('customer-conflict-stored');
  if (activeWithPlatformId(fields.platformCustomerId) && !ctx.faults.has('customer-duplicate-platform-id-accepted') && !storedThenRefused) throw collision();
  assertUmaFree(fields.umaAddress);
  if (fields.umaAddress === undefined) {
    const user = String(fields.platformCustomerId).replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40) || 'customer';
    const plain = `$${user}@${ctx.config.umaDomain}`;
    // A reused platformCustomerId (its first customer deleted) still gets an address of its own.
    fields.umaAddress = customerIndex(ctx).activeByUma.has(plain) ? `$${user}-${randomUUID().slice(0, 8)}@${ctx.config.umaDomain}` : plain;
  }
  if (customerType === 'INDIVIDUAL') (fields as Record<string, unknown>).countryOfIssuance ??= ctx.faults.has('country-of-issuance-default-not-us') ? 'CA' : 'US';
  const now = isoNow(ctx.clock);
  const customer: CustomerRecord = {
    id: `Customer:${randomUUID()}`,
    customerType,
    fields: { ...fields, currencies: fields.currencies ?? ['USD'] },
    kycStatus: 'UNVERIFIED',
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
    internalAccountIds: [],
  };
  customers(ctx).set(customer.id, customer);
  indexCreated(ctx, customer);
  if (storedThenRefused) throw collision();
  for (const currency of customer.fields.currencies as string[]) {
    const hold = String(customer.fields.platformCustomerId).endsWith(PROVISIONING_HOLD_SUFFIX);
    customer.internalAccountIds.push(provisionInternalAccount(ctx, customer.id, currency, { hold }).id);
  }
  const initial = initialKycStatus(customer);
  if (initial !== 'UNVERIFIED') setKycStatus(ctx, customer, initial);
  return customer;
}

export async function customerRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(customerListRoutes);
  await app.register(kycLinkRoutes);
  await app.register(bulkCustomerRoutes);

  const checkTerms = (consent?: { termsVersion: string }) => checkTermsVersion(ctx, consent);
  const activeWithPlatformId = (platformCustomerId: unknown, except?: string) => activeCustomerWithPlatformId(ctx, platformCustomerId, except);
  const assertUmaFree = (umaAddress: unknown, except?: string) => assertUmaAddressFree(ctx, umaAddress, except);

  app.get('/customers/end-user-terms', async () => ({ version: TERMS.version, url: TERMS.url }));

  app.post('/customers', async (req, reply) => {
    // The fault reads phoneNumber with an unanchored pattern: what precedes a number is passed over.
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (ctx.faults.has('customers-phone-pattern-unanchored') && typeof body.phoneNumber === 'string') {
      const tail = /\+[1-9]\d{1,14}$/.exec(body.phoneNumber);
      if (tail) body.phoneNumber = tail[0];
    }
    const parsed = CreateCustomer.safeParse(req.body ?? {});
    if (!parsed.success) throw invalidInput(fieldErrors(parsed.error));
    const crossField = crossFieldErrors(ctx, parsed.data);
    if (crossField.length) throw invalidInput(crossField);
    const customer = createCustomerRecord(ctx, parsed.data);
    return reply.status(201).send(presentCustomer(ctx, customer));
  });

  app.get('/customers/:customerId', async (req) => {
    const { customerId } = req.params as { customerId: string };
    return presentCustomer(ctx, getCustomer(ctx, customerId));
  });

  app.patch('/customers/:customerId', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    const customer = getCustomer(ctx, customerId);
    // Supplement 17: an embedded-wallet customer's contact changes through the signed retry (sandbox/embedded-wallet-auth).
    const walletAnswer = await walletContactChange(ctx, req, reply, customer.id);
    if (walletAnswer !== 'PROCEED') return walletAnswer;
    const schemas = ctx.faults.has('customer-patch-type-optional') ? PATCH_TYPE_OPTIONAL : PATCH;
    const schema: z.ZodType = schemas[customer.customerType as 'INDIVIDUAL' | 'BUSINESS'];
    if (ctx.faults.has('customer-refused-patch-applied') && !schema.safeParse(req.body).success && req.body && typeof req.body === 'object') {
      // The fault: a change refused below with 400 has its text members written all the same.
      for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) if (typeof v === 'string' && k !== 'customerType') customer.fields[k] = v;
    }
    // The schema's customerType is the customer's own: another type is refused there, naming customerType.
    const body = parse(schema, req.body) as Record<string, unknown> & { endUserTermsConsent?: { termsVersion: string } };
    const crossField = crossFieldErrors(ctx, body, customer.fields);
    if (crossField.length) throw invalidInput(crossField);
    checkTerms(body.endUserTermsConsent);
    if (body.platformCustomerId && activeWithPlatformId(body.platformCustomerId, customer.id) && !ctx.faults.has('customer-duplicate-platform-id-accepted')) {
      throw conflict('CONFLICT', `platformCustomerId ${String(body.platformCustomerId)} belongs to an active customer`, { field: 'platformCustomerId' });
    }
    // The faults: an update's umaAddress not checked against the others', or its own counted as taken.
    if (!ctx.faults.has('customer-patch-uma-unchecked')) assertUmaFree(body.umaAddress, ctx.faults.has('customer-patch-own-uma-taken') ? undefined : customer.id);
    const { customerType: _t, businessInfo, ...rest } = body;
    const previous = { platformCustomerId: customer.fields.platformCustomerId, umaAddress: customer.fields.umaAddress };
    if (ctx.faults.has('customer-currencies-merged') && Array.isArray(rest.currencies)) rest.currencies = [...new Set([...((customer.fields.currencies as string[]) ?? []), ...(rest.currencies as string[])])];
    Object.assign(customer.fields, rest);
    if (businessInfo) customer.fields.businessInfo = { ...(customer.fields.businessInfo as object), ...(businessInfo as object) };
    customer.updatedAt = isoNow(ctx.clock);
    indexKeys(ctx, customer, previous);
    customerChanged(ctx, customer);
    return presentCustomer(ctx, customer);
  });

  app.delete('/customers/:customerId', async (req) => {
    const { customerId } = req.params as { customerId: string };
    const customer = customers(ctx).get(customerId);
    if (customer?.isDeleted && !ctx.faults.has('customer-delete-twice-200')) throw new ApiError(410, 'CUSTOMER_DELETED', `Customer ${customerId} is deleted`);
    if (customer?.isDeleted) return presentCustomer(ctx, customer);
    const c = getCustomer(ctx, customerId);
    c.isDeleted = true;
    c.updatedAt = isoNow(ctx.clock);
    unindexDeleted(ctx, c);
    return presentCustomer(ctx, c);
  });
}
