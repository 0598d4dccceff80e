// Interface: POST {base_url}/quotes (immediatelyExecute, lockedCurrencyAmount/Side, sourceType and
// destinationType ACCOUNT, platformFeeOverride needs a USD source, transactionId on the quote,
// END_USER_TERMS_NOT_ACCEPTED); Transaction (as seen in outgoing-payment events); Failure reasons;
// Limits (TRANSACTION_SIZE_LIMIT_EXCEEDED 400, DAILY_VOLUME_LIMIT_EXCEEDED 429);
// EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED; frozen accounts cannot send or receive.
// Supplement section 8 for paths, shapes, the lifecycle and the magic destination suffixes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { CRYPTO, CURRENCIES, money } from '../currencies.js';
import { customers, getCustomer, requiresSca } from '../customers/routes.js';
import { assertScaSession, SANDBOX_CODE } from '../strong-customer-authentication/routes.js';
import { ApiError, badRequest, conflict, invalidInput, notFound } from '../errors.js';
import { externalAccounts, primaryIdentifier, WALLETS, type ExternalAccountRecord } from '../external-accounts/accounts.js';
import { skipsPerTransactionSca } from '../external-accounts/trust.js';
import { adjustBalance, assertCanMoveMoney, getInternalAccount, internalAccounts, type InternalAccountRecord } from '../internal-accounts/store.js';
import { price, rateSupported, usdCents, type Pricing } from './rates.js';
import { indexTransaction } from '../transactions/index.js';
import { takeServerError } from './server-errors.js';
import { assertCounterpartyAllowed, assertReadyForRamp, assertVelocity, recordVelocity, velocityRecords } from './gates.js';
import { umaSender } from '../uma/routes.js';
import { assertQuoteSignature, quotePayloadToSign } from '../embedded-wallet-auth/quote-signature.js';

/** Sandbox limits, in US cents (configured per corridor in the real service; here one value). */
export const LIMITS = { singleTransactionUsdCents: 5_000_000, dailyVolumeUsdCents: 10_000_000, unverifiedWalletUsdCents: 100_000 };
const QUOTE_TTL_MS = 5 * 60_000;

const Source = z.discriminatedUnion('sourceType', [
  z.object({ sourceType: z.literal('ACCOUNT'), accountId: z.string().min(1), customerId: z.string().optional() }),
  z.object({
    sourceType: z.literal('REALTIME_FUNDING'),
    currency: z.string().min(1),
    customerId: z.string().optional(),
    // Supplement section 8: cryptoNetwork? (stablecoins) is one of these.
    cryptoNetwork: z.enum(['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK', 'LIGHTNING', 'BITCOIN']).optional(),
  }),
]);
const Destination = z.discriminatedUnion('destinationType', [
  z.object({ destinationType: z.literal('ACCOUNT'), accountId: z.string().min(1), paymentRail: z.string().optional() }),
  z.object({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: z.string().min(1), currency: z.string().optional() }),
]);
/** The quote request; `faults` loosen the rules they name (sandbox/faults.ts). */
const quoteRequest = (f: SandboxContext['faults']) => z.object({
  source: Source,
  destination: Destination,
  lockedCurrencySide: z.enum(['SENDING', 'RECEIVING']),
  lockedCurrencyAmount: z.number(),
  immediatelyExecute: z.boolean().optional(),
  description: z.string().max(255).optional(),
  // Supplement section 8: remittanceInformation? ≤80.
  remittanceInformation: f.has('quote-remittance-unbounded') ? z.string().optional() : z.string().max(80).optional(),
  purposeOfPayment: z.string().max(64).optional(),
  platformFeeOverride: z.object({ platformFixedFee: z.object({ amount: z.number().int().min(0), currency: z.string() }), platformVariableFeeBps: z.number().int().min(0).max(10_000) }).optional(),
  lookupId: z.string().optional(),
  // Supplement section 8: scaFactor? (SMS_OTP|PASSKEY).
  scaFactor: f.has('quote-sca-factor-any') ? z.string().optional() : z.enum(['SMS_OTP', 'PASSKEY']).optional(),
  /** Supplement 18: carries each payer data field the UMA lookup asked for (sandbox/uma). */
  senderCustomerInfo: z.record(z.string(), z.unknown()).optional(),
});

type QuoteRequestBody = z.infer<ReturnType<typeof quoteRequest>>;

type Destination =
  | { kind: 'external'; account: ExternalAccountRecord }
  | { kind: 'internal'; account: InternalAccountRecord }
  | { kind: 'uma'; umaAddress: string; currency: string; behavior: 'success' | 'pending' | 'compliance' };

type OutgoingStatus = 'PENDING' | 'PENDING_AUTHORIZATION' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
interface Quote {
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
  customerId: string;
  /** An SCA challenge the customer must answer before the payment proceeds (SCA regions). */
  scaChallenge?: { id: string; expiresAt: number };
  /** Authorizations still needed, the current challenge's included (supplement 16: a cross-currency send two). */
  authorizationsLeft?: number;
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
  paymentRail: string;
  settledAt?: string;
  onChainTransaction?: { transactionHash: string; network: string };
  receiptDeliveryConfirmedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export interface IncomingTxn {
  id: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED' | 'REJECTED';
  failureReason?: string;
  source: string;
  /** An UMA payment's sender (POST /sandbox/uma/receive): the source is this address, not an account. */
  sourceUma?: string;
  refund?: OutgoingTxn['refund'];
  receiptDeliveryConfirmedAt?: string;
  destination: InternalAccountRecord;
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
    destination: { destinationType: 'ACCOUNT', accountId: t.destination.id },
    receivedAmount: money(t.amount, t.destination.currency),
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
    /** Cancels an unsettled outgoing payment (set by transferRoutes; POST /transactions/{id}/cancel calls it). */
    cancel: undefined as ((t: OutgoingTxn) => void) | undefined,
  }));

