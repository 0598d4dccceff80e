// The external account, its ownership challenges, paged lists and beneficiary trust, each as the
// description's schema of the same concern gives it.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';
import { ACCOUNT_INFO, byAccountType, text, WALLET_ADDRESS } from './payment-rails.js';

/** Description: ExternalAccountStatus. */
export const ExternalAccountStatus = z.enum([
  'PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE',
]);
/** Description: BeneficiaryVerificationStatus. */
export const BeneficiaryVerificationStatus = z.enum([
  'MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING',
]);

/** Description: Address. */
export const Address = z.looseObject({
  line1: z.string(), line2: z.string().optional(), city: z.string().optional(), state: z.string().optional(), postalCode: z.string(), country: z.string(),
});

/** Description: <Currency>Beneficiary, the individual beneficiary of a bank or mobile-money account. */
const INDIVIDUAL = {
  beneficiaryType: z.literal('INDIVIDUAL'), fullName: z.string(), birthDate: z.string().optional(), nationality: z.string().optional(), email: z.string().optional(),
  phoneNumber: z.string().optional(), countryOfResidence: z.string().optional(), address: Address.optional(),
};
/** Description: BusinessBeneficiary. */
export const BusinessBeneficiary = z.looseObject({
  beneficiaryType: z.literal('BUSINESS'), legalName: z.string(), registrationNumber: z.string().optional(), taxId: z.string().optional(), email: z.string().optional(),
  phoneNumber: z.string().optional(), countryOfResidence: z.string().optional(), address: Address.optional(),
});
/** Where a currency's individual beneficiary differs from the rest (AedBeneficiary, CadBeneficiary, ...). */
const INDIVIDUAL_BY_TYPE: Partial<Record<keyof typeof ACCOUNT_INFO, z.ZodRawShape>> = {
  AED_ACCOUNT: { address: Address },
  CAD_ACCOUNT: { registrationNumber: z.string().optional() },
  COP_ACCOUNT: { documentType: z.enum(['CC', 'CE', 'TI', 'NIT', 'PP']).optional(), documentNumber: text(1, 50).optional() },
  EUR_ACCOUNT: { countryOfResidence: z.string() },
  GTQ_ACCOUNT: { phoneNumber: z.string(), countryOfResidence: z.string() },
  JMD_ACCOUNT: { phoneNumber: z.string(), address: Address },
};
const beneficiaryOf = (type: keyof typeof ACCOUNT_INFO) =>
  z.discriminatedUnion('beneficiaryType', [z.looseObject({ ...INDIVIDUAL, ...INDIVIDUAL_BY_TYPE[type] }) as z.ZodObject<typeof INDIVIDUAL, z.core.$loose>, BusinessBeneficiary]);

/** Description: WalletBeneficiaryOneOf (WalletIndividualBeneficiary or BusinessBeneficiary). */
export const WalletBeneficiary = z.discriminatedUnion('beneficiaryType', [
  z.looseObject({ beneficiaryType: z.literal('INDIVIDUAL'), fullName: z.string(), countryOfResidence: z.string() }),
  BusinessBeneficiary,
]);
/** Description: <Chain>WalletExternalAccountInfo: the address, WalletBeneficiaryFields and WalletCustodyFields. */
const WALLET = { ...WALLET_ADDRESS, beneficiary: WalletBeneficiary.optional(), vaspName: z.string().optional() };

type Bank = typeof ACCOUNT_INFO;
const withBeneficiary = Object.fromEntries(
  Object.entries(ACCOUNT_INFO).map(([type, shape]) => [type, { ...shape, beneficiary: beneficiaryOf(type as keyof Bank) }]),
) as { [K in keyof Bank]: Bank[K] & { beneficiary: ReturnType<typeof beneficiaryOf> } };

/**
 * Description: ExternalAccountInfoOneOf, by accountType: each bank and mobile-money type's details
 * (<Currency>AccountInfo) with its beneficiary; the wallets; LIGHTNING (LightningInfo, whose text asks
 * for one of invoice, bolt12 and lightningAddress but whose schema requires none). The mapping's
 * LIGHTNING_ACCOUNT names LightningExternalAccountInfo, whose accountType admits LIGHTNING alone.
 */
export const ExternalAccountInfo = byAccountType({
  ...withBeneficiary,
  BASE_WALLET: WALLET,
  ETHEREUM_WALLET: WALLET,
  POLYGON_WALLET: WALLET,
  PLASMA_WALLET: WALLET,
  SOLANA_WALLET: WALLET,
  SPARK_WALLET: WALLET,
  TRON_WALLET: WALLET,
  LIGHTNING: { invoice: z.string().optional(), bolt12: z.string().optional(), lightningAddress: z.string().optional() },
});
export type ExternalAccountInfo = z.infer<typeof ExternalAccountInfo>;

/** Description: ExternalAccountType. */
export const ACCOUNT_TYPES = ExternalAccountInfo.options.map((o) => o.shape.accountType.value);

/**
 * Description: ExternalAccount. Interface, ExternalAccount: customerId is "null when the account is on
 * behalf of the platform" (the description's header gives the interface the win over its string).
 */
export const ExternalAccount = z.looseObject({
  id: typedId('ExternalAccount'),
  customerId: z.string().nullable().optional(),
  status: ExternalAccountStatus,
  platformAccountId: z.string().optional(),
  ownershipType: z.enum(['FIRST_PARTY', 'THIRD_PARTY']).optional(),
  currency: z.string(),
  defaultUmaDepositAccount: z.boolean().optional(),
  beneficiaryVerificationStatus: BeneficiaryVerificationStatus.optional(),
  beneficiaryVerifiedData: z.looseObject({ fullName: z.string().optional() }).optional(),
  accountInfo: ExternalAccountInfo,
});
export type ExternalAccount = z.infer<typeof ExternalAccount>;

/** Description: WalletSignatureChallenge. */
export const WalletSignatureChallenge = z.looseObject({
  method: z.literal('WALLET_SIGNATURE'),
  messageToSign: z.string(),
  expiresAt: IsoUtc,
});

/** Description: LivenessChallenge. */
export const LivenessChallenge = z.looseObject({
  method: z.literal('LIVENESS'),
  verificationLink: z.url(),
  token: z.string().optional(),
  expiresAt: IsoUtc,
});

/** Description: ExternalAccountListResponse. */
export const ExternalAccountPage = pageOf(ExternalAccount);

/** Description: ScaFactor. */
export const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']);

/** Description: ScaChallenge. */
export const ScaChallenge = z.looseObject({
  id: typedId('ScaChallenge'),
  expiresAt: IsoUtc,
  factor: ScaFactor,
  availableFactors: z.array(ScaFactor),
  purpose: z.string().nullable().optional(),
  passkeyAssertionOptions: z.looseObject({}).nullable().optional(),
  passkeyAllowedOrigins: z.array(z.string()).nullable().optional(),
});
export type ScaChallenge = z.infer<typeof ScaChallenge>;

/** Description: BeneficiaryTrustStart (trust and untrust answer it). */
export const TrustRequestResult = z.looseObject({ scaChallenge: ScaChallenge.optional() });

/** Description: BeneficiaryTrustConfirm (trust/confirm and untrust/confirm answer it). */
export const TrustConfirmation = z.looseObject({ trusted: z.boolean() });
