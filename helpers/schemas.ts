// zod schemas: strict on what the interface states, open on what it leaves unshown (loose
// objects keep unknown keys). Facts taken from the supplement are marked `basis: supplement`.
import { z } from 'zod';

/** Interface, Resources: "Timestamps are ISO 8601 strings in UTC." */
export const IsoUtc = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/, 'an ISO 8601 timestamp in UTC')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'a parseable date');

/** Interface, Resources: "Identifiers are strings of the form <TypeName>:<uuid>". */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
export const typedId = (typeName: string) =>
  z.string().regex(new RegExp(`^${typeName}:${UUID}$`), `an identifier of the form ${typeName}:<uuid>`);
/** InternalAccount and Webhook ids are `<TypeName>:<id>` in the interface, not necessarily a uuid. */
export const typedAnyId = (typeName: string) =>
  z.string().regex(new RegExp(`^${typeName}:.+$`), `an identifier of the form ${typeName}:<id>`);

/** Interface: "Money is an object {amount, currency}. amount is an integer in the smallest unit". */
export const Currency = z.looseObject({ code: z.string().min(1), decimals: z.number().int().min(0) });
export const BalanceCurrency = Currency.extend({ name: z.string(), symbol: z.string() });
export const Money = z.looseObject({ amount: z.number().int(), currency: Currency });
export const Balance = z.looseObject({ amount: z.number().int(), currency: BalanceCurrency });

/** Interface, Errors: FieldError {field (required, dot path), constraint, message}. */
export const FieldError = z.looseObject({
  field: z.string().min(1).regex(/^[A-Za-z0-9_\[\]]+(\.[A-Za-z0-9_\[\]]+)*$/, 'a dot-notation path'),
  // "Allowed values of constraint: not shown"; the supplement says it may be an object.
  constraint: z.unknown().optional(),
  message: z.string().optional(),
});

