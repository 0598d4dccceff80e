// The rails an account's details carry. openapi.yaml, <Currency>ExternalAccountInfo (an external account's
// accountInfo) and Payment<Currency>AccountInfo (PaymentInstructions.accountOrWalletInfo): for every bank and
// mobile-money type `paymentRails` is required, an array whose items are the rails that type names. Wallets
// and Lightning have none; nor do the BRL (qrCode), ARS and COP (paymentUrl) payment instructions.
import { z } from 'zod';

const BANK = ['AED', 'CAD', 'GTQ', 'HKD', 'IDR', 'JMD', 'MYR', 'NGN', 'PHP', 'THB', 'VND', 'ZAR'];
const MOBILE = ['BWP', 'HTG', 'KES', 'MWK', 'RWF', 'TZS', 'UGX', 'XAF', 'XOF', 'ZMW'];
const BANK_OR_MOBILE = ['BDT', 'CNY', 'COP', 'EGP', 'GHS', 'PKR', 'SLV'];

/** openapi.yaml, <Currency>ExternalAccountInfo: the paymentRails enum of each accountType that requires it. */
export const EXTERNAL_ACCOUNT_RAILS: Readonly<Record<string, readonly string[]>> = {
  USD_ACCOUNT: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
  EUR_ACCOUNT: ['SEPA', 'SEPA_INSTANT'],
  DKK_ACCOUNT: ['SEPA', 'SEPA_INSTANT'],
  MXN_ACCOUNT: ['SPEI'],
  BRL_ACCOUNT: ['PIX'],
  GBP_ACCOUNT: ['FASTER_PAYMENTS'],
  INR_ACCOUNT: ['UPI', 'NEFT', 'RTGS'],
  SGD_ACCOUNT: ['PAYNOW', 'FAST', 'BANK_TRANSFER'],
  SWIFT_ACCOUNT: ['SWIFT'],
  ...Object.fromEntries(BANK.map((c) => [`${c}_ACCOUNT`, ['BANK_TRANSFER']])),
  ...Object.fromEntries(MOBILE.map((c) => [`${c}_ACCOUNT`, ['MOBILE_MONEY']])),
  ...Object.fromEntries(BANK_OR_MOBILE.map((c) => [`${c}_ACCOUNT`, ['BANK_TRANSFER', 'MOBILE_MONEY']])),
};

/** openapi.yaml, Payment<Currency>AccountInfo: as above, but PaymentBrlAccountInfo, PaymentArsAccountInfo and PaymentCopAccountInfo carry no paymentRails. */
export const PAYMENT_INSTRUCTION_RAILS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(EXTERNAL_ACCOUNT_RAILS).filter(([type]) => !['BRL_ACCOUNT', 'COP_ACCOUNT'].includes(type)),
);

/** Account details whose accountType selects a required paymentRails (an array of that type's rails). */
export function withRequiredRails<T extends z.ZodType<{ accountType: string }>>(schema: T, rails: Readonly<Record<string, readonly string[]>>, schemaNames: string) {
  return schema.superRefine((info, ctx) => {
    const allowed = rails[info.accountType];
    if (!allowed) return;
    const sent = (info as Record<string, unknown>).paymentRails;
    if (!Array.isArray(sent)) {
      ctx.addIssue({ code: 'custom', path: ['paymentRails'], message: `openapi.yaml, ${schemaNames}: paymentRails is required on ${info.accountType} (an array of ${allowed.join(', ')})` });
      return;
    }
    sent.forEach((r, i) => {
      if (typeof r !== 'string' || !allowed.includes(r)) {
        ctx.addIssue({ code: 'custom', path: ['paymentRails', i], message: `openapi.yaml, ${schemaNames}: a ${info.accountType} rail is one of ${allowed.join(', ')}` });
      }
    });
  });
}
