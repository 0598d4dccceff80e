// Response schemas of the Stablecoins area, as the description gives them (the interface names the
// area and its paths only: "Shape of ... stablecoin ... records: not shown"). Ids are the interface's
// <TypeName>:<uuid>, timestamps UTC.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';

/** Description: StablecoinEstimatedDelivery.amount, ^[0-9]+$ (supplement 11 / 22: amounts are digit strings in the smallest unit). */
export const DigitString = z.string().regex(/^\d+$/, 'a digit string');

/** openapi.yaml, StablecoinProvider: the one provider value the description declares. */
export const StablecoinProvider = z.enum(['BRALE']);
export const PROVIDER_ACCOUNT_STATUSES = ['ACTIVE', 'INVALID', 'REVOKED'] as const;
export const OPERATION_STATUSES = ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;

/**
 * Description: StablecoinProviderAccount. The create request's apiClientSecret is writeOnly, "it is
 * never returned" (StablecoinProviderAccountCreateRequest), so an answer never carries it.
 */
export const ProviderAccount = z
  .looseObject({
    id: typedId('StablecoinProviderAccount'),
    provider: StablecoinProvider, // openapi.yaml, StablecoinProvider
    providerAccountId: z.string(),
    providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
    status: z.enum(PROVIDER_ACCOUNT_STATUSES),
    lastVerifiedAt: IsoUtc.optional(),
    createdAt: IsoUtc,
    updatedAt: IsoUtc,
  })
  .refine((a) => !('apiClientSecret' in a), 'apiClientSecret is write-only: it is never answered');
export type ProviderAccount = z.infer<typeof ProviderAccount>;

/** Description: Stablecoin. */
export const Stablecoin = z.looseObject({
  id: typedId('Stablecoin'),
  name: z.string(),
  symbol: z.string(),
  baseCurrency: z.string(),
  network: z.literal('SPARK'),
  decimals: z.int(),
  issuanceStatus: z.enum(['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED']),
  svcOperationsStatus: z.enum(['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED']),
  networkTokenIdentifier: z.string(),
  currency: z.string().optional(),
  provider: StablecoinProvider, // openapi.yaml, StablecoinProvider
  stablecoinProviderAccountId: typedId('StablecoinProviderAccount'),
  providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
  providerTokenIdentifier: z.string(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type Stablecoin = z.infer<typeof Stablecoin>;

/** Description: StablecoinFundingInstructions {rail, network, address, valueType}, every member optional. */
export const FundingInstructions = z.looseObject({
  rail: z.string().optional(),
  network: z.string().optional(),
  address: z.string().optional(),
  valueType: z.string().optional(),
});

/** Description: StablecoinOperationSource {type*, externalAccountId, accountId, sourceTokenIdentifier, cryptoNetwork}. */
export const OperationSource = z.looseObject({
  type: z.enum(['WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT', 'EXTERNAL_ACCOUNT', 'SVC_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE']),
  externalAccountId: z.string().optional(),
  accountId: z.string().optional(),
  sourceTokenIdentifier: z.string().optional(),
  cryptoNetwork: z.string().optional(),
});

/** Description: StablecoinOperationDestination {accountId*, rail (WIRE | ACH_CREDIT | SAME_DAY_ACH_CREDIT | RTP_CREDIT)}. */
export const OperationDestination = z.looseObject({ accountId: z.string(), rail: z.enum(['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT']).optional() });

/** Description: StablecoinOperation. */
export const StablecoinOperation = z.looseObject({
  id: typedId('StablecoinOperation'),
  stablecoinId: typedId('Stablecoin'),
  operationType: z.enum(['MINT', 'BURN']),
  status: z.enum(OPERATION_STATUSES),
  amount: z.string(),
  provider: StablecoinProvider, // openapi.yaml, StablecoinProvider
  providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
  stablecoinProviderAccountId: typedId('StablecoinProviderAccount'),
  source: OperationSource.optional(),
  fundingInstructions: FundingInstructions.optional(),
  destination: OperationDestination.optional(),
  // Description: StablecoinEstimatedDelivery, every member optional; amount a digit string in the smallest unit of currency.
  estimatedDelivery: z.looseObject({ rail: z.string().optional(), amount: DigitString.optional(), currency: z.string().optional(), timing: z.string().optional() }).optional(),
  expiresAt: IsoUtc.optional(),
  providerStatus: z.string().optional(),
  failureReason: z.string().optional(),
  description: z.string().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type StablecoinOperation = z.infer<typeof StablecoinOperation>;

/** Description: StablecoinProviderAccountListResponse, StablecoinListResponse, StablecoinOperationListResponse. */
export const ProviderAccountPage = pageOf(ProviderAccount);
export const StablecoinPage = pageOf(Stablecoin);
export const OperationPage = pageOf(StablecoinOperation);
