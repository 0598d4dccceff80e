// Transactions: outgoing and incoming as the interface shows them (as seen in events), the refund object,
// the incoming transaction as the supplement gives its answers, and the card-or-payment union of the
// lists. basis: supplement (sections 3, 8, 13 and 27); the interface names the refund statuses only as
// event suffixes (REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED).
import { z } from 'zod';
import { CardTransaction } from './cards.js';
import { IsoUtc, Money, typedId } from './common.js';

/**
 * Transaction status. Interface: "Status names that appear: COMPLETED, FAILED, REFUND_PENDING,
 * REFUND_COMPLETED, REFUND_FAILED"; basis: supplement (section 8): the outgoing statuses and the generic
 * ones. The supplement notes the conflict (REFUND_* only as event suffixes and refund.status, the
 * transaction staying FAILED); both forms are accepted, and the scenarios that judge a refund note it.
 */
export const OUTGOING_STATUSES = ['PENDING', 'PENDING_AUTHORIZATION', 'EXPIRED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export const REFUND_STATUS_NAMES = ['REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'] as const;
export const OutgoingStatus = z.enum([...OUTGOING_STATUSES, ...REFUND_STATUS_NAMES]);
export const TransactionStatus = z.enum([
  'CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED', ...REFUND_STATUS_NAMES,
]);

/**
 * Interface, "Failure reasons for payments" (current) with the supplement's outgoing enum (section 8,
 * deprecated values included). The removed reasons are not among them.
 */
export const OutgoingFailureReason = z.enum([
  'QUOTE_EXECUTION_FAILED', 'PAYOUT_RETURNED', 'LIMIT_EXCEEDED', 'ACCOUNT_CANNOT_RECEIVE', 'ACCOUNT_INVALID', 'COMPLIANCE_REJECTED', 'SCA_NOT_COMPLETED',
  'QUOTE_EXPIRED', 'QUOTE_RATE_UNAVAILABLE', 'FUNDING_AMOUNT_MISMATCH', 'LIGHTNING_PAYMENT_FAILED', 'COUNTERPARTY_POST_TX_FAILED',
]);
/**
 * Description: IncomingTransactionFailureReason, the reasons of an incoming transaction (supplement 8
 * agrees); the interface's "Failure reasons for payments" are those of outgoing payments (payouts).
 */
export const INCOMING_FAILURE_REASONS = [
  'LNURLP_FAILED', 'PAY_REQUEST_FAILED', 'PAYMENT_APPROVAL_WEBHOOK_ERROR', 'PAYMENT_APPROVAL_TIMED_OUT', 'OFFRAMP_FAILED',
  'MISSING_MANDATORY_PAYEE_DATA', 'QUOTE_EXPIRED', 'QUOTE_EXECUTION_FAILED', 'COMPLIANCE_REJECTED', 'COLLECTION_FAILED',
] as const;
export const IncomingFailureReason = z.enum(INCOMING_FAILURE_REASONS);

/** Description: PaymentRail, the rails a transaction may carry. */
export const PaymentRail = z.enum([
  'ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT', 'PAYNOW',
  'PESONET', 'PIX', 'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE',
]);

/**
 * Description, OutgoingTransaction and IncomingTransaction: fees is an int64 "in the smallest unit of the
 * sending currency", minimum 0. Supplement 8: "fees/platformFees (int64 in sending smallest unit; the
 * interface's 'money-like')".
 */
export const FeeAmount = z.number().int().min(0);

/** basis: supplement (section 8): refund {reference*, initiatedAt*, settledAt?, status*, reason?}. */
export const Refund = z.looseObject({
  reference: z.string().min(1),
  initiatedAt: IsoUtc,
  settledAt: IsoUtc.optional(),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  reason: z.enum(['TRANSACTION_FAILED', 'USER_CANCELLATION', 'TIMEOUT']).optional(),
});
export type Refund = z.infer<typeof Refund>;

/** Interface: onChainTransaction "with transactionHash and network"; basis: supplement (section 8) for the network enum. */
export const OnChainTransaction = z.looseObject({
  transactionHash: z.string().min(1),
  network: z.enum(['BITCOIN', 'ETHEREUM', 'SOLANA', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK']),
});

/** Interface: Transaction (as seen in outgoing-payment events). */
export const OutgoingTransaction = z.looseObject({
  id: typedId('Transaction'),
  status: OutgoingStatus,
  type: z.literal('OUTGOING'),
  direction: z.literal('DEBIT'),
  sentAmount: Money,
  receivedAmount: Money,
  customerId: typedId('Customer'),
  settledAt: IsoUtc.optional(),
  exchangeRate: z.number().positive(),
  quoteId: typedId('Quote'),
  // Description, OutgoingTransaction: paymentRail PaymentRail | null ("Null when no external rail is used");
  // railSelectionMode AUTO | MANUAL | null ("Null when no rail is resolved"). Both optional.
  paymentRail: PaymentRail.nullable().optional(),
  railSelectionMode: z.enum(['AUTO', 'MANUAL']).nullable().optional(),
  expectedSettlementAt: IsoUtc.optional(),
  settlementTimelineSeconds: z.number().int().optional(),
  destination: z.looseObject({
    accountId: z.string(),
    onChainTransaction: OnChainTransaction.optional(),
  }),
  // Description, OutgoingTransaction: platformFees "The portion of `fees` collected by the platform ... in
  // the smallest unit of the sending currency"; both optional.
  platformFees: FeeAmount.optional(),
  fees: FeeAmount.optional(),
  // Interface: "why it is held (compliance review or awaiting customer action)"; basis: supplement (section 8) for the enum.
  pendingReason: z.enum(['COUNTERPARTY_DECLARATION_REQUIRED', 'WALLET_VERIFICATION_REQUIRED', 'COUNTERPARTY_INFORMATION_REQUIRED', 'COMPLIANCE_REVIEW']).optional(),
  failureReason: OutgoingFailureReason.optional(),
  refund: Refund.optional(),
});
export type OutgoingTransaction = z.infer<typeof OutgoingTransaction>;

/**
 * basis: supplement (sections 3, 8 and 13): IncomingTransaction, `type: INCOMING` ("usually CREDIT; inbound
 * ACH pull = DEBIT"); "required id, status, type, direction, destination, customerId, platformCustomerId,
 * receivedAmount"; destination ACCOUNT{accountId} | UMA_ADDRESS{umaAddress} (section 8).
 */
export const TransactionDestination = z.union([
  z.looseObject({ accountId: z.string().min(1) }),
  z.looseObject({ umaAddress: z.string().min(1) }),
]);
export const IncomingTransaction = z.looseObject({
  id: typedId('Transaction'),
  status: TransactionStatus,
  type: z.literal('INCOMING'),
  direction: z.enum(['CREDIT', 'DEBIT']),
  destination: TransactionDestination,
  receivedAmount: Money,
  customerId: typedId('Customer'),
  platformCustomerId: z.string().min(1),
  settledAt: IsoUtc.optional(),
  // Description, IncomingTransaction: fees? "The total fees available from the receive quote in the smallest unit of the sending currency".
  fees: FeeAmount.optional(),
  failureReason: IncomingFailureReason.optional(),
  refund: Refund.optional(),
});
export type IncomingTransaction = z.infer<typeof IncomingTransaction>;

/**
 * Supplement 3, 13 and 27: IncomingTransaction: required id, status, type INCOMING, direction (usually
 * CREDIT; an inbound ACH pull is DEBIT), destination, customerId, platformCustomerId, receivedAmount.
 * The incoming payments' own scenarios judge by this reading (destination open, counterpartyInformation);
 * IncomingTransaction above is the reading the other scenarios and the event data share. The two accept different bodies, so they stay two schemas.
 */
export const IncomingTransactionRecord = z.looseObject({
  id: typedId('Transaction'),
  status: TransactionStatus,
  type: z.literal('INCOMING'),
  direction: z.enum(['CREDIT', 'DEBIT']),
  destination: z.looseObject({}),
  customerId: typedId('Customer'),
  platformCustomerId: z.string().min(1),
  receivedAmount: Money,
  counterpartyInformation: z.looseObject({}).optional(),
  fees: FeeAmount.optional(),
  failureReason: IncomingFailureReason.optional(),
  refund: Refund.optional(),
  settledAt: IsoUtc.optional(),
});
export type IncomingTransactionRecord = z.infer<typeof IncomingTransactionRecord>;

/** Supplement 27: OUTGOING_PAYMENT.REFUND_* carry the OutgoingTransaction plus refund. */
export const RefundedOutgoingTransaction = OutgoingTransaction.extend({ refund: Refund });

/** basis: supplement (section 8): GET /transactions items are typed INCOMING, OUTGOING or CARD. */
export const AnyTransaction = z.discriminatedUnion('type', [OutgoingTransaction, IncomingTransaction, CardTransaction]);
