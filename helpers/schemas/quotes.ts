// The quote (interface: transactionId, platformFeesIncluded; supplement section 8 for the rest).
import { z } from 'zod';
import { Currency, IsoUtc, typedId } from './common.js';

/**
 * basis: supplement (section 8): quote status. Interface names transactionId and platformFeesIncluded on
 * the quote; the rest: basis supplement (section 8), every starred field required.
 */
export const QuoteStatus = z.enum(['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']);
export const Quote = z.looseObject({
  id: typedId('Quote'),
  status: QuoteStatus,
  createdAt: IsoUtc,
  expiresAt: IsoUtc,
  source: z.looseObject({ sourceType: z.enum(['ACCOUNT', 'REALTIME_FUNDING']).optional() }),
  destination: z.looseObject({ destinationType: z.enum(['ACCOUNT', 'UMA_ADDRESS']).optional() }),
  sendingCurrency: Currency,
  receivingCurrency: Currency,
  totalSendingAmount: z.number().int().positive(),
  totalReceivingAmount: z.number().int().positive(),
  exchangeRate: z.number().positive(),
  feesIncluded: z.number().int().min(0),
  platformFeesIncluded: z.number().int().min(0).optional(),
  transactionId: typedId('Transaction'),
});
export type Quote = z.infer<typeof Quote>;