/** Outcomes by the last three digits of the destination's identifier (supplement section 8, and this sandbox's own). */
interface Outcome {
  reason: string;
  /** Completes first, then fails (a payout returned). */
  after?: 'COMPLETED';
  refund: 'COMPLETED' | 'FAILED';
  /** Stays pending a while before it fails. */
  slow?: boolean;
}
const OUTCOMES: Record<string, Outcome> = {
  '002': { reason: 'QUOTE_EXECUTION_FAILED', refund: 'COMPLETED' },
  '004': { reason: 'ACCOUNT_CANNOT_RECEIVE', refund: 'COMPLETED' },
  '005': { reason: 'PAYOUT_RETURNED', after: 'COMPLETED', refund: 'COMPLETED' },
  '007': { reason: 'QUOTE_EXECUTION_FAILED', refund: 'FAILED' },
  '008': { reason: 'ACCOUNT_INVALID', refund: 'COMPLETED' },
  '009': { reason: 'COMPLIANCE_REJECTED', refund: 'COMPLETED' },
  '011': { reason: 'LIMIT_EXCEEDED', refund: 'COMPLETED' },
};
/**
 * transfer-out outcomes (supplement section 8): 002 insufficient funds and 003 closed or invalid account
 * fail at once, nothing debited; 004 the bank rejects and 005 stays pending, then fails: both refunded.
 */
const TRANSFER_IMMEDIATE: Record<string, string> = { '002': 'QUOTE_EXECUTION_FAILED', '003': 'ACCOUNT_INVALID' };
const TRANSFER_OUTCOMES: Record<string, Outcome> = {
  '004': { reason: 'ACCOUNT_CANNOT_RECEIVE', refund: 'COMPLETED' },
  '005': { reason: 'QUOTE_EXECUTION_FAILED', refund: 'COMPLETED', slow: true },
};
const RAILS: Record<string, string[]> = { USD: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], EUR: ['SEPA', 'SEPA_INSTANT'], MXN: ['SPEI'] };
const NETWORK: Record<string, string> = { ETHEREUM_WALLET: 'ETHEREUM', BASE_WALLET: 'BASE', POLYGON_WALLET: 'POLYGON', PLASMA_WALLET: 'PLASMA', SOLANA_WALLET: 'SOLANA', TRON_WALLET: 'TRON', SPARK_WALLET: 'SPARK', LIGHTNING: 'BITCOIN' };

