// Response schemas of the Stablecoins area. basis: supplement (sections 11 and 22): the interface
// names the area and its paths only ("Shape of ... stablecoin ... records: not shown").
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';

/** Supplement 11 / 22: amounts are digit strings (the token's smallest unit). */
export const DigitString = z.string().regex(/^\d+$/, 'a digit string');

/** openapi.yaml, StablecoinProvider: the one provider value the description declares. */
export const StablecoinProvider = z.enum(['BRALE']);
export const PROVIDER_ACCOUNT_STATUSES = ['ACTIVE', 'INVALID', 'REVOKED'] as const;
export const OPERATION_STATUSES = ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;

/** Supplement 22: ProviderAccount; apiClientSecret is write-only, so it is never answered. */
export const ProviderAccount = z
  .looseObject({
    id: typedId('StablecoinProviderAccount'),
    provider: StablecoinProvider, // openapi.yaml, StablecoinProvider
    providerAccountId: z.string().min(1),
    providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
    status: z.enum(PROVIDER_ACCOUNT_STATUSES),
    lastVerifiedAt: IsoUtc.optional(),
    createdAt: IsoUtc,
    updatedAt: IsoUtc,
  })
  .refine((a) => !('apiClientSecret' in a), 'apiClientSecret is write-only: it is never answered');
export type ProviderAccount = z.infer<typeof ProviderAccount>;

/** Supplement 22: Stablecoin. */
export const Stablecoin = z.looseObject({
  id: typedId('Stablecoin'),
  name: z.string(),
  symbol: z.string(),
  baseCurrency: z.string().min(1),
  network: z.literal('SPARK'),
  decimals: z.number().int().min(0),
  issuanceStatus: z.enum(['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED']),
  svcOperationsStatus: z.enum(['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED']),
  networkTokenIdentifier: z.string().min(1),
  currency: z.string().optional(),
  provider: StablecoinProvider, // openapi.yaml, StablecoinProvider
  stablecoinProviderAccountId: typedId('StablecoinProviderAccount'),
  providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
  providerTokenIdentifier: z.string().min(1),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type Stablecoin = z.infer<typeof Stablecoin>;

/** Supplement 22: fundingInstructions {rail, network, address, valueType, …}. */
export const FundingInstructions = z.looseObject({
  rail: z.string().min(1),
  network: z.string().min(1),
  address: z.string().min(1),
  valueType: z.string().min(1),
});

/** Supplement 22: Operation. */
export const StablecoinOperation = z.looseObject({
  id: typedId('StablecoinOperation'),
  stablecoinId: typedId('Stablecoin'),
  operationType: z.enum(['MINT', 'BURN']),
  status: z.enum(OPERATION_STATUSES),
  amount: DigitString,
  provider: StablecoinProvider, // openapi.yaml, StablecoinProvider
  providerEnvironment: z.enum(['SANDBOX', 'PRODUCTION']),
  stablecoinProviderAccountId: typedId('StablecoinProviderAccount'),
  source: z.record(z.string(), z.unknown()).optional(),
  fundingInstructions: FundingInstructions.optional(),
  destination: z.looseObject({ accountId: z.string().min(1), rail: z.string().optional() }).optional(),
  // openapi.yaml, StablecoinEstimatedDelivery: every member optional; amount a digit string in the smallest unit of currency.
  estimatedDelivery: z.looseObject({ rail: z.string().optional(), amount: DigitString.optional(), currency: z.string().optional(), timing: z.string().optional() }).optional(),
  expiresAt: IsoUtc.optional(),
  providerStatus: z.string().optional(),
  failureReason: z.string().optional(),
  description: z.string().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type StablecoinOperation = z.infer<typeof StablecoinOperation>;

export const ProviderAccountPage = pageOf(ProviderAccount);
export const StablecoinPage = pageOf(Stablecoin);
export const OperationPage = pageOf(StablecoinOperation);
