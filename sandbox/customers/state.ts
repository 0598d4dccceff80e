// The customers area's store (interface: Customer; supplement sections 4, 5 and 15): the customer
// records and their presenter, the lookups and rules other areas share (getCustomer, requiresSca in regions.ts,
// setKycStatus...), the create rules of POST /customers and the bulk upload, and the indexes: the
// active platformCustomerId and umaAddress of each customer (409 CONFLICT / UMA_ADDRESS_EXISTS), and
// the lists GET /customers narrows by, so a lookup or a page costs what it returns, not what is stored.
import { contactVerificationRegion } from './regions.js';
import { randomUUID } from 'node:crypto';
import { isoNow } from '../clock.js';
import { areaState, type SandboxContext } from '../context.js';
import { badRequest, conflict, notFound, type FieldError } from '../http/errors.js';
import { provisionInternalAccount } from '../internal-accounts/state.js';
import { ChangeLog, PositionIndex, watchField } from '../store/position-index.js';
import type { CreateCustomerBody } from './schemas.js';

export { Identification, type CreateCustomerBody } from './schemas.js';

/** This sandbox's trigger: the accounts of a customer whose platformCustomerId ends so stay PENDING until a trigger. */
export const PROVISIONING_HOLD_SUFFIX = 'HOLD';
export const TERMS = { version: 'V1', url: 'https://sandbox.svc.example/terms/v1' };

export { crossFieldErrors } from './cross-field.js';

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
export const customerChanged = (ctx: SandboxContext, c: CustomerRecord) => changeListeners(ctx).forEach((fn) => fn(c));

/**
 * This sandbox's place for 400 MISSING_MANDATORY_USER_INFO (supplement section 15: tied to no
 * operation): creating a customer whose provider requires contact verification (an EU region)
 * without the email and phoneNumber it needs (supplement section 4: "required where contact
 * verification applies (EU)").
 */