function presentQuote(q: Quote, faults: SandboxContext['faults']) {
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
    ...(q.source
      ? {}
      : {
          paymentInstructions: [
            {
              accountOrWalletInfo: CRYPTO.has(q.sending)
                ? { accountType: 'SOLANA_WALLET', address: 'SandboxRea1timeFundingWa11etAddress1111111' }
                : { accountType: 'USD_ACCOUNT', accountNumber: '000987654321', routingNumber: '021000021', reference: q.id.slice(-12) },
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
  const customer = customers(ctx).get(q.customerId)!;
  const timeline = t.paymentRail === 'WIRE' || t.paymentRail === 'ACH' ? 86_400 : 60;
  return {
    id: t.id,
    status: t.status,
    type: 'OUTGOING',
    direction: 'DEBIT',
    source: q.source ? { sourceType: 'ACCOUNT', accountId: q.source.id } : { sourceType: 'REALTIME_FUNDING', currency: q.sending, customerId: q.customerId },
    // For an UMA destination the UMA address stands as the accountId the interface says a destination carries.
    destination: q.destination.kind === 'uma'
      ? { destinationType: 'UMA_ADDRESS', umaAddress: q.destination.umaAddress, accountId: q.destination.umaAddress }
      : { destinationType: 'ACCOUNT', accountId: q.destination.account.id, ...(t.onChainTransaction ? { onChainTransaction: t.onChainTransaction } : {}) },
    sentAmount: money(q.pricing.totalSending, q.sending),
    receivedAmount: money(q.pricing.totalReceiving, q.receiving),
    customerId: q.customerId,
    platformCustomerId: String(customer.fields.platformCustomerId),
    quoteId: q.id,
    exchangeRate: q.pricing.exchangeRate,
    paymentRail: t.paymentRail,
    railSelectionMode: q.request.destination.destinationType === 'ACCOUNT' && q.request.destination.paymentRail ? 'MANUAL' : 'AUTOMATIC',
    settlementTimelineSeconds: timeline,
    expectedSettlementAt: new Date(Date.parse(t.createdAt) + timeline * 1000).toISOString(),
    ...(t.settledAt ? { settledAt: t.settledAt } : {}),
    fees: money(q.pricing.svcFee, q.sending),
    platformFees: money(q.pricing.platformFee, q.sending),
    ...(t.pendingReason ? { pendingReason: t.pendingReason } : {}),
    ...(t.failureReason ? { failureReason: t.failureReason } : {}),
    ...(t.refund ? { refund: { ...t.refund } } : {}),
    ...(t.receiptDeliveryConfirmedAt ? { receiptDeliveryConfirmedAt: t.receiptDeliveryConfirmedAt } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export async function transferRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const s = transfersState(ctx);
  const f = ctx.faults;
  const step = () => Math.max(20, Math.min(ctx.settings.provisioningDelayMs, 100));

  const emit = (t: OutgoingTxn, suffix: string, timestamp?: string) => ctx.webhooks.emit(`OUTGOING_PAYMENT.${suffix}`, presentOutgoing(ctx, t), timestamp);
  const setStatus = (t: OutgoingTxn, status: OutgoingStatus) => {
    const before = t.status;
    t.status = status;
    t.updatedAt = isoNow(ctx.clock);
    // OUTGOING_PAYMENT.<STATUS> carries the transaction as it is after the change.
    if (f.has('stale-event-data')) ctx.webhooks.emit(`OUTGOING_PAYMENT.${status}`, { ...presentOutgoing(ctx, t), status: before });
    else emit(t, status);
  };

  /** Idempotency-Key (supplement section 1): a repeat returns the first response. */
  const idempotent = async (req: FastifyRequest, reply: FastifyReply, run: () => Promise<{ status: number; body: unknown }>) => {
    const key = req.headers['idempotency-key'];
    // Under the fault only an execute is idempotent.
    const cacheKey = typeof key === 'string' && key && !(f.has('idempotency-only-on-execute') && !req.url.includes('/execute')) ? `${req.method} ${req.url} ${key}` : undefined;
    if (cacheKey && !f.has('idempotent-execute-double-debit')) {
      const seen = s.idempotency.get(cacheKey);
      if (seen) return reply.status(seen.status).send(seen.body);
    }
    const result = await run();
    if (cacheKey) s.idempotency.set(cacheKey, result);
    return reply.status(result.status).send(result.body);
  };

  function refund(t: OutgoingTxn, outcome: { refund: 'COMPLETED' | 'FAILED' }, reason = 'TRANSACTION_FAILED') {
    if (f.has('no-refund-after-execution-failed')) return;
    t.refund = { reference: `Refund:${randomUUID()}`, initiatedAt: isoNow(ctx.clock), status: 'PENDING', reason };
    emit(t, 'REFUND_PENDING');
    ctx.later(step(), () => {
      if (!f.has('refund-status-stale')) t.refund!.status = outcome.refund;
      t.refund!.settledAt = isoNow(ctx.clock);
      const keep = t.quote.transfer && f.has('transfer-failure-keeps-debit');
      if (outcome.refund === 'COMPLETED' && t.quote.source && !keep) {
        adjustBalance(ctx, t.quote.source, t.quote.pricing.totalSending);
        // The faults credit the refund again once the account has next been read, or a moment after (internal-accounts/routes.ts).
        if (f.has('refund-credited-twice') || f.has('refund-credited-twice-later')) t.quote.source.lateCredit = (t.quote.source.lateCredit ?? 0) + t.quote.pricing.totalSending;
      }
      emit(t, outcome.refund === 'COMPLETED' ? 'REFUND_COMPLETED' : 'REFUND_FAILED');
    });
  }

  /** Checks a quote can execute now; the debit waits for SCA where the customer's region needs it. */
  function execute(q: Quote): OutgoingTxn {
    if (!q.source) throw conflict('CONFLICT', `Quote ${q.id} is funded by its payment instructions, not executed`);
    ready(q);
    return start(q);
  }

  /** A quote still PENDING and unexpired, and a source that can pay it. */
  function ready(q: Quote): void {
    if (q.status !== 'PENDING') throw conflict('CONFLICT', `Quote ${q.id} is ${q.status}; only a PENDING quote executes`);
    if (ctx.clock.now() >= q.expiresAt) {
      expire(q);
      throw conflict('CONFLICT', `Quote ${q.id} expired at ${new Date(q.expiresAt).toISOString()}`);
    }
    if (!q.source) return;
    if (!f.has('frozen-account-sends')) assertCanMoveMoney(ctx, q.source, 'send');
    if (q.source.available < q.pricing.totalSending) {
      throw conflict('CONFLICT', `Internal account ${q.source.id} holds ${q.source.available}, less than ${q.pricing.totalSending}`);
    }
  }

  /**
   * A quote not executed or funded by its expiresAt: EXPIRED, and its PENDING payment with it
   * (supplement sections 8 and 26: PENDING -> EXPIRED, OUTGOING_PAYMENT.EXPIRED).
   */
  function expire(q: Quote): void {
    if (q.status === 'PENDING') q.status = 'EXPIRED';
    const t = s.txns.get(q.transactionId);
    if (!t || t.status !== 'PENDING') return;
    if (f.has('outgoing-expiry-silent')) return;
    setStatus(t, 'EXPIRED');
  }

  /**
   * A REALTIME_FUNDING quote's payment waits PENDING for its funds (POST /sandbox/send) until the
   * quote's expiresAt, then EXPIRES.
   */
  function awaitFunds(q: Quote): void {
    const now = isoNow(ctx.clock);
    const t: OutgoingTxn = { id: q.transactionId, quote: q, status: 'PENDING', paymentRail: q.destination.kind === 'uma' ? 'UMA' : (RAILS[q.receiving] ?? [])[0] ?? 'INTERNAL', createdAt: now, updatedAt: now };
    s.txns.set(t.id, t);
    indexTransaction(ctx, q.customerId, t, presentOutgoing(ctx, t));
    emit(t, 'PENDING');
    ctx.later(Math.max(0, q.expiresAt - ctx.clock.now()), () => expire(q));
  }

  /** The transaction of a quote: PENDING, then SCA where needed, then settlement. */
  function start(q: Quote): OutgoingTxn {
    const waiting = s.txns.get(q.transactionId);
    if (waiting && waiting.status === 'PENDING') {
      // A funded REALTIME_FUNDING payment: already PENDING (and announced), it settles now.
      settle(q, waiting);
      return waiting;
    }
    const now = isoNow(ctx.clock);
    const rails = RAILS[q.receiving] ?? [];
    const requested = q.request.destination.destinationType === 'ACCOUNT' ? q.request.destination.paymentRail : undefined;
    const t: OutgoingTxn = {
      id: q.transactionId,
      quote: q,
      status: 'PENDING',
      paymentRail: requested ?? (q.destination.kind === 'uma' ? 'UMA' : q.destination.kind === 'external' && WALLETS.has(q.destination.account.accountInfo.accountType) ? NETWORK[q.destination.account.accountInfo.accountType] ?? 'CRYPTO' : rails[0] ?? 'INTERNAL'),
      createdAt: now,
      updatedAt: now,
    };
    s.txns.set(t.id, t);
    indexTransaction(ctx, q.customerId, t, presentOutgoing(ctx, t));
    // The fault stamps PENDING as if it came after the payment settled (delivered first all the same).
    emit(t, 'PENDING', f.has('outgoing-events-out-of-order') ? new Date(ctx.clock.now() + 60_000).toISOString() : undefined);
    const immediate = q.transfer && q.destination.kind === 'external' ? TRANSFER_IMMEDIATE[primaryIdentifier(q.destination.account.accountInfo).slice(-3)] : undefined;
    if (immediate) {
      q.status = 'FAILED';
      t.failureReason = immediate;
      setStatus(t, 'FAILED');
      return t;
    }
    // Supplement 12: a send to a trusted beneficiary skips the per-transaction SCA.
    const trusted = q.destination.kind === 'external' && skipsPerTransactionSca(ctx, q.destination.account.id);
    if (requiresSca(getCustomer(ctx, q.customerId)) && !trusted) {
      // Supplement section 8: PENDING -> PENDING_AUTHORIZATION -> PROCESSING | FAILED (SCA_NOT_COMPLETED).
      // By default the debit waits for the authorization; --sca-debit-at execute takes it now.
      // --sca-debit-at after-execute takes it a moment later; so does the fault, which keeps it.
      if (ctx.settings.scaDebitAt === 'execute') debit(q, t);
      else if (ctx.settings.scaDebitAt === 'after-execute') debitLater(q, t, Math.max(step(), ctx.settings.challengeTtlMs / 4));
      else if (f.has('sca-late-debit-kept')) debitLater(q, t, step(), { keep: true });
      q.status = 'PENDING_AUTHORIZATION';
      // Supplement 16: pre-funded sends need one authorization, cross-currency sends currently two.
      q.authorizationsLeft = q.sending !== q.receiving ? 2 : 1;
      challenge(q, t);
      setStatus(t, 'PENDING_AUTHORIZATION');
      return t;
    }
    settle(q, t);
    return t;
  }

  /**
   * A new SCA challenge for the quote: the payment fails with SCA_NOT_COMPLETED if this challenge is
   * still the open one when it expires (a later challenge has its own expiry).
   */
  function challenge(q: Quote, t: OutgoingTxn, previous?: string): void {
    const id = previous && f.has('sca-next-challenge-same-id') ? previous : `ScaChallenge:${randomUUID()}`;
    const issued = { id, expiresAt: ctx.clock.now() + ctx.settings.challengeTtlMs };
    q.scaChallenge = issued;
    if (previous && f.has('sca-later-challenge-never-expires')) return;
    ctx.later(ctx.settings.challengeTtlMs, () => {
      if (q.status !== 'PENDING_AUTHORIZATION' || (q.scaChallenge !== issued && !f.has('sca-expiry-from-first-challenge'))) return;
      q.status = 'FAILED';
      t.failureReason = f.has('sca-expiry-wrong-reason') ? 'QUOTE_EXECUTION_FAILED' : 'SCA_NOT_COMPLETED';
      setStatus(t, 'FAILED');
      // Debited before it expired (--sca-debit-at execute or after-execute): supplement 8, a failed payment is refunded automatically.
      if (t.debited && !t.keepsDebit) refund(t, { refund: 'COMPLETED' });
    });
  }

  /**
   * The debit of a payment awaiting its authorization, `ms` after execute answered: a source that no
   * longer covers it fails the payment (QUOTE_EXECUTION_FAILED), nothing taken. `keep`: fault
   * sca-late-debit-kept, no refund when the challenge expires.
   */
  function debitLater(q: Quote, t: OutgoingTxn, ms: number, opts: { keep?: boolean } = {}): void {
    ctx.later(ms, () => {
      if (q.status !== 'PENDING_AUTHORIZATION' || t.charged) return;
      if (q.source && q.source.available < q.pricing.totalSending) {
        q.status = 'FAILED';
        t.failureReason = 'QUOTE_EXECUTION_FAILED';
        setStatus(t, 'FAILED');
        return;
      }
      debit(q, t);
      t.keepsDebit = opts.keep;
    });
  }

  /** Takes the payment's amount, once: the day's volume, and the source's balance where it has one. */
  function debit(q: Quote, t: OutgoingTxn): void {
    if (t.charged) return;
    t.charged = true;
    const dayKey = `${q.customerId}/${new Date(ctx.clock.now()).toISOString().slice(0, 10)}`;
    s.daily.set(dayKey, (s.daily.get(dayKey) ?? 0) + usdCents(q.sending, q.pricing.totalSending));
    if (q.source) adjustBalance(ctx, q.source, -(q.pricing.totalSending + (f.has('debit-not-equal-sent') ? 1 : 0)));
    t.debited = q.source !== undefined;
  }

  /** Debits the source at once (unless done at execute), then PROCESSING, then COMPLETED or the destination's failure. */
  function settle(q: Quote, t: OutgoingTxn): void {
    debit(q, t);
    q.status = 'PROCESSING';
    // A cancelled payment is not advanced by what was scheduled before the cancellation.
    const stopped = () => t.cancelled === true && !f.has('cancelled-transaction-advances');
    const suffix = q.destination.kind === 'external' ? primaryIdentifier(q.destination.account.accountInfo).slice(-3) : '';
    if (suffix === '012') {
      // This sandbox's own hold: the payment waits in compliance review (pendingReason), debited.
      t.pendingReason = f.has('held-without-pending-reason') ? undefined : 'COMPLIANCE_REVIEW';
      t.updatedAt = isoNow(ctx.clock);
      return;
    }
    const uma = q.destination.kind === 'uma' ? q.destination.behavior : undefined;
    const outcome: Outcome | undefined = uma === 'compliance' ? { reason: 'COMPLIANCE_REJECTED', refund: 'COMPLETED' } : q.transfer ? TRANSFER_OUTCOMES[suffix] : OUTCOMES[suffix];
    const slow = outcome?.slow;
    ctx.later(step(), () => {
      if (stopped()) return;
      setStatus(t, 'PROCESSING');
      if (uma === 'pending') return; // $pending.long...: stays in PROCESSING
      ctx.later(slow ? step() * 5 : step(), () => {
        if (stopped()) return;
        if (outcome && !outcome.after) {
          t.failureReason = f.has('removed-failure-reason') && outcome.reason === 'QUOTE_EXECUTION_FAILED' ? 'SETTLEMENT_FAILED' : outcome.reason;
          q.status = 'FAILED';
          setStatus(t, 'FAILED');
          refund(t, outcome);
          return;
        }
        t.settledAt = isoNow(ctx.clock);
        if (q.destination.kind === 'internal') adjustBalance(ctx, q.destination.account, q.pricing.totalReceiving);
        const network = q.destination.kind === 'external' ? NETWORK[q.destination.account.accountInfo.accountType] : undefined;
        if (network) t.onChainTransaction = { transactionHash: `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`, network };
        q.status = 'COMPLETED';
        setStatus(t, 'COMPLETED');
        if (outcome?.after) {
          ctx.later(step(), () => {
            t.failureReason = outcome.reason;
            q.status = 'FAILED';
            setStatus(t, 'FAILED');
            refund(t, outcome);
          });
        }
      });
    });
  }

  function resolveDestination(accountId: string, sourceCustomer: string): Quote['destination'] {
    const external = externalAccounts(ctx).get(accountId);
    if (external && (external.customerId === null || external.customerId === sourceCustomer)) return { kind: 'external', account: external };
    const internal = internalAccounts(ctx).get(accountId);
    if (internal) return { kind: 'internal', account: internal };
    throw notFound('REFERENCE_NOT_FOUND', `Destination account ${accountId} not found`);
  }

  /**
   * UMA destinations: a malformed address is 400 INVALID_UMA_ADDRESS; a well-formed one with no
   * receiver is 404 UMA_NOT_FOUND. The supplement's sandbox receivers: $success.<ccy>,
   * $pending.long.<ccy>, $fail.compliance.<ccy> @sandbox.uma.money (ccy usd, eur, mxn).
   */
  function resolveUma(umaAddress: string, currency?: string): Destination {
    const m = /^\$([a-z0-9._-]+)@([a-z0-9-]+(\.[a-z0-9-]+)+)$/i.exec(umaAddress);
    if (!m) throw badRequest('INVALID_UMA_ADDRESS', `${umaAddress} is not an UMA address ($user@domain)`);
    const known = m[2].toLowerCase() === 'sandbox.uma.money' ? /^(success|pending\.long|fail\.compliance)\.(usd|eur|mxn)$/.exec(m[1].toLowerCase()) : null;
    if (!known) throw f.has('uma-unknown-400') ? badRequest('INVALID_UMA_ADDRESS', `No receiver at ${umaAddress}`) : notFound('UMA_NOT_FOUND', `No receiver answers at ${umaAddress}`);
    const behavior = known[1] === 'success' ? 'success' : known[1] === 'pending.long' ? 'pending' : 'compliance';
    return { kind: 'uma', umaAddress, currency: currency ?? known[2].toUpperCase(), behavior };
  }

  /**
   * Supplement §18: a quote to an UMA address with a lookupId runs the pay-request leg with the
   * receiver's counterparty (sandbox/uma); without one, the supplement's sandbox receivers are known.
   */
  function umaDestination(d: { umaAddress: string; currency?: string }, lookupId: string | undefined, amount: number, payer?: Record<string, unknown>): Destination {
    const sender = umaSender(ctx);
    if (!lookupId) return resolveUma(d.umaAddress, d.currency);
    // Before the counterparties are ready no lookup has been answered, so no lookup id is known yet.
    if (!sender) throw notFound('LOOKUP_REQUEST_NOT_FOUND', `No lookup ${lookupId}`);
    const { currency } = sender.payRequest(lookupId, d.umaAddress, amount, d.currency, payer);
    const known = /@sandbox\.uma\.money$/i.test(d.umaAddress) ? resolveUma(d.umaAddress, currency) : undefined;
    return known ?? { kind: 'uma', umaAddress: d.umaAddress, currency, behavior: 'success' };
  }

  /** Prices and checks a quote request (every rule of POST /quotes); the quote is stored, not executed. */
  function newQuote(body: QuoteRequestBody): Quote {
    const currencyOf = body.source.sourceType === 'REALTIME_FUNDING' ? body.source.currency : body.destination.destinationType === 'UMA_ADDRESS' ? body.destination.currency : undefined;
    if (currencyOf !== undefined && !rateSupported(currencyOf)) throw badRequest('INVALID_CURRENCY', `Currency ${currencyOf} is not supported`);
    if (!Number.isInteger(body.lockedCurrencyAmount) || body.lockedCurrencyAmount <= 0) {
      throw badRequest('INVALID_AMOUNT', 'lockedCurrencyAmount must be a positive integer in the smallest unit of the locked currency', {
        errors: [{ field: 'lockedCurrencyAmount', constraint: 'positiveInteger', message: 'a positive integer' }],
      });
    }
    let source: InternalAccountRecord | undefined;
    let customerId: string;
    if (body.source.sourceType === 'ACCOUNT') {
      source = getInternalAccount(ctx, body.source.accountId);
      if (!source.customerId) throw invalidInput([{ field: 'source.accountId', constraint: 'customerAccount', message: 'a customer internal account' }]);
      customerId = source.customerId;
    } else {
      const problems = [
        ...(body.source.customerId ? [] : [{ field: 'source.customerId', constraint: 'required', message: 'this sandbox funds realtime quotes of a customer' }]),
        ...(body.immediatelyExecute && !f.has('quote-realtime-execute-ignored') ? [{ field: 'immediatelyExecute', constraint: 'source', message: 'immediatelyExecute needs an internal-account source' }] : []),
      ];
      if (problems.length) throw invalidInput(problems);
      customerId = body.source.customerId!;
    }
    const customer = getCustomer(ctx, customerId);
    const sending = source?.currency ?? (body.source.sourceType === 'REALTIME_FUNDING' ? body.source.currency : '');
    if (!customer.fields.endUserTermsConsent && !f.has('terms-not-required')) {
      throw new ApiError(403, 'END_USER_TERMS_NOT_ACCEPTED', `Customer ${customer.id} has not accepted the end-user terms`);
    }
    assertScaSession(ctx, customer);
    if (body.destination.destinationType === 'ACCOUNT' && body.destination.accountId === source?.id && !f.has('self-payment-accepted')) {
      throw badRequest('SELF_PAYMENT', 'The destination is the source account');
    }
    const destination = body.destination.destinationType === 'ACCOUNT' ? resolveDestination(body.destination.accountId, customer.id) : umaDestination(body.destination, body.lookupId, body.lockedCurrencyAmount, body.senderCustomerInfo);
    const receiving = destination.kind === 'uma' ? destination.currency : destination.account.currency;
    if (!rateSupported(sending) || !rateSupported(receiving)) throw badRequest('INVALID_CURRENCY', `No corridor from ${sending} to ${receiving}`);
    assertReadyForRamp(ctx, customer, sending, receiving);
    assertCounterpartyAllowed(ctx, destination.kind === 'external' ? primaryIdentifier(destination.account.accountInfo) : undefined);
    if (source && !f.has('frozen-account-sends')) assertCanMoveMoney(ctx, source, 'send');
    if (destination.kind === 'internal') assertCanMoveMoney(ctx, destination.account, 'receive');
    if (body.platformFeeOverride && sending !== 'USD' && !f.has('fee-override-non-usd-accepted')) {
      throw invalidInput([{ field: 'platformFeeOverride', constraint: 'sourceCurrency', message: 'a platform fee override requires a USD source currency' }]);
    }
    const configured = ctx.config.feeConfigs.find((c) => c.sourceCurrency === sending);
    const platform = body.platformFeeOverride
      ? { fixed: body.platformFeeOverride.platformFixedFee.amount, bps: body.platformFeeOverride.platformVariableFeeBps }
      : configured ? { fixed: configured.fixedFee.amount, bps: configured.variableFeeBps } : undefined;
    const pricing = price(ctx, sending, receiving, body.lockedCurrencySide, body.lockedCurrencyAmount, platform);
    if (pricing.totalReceiving <= 0 || pricing.totalSending <= 0) throw badRequest('AMOUNT_OUT_OF_RANGE', 'The amount does not cover the fees of this corridor');
    const usd = usdCents(sending, pricing.totalSending);
    if (usd > LIMITS.singleTransactionUsdCents) {
      throw f.has('size-limit-wrong-status')
        ? new ApiError(429, 'DAILY_VOLUME_LIMIT_EXCEEDED', 'limit')
        : badRequest('TRANSACTION_SIZE_LIMIT_EXCEEDED', `The amount exceeds the maximum single transaction of ${LIMITS.singleTransactionUsdCents} US cents for this corridor`);
    }
    const today = s.daily.get(`${customer.id}/${new Date(ctx.clock.now()).toISOString().slice(0, 10)}`) ?? 0;
    if (today + usd > LIMITS.dailyVolumeUsdCents) {
      throw f.has('daily-limit-wrong-status')
        ? badRequest('TRANSACTION_SIZE_LIMIT_EXCEEDED', 'limit')
        : new ApiError(429, 'DAILY_VOLUME_LIMIT_EXCEEDED', `The customer's daily volume of ${LIMITS.dailyVolumeUsdCents} US cents would be exceeded`);
    }
    assertVelocity(ctx, customer.id);
    if (destination.kind === 'external') {
      const dest = destination.account;
      if (dest.status !== 'ACTIVE' && !(dest.status === 'PENDING_OWNERSHIP_VERIFICATION' || dest.status === 'UNVERIFIED')) {
        throw conflict('CONFLICT', `Destination ${dest.id} is ${dest.status}`);
      }
      if (dest.status !== 'ACTIVE' && usd > LIMITS.unverifiedWalletUsdCents && !f.has('unverified-wallet-any-amount')) {
        throw badRequest('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', `Destination ${dest.id} must complete ownership verification for transfers above the regulatory threshold`);
      }
    }
    const quote: Quote = {
      id: `Quote:${randomUUID()}`,
      status: 'PENDING',
      createdAt: isoNow(ctx.clock),
      expiresAt: ctx.clock.now() + (source ? QUOTE_TTL_MS : ctx.settings.realtimeQuoteTtlMs),
      request: body,
      source,
      destination,
      sending,
      receiving,
      pricing,
      transactionId: `Transaction:${randomUUID()}`,
      customerId: customer.id,
    };
    if (source?.type === 'EMBEDDED_WALLET') quote.walletPayloadToSign = quotePayloadToSign(source.id, quote.id, pricing.totalSending, quote.sending, ctx.clock.now());
    s.quotes.set(quote.id, quote);
    recordVelocity(ctx, customer.id);
    return quote;
  }

  /** The customer a quote or transfer-out body names through its source, where the sandbox knows one, however broken the rest of it is. */
  function sourceCustomer(body: unknown): string | undefined {
    const source = (body as { source?: { accountId?: unknown; customerId?: unknown } } | null | undefined)?.source;
    const owner = typeof source?.accountId === 'string' ? internalAccounts(ctx).get(source.accountId)?.customerId : undefined;
    if (owner) return owner;
    if (typeof source?.customerId === 'string' && customers(ctx).has(source.customerId)) return source.customerId;
    return undefined;
  }

  /**
   * SANDBOX_QUOTE_VELOCITY_REFUSED=count: the velocity is the first gate of a quote or transfer-out
   * naming a customer, before its body is read, and a refused request counts toward it as an accepted
   * one does (supplement 1 states neither the condition nor the order; sandbox/README.md).
   */
  async function countingRefusals<T>(body: unknown, run: () => Promise<T>): Promise<T> {
    const customerId = ctx.settings.quoteVelocityRefused === 'count' ? sourceCustomer(body) : undefined;
    if (!customerId) return run();
    assertVelocity(ctx, customerId);
    const before = velocityRecords(ctx, customerId);
    try {
      return await run();
    } catch (err) {
      // Counted once: not again when the quote was stored and counted before a later refusal (a
      // transfer-out whose execute is refused), nor a refusal by the velocity itself or a 5xx.
      if (err instanceof ApiError && err.status < 500 && err.code !== 'VELOCITY_LIMIT_EXCEEDED' && velocityRecords(ctx, customerId) === before) recordVelocity(ctx, customerId);
      throw err;
    }
  }

  const QuoteRequest = quoteRequest(f);
  /**
   * The fault quote-refused-executed: a request with immediatelyExecute that is refused below is executed
   * first, its offending members left out, where what is left is a valid request.
   */
  const executeRefused = (sent: unknown) => {
    if (!sent || typeof sent !== 'object' || (sent as { immediatelyExecute?: unknown }).immediatelyExecute !== true) return;
    const checked = QuoteRequest.safeParse(sent);
    if (checked.success) return;
    const repaired = structuredClone(sent) as Record<string, unknown>;
    for (const issue of checked.error.issues) {
      let at: Record<string, unknown> | undefined = repaired;
      for (const key of issue.path.slice(0, -1)) at = at?.[key as string] as Record<string, unknown> | undefined;
      if (at && issue.path.length) delete at[issue.path[issue.path.length - 1] as string];
    }
    const valid = QuoteRequest.safeParse(repaired);
    if (!valid.success) return;
    try {
      const quote = newQuote(valid.data);
      if (!quote.walletPayloadToSign) execute(quote);
    } catch {
      // A request the sandbox would refuse on other grounds: nothing more.
    }
  };

  app.post('/quotes', async (req, reply) =>
    idempotent(req, reply, () => countingRefusals(req.body, async () => {
      if (f.has('quote-refused-executed')) executeRefused(req.body);
      const body = parse(QuoteRequest, req.body);
      const quote = newQuote(body);
      // An embedded wallet signs the quote's own payloadToSign (supplement 10), which does not exist before the quote: this sandbox answers an immediatelyExecute from one 401 WALLET_SIGNATURE_MISSING, the quote left PENDING.
      if (body.immediatelyExecute && quote.walletPayloadToSign && !f.has('wallet-quote-execute-unsigned') && !f.has('wallet-immediate-execute-accepted')) {
        throw new ApiError(401, 'WALLET_SIGNATURE_MISSING', `Quote ${quote.id} is from an embedded wallet: execute it with Svc-Wallet-Signature over its payloadToSign`);
      }
      if (body.immediatelyExecute && quote.source) execute(quote);
      if (!quote.source) awaitFunds(quote);
      return { status: 201, body: presentQuote(quote, f) };
    })),
  );

  // Deprecated same-currency transfers (interface: "request and response shapes unchanged; a
  // transaction is returned"; supplement section 8 for the bodies). transfer-out runs as a quote of
  // the source's currency, executed at once; transfer-in pulls from a customer bank account.
  const TransferOut = z.object({
    source: z.object({ accountId: z.string().min(1) }),
    // Supplement section 8: destination*{accountId: ExternalAccount, paymentRail?}.
    destination: f.has('transfer-out-destination-optional')
      ? z.object({ accountId: z.string().min(1).optional(), paymentRail: z.string().optional() }).optional()
      : z.object({ accountId: z.string().min(1), paymentRail: z.string().optional() }),
    // An amount is an integer of the smallest unit (interface: Money); the fault takes a fraction, rounded.
    amount: f.has('transfer-out-fraction-rounded') ? z.number().transform(Math.round).optional() : z.number().int().optional(),
    remittanceInformation: z.string().max(80).optional(),
    purposeOfPayment: z.string().max(64).optional(),
  });
  app.post('/transfer-out', async (req, reply) =>
    idempotent(req, reply, () => countingRefusals(req.body, async () => {
      const body = parse(TransferOut, req.body);
      const source = getInternalAccount(ctx, body.source.accountId);
      if (!body.destination?.accountId) throw notFound('REFERENCE_NOT_FOUND', 'No destination account');
      const destination = externalAccounts(ctx).get(body.destination.accountId);
      if (destination && destination.currency !== source.currency) {
        throw badRequest('INVALID_CURRENCY', `transfer-out is same-currency: ${source.currency} to ${destination.currency}`);
      }
      const quote = newQuote({
        source: { sourceType: 'ACCOUNT', accountId: source.id },
        destination: { destinationType: 'ACCOUNT', accountId: body.destination.accountId, paymentRail: body.destination?.paymentRail },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: body.amount ?? source.available,
        remittanceInformation: body.remittanceInformation,
        purposeOfPayment: body.purposeOfPayment,
      });
      quote.transfer = true;
      const txn = presentOutgoing(ctx, execute(quote));
      return { status: 201, body: f.has('transfer-out-returns-quote') ? presentQuote(quote, f) : txn };
    })),
  );

  const TransferIn = z.object({
    source: z.object({ accountId: z.string().min(1) }),
    destination: z.object({ accountId: z.string().min(1) }),
    amount: z.number(),
  });
  app.post('/transfer-in', async (req, reply) =>
    idempotent(req, reply, async () => {
      const body = parse(TransferIn, req.body);
      if ((!Number.isInteger(body.amount) && !f.has('transfer-in-fraction-accepted')) || body.amount <= 0) {
        throw badRequest('INVALID_AMOUNT', 'amount must be a positive integer in the smallest unit', { errors: [{ field: 'amount', constraint: 'positiveInteger', message: 'a positive integer of the smallest unit' }] });
      }
      const destination = getInternalAccount(ctx, body.destination.accountId);
      const source = externalAccounts(ctx).get(body.source.accountId);
      if (!source || source.customerId !== destination.customerId) throw notFound('REFERENCE_NOT_FOUND', `Source account ${body.source.accountId} not found for this customer`);
      if (source.accountInfo.accountType !== 'USD_ACCOUNT') throw invalidInput([{ field: 'source.accountId', constraint: 'pullCapable', message: 'transfer-in pulls from USD bank accounts (ACH)' }]);
      if (source.currency !== destination.currency) throw badRequest('INVALID_CURRENCY', `transfer-in is same-currency: ${source.currency} to ${destination.currency}`);
      if (!(f.has('frozen-account-transfer-in-accepted') && destination.status === 'FROZEN')) assertCanMoveMoney(ctx, destination, 'receive');
      const now = isoNow(ctx.clock);
      const t: IncomingTxn = { id: `Transaction:${randomUUID()}`, status: 'PENDING', source: source.id, destination, amount: body.amount, customerId: destination.customerId!, platformCustomerId: String(getCustomer(ctx, destination.customerId!).fields.platformCustomerId), createdAt: now, updatedAt: now };
      s.incoming.set(t.id, t);
      indexTransaction(ctx, t.customerId, t, presentIncoming(t));
      // The supplement's transfer outcomes, by the source account's identifier: 002 and 003 fail at
      // once, 004 (the bank rejects) and 005 (pending, then fails) fail later; nothing is credited.
      const outcome = { '002': 'QUOTE_EXECUTION_FAILED', '003': 'ACCOUNT_INVALID', '004': 'ACCOUNT_CANNOT_RECEIVE', '005': 'QUOTE_EXECUTION_FAILED' }[primaryIdentifier(source.accountInfo).slice(-3)];
      const fail = () => {
        t.status = 'FAILED';
        t.failureReason = outcome;
        t.updatedAt = isoNow(ctx.clock);
        ctx.webhooks.emit('INCOMING_PAYMENT.FAILED', presentIncoming(t));
      };
      const suffix = primaryIdentifier(source.accountInfo).slice(-3);
      if (outcome && (suffix === '002' || suffix === '003')) fail();
      else
        ctx.later(suffix === '005' ? step() * 5 : step(), () => {
          if (outcome && !f.has('transfer-in-failure-credited')) return fail();
          t.status = 'COMPLETED';
          t.settledAt = t.updatedAt = isoNow(ctx.clock);
          if (!f.has('transfer-in-not-credited')) adjustBalance(ctx, destination, t.amount);
          ctx.webhooks.emit('INCOMING_PAYMENT.COMPLETED', presentIncoming(t));
        });
      return { status: 201, body: presentIncoming(t) };
    }),
  );

  // POST /transactions/{id}/cancel of an unsettled payment (supplement sections 8 and 13; the resulting
  // status is not stated, sandbox/README.md): FAILED with OUTGOING_PAYMENT.FAILED, and what was debited
  // comes back by the automatic refund (reason USER_CANCELLATION, REFUND_* events).
  s.cancel = (t) => {
    t.cancelled = true;
    if (t.quote.status === 'PENDING' || t.quote.status === 'PROCESSING' || t.quote.status === 'PENDING_AUTHORIZATION') t.quote.status = 'FAILED';
    if (f.has('cancel-without-refund')) {
      t.status = 'FAILED';
      t.updatedAt = isoNow(ctx.clock);
      return;
    }
    setStatus(t, 'FAILED');
    if (t.debited) refund(t, { refund: 'COMPLETED' }, 'USER_CANCELLATION');
  };

  const getQuote = (id: string) => {
    const q = s.quotes.get(id);
    if (!q) throw notFound('QUOTE_NOT_FOUND', `Quote ${id} not found`);
    return q;
  };
  app.get('/quotes/:quoteId', async (req) => presentQuote(getQuote((req.params as { quoteId: string }).quoteId), f));
  // Supplement section 8: POST /sandbox/send funds a realtime-funding quote; the amount defaults from the quote.
  app.post('/sandbox/send', async (req) => {
    // currencyAmount is an amount in the smallest unit, an integer like every amount of the supplement (sandbox/README.md).
    const body = parse(z.object({ quoteId: z.string().min(1), currencyCode: z.string().min(1), currencyAmount: z.number().int().optional() }), req.body);
    if (f.has('sandbox-send-unknown-quote-400') && !s.quotes.has(body.quoteId)) throw badRequest('INVALID_INPUT', `Unknown quote ${body.quoteId}`);
    const q = getQuote(body.quoteId);
    if (q.source) throw conflict('CONFLICT', `Quote ${q.id} is paid from an internal account; execute it instead`);
    if (body.currencyCode !== q.sending) throw badRequest('INVALID_CURRENCY', `Quote ${q.id} is funded in ${q.sending}`);
    const amount = body.currencyAmount ?? q.pricing.totalSending;
    if (amount !== q.pricing.totalSending) throw badRequest('INVALID_AMOUNT', `Quote ${q.id} is funded with exactly ${q.pricing.totalSending}`);
    ready(q);
    if (f.has('realtime-send-not-settled')) {
      q.status = 'PROCESSING';
      return presentOutgoing(ctx, { id: q.transactionId, quote: q, status: 'PENDING', paymentRail: 'UMA', createdAt: isoNow(ctx.clock), updatedAt: isoNow(ctx.clock) });
    }
    return presentOutgoing(ctx, start(q));
  });

  app.post('/quotes/:quoteId/authorize', async (req) => {
    const q = getQuote((req.params as { quoteId: string }).quoteId);
    // Supplement section 8: {code?} or {passkeyAssertion, origin}, endUserIpAddress?; this sandbox's challenges are SMS codes.
    const { code } = parse(z.object({ code: z.string().min(1), ...(f.has('authorize-ip-unchecked') ? {} : { endUserIpAddress: z.string().optional() }) }).passthrough(), req.body);
    const t = s.txns.get(q.transactionId);
    if (q.status !== 'PENDING_AUTHORIZATION' || !q.scaChallenge || !t) throw conflict('CONFLICT', `Quote ${q.id} is ${q.status}; nothing to authorize`);
    if (code !== SANDBOX_CODE) throw invalidInput([{ field: 'code', constraint: 'match', message: 'The code does not match' }]);
    // The source must still be able to send ("Frozen and failed accounts cannot send or receive
    // payments"), and, where the debit waited for the authorization (not taken at execute), still hold
    // the amount (other payments may have spent it meanwhile); else the challenge stays open.
    if (q.source && !f.has('sca-authorize-overdraws')) {
      assertCanMoveMoney(ctx, q.source, 'send');
      if (!t.charged && q.source.available < q.pricing.totalSending) {
        throw conflict('CONFLICT', `Internal account ${q.source.id} holds ${q.source.available}, less than ${q.pricing.totalSending}`);
      }
    }
    // Supplement 16: each authorize may return a fresh challenge (new id) while still PENDING_AUTHORIZATION.
    q.authorizationsLeft = (q.authorizationsLeft ?? 1) - 1;
    if (q.authorizationsLeft > 0) {
      // The fault takes the amount at the first of two authorizations.
      if (f.has('sca-authorization-debit-kept') && !t.charged) {
        debit(q, t);
        t.keepsDebit = true;
      }
      challenge(q, t, q.scaChallenge.id);
      return presentQuote(q, f);
    }
    q.scaChallenge = undefined;
    settle(q, t);
    return presentQuote(q, f);
  });

  app.post('/quotes/:quoteId/execute', async (req, reply) =>
    idempotent(req, reply, async () => {
      const q = getQuote((req.params as { quoteId: string }).quoteId);
      // Supplement section 8: optional {scaFactor?} (SMS_OTP|PASSKEY).
      if (!f.has('execute-sca-factor-any')) parse(z.object({ scaFactor: z.enum(['SMS_OTP', 'PASSKEY']).optional() }), req.body);
      if (q.walletPayloadToSign && q.source) assertQuoteSignature(ctx, req, q.source.id, q.walletPayloadToSign);
      takeServerError(ctx, q.id);
      execute(q);
      return { status: 200, body: presentQuote(q, f) };
    }),
  );
}
