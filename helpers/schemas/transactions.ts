// Response schemas of the transaction resources new to the suite: the incoming transaction and the
// refund object. basis: supplement (sections 3, 8 and 27); the interface names the refund statuses
// only as event suffixes (REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED).
import { z } from 'zod';
import { IsoUtc, Money, OutgoingTransaction, Refund, typedId } from '../schemas.js';

/** Supplement 8: the generic transaction status, and the interface's REFUND_* names (either is accepted). */
export const TransactionStatus = z.enum([
  'CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED',
  'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED',
]);

/** Supplement 8: refund {reference*, initiatedAt*, settledAt?, status*: PENDING|COMPLETED|FAILED, reason?} (helpers/schemas.ts). */
export { Refund };
export type Refund = z.infer<typeof Refund>;

export const INCOMING_FAILURE_REASONS = [
  'LNURLP_FAILED', 'PAY_REQUEST_FAILED', 'PAYMENT_APPROVAL_WEBHOOK_ERROR', 'PAYMENT_APPROVAL_TIMED_OUT', 'OFFRAMP_FAILED',
  'MISSING_MANDATORY_PAYEE_DATA', 'QUOTE_EXPIRED', 'QUOTE_EXECUTION_FAILED', 'COMPLIANCE_REJECTED', 'COLLECTION_FAILED',
] as const;

/**
 * Supplement 3, 13 and 27: IncomingTransaction: required id, status, type INCOMING, direction (usually
 * CREDIT; an inbound ACH pull is DEBIT), destination, customerId, platformCustomerId, receivedAmount.
 */
export const IncomingTransaction = z.looseObject({
  id: typedId('Transaction'),
  status: TransactionStatus,
  type: z.literal('INCOMING'),
  direction: z.enum(['CREDIT', 'DEBIT']),
  destination: z.looseObject({}),
  customerId: typedId('Customer'),
  platformCustomerId: z.string().min(1),
  receivedAmount: Money,
  counterpartyInformation: z.looseObject({}).optional(),
  failureReason: z.enum(INCOMING_FAILURE_REASONS).optional(),
  refund: Refund.optional(),
  settledAt: IsoUtc.optional(),
});
export type IncomingTransaction = z.infer<typeof IncomingTransaction>;

/** Supplement 27: OUTGOING_PAYMENT.REFUND_* carry the OutgoingTransaction plus refund. */
export const RefundedOutgoingTransaction = OutgoingTransaction.extend({ refund: Refund });
