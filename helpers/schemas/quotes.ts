// The quote as the description gives it (openapi.yaml: Quote, QuoteSourceOneOf, QuoteDestinationOneOf
// and the schemas they name); the interface names transactionId and platformFeesIncluded on it.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { RateCurrency } from './exchange-rates.js';
import { ScaChallenge } from './external-accounts.js';
import { FundingInstruction } from './internal-accounts.js';
import { CounterpartyInformation, FeeAmount, OutgoingRateDetails, PaymentRail } from './transactions.js';

/** Description: Quote.status. */
export const QuoteStatus = z.enum(['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']);

/**
 * Description: QuoteSourceOneOf on sourceType: AccountQuoteSource {accountId*, customerId?} |
 * RealtimeFundingQuoteSource {currency*, customerId?, cryptoNetwork?}.
 */
export const AccountQuoteSource = z.looseObject({
  sourceType: z.literal('ACCOUNT'),
  accountId: z.string(),
  customerId: typedId('Customer').optional(),
});
export const RealtimeFundingQuoteSource = z.looseObject({
  sourceType: z.literal('REALTIME_FUNDING'),
  customerId: typedId('Customer').optional(),
  currency: z.string(),
  cryptoNetwork: z.string().optional(),
});
export const QuoteSource = z.discriminatedUnion('sourceType', [AccountQuoteSource, RealtimeFundingQuoteSource]);

/**
 * Description: QuoteDestinationOneOf on destinationType: AccountDestination {accountId*, paymentRail?} |
 * UmaAddressDestination {umaAddress*, currency?}.
 */
export const AccountDestination = z.looseObject({
  destinationType: z.literal('ACCOUNT'),
  accountId: z.string(),
  paymentRail: PaymentRail.optional(),
});
export const UmaAddressDestination = z.looseObject({
  destinationType: z.literal('UMA_ADDRESS'),
  umaAddress: z.string(),
  currency: z.string().optional(),
});
export const QuoteDestination = z.discriminatedUnion('destinationType', [AccountDestination, UmaAddressDestination]);

/**
 * Description: Quote {id*, status*, expiresAt*, createdAt*, source*, destination*, sendingCurrency*,
 * receivingCurrency*, totalSendingAmount* and totalReceivingAmount* (integers > 0), exchangeRate* (> 0),
 * feesIncluded* (integer ≥ 0), transactionId*; platformFeesIncluded?, paymentInstructions?,
 * counterpartyInformation?, rateDetails?, scaChallenge?}. Interface, Resources: "Identifiers are strings
 * of the form <TypeName>:<uuid>" (id, transactionId).
 */
export const Quote = z.looseObject({
  id: typedId('Quote'),
  status: QuoteStatus,
  createdAt: IsoUtc,
  expiresAt: IsoUtc,
  source: QuoteSource,
  destination: QuoteDestination,
  sendingCurrency: RateCurrency,
  receivingCurrency: RateCurrency,
  totalSendingAmount: z.int().gt(0),
  totalReceivingAmount: z.int().gt(0),
  exchangeRate: z.number().gt(0),
  feesIncluded: FeeAmount,
  platformFeesIncluded: FeeAmount.optional(),
  paymentInstructions: z.array(FundingInstruction).optional(),
  transactionId: typedId('Transaction'),
  counterpartyInformation: CounterpartyInformation.optional(),
  rateDetails: OutgoingRateDetails.optional(),
  scaChallenge: ScaChallenge.optional(),
});
export type Quote = z.infer<typeof Quote>;
