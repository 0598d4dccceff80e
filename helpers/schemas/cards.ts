// The card, its transactions and the card operations' answers. basis: supplement (sections 9 and 25).
import { z } from 'zod';
import { IsoUtc, Money, typedId } from './common.js';

/** basis: supplement (section 9): Card. The interface names the states ACTIVE, FROZEN, CLOSED. */
export const Card = z.looseObject({
  id: typedId('Card'),
  cardholderId: z.string(),
  // Description: Card.platformCardId is a string, optional ("system-generated if omitted"); never null.
  platformCardId: z.string().optional(),
  state: z.enum(['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']),
  fundingSources: z.array(z.string()),
  maxSpendPerTransaction: z.number().int().nullish(),
});
export type Card = z.infer<typeof Card>;

/**
 * Description: CardPullSummary {count*, totalAmount*, pendingCount?}, CardSettlementSummary and
 * CardRefundSummary {count*, totalAmount*}: totalAmount an int64, the sum "in the smallest unit of the
 * funding source's currency"; the counts integers.
 */
const CardSummary = z.looseObject({ count: z.number().int(), totalAmount: z.number().int() });
export const CardPullSummary = CardSummary.extend({ pendingCount: z.number().int().optional() });

/** basis: supplement (section 9): CardTransaction, "the full card transaction" of CARD_TRANSACTION.* events. */
export const CardTransaction = z.looseObject({
  id: typedId('CardTransaction'),
  type: z.literal('CARD'),
  cardId: typedId('Card'),
  issuerTransactionToken: z.string(),
  status: z.enum(['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION']),
  authorizedAmount: Money,
  settledAmount: Money.optional(),
  refundedAmount: Money.optional(),
  accountId: z.string(),
  // Description, CardTransaction: pullSummary?, refundSummary?, settlementSummary?.
  pullSummary: CardPullSummary.optional(),
  refundSummary: CardSummary.optional(),
  settlementSummary: CardSummary.optional(),
});
export type CardTransaction = z.infer<typeof CardTransaction>;

/** basis: supplement (section 9): simulations answer 202 {issuerTransactionToken}. */
export const SimulationAccepted = z.looseObject({ issuerTransactionToken: z.string().min(1) });

/** Supplement 25: POST /cards/{id}/reveal answers 200 {panEmbedUrl*, expiresAt*}, a short-lived iframe URL. */
export const CardReveal = z.looseObject({
  panEmbedUrl: z.url(),
  expiresAt: IsoUtc,
});

/** Supplement 9: the Card with stateReason (ISSUER_REJECTED, CLOSED_BY_PLATFORM, CLOSED_BY_SVC, else null). */
export const CardWithReason = Card.extend({
  stateReason: z.enum(['ISSUER_REJECTED', 'CLOSED_BY_PLATFORM', 'CLOSED_BY_SVC']).nullable(),
  currency: z.string().min(1),
});
