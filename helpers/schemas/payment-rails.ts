// The bank and mobile-money details each accountType carries, written once for the two families that
// share them. Description: <Currency>AccountInfo, that is <Currency>AccountInfoBase with a required
// `paymentRails` (an array of the rails that type names); an external account's accountInfo
// (<Currency>ExternalAccountInfo) and a payment instruction's accountOrWalletInfo
// (Payment<Currency>AccountInfo) each add their own fields to it.
import { z } from 'zod';

/** A string bounded as the description bounds it (minLength, maxLength, pattern). */
export function text(min?: number, max?: number, pattern?: RegExp): z.ZodString {
  let s = z.string();
  if (min !== undefined) s = s.min(min);
  if (max !== undefined) s = s.max(max);
  return pattern ? s.regex(pattern) : s;
}
const digits = (n: number) => text(n, n, new RegExp(`^[0-9]{${n}}$`));
const rails = <R extends string>(...names: [R, ...R[]]) => z.array(z.enum(names));

const ACCOUNT_NUMBER = text(1, 34);
const BANK_NAME = text(1, 255);
const PROVIDER = text(1, 255);
const SWIFT_CODE = text(8, 11, /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
const IBAN = text(15, 34, /^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/);
const PHONE = text(7, 15, /^\+[0-9]{6,14}$/);
const phoneIn = (prefix: string, digitCount: string) => text(7, 15, new RegExp(`^\\+${prefix}[0-9]{${digitCount}}$`));
const BANK_ACCOUNT_TYPE = z.enum(['CHECKING', 'SAVINGS']);
const ABA = digits(9);
const BANK_TRANSFER = rails('BANK_TRANSFER');
const MOBILE_MONEY = rails('MOBILE_MONEY');
const BANK_OR_MOBILE = rails('BANK_TRANSFER', 'MOBILE_MONEY');
const mobile = (phoneNumber: z.ZodString) => ({ phoneNumber, provider: PROVIDER, paymentRails: MOBILE_MONEY });

/** Description: <Currency>AccountInfo, each type's own fields (accountType aside), optional where not required. */
export const ACCOUNT_INFO = {
  USD_ACCOUNT: {
    accountNumber: ACCOUNT_NUMBER, routingNumber: ABA, bankName: text(1, 140).optional(), bankAccountType: BANK_ACCOUNT_TYPE.optional(),
    intermediaryBankName: text(1, 140).optional(), intermediaryRoutingNumber: ABA.optional(), fiToFiInformation: text(undefined, 210).optional(),
    paymentRails: rails('ACH', 'WIRE', 'RTP', 'FEDNOW'),
  },
  BRL_ACCOUNT: { pixKey: text(1, 77), pixKeyType: z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM']), taxId: text(11, 14, /^[0-9]{11,14}$/), paymentRails: rails('PIX') },
  MXN_ACCOUNT: { clabeNumber: digits(18), paymentRails: rails('SPEI') },
  DKK_ACCOUNT: { iban: text(18, 18, /^DK[0-9]{16}$/), swiftCode: SWIFT_CODE.optional(), paymentRails: rails('SEPA', 'SEPA_INSTANT') },
  EUR_ACCOUNT: { iban: IBAN, swiftCode: SWIFT_CODE.optional(), paymentRails: rails('SEPA', 'SEPA_INSTANT') },
  INR_ACCOUNT: {
    vpa: text(3, 255, /^[a-zA-Z0-9.\-_]+@[a-zA-Z0-9]+$/).optional(), accountNumber: text(9, 18, /^[0-9]{9,18}$/).optional(),
    ifsc: text(11, 11, /^[A-Z]{4}0[A-Z0-9]{6}$/).optional(), rail: text(1, 32).optional(), bankName: BANK_NAME.optional(),
    paymentRails: rails('UPI', 'NEFT', 'RTGS'),
  },
  NGN_ACCOUNT: { accountNumber: digits(10), bankName: BANK_NAME, paymentRails: BANK_TRANSFER },
  CAD_ACCOUNT: { bankCode: digits(3), branchCode: digits(5), accountNumber: text(7, 12, /^[0-9]{7,12}$/), paymentRails: BANK_TRANSFER },
  GBP_ACCOUNT: { sortCode: digits(6), accountNumber: digits(8), paymentRails: rails('FASTER_PAYMENTS') },
  HKD_ACCOUNT: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE, paymentRails: BANK_TRANSFER },
  IDR_ACCOUNT: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE, phoneNumber: phoneIn('62', '9,12'), paymentRails: BANK_TRANSFER },
  MYR_ACCOUNT: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE, paymentRails: BANK_TRANSFER },
  PHP_ACCOUNT: { bankName: BANK_NAME, accountNumber: text(8, 16, /^[0-9]{8,16}$/), paymentRails: BANK_TRANSFER },
  SGD_ACCOUNT: { bankName: BANK_NAME.optional(), accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE, paymentRails: rails('PAYNOW', 'FAST', 'BANK_TRANSFER') },
  THB_ACCOUNT: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE, paymentRails: BANK_TRANSFER },
  VND_ACCOUNT: { bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER, swiftCode: SWIFT_CODE, paymentRails: BANK_TRANSFER },
  AED_ACCOUNT: { iban: text(23, 23, /^AE[0-9]{21}$/), swiftCode: SWIFT_CODE.optional(), paymentRails: BANK_TRANSFER },
  KES_ACCOUNT: mobile(phoneIn('254', '9')),
  MWK_ACCOUNT: mobile(PHONE),
  RWF_ACCOUNT: mobile(phoneIn('250', '9')),
  TZS_ACCOUNT: mobile(phoneIn('255', '9')),
  UGX_ACCOUNT: mobile(PHONE),
  XOF_ACCOUNT: { ...mobile(PHONE), region: z.enum(['BJ', 'CI', 'SN', 'TG']) },
  ZAR_ACCOUNT: { accountNumber: text(9, 13, /^[0-9]{9,13}$/), bankName: BANK_NAME, paymentRails: BANK_TRANSFER },
  ZMW_ACCOUNT: mobile(phoneIn('260', '9')),
  BWP_ACCOUNT: mobile(PHONE),
  XAF_ACCOUNT: { ...mobile(PHONE), region: z.enum(['CM', 'CG']) },
  BDT_ACCOUNT: {
    accountNumber: ACCOUNT_NUMBER.optional(), bankName: BANK_NAME, branchCode: digits(5).optional(), swiftCode: SWIFT_CODE.optional(),
    phoneNumber: PHONE.optional(), paymentRails: BANK_OR_MOBILE,
  },
  COP_ACCOUNT: { accountNumber: ACCOUNT_NUMBER.optional(), bankAccountType: BANK_ACCOUNT_TYPE.optional(), bankName: BANK_NAME, phoneNumber: PHONE.optional(), paymentRails: BANK_OR_MOBILE },
  EGP_ACCOUNT: { iban: text(29, 29, /^EG[0-9]{27}$/).optional(), bankName: BANK_NAME, phoneNumber: PHONE.optional(), paymentRails: BANK_OR_MOBILE },
  GHS_ACCOUNT: { accountNumber: ACCOUNT_NUMBER.optional(), bankName: BANK_NAME, phoneNumber: PHONE.optional(), paymentRails: BANK_OR_MOBILE },
  GTQ_ACCOUNT: { accountNumber: ACCOUNT_NUMBER, bankAccountType: BANK_ACCOUNT_TYPE, bankName: BANK_NAME, paymentRails: BANK_TRANSFER },
  HTG_ACCOUNT: { phoneNumber: PHONE, paymentRails: MOBILE_MONEY },
  JMD_ACCOUNT: { accountNumber: ACCOUNT_NUMBER, branchCode: digits(5), bankAccountType: BANK_ACCOUNT_TYPE, bankName: BANK_NAME, paymentRails: BANK_TRANSFER },
  PKR_ACCOUNT: {
    bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER.optional(), iban: text(24, 24, /^PK[0-9]{2}[A-Z]{4}[0-9]{16}$/).optional(),
    phoneNumber: PHONE.optional(), paymentRails: BANK_OR_MOBILE,
  },
  SLV_ACCOUNT: {
    bankName: BANK_NAME.optional(), accountNumber: ACCOUNT_NUMBER.optional(), bankAccountType: BANK_ACCOUNT_TYPE.optional(),
    phoneNumber: PHONE.optional(), paymentRails: BANK_OR_MOBILE,
  },
  SWIFT_ACCOUNT: {
    country: text(2, 2, /^[A-Z]{2}$/), swiftCode: SWIFT_CODE, bankName: BANK_NAME, accountNumber: ACCOUNT_NUMBER.optional(), iban: IBAN.optional(),
    paymentRails: rails('SWIFT'),
  },
  CNY_ACCOUNT: { accountNumber: ACCOUNT_NUMBER.optional(), bankName: BANK_NAME, phoneNumber: PHONE.optional(), paymentRails: BANK_OR_MOBILE },
} satisfies Record<string, z.ZodRawShape>;

/** The wallets' address (Description: <Chain>WalletInfo): a string, required. */
export const WALLET_ADDRESS = { address: z.string() };

/** A member per accountType of `table`, tagged by accountType, as one union on that tag. */
type Tagged<T extends Record<string, z.ZodRawShape>> = { [K in keyof T & string]: z.ZodObject<{ accountType: z.ZodLiteral<K> } & T[K], z.core.$loose> }[keyof T & string];
export function byAccountType<T extends Record<string, z.ZodRawShape>>(table: T) {
  const members = Object.entries(table).map(([type, shape]) => z.looseObject({ accountType: z.literal(type), ...shape }));
  return z.discriminatedUnion('accountType', members as unknown as [Tagged<T>, ...Tagged<T>[]]);
}
