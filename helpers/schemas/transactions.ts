// Transactions as the description gives them: the Transaction every outgoing and incoming payment is
// built on, its sources and destinations, the refund, the incoming payment's webhook data, and the
// card-or-payment union of the lists (openapi.yaml: Transaction, OutgoingTransaction,
// IncomingTransaction, TransactionOneOf and the schemas they name). The refund statuses: the
// description's TransactionStatus does not list them (there they are event suffixes and
// refund.status), but the interface, the first authority, names them as status names ("Status names
// that appear: COMPLETED, FAILED, REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED") and supplement 8
// says "Tests should accept either": a transaction's status may be one of them too.
import { z } from 'zod';
import { CardTransaction } from './cards.js';
import { IsoUtc, Money, typedId } from './common.js';
import { FundingInstruction } from './internal-accounts.js';

/** Description: TransactionStatus. */
export const TransactionStatus = z.enum(['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED']);
/** Description: OutgoingTransactionStatus. */
export const OUTGOING_STATUSES = ['PENDING', 'PENDING_AUTHORIZATION', 'EXPIRED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
/** Description: the refund suffixes of OutgoingPaymentWebhook and IncomingPaymentWebhook types; interface: status names too. */
export const REFUND_STATUS_NAMES = ['REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'] as const;
export const OutgoingStatus = z.enum([...OUTGOING_STATUSES, ...REFUND_STATUS_NAMES]);

/** Description: OutgoingTransactionFailureReason. */
export const OutgoingFailureReason = z.enum([
  'QUOTE_EXPIRED', 'QUOTE_RATE_UNAVAILABLE', 'QUOTE_EXECUTION_FAILED', 'FUNDING_AMOUNT_MISMATCH', 'SCA_NOT_COMPLETED', 'PAYOUT_RETURNED',
  'LIMIT_EXCEEDED', 'ACCOUNT_CANNOT_RECEIVE', 'ACCOUNT_INVALID', 'COMPLIANCE_REJECTED', 'LIGHTNING_PAYMENT_FAILED', 'COUNTERPARTY_POST_TX_FAILED',
]);
/** Description: IncomingTransactionFailureReason. */
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
/** Description: RailSelectionMode. */
export const RailSelectionMode = z.enum(['AUTO', 'MANUAL']);
/** Description: TransactionPendingReason. */
export const PendingReason = z.enum(['COUNTERPARTY_DECLARATION_REQUIRED', 'WALLET_VERIFICATION_REQUIRED', 'COUNTERPARTY_INFORMATION_REQUIRED', 'COMPLIANCE_REVIEW']);
/** Description: TransactionDirection. */
export const TransactionDirection = z.enum(['CREDIT', 'DEBIT']);

/**
 * Description: the int64 fees of OutgoingTransaction and IncomingTransaction (fees, platformFees) and of
 * Quote (feesIncluded, platformFeesIncluded), "in the smallest unit of the sending currency", minimum 0.
 */
export const FeeAmount = z.int().min(0);

/** Description: Refund {reference*, initiatedAt*, settledAt?, status*, reason?}. */
export const Refund = z.looseObject({
  reference: z.string(),
  initiatedAt: IsoUtc,
  settledAt: IsoUtc.optional(),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  reason: z.enum(['TRANSACTION_FAILED', 'USER_CANCELLATION', 'TIMEOUT']).optional(),
});
export type Refund = z.infer<typeof Refund>;

/** Description: CryptoNetwork. */
export const CryptoNetwork = z.enum(['BITCOIN', 'ETHEREUM', 'SOLANA', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK']);
/** Description: OnChainTransaction {transactionHash*, network*}. */
export const OnChainTransaction = z.looseObject({ transactionHash: z.string(), network: CryptoNetwork });

/** Description: CounterpartyInformation, an object of any members. */
export const CounterpartyInformation = z.looseObject({});

/** Description: ReconciliationInstructions {reference?, transactionHash? (deprecated)}, at least one member. */
export const ReconciliationInstructions = z
  .looseObject({ reference: z.string().optional(), transactionHash: z.string().optional() })
  .refine((o) => Object.keys(o).length >= 1, 'at least one member');

/**
 * Description: OutgoingRateDetails, every member required: the multipliers > 0, the fixed fees and the
 * variable fee amount integers ≥ 0 (smallest units), the variable fee rate a number ≥ 0.
 */
export const OutgoingRateDetails = z.looseObject({
  counterpartyMultiplier: z.number().gt(0),
  counterpartyFixedFee: z.int().min(0),
  svcApiMultiplier: z.number().gt(0),
  svcApiFixedFee: z.int().min(0),
  svcApiVariableFeeRate: z.number().min(0),
  svcApiVariableFeeAmount: z.int().min(0),
});

/**
 * Description: TransactionDestinationOneOf on destinationType: AccountTransactionDestination
 * {accountId*, onChainTransaction?} | UmaAddressTransactionDestination {umaAddress*}, each with
 * BaseTransactionDestination's currency?.
 */
export const AccountTransactionDestination = z.looseObject({
  destinationType: z.literal('ACCOUNT'),
  currency: z.string().optional(),
  accountId: z.string(),
  onChainTransaction: OnChainTransaction.optional(),
});
export const UmaAddressTransactionDestination = z.looseObject({
  destinationType: z.literal('UMA_ADDRESS'),
  currency: z.string().optional(),
  umaAddress: z.string(),
});
export const TransactionDestination = z.discriminatedUnion('destinationType', [AccountTransactionDestination, UmaAddressTransactionDestination]);
export type TransactionDestination = z.infer<typeof TransactionDestination>;

/**
 * Description: TransactionSourceOneOf on sourceType: AccountTransactionSource {accountId*,
 * onChainTransaction?} | UmaAddressTransactionSource {umaAddress*} | RealtimeFundingTransactionSource
 * {currency*, the originator's details?}, each with BaseTransactionSource's currency?.
 */
export const AccountTransactionSource = z.looseObject({
  sourceType: z.literal('ACCOUNT'),
  currency: z.string().optional(),
  accountId: z.string(),
  onChainTransaction: OnChainTransaction.optional(),
});
export const UmaAddressTransactionSource = z.looseObject({
  sourceType: z.literal('UMA_ADDRESS'),
  currency: z.string().optional(),
  umaAddress: z.string(),
});
export const RealtimeFundingTransactionSource = z.looseObject({
  sourceType: z.literal('REALTIME_FUNDING'),
  currency: z.string(),
  customerId: typedId('Customer').optional(),
  accountHolderName: z.string().optional(),
  accountIdentifier: z.string().optional(),
  bankName: z.string().optional(),
  bankIdentifier: z.string().optional(),
  paymentRail: PaymentRail.optional(),
  remittanceInformation: z.string().optional(),
  endToEndId: z.string().optional(),
  traceNumber: z.string().optional(),
  onChainTransaction: OnChainTransaction.optional(),
});
export const TransactionSource = z.discriminatedUnion('sourceType', [AccountTransactionSource, UmaAddressTransactionSource, RealtimeFundingTransactionSource]);
export type TransactionSource = z.infer<typeof TransactionSource>;

/**
 * Description: Transaction, the members outgoing and incoming payments share: id*, status*, type*,
 * direction*, destination*, customerId*, platformCustomerId*, and the rest optional. Interface,
 * Resources: "Identifiers are strings of the form <TypeName>:<uuid>" (id, customerId, agentId, quoteId).
 */
const transaction = {
  id: typedId('Transaction'),
  status: z.enum([...TransactionStatus.options, ...REFUND_STATUS_NAMES]),
  pendingReason: PendingReason.optional(),
  direction: TransactionDirection,
  destination: TransactionDestination,
  customerId: typedId('Customer'),
  platformCustomerId: z.string(),
  settledAt: IsoUtc.optional(),
  createdAt: IsoUtc.optional(),
  updatedAt: IsoUtc.optional(),
  receiptDeliveryConfirmedAt: IsoUtc.optional(),
  agentId: typedId('Agent').optional(),
  description: z.string().optional(),
  sentAmount: Money.optional(),
  exchangeRate: z.number().gt(0).optional(),
  quoteId: typedId('Quote').optional(),
  refund: Refund.optional(),
  counterpartyInformation: CounterpartyInformation.optional(),
};

/**
 * Description: OutgoingTransaction, the Transaction with type OUTGOING, an OutgoingTransactionStatus,
 * source* and sentAmount*; paymentRail and railSelectionMode null "when no rail is resolved",
 * expectedSettlementAt and settlementTimelineSeconds null when not known.
 */
export const OutgoingTransaction = z.looseObject({
  ...transaction,
  status: OutgoingStatus,
  type: z.literal('OUTGOING'),
  source: TransactionSource,
  sentAmount: Money,
  receivedAmount: Money.optional(),
  fees: FeeAmount.optional(),
  platformFees: FeeAmount.optional(),
  reconciliationInstructions: ReconciliationInstructions.optional(),
  paymentInstructions: z.array(FundingInstruction).optional(),
  rateDetails: OutgoingRateDetails.optional(),
  failureReason: OutgoingFailureReason.optional(),
  paymentRail: PaymentRail.nullable().optional(),
  railSelectionMode: RailSelectionMode.nullable().optional(),
  expectedSettlementAt: IsoUtc.nullable().optional(),
  settlementTimelineSeconds: z.int().nullable().optional(),
});
export type OutgoingTransaction = z.infer<typeof OutgoingTransaction>;

/** Description: IncomingTransaction, the Transaction with type INCOMING and receivedAmount*. */
export const IncomingTransaction = z.looseObject({
  ...transaction,
  type: z.literal('INCOMING'),
  source: TransactionSource.optional(),
  receivedAmount: Money,
  fees: FeeAmount.optional(),
  reconciliationInstructions: ReconciliationInstructions.optional(),
  failureReason: IncomingFailureReason.optional(),
});
export type IncomingTransaction = z.infer<typeof IncomingTransaction>;

/** The incoming transaction as its own scenarios read it: the same description schema. */
export const IncomingTransactionRecord = IncomingTransaction;
export type IncomingTransactionRecord = IncomingTransaction;

/** Description: CustomerInfoFieldName. */
export const CustomerInfoFieldName = z.enum([
  'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'PHONE_NUMBER', 'EMAIL', 'POSTAL_ADDRESS', 'TAX_ID', 'REGISTRATION_NUMBER', 'USER_TYPE',
  'COUNTRY_OF_RESIDENCE', 'ACCOUNT_IDENTIFIER', 'FI_LEGAL_ENTITY_NAME', 'FI_ADDRESS', 'PURPOSE_OF_PAYMENT', 'ULTIMATE_INSTITUTION_COUNTRY',
  'IDENTIFIER', 'BUSINESS_TYPE', 'COMPANY_LEGAL_NAME', 'ID_TYPE', 'ID_NUMBER',
]);
/** Description: CounterpartyFieldDefinition {name*, mandatory*}. */
export const CounterpartyFieldDefinition = z.looseObject({ name: CustomerInfoFieldName, mandatory: z.boolean() });

/** An outgoing transaction whose refund is under way: the OutgoingTransaction with its refund present. */
export const RefundedOutgoingTransaction = OutgoingTransaction.extend({ refund: Refund });

/** Description: TransactionOneOf on type: IncomingTransaction, OutgoingTransaction or CardTransaction. */
export const AnyTransaction = z.discriminatedUnion('type', [IncomingTransaction, OutgoingTransaction, CardTransaction]);
