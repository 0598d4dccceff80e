// GET /exchange-rates (interface: Exchange Rates, "Cached foreign-exchange rates, including
// platform-specific fees"; supplement 11). Each member as the description types it: openapi.yaml,
// ExchangeRateListResponse, ExchangeRate, ExchangeRateFees, Currency, PaymentRail.
import { z } from 'zod';
import { IsoUtc } from './common.js';

/** Description: Currency {code?, name?, symbol?, decimals? (integer ≥ 0)}: it requires no member. */
export const RateCurrency = z.looseObject({
  code: z.string().optional(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).optional(),
});

/** Description: PaymentRail, "the payment rail used for the transfer". */
export const PaymentRail = z.enum([
  'ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT',
  'PAYNOW', 'PESONET', 'PIX', 'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE',
]);

/** Description: ExchangeRateFees {fixed?, total?}, integers ≥ 0 in the smallest unit of the sending currency. */
export const ExchangeRateFees = z.looseObject({
  fixed: z.number().int().min(0).optional(),
  total: z.number().int().min(0).optional(),
});

/**
 * Description: ExchangeRate, every member required: sourceCurrency and destinationCurrency (Currency),
 * destinationPaymentRail, minSendingAmount, maxSendingAmount, sendingAmount, receivingAmount (integers
 * ≥ 0, smallest units), exchangeRate (> 0, "sending currency units per receiving currency unit"), fees,
 * updatedAt (date-time; interface, Resources: "Timestamps are ISO 8601 strings in UTC").
 */
export const ExchangeRate = z.looseObject({
  sourceCurrency: RateCurrency,
  destinationCurrency: RateCurrency,
  destinationPaymentRail: PaymentRail,
  minSendingAmount: z.number().int().min(0),
  maxSendingAmount: z.number().int().min(0),
  sendingAmount: z.number().int().min(0),
  receivingAmount: z.number().int().min(0),
  exchangeRate: z.number().gt(0),
  fees: ExchangeRateFees,
  updatedAt: IsoUtc,
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;

/** Description: ExchangeRateListResponse {data*[ExchangeRate]} (supplement 1: this list is not paged). */
export const ExchangeRateList = z.looseObject({ data: z.array(ExchangeRate) });
