// The cross-currency-transfers area's store and presenters: the quote request, quote and transaction
// records (outgoing and incoming), the per-context state, and how quotes and transactions are shown.
// Interface: Limits (TRANSACTION_SIZE_LIMIT_EXCEEDED 400, DAILY_VOLUME_LIMIT_EXCEEDED 429); Transaction
// (as seen in outgoing-payment events). Supplement section 8 for the shapes.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { areaState, type SandboxContext } from '../context.js';
import { CRYPTO, CURRENCIES, money } from '../currencies.js';
import { customers } from '../customers/state.js';
import { notFound } from '../http/errors.js';
import type { ExternalAccountRecord } from '../external-accounts/state.js';
import type { InternalAccountRecord } from '../internal-accounts/state.js';
import type { Pricing } from '../exchange-rates/state.js';
import { PAYMENT_RAIL_NAMES, withPaymentRails } from '../payment-rails.js';

/** Sandbox limits, in US cents (configured per corridor in the real service; here one value). */
export const LIMITS = { singleTransactionUsdCents: 5_000_000, dailyVolumeUsdCents: 10_000_000, unverifiedWalletUsdCents: 100_000 };

export const Source = z.discriminatedUnion('sourceType', [
  z.object({ sourceType: z.literal('ACCOUNT'), accountId: z.string().min(1), customerId: z.string().optional() }),
  z.object({
    sourceType: z.literal('REALTIME_FUNDING'),
    currency: z.string().min(1),
    customerId: z.string().optional(),
    // Supplement section 8: cryptoNetwork? (stablecoins) is one of these.
    cryptoNetwork: z.enum(['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK', 'LIGHTNING', 'BITCOIN']).optional(),
  }),
]);
/** openapi.yaml, ExternalAccountDestinationReference: paymentRail? is a PaymentRail. */
export const RequestedRail = z.enum(PAYMENT_RAIL_NAMES);
export const Destination = z.discriminatedUnion('destinationType', [
  z.object({ destinationType: z.literal('ACCOUNT'), accountId: z.string().min(1), paymentRail: RequestedRail.optional() }),
  z.object({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: z.string().min(1), currency: z.string().optional() }),
]);
/**
 * The platform's id as a customer id (openapi.yaml, listTransactions customerId: "To filter to
 * transactions made on behalf of the platform, specify the platform ID as the customer ID"; the
 * interface's Transaction.customerId is a `Customer:<uuid>`): one per sandbox, no customer record
 * behind it (sandbox/README.md).
 */
export const platformPartyId = (ctx: SandboxContext) => areaState(ctx, 'platform-party', () => `Customer:${randomUUID()}`);

/** openapi.yaml, PurposeOfPayment (QuoteRequest and TransferOutRequest purposeOfPayment). */
export const PURPOSES_OF_PAYMENT = ['GIFT', 'SELF', 'GOODS_OR_SERVICES', 'EDUCATION', 'HEALTH_OR_MEDICAL', 'REAL_ESTATE_PURCHASE', 'TAX_PAYMENT', 'LOAN_PAYMENT', 'UTILITY_BILL', 'DONATION', 'TRAVEL', 'FAMILY_SUPPORT', 'SALARY_PAYMENT', 'OTHER'] as const;
/** A PurposeOfPayment; the fault takes any string up to 64 characters. */
export const purposeOfPayment = (f: SandboxContext['faults']) => (f.has('quote-purpose-any-string') ? z.string().max(64).optional() : z.enum(PURPOSES_OF_PAYMENT).optional());

