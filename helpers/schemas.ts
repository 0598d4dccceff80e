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
/**
 * A TEST delivery in either form: the interface's {test: true, timestamp, id, type: TEST} (Events, TEST
 * row: envelope without data), or with `data: {}` as the real service sends it (supplement 3: "Receivers
 * should accept both").
 */
export const TestDelivery = TestEvent.extend({ data: z.strictObject({}).optional() });

export const AnyDelivery = z.union([Envelope, TestEvent.extend({ data: z.looseObject({}).optional() })]);

/** Interface, InternalAccount (as seen in events). */
export const InternalAccount = z.looseObject({
  id: typedAnyId('InternalAccount'),
  customerId: z.string().nullish(),
  // Interface: "seen INTERNAL_CRYPTO"; basis: supplement (section 6) for the whole enum.
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']),
  status: z.enum(['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED']),
  balance: Balance,
  totalBalance: Balance,
  fundingPaymentInstructions: z.array(z.unknown()),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type InternalAccount = z.infer<typeof InternalAccount>;

/** basis: supplement (section 4): kycStatus / kybStatus values. */
export const KycStatus = z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD']);

/** Interface, Customer (as seen in events). */
export const Customer = z.looseObject({
  id: typedId('Customer'),
  platformCustomerId: z.string(),
  // Interface: "INDIVIDUAL seen; business customers emit KYB events"; basis: supplement (section 4).
  customerType: z.enum(['INDIVIDUAL', 'BUSINESS']),
  // Interface: "APPROVED seen"; basis: supplement (section 4) for the whole enum.
  kycStatus: KycStatus.optional(),
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

/**
 * Interface, Ownership challenge: WALLET_SIGNATURE carries messageToSign and expiresAt.
 * basis: supplement (section 7): the kind is the field `method`, in request and response.
 */
export const WalletSignatureChallenge = z.looseObject({
  method: z.literal('WALLET_SIGNATURE'),
  messageToSign: z.string().min(1),
  expiresAt: IsoUtc,
});

/** basis: supplement (section 7): LIVENESS 201 {method, verificationLink: uri, token?, expiresAt}. */
export const LivenessChallenge = z.looseObject({
  method: z.literal('LIVENESS'),
  verificationLink: z.url(),
  token: z.string().optional(),
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
/** basis: supplement (section 8): incoming failureReason, with the interface's current reasons for payments. */
export const IncomingFailureReason = z.enum([
  'LNURLP_FAILED', 'PAY_REQUEST_FAILED', 'PAYMENT_APPROVAL_WEBHOOK_ERROR', 'PAYMENT_APPROVAL_TIMED_OUT', 'OFFRAMP_FAILED', 'MISSING_MANDATORY_PAYEE_DATA',
  'QUOTE_EXPIRED', 'QUOTE_EXECUTION_FAILED', 'COMPLIANCE_REJECTED', 'COLLECTION_FAILED',
  'PAYOUT_RETURNED', 'LIMIT_EXCEEDED', 'ACCOUNT_CANNOT_RECEIVE', 'ACCOUNT_INVALID', 'SCA_NOT_COMPLETED',
]);

/** basis: supplement (section 8): refund {reference*, initiatedAt*, settledAt?, status*, reason?}. */
export const Refund = z.looseObject({
  reference: z.string().min(1),
  initiatedAt: IsoUtc,
  settledAt: IsoUtc.optional(),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  reason: z.enum(['TRANSACTION_FAILED', 'USER_CANCELLATION', 'TIMEOUT']).optional(),
});

/** Interface: platformFees is "money-like"; basis: supplement (section 8): "int64 in sending smallest unit". */
export const MoneyLike = z.union([Money, z.number().int()]);
export const amountOf = (m: z.infer<typeof MoneyLike>): number => (typeof m === 'number' ? m : m.amount);

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
  paymentRail: z.string().optional(),
  railSelectionMode: z.string().optional(),
  expectedSettlementAt: IsoUtc.optional(),
  settlementTimelineSeconds: z.number().int().optional(),
  destination: z.looseObject({
    accountId: z.string(),
    onChainTransaction: OnChainTransaction.optional(),
  }),
  platformFees: MoneyLike.optional(),
  fees: MoneyLike.optional(),
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
  failureReason: IncomingFailureReason.optional(),
  refund: Refund.optional(),
});
export type IncomingTransaction = z.infer<typeof IncomingTransaction>;

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

/** basis: supplement (section 2): FeeConfig {feeType* (CROSS_CURRENCY_TRANSACTION only), sourceCurrency* (USD only), variableFeeBps* 0–10000, fixedFee*}. */
export const FeeConfig = z.looseObject({
  feeType: z.literal('CROSS_CURRENCY_TRANSACTION'),
  sourceCurrency: z.literal('USD'),
  variableFeeBps: z.number().int().min(0).max(10_000),
  fixedFee: z.looseObject({ amount: z.number().int().min(0), currency: z.union([z.string().regex(/^[A-Z]{3}$/), Currency]) }),
});
export type FeeConfig = z.infer<typeof FeeConfig>;

/**
 * Interface: PATCH /config body fields webhookEndpoint (string URL), feeConfigs, cardTokenization2faConfig;
 * basis: supplement (section 2): PlatformConfig. The supplement stars no top-level field, so each is
 * optional; the starred fields of a supportedCurrencies entry (currencyCode*, minAmount*, maxAmount*,
 * requiredCounterpartyFields*[{name, mandatory}], enabledTransactionTypes*[INCOMING|OUTGOING]) are required.
 */
export const PlatformSupportedCurrency = z.looseObject({
  currencyCode: z.string().min(1),
  minAmount: z.number(),
  maxAmount: z.number(),
  requiredCounterpartyFields: z.array(z.looseObject({ name: z.string().min(1), mandatory: z.boolean() })),
  enabledTransactionTypes: z.array(z.enum(['INCOMING', 'OUTGOING'])),
});
export const PlatformConfig = z.looseObject({
  id: typedId('PlatformConfig').optional(),
  umaDomain: z.string().nullish(),
  webhookEndpoint: z.url().nullish(),
  supportedCurrencies: z.array(PlatformSupportedCurrency).optional(),
  isRegulatedFinancialInstitution: z.boolean().optional(),
  cardTokenization2faConfig: z.looseObject({}).nullish(),
  feeConfigs: z.array(FeeConfig).optional(),
  createdAt: IsoUtc.optional(),
  updatedAt: IsoUtc.optional(),
});
export type PlatformConfig = z.infer<typeof PlatformConfig>;

/** basis: supplement (section 3): POST /webhooks/test 200 {url?, response_status*: int, response_body?: string}. */
export const WebhookTestResult = z.looseObject({
  url: z.url().optional(),
  response_status: z.number().int(),
  response_body: z.string().optional(),
});

/** Interface: GET /customers/end-user-terms "returns the current end-user terms URL and version"; supplement (section 4): both required, url a URI. */
export const EndUserTerms = z.looseObject({ version: z.string().min(1), url: z.url() });

// Verification, Document and BeneficialOwner (supplement sections 5 and 14): helpers/schemas/kyc.ts.

/** basis: supplement (section 1): a list body {data[]*, hasMore*, nextCursor? (only if hasMore), totalCount?}. */
export { pageOf as Page } from './schemas/page.js';

/** Interface: POST /sca/login/complete "response carries sessionExpiresAt"; supplement (section 10): {status: "SUCCESS", sessionExpiresAt}. */
export const ScaLoginResult = z.looseObject({ status: z.literal('SUCCESS').optional(), sessionExpiresAt: IsoUtc });

/** basis: supplement (section 9): simulations answer 202 {issuerTransactionToken}. */
export const SimulationAccepted = z.looseObject({ issuerTransactionToken: z.string().min(1) });

/** basis: supplement (section 8): GET /transactions items are typed INCOMING, OUTGOING or CARD. */
export const AnyTransaction = z.discriminatedUnion('type', [OutgoingTransaction, IncomingTransaction, CardTransaction]);

// Event data schemas by type: helpers/event-schemas.ts.
