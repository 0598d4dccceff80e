// The payment rails an account's details carry (openapi.yaml, <Currency>ExternalAccountInfo and
// Payment<Currency>AccountInfo: `paymentRails` is required, an array of the rails that type allows).
// A sandbox account reaches its type over every rail the description names for it. Wallets, Lightning
// and the BRL, ARS and COP payment instructions have no paymentRails.

/** openapi.yaml, PaymentRail: every rail a quote's destination may name and a transaction may carry. */
export const PAYMENT_RAIL_NAMES = [
  'ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT', 'PAYNOW',
  'PESONET', 'PIX', 'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE',
] as const;

export const PAYMENT_RAILS: Record<string, readonly string[]> = {
  USD_ACCOUNT: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
  EUR_ACCOUNT: ['SEPA', 'SEPA_INSTANT'],
  DKK_ACCOUNT: ['SEPA', 'SEPA_INSTANT'],
  MXN_ACCOUNT: ['SPEI'],
  BRL_ACCOUNT: ['PIX'],
  GBP_ACCOUNT: ['FASTER_PAYMENTS'],
  INR_ACCOUNT: ['UPI', 'NEFT', 'RTGS'],
  SGD_ACCOUNT: ['PAYNOW', 'FAST', 'BANK_TRANSFER'],
  SWIFT_ACCOUNT: ['SWIFT'],
  ...Object.fromEntries(['AED', 'CAD', 'GTQ', 'HKD', 'IDR', 'JMD', 'MYR', 'NGN', 'PHP', 'THB', 'VND', 'ZAR'].map((c) => [`${c}_ACCOUNT`, ['BANK_TRANSFER']])),
  ...Object.fromEntries(['BWP', 'HTG', 'KES', 'MWK', 'RWF', 'TZS', 'UGX', 'XAF', 'XOF', 'ZMW'].map((c) => [`${c}_ACCOUNT`, ['MOBILE_MONEY']])),
  ...Object.fromEntries(['BDT', 'CNY', 'COP', 'EGP', 'GHS', 'PKR', 'SLV'].map((c) => [`${c}_ACCOUNT`, ['BANK_TRANSFER', 'MOBILE_MONEY']])),
};

/**
 * The details with their paymentRails: those sent when every one is a rail of the type, else all the
 * type's rails; unchanged for a type without rails.
 */
export function withPaymentRails<I extends Record<string, unknown>>(info: I): I {
  let rails = PAYMENT_RAILS[String(info.accountType)];
  if (!rails) return info;
  // Where a type has a bank and a mobile-money rail, an account with only one of an account number and
  // a phone number is reached over that one (openapi.yaml, e.g. CnyAccountInfoBase: required fields
  // depend on the selected paymentRails).
  if (rails.includes('BANK_TRANSFER') && rails.includes('MOBILE_MONEY') && (info.accountNumber === undefined) !== (info.phoneNumber === undefined)) {
    rails = [info.accountNumber !== undefined ? 'BANK_TRANSFER' : 'MOBILE_MONEY'];
  }
  const sent = info.paymentRails;
  const kept = Array.isArray(sent) && sent.length > 0 && sent.every((r) => rails.includes(String(r))) ? sent : [...rails];
  return { ...info, paymentRails: kept };
}