/** The quote request; `faults` loosen the rules they name (sandbox/faults.ts). */
export const quoteRequest = (f: SandboxContext['faults']) => z.object({
  source: Source,
  destination: Destination,
  lockedCurrencySide: z.enum(['SENDING', 'RECEIVING']),
  lockedCurrencyAmount: z.number(),
  immediatelyExecute: z.boolean().optional(),
  // openapi.yaml, QuoteRequest.description: a string, no length written.
  description: z.string().optional(),
  // Supplement section 8: remittanceInformation? ≤80.
  remittanceInformation: f.has('quote-remittance-unbounded') ? z.string().optional() : z.string().max(80).optional(),
  purposeOfPayment: purposeOfPayment(f),
  platformFeeOverride: z.object({ platformFixedFee: z.object({ amount: z.number().int().min(0), currency: z.string() }), platformVariableFeeBps: z.number().int().min(0).max(10_000) }).optional(),
  lookupId: z.string().optional(),
  // Supplement section 8: scaFactor? (SMS_OTP|PASSKEY).
  scaFactor: f.has('quote-sca-factor-any') ? z.string().optional() : z.enum(['SMS_OTP', 'PASSKEY']).optional(),
  /** Supplement 18: carries each payer data field the UMA lookup asked for (sandbox/cross-currency-transfers/uma). */
  senderCustomerInfo: z.record(z.string(), z.unknown()).optional(),
});

export type QuoteRequestBody = z.infer<ReturnType<typeof quoteRequest>>;

export type Destination =
  | { kind: 'external'; account: ExternalAccountRecord }
  | { kind: 'internal'; account: InternalAccountRecord }
  | { kind: 'uma'; umaAddress: string; currency: string; behavior: 'success' | 'pending' | 'compliance'; range?: { min: number; max: number } };

