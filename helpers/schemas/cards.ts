// The card, its transactions and the card operations' answers, as the description gives them
// (openapi.yaml: Card, CardTransaction, CardRevealResponse, SandboxCardSimulationResponse).
import { z } from 'zod';
import { IsoUtc, Money, typedId } from './common.js';

/** Description: CardState. */
export const CardState = z.enum(['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']);
/** Description: CardStateReason. */
export const CardStateReason = z.enum(['ISSUER_REJECTED', 'CLOSED_BY_PLATFORM', 'CLOSED_BY_SVC']);

/**
 * Description: Card {id*, cardholderId*, state*, form* (VIRTUAL), fundingSources*, maxSpendPerTransaction*
 * (integer ≥ 1 or null), createdAt*, updatedAt*; the rest optional, stateReason nullable}. Interface,
 * Resources: "Identifiers are strings of the form <TypeName>:<uuid>" (id, cardholderId a Customer).
 */
export const Card = z.looseObject({
  id: typedId('Card'),
  cardholderId: typedId('Customer'),
  platformCardId: z.string().optional(),
  state: CardState,
  stateReason: CardStateReason.nullable().optional(),
  brand: z.enum(['VISA', 'MASTERCARD']).optional(),
  form: z.enum(['VIRTUAL']),
  // Description: last4 "Last four digits of the card PAN"; expMonth "(1–12)"; expYear "(four digits)".
  last4: z.string().regex(/^\d{4}$/, 'the last four digits of the PAN').optional(),
  expMonth: z.int().min(1).max(12).optional(),
  expYear: z.int().min(1000, 'a year of four digits').max(9999, 'a year of four digits').optional(),
  fundingSources: z.array(z.string()),
  maxSpendPerTransaction: z.int().min(1).nullable(),
  currency: z.string().optional(),
  processorRef: z.string().optional(),
  issuerRef: z.string().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type Card = z.infer<typeof Card>;

/** The card as GET and POST /cards answer it: the same description schema (stateReason among its members). */
export const CardWithReason = Card;

/**
 * Description: CardPullSummary {count*, totalAmount*, pendingCount?}, CardSettlementSummary and
 * CardRefundSummary {count*, totalAmount*}: integers, totalAmount "in the smallest unit of the funding
 * source's currency".
 */
const CardSummary = z.looseObject({ count: z.int(), totalAmount: z.int() });
export const CardPullSummary = CardSummary.extend({ pendingCount: z.int().optional() });

/** Description: CardMerchant {descriptor*, mcc?, country?}. */
export const CardMerchant = z.looseObject({ descriptor: z.string(), mcc: z.string().optional(), country: z.string().optional() });

/** Description: TransactionDirection (transactions.ts names it too; this module stays free of that one, which imports it). */
const TransactionDirection = z.enum(['CREDIT', 'DEBIT']);

/** Description: CardTransactionStatus. */
export const CardTransactionStatus = z.enum(['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION']);

/**
 * Description: CardTransaction {type* CARD, id*, status*, direction*, merchant*, authorizedAmount*,
 * accountId*, customerId*, platformCustomerId*, authorizedAt*, createdAt*, updatedAt*; the rest
 * optional}, the data of CARD_TRANSACTION.* events.
 */
export const CardTransaction = z.looseObject({
  type: z.literal('CARD'),
  id: typedId('CardTransaction'),
  cardId: typedId('Card').optional(),
  customerId: typedId('Customer'),
  platformCustomerId: z.string(),
  issuerTransactionToken: z.string().optional(),
  status: CardTransactionStatus,
  direction: TransactionDirection,
  merchant: CardMerchant,
  authorizedAmount: Money,
  settledAmount: Money.optional(),
  refundedAmount: Money.optional(),
  accountId: z.string(),
  pullSummary: CardPullSummary.optional(),
  refundSummary: CardSummary.optional(),
  settlementSummary: CardSummary.optional(),
  authorizedAt: IsoUtc,
  lastEventAt: IsoUtc.optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type CardTransaction = z.infer<typeof CardTransaction>;

/** Description: SandboxCardSimulationResponse {issuerTransactionToken*}. */
export const SimulationAccepted = z.looseObject({ issuerTransactionToken: z.string() });

/** Description: CardRevealResponse {panEmbedUrl* (uri), expiresAt*}, a short-lived iframe URL. */
export const CardReveal = z.looseObject({
  panEmbedUrl: z.url(),
  expiresAt: IsoUtc,
});