function missingMandatoryInfo(ctx: SandboxContext, fields: Record<string, unknown>): void {
  if (!contactVerificationRegion(ctx, fields.region) || ctx.faults.has('mandatory-user-info-not-required')) return;
  const missing = (['email', 'phoneNumber'] as const).filter((f) => fields[f] === undefined);
  if (missing.length) {
    throw badRequest('MISSING_MANDATORY_USER_INFO', `Customers of region ${String(fields.region)} need ${missing.join(' and ')} for contact verification`, {
      errors: missing.map((field) => ({ field, message: `${field} is mandatory where contact verification applies` })),
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


const KYC_FIELDS = ['fullName', 'birthDate', 'nationality', 'idType', 'identifier', 'address'] as const;
export { requiresContactVerification, requiresSca, trustApplies } from './regions.js';

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

export function checkTermsVersion(ctx: SandboxContext, consent?: { termsVersion: string }): void {
  if (consent && consent.termsVersion !== TERMS.version && !ctx.faults.has('terms-unknown-version-accepted')) {
    throw badRequest('END_USER_TERMS_VERSION_NOT_FOUND', `End-user terms version ${consent.termsVersion} is not supported`, {
      errors: [{ field: 'endUserTermsConsent.termsVersion', constraint: { enum: [TERMS.version] }, message: `supported: ${TERMS.version}` }],
    });
  }
}
export function activeCustomerWithPlatformId(ctx: SandboxContext, platformCustomerId: unknown, except?: string): CustomerRecord | undefined {
  const c = customerIndex(ctx).activeByPlatformId.get(String(platformCustomerId));
  return c && c.id !== except ? c : undefined;
}
/** The active customer whose umaAddress this is, if any. */
export const activeCustomerWithUma = (ctx: SandboxContext, umaAddress: string): CustomerRecord | undefined => customerIndex(ctx).activeByUma.get(umaAddress);
export function assertUmaAddressFree(ctx: SandboxContext, umaAddress: unknown, except?: string): void {
  const c = umaAddress === undefined ? undefined : customerIndex(ctx).activeByUma.get(String(umaAddress));
  if (c && c.id !== except && !ctx.faults.has('uma-address-duplicate-accepted')) {
    throw conflict('UMA_ADDRESS_EXISTS', `umaAddress ${String(umaAddress)} is taken`, { field: 'umaAddress' });
  }
}

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
    // The alternate's generated address owes nothing to the platformCustomerId: a random user part.
    const user = ctx.choices.alternate('uma-address-random') ? `u${randomUUID().replace(/-/g, '').slice(0, 16)}` : String(fields.platformCustomerId).replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40) || 'customer';
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
  if (initial === 'APPROVED' && ctx.choices.alternate('kyc-review-at-creation')) {
    // The alternate reviews a complete individual first: PENDING at creation, APPROVED after the provisioning delay.
    setKycStatus(ctx, customer, 'PENDING');
    ctx.later(ctx.settings.provisioningDelayMs, () => {
      if (!customer.isDeleted && customer.kycStatus === 'PENDING') setKycStatus(ctx, customer, 'APPROVED');
    });
  } else if (initial !== 'UNVERIFIED') setKycStatus(ctx, customer, initial);
  return customer;
}

export interface CustomerIndex {
  /** Every customer, in order of creation (createdAt never decreases along it). */
  order: CustomerRecord[];
  /** Active (not deleted) customer per platformCustomerId and per umaAddress. */
  activeByPlatformId: Map<string, CustomerRecord>;
  activeByUma: Map<string, CustomerRecord>;
  /** Every customer that ever held a value (creation order), for the equality filters of the list. */
  everByPlatformId: Map<string, CustomerRecord[]>;
  everByUma: Map<string, CustomerRecord[]>;
  byType: Map<string, CustomerRecord[]>;
  /** Each customer's position in `order` (a list cursor). */
  positionOf: Map<CustomerRecord, number>;
  /** Positions per customerType, region, currency (of `currencies`), and of the customers not deleted (key 'active'). */
  typePositions: PositionIndex;
  byRegion: PositionIndex;
  byCurrency: PositionIndex;
  live: PositionIndex;
  /** When each customer last changed (updatedAt), for updatedAfter/updatedBefore. */
  updates: ChangeLog<CustomerRecord>;
  /** The region and currencies each customer is indexed under. */
  indexed: Map<CustomerRecord, { region?: string; currencies: string[] }>;
}

export const customerIndex = (ctx: SandboxContext) =>
  areaState<CustomerIndex>(ctx, 'customer-index', () => ({
    order: [],
    activeByPlatformId: new Map(),
    activeByUma: new Map(),
    everByPlatformId: new Map(),
    everByUma: new Map(),
    byType: new Map(),
    positionOf: new Map(),
    typePositions: new PositionIndex(),
    byRegion: new PositionIndex(),
    byCurrency: new PositionIndex(),
    live: new PositionIndex(),
    updates: new ChangeLog(),
    indexed: new Map(),
  }));

const append = (map: Map<string, CustomerRecord[]>, key: string, c: CustomerRecord) => {
  const list = map.get(key) ?? [];
  if (list[list.length - 1] !== c) list.push(c);
  map.set(key, list);
};

export function indexCreated(ctx: SandboxContext, c: CustomerRecord): void {
  const ix = customerIndex(ctx);
  const p = ix.order.length;
  ix.positionOf.set(c, p);
  ix.order.push(c);
  append(ix.byType, c.customerType, c);
  ix.typePositions.add(c.customerType, p);
  if (!c.isDeleted) ix.live.add('active', p);
  watchField(c, 'isDeleted', (from, to) => ix.live.move(from ? undefined : 'active', to ? undefined : 'active', p));
  ix.updates.note(c, Date.parse(c.updatedAt));
  watchField(c, 'updatedAt', (_from, to) => ix.updates.note(c, Date.parse(to)));
  indexKeys(ctx, c);
}

/** (Re)indexes the customer's current platformCustomerId and umaAddress. */
export function indexKeys(ctx: SandboxContext, c: CustomerRecord, previous?: { platformCustomerId?: unknown; umaAddress?: unknown }): void {
  const ix = customerIndex(ctx);
  // The fault keeps the platformCustomerId a PATCH left as the customer's.
  if (previous?.platformCustomerId !== undefined && ix.activeByPlatformId.get(String(previous.platformCustomerId)) === c && !ctx.faults.has('customers-platform-id-kept-after-patch')) {
    ix.activeByPlatformId.delete(String(previous.platformCustomerId));
  }
  if (previous?.umaAddress !== undefined && ix.activeByUma.get(String(previous.umaAddress)) === c) {
    ix.activeByUma.delete(String(previous.umaAddress));
  }
  const pcid = String(c.fields.platformCustomerId);
  const uma = String(c.fields.umaAddress);
  if (!c.isDeleted) {
    ix.activeByPlatformId.set(pcid, c);
    ix.activeByUma.set(uma, c);
  }
  append(ix.everByPlatformId, pcid, c);
  append(ix.everByUma, uma, c);
  // Region and currencies change only with the customer's fields (creation, PATCH), which end here.
  const p = ix.positionOf.get(c)!;
  const was = ix.indexed.get(c);
  const now = { region: typeof c.fields.region === 'string' ? c.fields.region : undefined, currencies: Array.isArray(c.fields.currencies) ? c.fields.currencies.map(String) : [] };
  ix.byRegion.move(was?.region, now.region, p);
  for (const currency of was?.currencies ?? []) if (!now.currencies.includes(currency)) ix.byCurrency.remove(currency, p);
  for (const currency of now.currencies) ix.byCurrency.add(currency, p);
  ix.indexed.set(c, now);
}

/** A deleted customer frees its platformCustomerId and umaAddress (sandbox/README.md). */
export function unindexDeleted(ctx: SandboxContext, c: CustomerRecord): void {
  const ix = customerIndex(ctx);
  if (ix.activeByPlatformId.get(String(c.fields.platformCustomerId)) === c && !ctx.faults.has('customer-platform-id-not-reusable')) {
    ix.activeByPlatformId.delete(String(c.fields.platformCustomerId));
  }
  if (ix.activeByUma.get(String(c.fields.umaAddress)) === c) ix.activeByUma.delete(String(c.fields.umaAddress));
}