export type OutgoingStatus = 'PENDING' | 'PENDING_AUTHORIZATION' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
export interface Quote {
  id: string;
  status: 'PENDING' | 'PENDING_AUTHORIZATION' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
  createdAt: string;
  expiresAt: number;
  request: QuoteRequestBody;
  /** The internal account debited; absent for a REALTIME_FUNDING quote (funded by its payment instructions). */
  source?: InternalAccountRecord;
  destination: Destination;
  sending: string;
  receiving: string;
  pricing: Pricing;
  transactionId: string;
  /** The customer on whose behalf the quote is, or the platform's id (platformPartyId) for a quote on its own behalf. */
  customerId: string;
  /** openapi.yaml, RealtimeFundingQuoteSource.customerId: "If customerId is not provided, the quote will be created on behalf of the platform itself". */
  onBehalfOfPlatform?: boolean;
  /** An SCA challenge the customer must answer before the payment proceeds (SCA regions). */
  scaChallenge?: { id: string; expiresAt: number };
  /** Authorizations still needed, the current challenge's included (supplement 16: a cross-currency send two). */
  authorizationsLeft?: number;
  /**
   * A realtime quote awaiting SCA: its paymentInstructions are withheld until its last authorization
   * (the description, createQuote 202), and stay so if it is never authorized.
   */
  instructionsWithheld?: boolean;
  /** A deprecated transfer-out: the supplement's transfer outcomes apply instead of the quote ones. */
  transfer?: boolean;
  /** From an EMBEDDED_WALLET account: what its execute must carry a wallet signature over (supplement 10). */
  walletPayloadToSign?: string;
}
export interface OutgoingTxn {
  id: string;
  quote: Quote;
  status: OutgoingStatus;
  /** Why the transaction is held (compliance review or awaiting customer action). */
  pendingReason?: string;
  failureReason?: string;
  refund?: { reference: string; initiatedAt: string; settledAt?: string; status: 'PENDING' | 'COMPLETED' | 'FAILED'; reason?: string };
  /** The source was debited (debit); a cancellation or failure refunds only what was debited. */
  debited?: boolean;
  /** Faults sca-late-debit-kept and sca-authorization-debit-kept: the debit they took early is kept when the challenge expires. */
  keepsDebit?: boolean;
  /** debit() ran (the day's volume counted, the source debited where there is one). */
  charged?: boolean;
  /** Cancelled by POST /transactions/{id}/cancel: nothing scheduled advances it any more. */
  cancelled?: boolean;
  /** A PaymentRail, or null where no external rail is used (./payments.ts, railOf). */
  paymentRail: string | null;
  settledAt?: string;
  onChainTransaction?: { transactionHash: string; network: string };
  receiptDeliveryConfirmedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export interface IncomingTxn {
  id: string;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'REJECTED';
  failureReason?: string;
  source: string;
  /** An UMA payment's sender (POST /sandbox/uma/receive): the source is this address, not an account. */
  sourceUma?: string;
  refund?: OutgoingTxn['refund'];
  receiptDeliveryConfirmedAt?: string;
  destination: InternalAccountRecord;
  /** The customer's default UMA deposit external account the payment is deposited into, where it has one (interface, ExternalAccount.defaultUmaDepositAccount). */
  depositTo?: { id: string; currency: string };
  amount: number;
  customerId: string;
  /** The receiving customer's platformCustomerId (supplement 13: a required field of the incoming transaction). */
  platformCustomerId: string;
  settledAt?: string;
  createdAt: string;
  updatedAt: string;
}

export function presentIncoming(t: IncomingTxn) {
  return {
    id: t.id,
    status: t.status,
    type: 'INCOMING',
    direction: 'CREDIT',
    source: t.sourceUma ? { sourceType: 'UMA_ADDRESS', umaAddress: t.sourceUma } : { sourceType: 'ACCOUNT', accountId: t.source },
    ...(t.sourceUma ? { counterpartyInformation: { umaAddress: t.sourceUma } } : {}),
    destination: { destinationType: 'ACCOUNT', accountId: t.depositTo?.id ?? t.destination.id },
    receivedAmount: money(t.amount, t.depositTo?.currency ?? t.destination.currency),
    customerId: t.customerId,
    platformCustomerId: t.platformCustomerId,
    ...(t.failureReason ? { failureReason: t.failureReason } : {}),
    ...(t.settledAt ? { settledAt: t.settledAt } : {}),
    ...(t.refund ? { refund: { ...t.refund } } : {}),
    ...(t.receiptDeliveryConfirmedAt ? { receiptDeliveryConfirmedAt: t.receiptDeliveryConfirmedAt } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export const transfersState = (ctx: SandboxContext) =>
  areaState(ctx, 'transfers', () => ({
    quotes: new Map<string, Quote>(),
    txns: new Map<string, OutgoingTxn>(),
    incoming: new Map<string, IncomingTxn>(),
    idempotency: new Map<string, { status: number; body: unknown }>(),
    daily: new Map<string, number>(),
    /** Cancels an unsettled outgoing payment (set by ./cancel.ts; POST /transactions/{id}/cancel calls it). */
    cancel: undefined as ((t: OutgoingTxn) => void) | undefined,
  }));

export function presentQuote(q: Quote, faults: SandboxContext['faults']) {
  return {
    id: q.id,
    status: q.status,
    createdAt: q.createdAt,
    expiresAt: new Date(q.expiresAt).toISOString(),
    source: q.request.source,
    destination: q.request.destination,
    lockedCurrencySide: q.request.lockedCurrencySide,
    lockedCurrencyAmount: q.request.lockedCurrencyAmount,
    sendingCurrency: { ...CURRENCIES.get(q.sending)! },
    receivingCurrency: { ...CURRENCIES.get(q.receiving)! },
    totalSendingAmount: q.pricing.totalSending,
    totalReceivingAmount: q.pricing.totalReceiving,
    exchangeRate: q.pricing.exchangeRate,
    feesIncluded: q.pricing.svcFee + q.pricing.platformFee,
    platformFeesIncluded: q.pricing.platformFee,
    ...(faults.has('quote-without-transaction-id') ? {} : { transactionId: q.transactionId }),
    ...(q.walletPayloadToSign ? { paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: q.walletPayloadToSign } }] } : {}),
    // The description, createQuote 202: "`paymentInstructions` are **withheld** until the challenge is
    // authorized" (the fault shows them all the same).
    ...(q.source || (q.instructionsWithheld && !faults.has('realtime-sca-instructions-shown'))
      ? {}
      : {
          paymentInstructions: [
            {
              accountOrWalletInfo: CRYPTO.has(q.sending)
                ? { accountType: 'SOLANA_WALLET', address: 'SandboxRea1timeFundingWa11etAddress1111111' }
                : withPaymentRails({ accountType: 'USD_ACCOUNT', accountNumber: '000987654321', routingNumber: '021000021', reference: q.id.slice(-12) }),
              instructionsNotes: `Send exactly ${q.pricing.totalSending} (smallest unit of ${q.sending}) before ${new Date(q.expiresAt).toISOString()}`,
            },
          ],
        }),
    ...(q.scaChallenge
      ? {
          scaChallenge: {
            id: q.scaChallenge.id,
            expiresAt: new Date(q.scaChallenge.expiresAt).toISOString(),
            factor: 'SMS_OTP',
            // Supplement 12: ScaChallenge availableFactors*[] (the fault leaves it out).
            ...(faults.has('quote-sca-challenge-without-available-factors') ? {} : { availableFactors: ['SMS_OTP'] }),
            purpose: 'PAYMENT',
          },
        }
      : {}),
  };
}

export function presentOutgoing(ctx: SandboxContext, t: OutgoingTxn) {
  const q = t.quote;
  // A deleted customer's transactions stay readable (and its in-flight payments keep moving).
  const customer = q.onBehalfOfPlatform ? undefined : customers(ctx).get(q.customerId)!;
  const timeline = t.paymentRail === 'WIRE' || t.paymentRail === 'ACH' ? 86_400 : 60;
  return {
    id: t.id,
    status: t.status,
    type: 'OUTGOING',
    direction: 'DEBIT',
    source: q.source ? { sourceType: 'ACCOUNT', accountId: q.source.id } : { sourceType: 'REALTIME_FUNDING', currency: q.sending, ...(q.onBehalfOfPlatform ? {} : { customerId: q.customerId }) },
    // For an UMA destination the UMA address stands as the accountId the interface says a destination carries.
    destination: q.destination.kind === 'uma'
      ? { destinationType: 'UMA_ADDRESS', umaAddress: q.destination.umaAddress, accountId: q.destination.umaAddress }
      : { destinationType: 'ACCOUNT', accountId: q.destination.account.id, ...(t.onChainTransaction ? { onChainTransaction: t.onChainTransaction } : {}) },
    sentAmount: money(q.pricing.totalSending, q.sending),
    receivedAmount: money(q.pricing.totalReceiving, q.receiving),
    // openapi.yaml, listTransactions customerId: "To filter to transactions made on behalf of the platform,
    // specify the platform ID as the customer ID": a platform's payment carries that id as both.
    customerId: q.customerId,
    platformCustomerId: customer ? String(customer.fields.platformCustomerId) : q.customerId,
    quoteId: q.id,
    exchangeRate: q.pricing.exchangeRate,
    // openapi.yaml, OutgoingTransaction: paymentRail "Null when no external rail is used"; railSelectionMode
    // "MANUAL when the platform specified a paymentRail on the destination, AUTO when Svc selects it.
    // Null when no rail is resolved."
    // The alternate leaves both out where no rail is used (both optional).
    ...(t.paymentRail === null && ctx.choices.alternate('payment-rail-left-out')
      ? {}
      : { paymentRail: t.paymentRail, railSelectionMode: t.paymentRail === null ? null : q.request.destination.destinationType === 'ACCOUNT' && q.request.destination.paymentRail ? 'MANUAL' : 'AUTO' }),
    settlementTimelineSeconds: timeline,
    expectedSettlementAt: new Date(Date.parse(t.createdAt) + timeline * 1000).toISOString(),
    ...(t.settledAt ? { settledAt: t.settledAt } : {}),
    // openapi.yaml, OutgoingTransaction: fees "The fees associated with the quote in the smallest unit of
    // the sending currency" (the quote's feesIncluded); platformFees "The portion of `fees` collected by
    // the platform ... Already included in `fees`" (the fault leaves it out of fees).
    fees: q.pricing.svcFee + (ctx.faults.has('transaction-fees-exclude-platform-fee') ? 0 : q.pricing.platformFee),
    platformFees: q.pricing.platformFee,
    ...(t.pendingReason ? { pendingReason: t.pendingReason } : {}),
    ...(t.failureReason ? { failureReason: t.failureReason } : {}),
    ...(t.refund ? { refund: { ...t.refund } } : {}),
    ...(t.receiptDeliveryConfirmedAt ? { receiptDeliveryConfirmedAt: t.receiptDeliveryConfirmedAt } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export function getQuote(ctx: SandboxContext, id: string): Quote {
  const q = transfersState(ctx).quotes.get(id);
  if (!q) throw notFound('QUOTE_NOT_FOUND', `Quote ${id} not found`);
  return q;
}
