// The internal account, its funding instructions and the platform's list of its own accounts, each
// as the description's schema of the same concern gives it.
import { z } from 'zod';
import { IsoUtc, Money, typedAnyId } from './common.js';
import { ACCOUNT_INFO, byAccountType, text, WALLET_ADDRESS } from './payment-rails.js';

const reference = z.string();
const assetType = <A extends string>(...assets: [A, ...A[]]) => z.enum(assets).optional();

/**
 * Description: PaymentInstructions.accountOrWalletInfo, by accountType: Payment<Currency>AccountInfo
 * (most bank types add a required `reference` to <Currency>AccountInfo) and the wallets. Every member
 * also takes BasePaymentAccountInfo, whose accountType is a PaymentAccountType; the members for the
 * types that enum lacks (AED, BDT, BWP, CNY, EGP, GHS, GTQ, HTG, JMD, KES, MWK, PKR, RWF, SLV, TZS,
 * UGX, XAF, XOF, ZAR, ZMW) admit no value, and are not here.
 */
export const PaymentAccountInfo = byAccountType({
  USD_ACCOUNT: { ...ACCOUNT_INFO.USD_ACCOUNT, reference, bankAddress: text(1, 255).optional() },
  BRL_ACCOUNT: { qrCode: text(1) },
  MXN_ACCOUNT: { ...ACCOUNT_INFO.MXN_ACCOUNT, reference },
  DKK_ACCOUNT: { ...ACCOUNT_INFO.DKK_ACCOUNT, reference },
  ARS_ACCOUNT: { accountNumber: text(22, 22, /^\d{22}$/) },
  COP_ACCOUNT: { paymentUrl: z.url() },
  EUR_ACCOUNT: { ...ACCOUNT_INFO.EUR_ACCOUNT, reference },
  INR_ACCOUNT: ACCOUNT_INFO.INR_ACCOUNT,
  NGN_ACCOUNT: { ...ACCOUNT_INFO.NGN_ACCOUNT, reference },
  CAD_ACCOUNT: { ...ACCOUNT_INFO.CAD_ACCOUNT, reference },
  GBP_ACCOUNT: { ...ACCOUNT_INFO.GBP_ACCOUNT, reference },
  HKD_ACCOUNT: { ...ACCOUNT_INFO.HKD_ACCOUNT, reference },
  IDR_ACCOUNT: { ...ACCOUNT_INFO.IDR_ACCOUNT, reference },
  MYR_ACCOUNT: { ...ACCOUNT_INFO.MYR_ACCOUNT, reference },
  PHP_ACCOUNT: { ...ACCOUNT_INFO.PHP_ACCOUNT, reference },
  SGD_ACCOUNT: { ...ACCOUNT_INFO.SGD_ACCOUNT, reference },
  THB_ACCOUNT: { ...ACCOUNT_INFO.THB_ACCOUNT, reference },
  VND_ACCOUNT: { ...ACCOUNT_INFO.VND_ACCOUNT, reference },
  SWIFT_ACCOUNT: { ...ACCOUNT_INFO.SWIFT_ACCOUNT, accountHolderName: text(1, 255), bankAddress: text(1, 1024).optional(), reference: reference.optional() },
  SPARK_WALLET: { ...WALLET_ADDRESS, assetType: z.string(), invoice: z.string().optional() },
  LIGHTNING: { invoice: z.string() },
  SOLANA_WALLET: { ...WALLET_ADDRESS, assetType: assetType('USDC', 'USDT') },
  TRON_WALLET: { ...WALLET_ADDRESS, assetType: assetType('USDT') },
  PLASMA_WALLET: { ...WALLET_ADDRESS, assetType: assetType('USDT') },
  POLYGON_WALLET: { ...WALLET_ADDRESS, assetType: assetType('USDC') },
  BASE_WALLET: { ...WALLET_ADDRESS, assetType: assetType('USDC') },
  ETHEREUM_WALLET: { ...WALLET_ADDRESS, assetType: assetType('USDC', 'USDT') },
  BITCOIN_L1: { ...WALLET_ADDRESS, network: z.enum(['BITCOIN']).optional() },
  EMBEDDED_WALLET: { payloadToSign: z.string() },
});
export type PaymentAccountInfo = z.infer<typeof PaymentAccountInfo>;

/** Description: PaymentInstructions. */
export const FundingInstruction = z.looseObject({
  instructionsNotes: z.string().optional(),
  isPlatformAccount: z.boolean().optional(),
  accountOrWalletInfo: PaymentAccountInfo,
});

/** Description: InternalAccount (balance and totalBalance are CurrencyAmount). */
export const InternalAccount = z.looseObject({
  id: typedAnyId('InternalAccount'),
  customerId: z.string().optional(),
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']),
  status: z.enum(['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED']),
  balance: Money,
  totalBalance: Money,
  fundingPaymentInstructions: z.array(FundingInstruction),
  privateEnabled: z.boolean().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type InternalAccount = z.infer<typeof InternalAccount>;

/** The same record as a list or a lookup returns it. */
export const InternalAccountRecord = InternalAccount;
export type InternalAccountRecord = InternalAccount;

/** Description: PlatformInternalAccountListResponse. */
export const PlatformInternalAccounts = z.looseObject({ data: z.array(InternalAccountRecord) });