/** Interface, Errors: {status (integer), code (string), message (string), details (object, optional)}. */
export const ErrorBody = z.looseObject({
  status: z.number().int(),
  code: z.string().min(1),
  message: z.string(),
  details: z.looseObject({ errors: z.array(FieldError).optional() }).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Interface, Webhook envelope: {id: Webhook:<id>, type, timestamp, data}. */
export const Envelope = z.looseObject({
  id: typedAnyId('Webhook'),
  type: z.string().min(1),
  timestamp: IsoUtc,
  data: z.looseObject({}),
});
export type Envelope = z.infer<typeof Envelope>;

/**
 * Interface, Events: TEST is `{test: true, timestamp, id, type: TEST}` (envelope without data).
 * Strict: the interface shows exactly these keys. (The supplement reports `data: {}` from the real
 * service; the interface wins, so the suite asserts this shape while the listener accepts both.)
 */
export const TestEvent = z.strictObject({
  test: z.literal(true),
  timestamp: IsoUtc,
  id: typedAnyId('Webhook'),
  type: z.literal('TEST'),
});

/** What the listener accepts as a delivery: an envelope, or the TEST form with or without data. */
export const AnyDelivery = z.union([Envelope, TestEvent.extend({ data: z.looseObject({}).optional() })]);

/** Interface, InternalAccount (as seen in events). */
export const InternalAccount = z.looseObject({
  id: typedAnyId('InternalAccount'),
  customerId: z.string().nullish(),
  type: z.string(),
  status: z.enum(['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED']),
  balance: Balance,
  totalBalance: Balance,
  fundingPaymentInstructions: z.array(z.unknown()),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type InternalAccount = z.infer<typeof InternalAccount>;

/** Interface, Customer (as seen in events). */
export const Customer = z.looseObject({
  id: typedId('Customer'),
  platformCustomerId: z.string(),
  customerType: z.string(),
  kycStatus: z.string().optional(),
  fullName: z.string().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type Customer = z.infer<typeof Customer>;

export const ExternalAccountStatus = z.enum([
  'PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE',
]);
export const BeneficiaryVerificationStatus = z.enum([
  'MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING',
]);
export const ACCOUNT_TYPES = [
  'AED_ACCOUNT', 'BDT_ACCOUNT', 'BRL_ACCOUNT', 'BWP_ACCOUNT', 'CAD_ACCOUNT', 'COP_ACCOUNT', 'DKK_ACCOUNT', 'EGP_ACCOUNT',
  'EUR_ACCOUNT', 'GBP_ACCOUNT', 'GHS_ACCOUNT', 'GTQ_ACCOUNT', 'HKD_ACCOUNT', 'HTG_ACCOUNT', 'IDR_ACCOUNT', 'INR_ACCOUNT',
  'JMD_ACCOUNT', 'KES_ACCOUNT', 'MWK_ACCOUNT', 'MXN_ACCOUNT', 'MYR_ACCOUNT', 'NGN_ACCOUNT', 'PHP_ACCOUNT', 'PKR_ACCOUNT',
  'RWF_ACCOUNT', 'SGD_ACCOUNT', 'SLV_ACCOUNT', 'THB_ACCOUNT', 'TZS_ACCOUNT', 'UGX_ACCOUNT', 'USD_ACCOUNT', 'VND_ACCOUNT',
  'XAF_ACCOUNT', 'XOF_ACCOUNT', 'ZAR_ACCOUNT', 'ZMW_ACCOUNT', 'CNY_ACCOUNT', 'SWIFT_ACCOUNT', 'BASE_WALLET',
  'ETHEREUM_WALLET', 'LIGHTNING', 'LIGHTNING_ACCOUNT', 'POLYGON_WALLET', 'PLASMA_WALLET', 'SOLANA_WALLET', 'SPARK_WALLET',
  'TRON_WALLET',
] as const;

/** Interface, ExternalAccount: required id, status, currency, accountInfo (by accountType). */
export const ExternalAccount = z.looseObject({
  id: typedId('ExternalAccount'),
  customerId: z.string().nullish(),
  status: ExternalAccountStatus,
  platformAccountId: z.string().nullish(),
  ownershipType: z.enum(['FIRST_PARTY', 'THIRD_PARTY']).nullish(),
  currency: z.string().regex(/^[A-Z]{3,5}$/),
  defaultUmaDepositAccount: z.boolean().optional(),
  beneficiaryVerificationStatus: BeneficiaryVerificationStatus.nullish(),
  beneficiaryVerifiedData: z.looseObject({ fullName: z.string() }).nullish(),
  accountInfo: z.looseObject({ accountType: z.enum(ACCOUNT_TYPES) }),
});
export type ExternalAccount = z.infer<typeof ExternalAccount>;

/** Interface, Ownership challenge: WALLET_SIGNATURE carries messageToSign and expiresAt. */
export const WalletSignatureChallenge = z.looseObject({
  messageToSign: z.string().min(1),
  expiresAt: IsoUtc,
});

/** basis: supplement (section 9): Card. The interface names the states ACTIVE, FROZEN, CLOSED. */
export const Card = z.looseObject({
  id: typedId('Card'),
  cardholderId: z.string(),
  state: z.enum(['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']),
  fundingSources: z.array(z.string()),
  maxSpendPerTransaction: z.number().int().nullish(),
});
export type Card = z.infer<typeof Card>;

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
});
export type CardTransaction = z.infer<typeof CardTransaction>;

/** Interface: Transaction (as seen in outgoing-payment events). */
export const OutgoingTransaction = z.looseObject({
  id: typedId('Transaction'),
  status: z.string(),
  type: z.literal('OUTGOING'),
  direction: z.literal('DEBIT'),
  sentAmount: Money,
  receivedAmount: Money,
  customerId: typedId('Customer'),
  settledAt: IsoUtc.optional(),
  exchangeRate: z.number(),
  quoteId: typedId('Quote'),
  paymentRail: z.string().optional(),
  expectedSettlementAt: IsoUtc.optional(),
  settlementTimelineSeconds: z.number().int().optional(),
  destination: z.looseObject({
    accountId: z.string(),
    onChainTransaction: z.looseObject({ transactionHash: z.string().min(1), network: z.string().min(1) }).optional(),
  }),
  failureReason: z.string().optional(),
});
export type OutgoingTransaction = z.infer<typeof OutgoingTransaction>;

/** Interface names transactionId and platformFeesIncluded on the quote; the rest: basis supplement (section 8). */
export const Quote = z.looseObject({
  id: typedId('Quote'),
  status: z.string(),
  transactionId: typedId('Transaction'),
  totalSendingAmount: z.number().int(),
  totalReceivingAmount: z.number().int(),
  feesIncluded: z.number().int(),
  platformFeesIncluded: z.number().int().optional(),
  sendingCurrency: Currency,
  receivingCurrency: Currency,
});
export type Quote = z.infer<typeof Quote>;

// Event data schemas by type: helpers/event-schemas.ts.
