// The external account (interface: ExternalAccount), its ownership challenges, paged lists and beneficiary
// trust. basis: supplement (sections 1, 7 and 12): required fields and enums as the supplement gives them.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';
import { EXTERNAL_ACCOUNT_RAILS, withRequiredRails } from './payment-rails.js';

export const ExternalAccountStatus = z.enum([
  'PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE',
]);
export const BeneficiaryVerificationStatus = z.enum([
  'MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING',
]);
export const ACCOUNT_TYPES = [
  'AED_ACCOUNT', 'BDT_ACCOUNT', 'BRL_ACCOUNT', 'BWP_ACCOUNT', 'CAD_ACCOUNT', 'COP_ACCOUNT', 'DKK_ACCOUNT', 'EGP_ACCOUNT',
  'EUR_ACCOUNT', 'GBP_ACCOUNT', 'GHS_ACCOUNT', 'GTQ_ACCOUNT', 'HKD_ACCOUNT', 'HTG_ACCOUNT', 'IDR_ACCOUNT', 'INR_ACCOUNT',
  'JMD_ACCOUNT', 'KES_ACCOUNT', 'MWK_ACCOUNT', 'MXN_ACCOUNT', 'MYR_ACCOUNT', 'NGN_ACCOUNT', 'PHP_ACCOUNT', 'PKR_ACCOUNT',
  'RWF_ACCOUNT', 'SGD_ACCOUNT', 'SLV_ACCOUNT', 'THB_ACCOUNT', 'TZS_ACCOUNT', 'UGX_ACCOUNT', 'USD_ACCOUNT', 'VND_ACCOUNT',
  'XAF_ACCOUNT', 'XOF_ACCOUNT', 'ZAR_ACCOUNT', 'ZMW_ACCOUNT', 'CNY_ACCOUNT', 'SWIFT_ACCOUNT', 'BASE_WALLET',
  'ETHEREUM_WALLET', 'LIGHTNING', 'LIGHTNING_ACCOUNT', 'POLYGON_WALLET', 'PLASMA_WALLET', 'SOLANA_WALLET', 'SPARK_WALLET',
  'TRON_WALLET',
] as const;

/** Interface, ExternalAccount: required id, status, currency, accountInfo (by accountType). */
export const ExternalAccount = z.looseObject({
  id: typedId('ExternalAccount'),
  customerId: z.string().nullish(),
  status: ExternalAccountStatus,
  platformAccountId: z.string().nullish(),
  ownershipType: z.enum(['FIRST_PARTY', 'THIRD_PARTY']).nullish(),
  currency: z.string().regex(/^[A-Z]{3,5}$/),
  defaultUmaDepositAccount: z.boolean().optional(),
  beneficiaryVerificationStatus: BeneficiaryVerificationStatus.nullish(),
  beneficiaryVerifiedData: z.looseObject({ fullName: z.string() }).nullish(),
  // openapi.yaml, ExternalAccountInfoOneOf (<Currency>ExternalAccountInfo): paymentRails required by type.
  accountInfo: withRequiredRails(z.looseObject({ accountType: z.enum(ACCOUNT_TYPES) }), EXTERNAL_ACCOUNT_RAILS, '<Currency>ExternalAccountInfo'),
});
export type ExternalAccount = z.infer<typeof ExternalAccount>;

/**
 * Interface, Ownership challenge: WALLET_SIGNATURE carries messageToSign and expiresAt.
 * basis: supplement (section 7): the kind is the field `method`, in request and response.
 */
export const WalletSignatureChallenge = z.looseObject({
  method: z.literal('WALLET_SIGNATURE'),
  messageToSign: z.string().min(1),
  expiresAt: IsoUtc,
});

/** basis: supplement (section 7): LIVENESS 201 {method, verificationLink: uri, token?, expiresAt}. */
export const LivenessChallenge = z.looseObject({
  method: z.literal('LIVENESS'),
  verificationLink: z.url(),
  token: z.string().optional(),
  expiresAt: IsoUtc,
});

export const ExternalAccountPage = pageOf(ExternalAccount);

export const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']);

/** Supplement 12: ScaChallenge {id* (ScaChallenge:<uuid>), expiresAt*, factor*, availableFactors*[], purpose?, ...}. */
export const ScaChallenge = z.looseObject({
  id: typedId('ScaChallenge'),
  expiresAt: IsoUtc,
  factor: ScaFactor,
  availableFactors: z.array(ScaFactor),
  purpose: z.string().optional(),
  passkeyAssertionOptions: z.looseObject({}).optional(),
  passkeyAllowedOrigins: z.array(z.string()).optional(),
});
export type ScaChallenge = z.infer<typeof ScaChallenge>;

/** Supplement 12: trust and untrust answer 200 {scaChallenge?}. */
export const TrustRequestResult = z.looseObject({ scaChallenge: ScaChallenge.optional() });

/** Supplement 12: trust/confirm answers {trusted*: true}; untrust/confirm {trusted*: false}. */
export const TrustConfirmation = z.looseObject({ trusted: z.boolean() });
