// Money-path flows: a sender with terms accepted and a funded account, destinations, quotes and
// their execution, and the outgoing-payment lifecycle as its events tell it.
import { expect, type TestContext } from 'vitest';
import { eventually } from '../eventually.js';
import { consent, individual } from '../../fixtures/customers.js';
import { rng } from '../../fixtures/random.js';
import { germanIban } from '../../fixtures/bank-identifiers.js';
import { expectSchema, expectStatus, noteInterface } from '../expect.js';
import { byTimestamp, eventsRule, expectEvents, expectNotification, expectStatesChange, newSince, QUIET_MS, quietPeriod, recordEvents, waitForEvent, type Notification } from '../events.js';
import type { Delivery } from '../listener/server.js';
import { api, capabilities, listener } from '../harness.js';
import { describeBounds, feeScheduleFor, platformFeeChoices, receivingFor, sendingFor, within, type Bounds, type FeeOverride, type RateReading } from '../money.js';
import { AnyTransaction, EndUserTerms, ExternalAccount, InternalAccount, OutgoingTransaction, Page, PlatformConfig, Quote, type FeeConfig } from '../schemas/index.js';
import type { ApiResponse } from '../client.js';
import { currencyCode, currencyDecimals } from '../schemas/common.js';
import { QuoteAwaitingSca } from '../schemas/strong-customer-authentication.js';
import { activeAccount, createCustomer, fund } from './customers.js';
import { rotating, rotatingPool } from '../field-rules/rotating.js';
import { requireCapability } from '../scenario.js';

export async function termsVersion(): Promise<string> {
  return expectStatus(await api.get('/customers/end-user-terms'), 200, EndUserTerms, 'GET /customers/end-user-terms returns the current terms URL and version').version;
}

/** GET /config (supplement section 2): the platform configuration, fee configurations included. */
export async function platformConfig(): Promise<PlatformConfig> {
  return expectStatus(await api.get('/config'), 200, PlatformConfig, 'GET /config returns the platform configuration');
}

/** A customer who accepted the end-user terms, with funded internal accounts. */
export async function sender(funding: Record<string, number> = { USD: 5_000_000 }, accepted = true, overrides: Record<string, unknown> = {}): Promise<{ customerId: string; accounts: Record<string, InternalAccount> }> {
  const currencies = Object.keys(funding);
  const customer = await createCustomer(individual({ currencies, ...(accepted ? { endUserTermsConsent: consent(await termsVersion()) } : {}), ...overrides }));
  const accounts: Record<string, InternalAccount> = {};
  for (const code of currencies) {
    const account = await activeAccount(customer.id, code);
    accounts[code] = funding[code] ? await fund(account.id, funding[code]) : account;
    expect(accounts[code].balance.amount, `the funding of ${account.id} credits exactly ${funding[code]}`).toBe(account.balance.amount + funding[code]);
  }
  return { customerId: customer.id, accounts };
}

/** basis: supplement (section 7): a customer EUR account whose IBAN (valid check digits: fixtures/bank-identifiers.ts) ends in `suffix` (the sandbox magic). */
export async function eurDestination(customerId: string, suffix = '000'): Promise<ExternalAccount> {
  const f = rng();
  const body = {
    customerId,
    currency: 'EUR',
    accountInfo: {
      accountType: 'EUR_ACCOUNT',
      iban: germanIban(suffix),
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: `${f.person.firstName()} ${f.person.lastName()}`, countryOfResidence: 'DE' },
    },
  };
  return expectStatus(await api.post('/customers/external-accounts', { body }), 201, ExternalAccount);
}

export const quoteBody = (sourceAccountId: string, destinationAccountId: string, amount: number, extra: Record<string, unknown> = {}): QuoteRequestBody => ({
  source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
  destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: amount,
  ...extra,
}) as QuoteRequestBody;

export interface QuoteRequestBody {
  lockedCurrencySide: 'SENDING' | 'RECEIVING';
  lockedCurrencyAmount: number;
  platformFeeOverride?: FeeOverride;
  [key: string]: unknown;
}

/**
 * POST /quotes, then the quote's arithmetic against the request and the fee configuration in force
 * (GET /config, read at the time of the quote): see `expectQuoteMoney`.
 */
export async function createQuote(body: QuoteRequestBody): Promise<Quote> {
  const { feeConfigs = [] } = body.platformFeeOverride ? {} : await platformConfig();
  const quote = expectStatus(await api.post('/quotes', { body }), 201, Quote, 'POST /quotes creates a Quote; read transactionId from it');
  expectQuoteMoney(quote, body, feeConfigs);
  return quote;
}

const QUOTE_SENTENCES = [
  'Quote and fee fields (named): lockedCurrencyAmount, lockedCurrencySide, platformFeeOverride (on the quote request), platformFeesIncluded (on the quote)',
  'PATCH /config: feeConfigs (standing platform fee: a variable rate in basis points, a fixed amount, or both; applies to cross-currency transactions; requires a USD source currency)',
  'supplement 8: exchangeRate* (sending units per receiving unit), feesIncluded* (int64), platformFeesIncluded?',
  '(not stated: how amounts round, how precise exchangeRate is, whether exchangeRate counts currency or smallest units, which fees feesIncluded holds, and whether the rate converts the sending total less the fees or the whole; read as every fee, the platform fee among them, part of the sending total)',
];

/**
 * A quote's currency with the members its money is judged by. The description's Currency leaves code
 * and decimals optional; a quote's fees and conversion cannot be judged without them, so the judgement
 * stops where a quote lacks one, saying which.
 */
function judgedCurrency(quote: Quote, side: 'sendingCurrency' | 'receivingCurrency'): { code: string; decimals: number } {
  const { code, decimals } = quote[side];
  if (code === undefined || decimals === undefined) {
    expect.fail(`quote ${quote.id}: ${side} carries no ${code === undefined ? 'code' : 'decimals'}, which judging its money needs (the description leaves it optional on Currency): ${JSON.stringify(quote[side])}`);
  }
  return { code: code!, decimals: decimals! };
}

/**
 * Money, to the smallest unit, against the request and the fee configuration:
 * - the locked side equals lockedCurrencyAmount;
 * - platformFeesIncluded equals the fixed fee plus the basis points of the amount, from the request's
 *   platformFeeOverride, else the standing feeConfigs of the source currency (cross-currency only);
 * - the platform fee is part of feesIncluded, and the fees are part of the sending total;
 * - the other side follows from exchangeRate (sending units per receiving unit) applied to the sending
 *   total less the fees included.
 * Rounding is stated nowhere: a fee whose basis points fall between two units, or a converted amount,
 * may be either neighbour (one smallest unit); exchangeRate is taken as written, to its last digit.
 */
export function expectQuoteMoney(quote: Quote, request: QuoteRequestBody, feeConfigs: readonly FeeConfig[]): void {
  const sending = judgedCurrency(quote, 'sendingCurrency');
  const receiving = judgedCurrency(quote, 'receivingCurrency');
  const locked = request.lockedCurrencySide === 'SENDING' ? quote.totalSendingAmount : quote.totalReceivingAmount;
  const context = `quote ${quote.id}: ${JSON.stringify({ totalSendingAmount: quote.totalSendingAmount, totalReceivingAmount: quote.totalReceivingAmount, exchangeRate: quote.exchangeRate, feesIncluded: quote.feesIncluded, platformFeesIncluded: quote.platformFeesIncluded })}`;
  expect(locked, `lockedCurrencySide ${request.lockedCurrencySide}: the locked side equals lockedCurrencyAmount ${request.lockedCurrencyAmount}; ${context}`).toBe(request.lockedCurrencyAmount);

  const schedule = feeScheduleFor({ override: request.platformFeeOverride, feeConfigs, sending: currencyCode(sending), receiving: currencyCode(receiving) });
  const charged = quote.platformFeesIncluded ?? 0;
  const fees = quote.feesIncluded;
  const net = quote.totalSendingAmount - fees;
  const expectedFees: Bounds[] = platformFeeChoices(schedule, quote.totalSendingAmount, { total: fees, other: fees - charged });
  const source = request.platformFeeOverride ? 'platformFeeOverride' : 'feeConfigs';
  expect(
    expectedFees.some((b) => within(b, charged)),
    `platform fee = fixed ${schedule.fixed} + ${schedule.bps} bps of the amount (${source}): expected ${expectedFees.map(describeBounds).join(' or ')}, the quote says platformFeesIncluded ${quote.platformFeesIncluded}; ${context}`,
  ).toBe(true);
  expect(fees, `the platform fee is part of the fees included (feesIncluded ${fees} ≥ platformFeesIncluded ${charged}); ${context}`).toBeGreaterThanOrEqual(charged);
  expect(net, `the fees are included in the sending total; ${context}`).toBeGreaterThan(0);

  // exchangeRate: sending units per receiving unit, read as major units; where the decimals differ
  // a target counting smallest units is also accepted, and noted.
  const readings: [string, number, number][] = [['currency units', currencyDecimals(sending), currencyDecimals(receiving)]];
  if (sending.decimals !== receiving.decimals) readings.push(['smallest units', 0, 0]);
  // Whether the rate converts the sending total less the fees or the whole of it is not stated (the
  // description's exchange-rate example converts the whole): either, noted.
  const bases: [string, number][] = [['less the fees', net], ['whole', quote.totalSendingAmount]];
  // How precise the rate is, is not stated either: first within a part in a million of it, else to
  // its last written digit (the description's own example needs that), noted.
  const precisions: [string, RateReading][] = [['', 'capped'], [', the rate good to its last written digit only', 'written']];
  const judged = precisions.flatMap(([precision, rateReading]) => readings.flatMap(([reading, ds, dr]) => bases.map(([base, amount]) => {
    const bounds = request.lockedCurrencySide === 'SENDING' ? receivingFor(amount, quote.exchangeRate, ds, dr, rateReading) : sendingFor(quote.totalReceivingAmount, quote.exchangeRate, ds, dr, rateReading);
    const value = request.lockedCurrencySide === 'SENDING' ? quote.totalReceivingAmount : amount;
    return { reading: `${reading}, the sending total ${base}${precision}`, bounds, value, ok: within(bounds, value) };
  })));
  const fit = judged.find((j) => j.ok);
  // The description's Quote examples multiply by the rate (createQuote 201: 10000 at 0.92 gives 9200),
  // against its own definition, which the supplement repeats and this judgement follows. An answer
  // that fits the examples' reading says so, so the failure names the conflict it comes from.
  const inverse = () => {
    if (!(quote.exchangeRate > 0)) return false;
    const [, ds, dr] = readings[0];
    return bases.some(([, amount]) => request.lockedCurrencySide === 'SENDING'
      ? within(receivingFor(amount, 1 / quote.exchangeRate, ds, dr, 'written'), quote.totalReceivingAmount)
      : within(sendingFor(quote.totalReceivingAmount, 1 / quote.exchangeRate, ds, dr, 'written'), amount));
  };
  expect(
    fit !== undefined,
    `the ${request.lockedCurrencySide === 'SENDING' ? 'receiving amount' : 'sending amount less fees'} follows from exchangeRate ${quote.exchangeRate} (${sending.code} per ${receiving.code}; openapi.yaml, Quote.exchangeRate: "Number of sending currency units per receiving currency unit", supplement 8 likewise): expected ${judged.map((j) => `${describeBounds(j.bounds)} (${j.reading})`).join(' or ')}, got ${judged[0].value}${fit === undefined && inverse() ? ` — the amounts fit ${receiving.code} per ${sending.code} instead, the reading of the description's Quote examples (10000 at 0.92 gives 9200), which contradict its definition` : ''}; ${context}`,
  ).toBe(true);
  const rounded = expectedFees.some((b) => b.min !== b.max) || fit!.bounds.min !== fit!.bounds.max;
  if (rounded || fit!.reading !== judged[0].reading || !within(expectedFees[0], charged)) {
    noteInterface('quotes:arithmetic', QUOTE_SENTENCES, `${sending.code}→${receiving.code} locked ${request.lockedCurrencySide} ${request.lockedCurrencyAmount}: platform fee ${charged} (allowed ${expectedFees.map(describeBounds).join(' or ')}), ${request.lockedCurrencySide === 'SENDING' ? 'received' : 'sent less fees'} ${fit!.value} (allowed ${describeBounds(fit!.bounds)}, exchangeRate in ${fit!.reading}); rounding unstated: one smallest unit either way accepted`);
  }
}

/** The quote as executed carries the amounts it was created with. */
export function expectSameAmounts(executed: Quote, quote: Quote): void {
  for (const key of ['totalSendingAmount', 'totalReceivingAmount', 'exchangeRate', 'feesIncluded', 'platformFeesIncluded'] as const) {
    expect(executed[key], `the executed quote keeps the ${key} it was created with`).toBe(quote[key]);
  }
}

/**
 * The transaction of a quote repeats its money (interface, Transaction: sentAmount "Amount debited",
 * receivedAmount "Amount received", exchangeRate "Rate applied", quoteId, platformFees "the platform's
 * fee, broken out of the total"). Description: OutgoingTransaction.fees "The fees associated with the
 * quote in the smallest unit of the sending currency", the words of Quote.feesIncluded; platformFees
 * "The portion of `fees` collected by the platform ... 0 when the platform has no applicable fee
 * configured. Already included in `fees`", as Quote.platformFeesIncluded is of feesIncluded. The
 * description makes receivedAmount, exchangeRate, fees and platformFees optional on the transaction:
 * each judged where present, to the smallest unit.
 */
export function expectTransactionOfQuote(txn: OutgoingTransaction, quote: Quote): void {
  expect(txn.quoteId, 'Transaction.quoteId names the quote').toBe(quote.id);
  expect(txn.sentAmount, 'Transaction.sentAmount is the quote\'s sending total, in its currency').toMatchObject({ amount: quote.totalSendingAmount, currency: { code: quote.sendingCurrency.code, decimals: quote.sendingCurrency.decimals } });
  // receivedAmount, exchangeRate and platformFees are optional on OutgoingTransaction (openapi.yaml): judged where present.
  if (txn.receivedAmount !== undefined) expect(txn.receivedAmount, 'Transaction.receivedAmount is the quote\'s receiving total, in its currency').toMatchObject({ amount: quote.totalReceivingAmount, currency: { code: quote.receivingCurrency.code, decimals: quote.receivingCurrency.decimals } });
  if (txn.exchangeRate !== undefined) expect(txn.exchangeRate, 'Transaction.exchangeRate is the rate the quote applied').toBe(quote.exchangeRate);
  if (txn.fees !== undefined) expect(txn.fees, `Description: Transaction.fees are the fees of the quote (feesIncluded ${quote.feesIncluded}), in the smallest unit of ${quote.sendingCurrency.code}`).toBe(quote.feesIncluded);
  if (txn.platformFees !== undefined) expect(txn.platformFees, `Description: platformFees is the portion of fees the platform collects, "0 when the platform has no applicable fee configured": the quote's platformFeesIncluded (${quote.platformFeesIncluded ?? 0})`).toBe(quote.platformFeesIncluded ?? 0);
}

export async function executeQuote(quoteId: string, idempotencyKey?: string) {
  return api.post('/quotes/{quoteId}/execute', { params: { quoteId }, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
}

/**
 * The harness's bound on the authorization loop, not a documented one: supplement 16 says "pre-funded
 * sends need one, cross-currency sends currently two", and three more rounds are allowed before the
 * loop is judged endless.
 */
const MAX_AUTHORIZATIONS = 5;

/**
 * The authorization loop of an SCA payment (supplement 16: "each authorize may return a fresh challenge
 * (new `id`) while still `PENDING_AUTHORIZATION`; pre-funded sends need one, cross-currency sends
 * currently two"): authorizes with `body` while the quote answers PENDING_AUTHORIZATION with a fresh
 * challenge, each of which must carry an id not seen before (`challengeId`: the execute's). Answers the
 * last answer: 200 with the quote out of PENDING_AUTHORIZATION, or the refusal the scenario judges.
 */
export async function authorizeQuote(quoteId: string, body: Record<string, unknown>, challengeId?: string): Promise<ApiResponse> {
  const seen = new Set(challengeId ? [challengeId] : []);
  for (let round = 1; ; round++) {
    const res = await api.post('/quotes/{quoteId}/authorize', { params: { quoteId }, body });
    if (res.status !== 200) return res;
    const quote = expectStatus(res, 200, Quote, 'supplement 8: POST /quotes/{quoteId}/authorize answers 200 Quote');
    if (!expectAuthorizationAnswer(quote, seen)) return res;
    expect(round, `supplement 16: pre-funded sends need one authorization, cross-currency sends currently two; ${quoteId} still awaits one after ${round} (the harness allows ${MAX_AUTHORIZATIONS})`).toBeLessThan(MAX_AUTHORIZATIONS);
  }
}

/**
 * A quote an accepted authorization answered (supplement 16): out of PENDING_AUTHORIZATION, or still in
 * it with a fresh challenge, whose id is none of `seen` (it is added to them). Answers that challenge.
 */
export function expectAuthorizationAnswer(quote: Quote, seen: Set<string>): QuoteAwaitingSca['scaChallenge'] | undefined {
  if (quote.status !== 'PENDING_AUTHORIZATION') return undefined;
  const { scaChallenge } = expectSchema(QuoteAwaitingSca, quote, 'supplement 16: an authorize that leaves the quote PENDING_AUTHORIZATION answers a fresh scaChallenge');
  expect(seen.has(scaChallenge.id), `supplement 16: each authorize may return a fresh challenge (new id); ${quote.id} answered ${scaChallenge.id} again`).toBe(false);
  seen.add(scaChallenge.id);
  return scaChallenge;
}

const ORDER = ['PENDING', 'PENDING_AUTHORIZATION', 'EXPIRED', 'PROCESSING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'];
const REFUND_STEPS = ['REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'];
/** OUTGOING_PAYMENT.REFUND_PENDING, .REFUND_COMPLETED or .REFUND_FAILED. */
const isRefundStep = (n: Notification) => REFUND_STEPS.includes(n.type.slice('OUTGOING_PAYMENT.'.length));
export const REMOVED_FAILURE_REASONS = ['EXECUTION_FAILED_POST_DEBIT', 'SETTLEMENT_FAILED', 'TIMEOUT', 'MANUAL_REFUND'];

/**
 * The OUTGOING_PAYMENT events about a payment, judged the way every event sequence is (helpers/events.ts):
 * notifications (de-duplicated by envelope id) first delivered after the mark `since` and not stamped
 * before it; the wait lasts until the whole expected sequence arrived or the event deadline passed,
 * then the quiet period; then exactly these, in the order of the changes (byTimestamp), each with the Transaction
 * schema of its type and data.status agreeing with the type (supplement 8), and never a removed
 * failure reason.
 *
 * `expected` is the path of OUTGOING_PAYMENT.<STATUS> suffixes, exactly (for example
 * ['PENDING', 'PROCESSING', 'COMPLETED']), or only the final suffix where the scenario judges the
 * end and not the way there: then every notification about the payment is judged, in timestamp order
 * never going back in the lifecycle (COMPLETED -> FAILED, a returned payout, is its one step back),
 * no status twice, and the final one last.
 */
export async function expectOutgoingLifecycle(transactionId: string, expected: string | string[], since: number): Promise<Notification[]> {
  const timeoutMs = capabilities.eventTimeoutMs * 2;
  const ordered = Array.isArray(expected)
    ? await expectEvents(transactionId, expected.map((s) => `OUTGOING_PAYMENT.${s}`), { since, timeoutMs })
    : await expectLifecycleEnding(transactionId, expected, since, timeoutMs);
  for (const n of ordered) {
    const data = expectSchema(OutgoingTransaction, n.data, `the data of ${n.type} (Transaction)`);
    if (data.failureReason) expect(REMOVED_FAILURE_REASONS, `Failure reasons: ${data.failureReason} was removed from the interface`).not.toContain(data.failureReason);
  }
  return ordered;
}

async function expectLifecycleEnding(transactionId: string, final: string, since: number, timeoutMs: number): Promise<Notification[]> {
  // Notifications stamped alike are taken in lifecycle order (see byTimestamp).
  const rank = (n: Notification) => ORDER.indexOf(n.type.slice('OUTGOING_PAYMENT.'.length));
  const relevant = (all: Delivery[]) => newSince(all, since).filter((n) => n.data.id === transactionId).sort(byTimestamp(rank));
  const got = await listener.gather(transactionId, (all) => relevant(all).some((n) => n.type === `OUTGOING_PAYMENT.${final}`), {
    since,
    timeoutMs,
    quietMs: capabilities.eventQuietMs ?? QUIET_MS,
  });
  const ordered = relevant(got.deliveries);
  ordered.forEach(expectNotification);
  const seen = ordered.map((n) => n.type).join(' → ') || 'nothing';
  const rule = eventsRule(transactionId);
  expect(ordered.map((n) => n.type), `${rule}: expected a lifecycle ending OUTGOING_PAYMENT.${final}; received ${seen}${got.done ? '' : ` (within ${timeoutMs} ms)`}`).toContain(`OUTGOING_PAYMENT.${final}`);
  ordered.forEach((n, i) => {
    expect(n.type, `${rule}: ${seen}`).toMatch(/^OUTGOING_PAYMENT\./);
    const step = n.type.slice('OUTGOING_PAYMENT.'.length);
    expect(ordered.findIndex((m) => m.type === n.type), `${rule}: OUTGOING_PAYMENT.<STATUS> is sent when the status changes, so ${n.type} comes once; received ${seen}`).toBe(i);
    if (i > 0) {
      const previous = ordered[i - 1].type.slice('OUTGOING_PAYMENT.'.length);
      // COMPLETED -> FAILED is the one step back the lifecycle has (a payout returned after completion).
      const back = ORDER.indexOf(step) < ORDER.indexOf(previous) && !(previous === 'COMPLETED' && step === 'FAILED');
      expect(back, `Events: OUTGOING_PAYMENT.<STATUS> in the order the payment changed; by timestamp (envelope-timestamp order): ${seen}`).toBe(false);
    }
  });
  // Supplement 8: a failure is followed by the automatic refund of what was debited ("FAILED (+
  // failureReason, then automatic refund and REFUND_* events)"): refund steps may follow FAILED.
  const statuses = final === 'FAILED' ? ordered.filter((n) => !isRefundStep(n)) : ordered;
  expect(statuses[statuses.length - 1]?.type, `${rule}: OUTGOING_PAYMENT.${final} ends the lifecycle${final === 'FAILED' ? ' (its refund aside)' : ''}, nothing after it; received ${seen}`).toBe(`OUTGOING_PAYMENT.${final}`);
  expectStatesChange(ordered);
  recordEvents(ordered);
  return ordered;
}

/** The OUTGOING_PAYMENT.<STATUS> suffixes of judged notifications, in the order of the changes (byTimestamp). */
export const outgoingSteps = (events: Notification[]): string[] => events.map((n) => n.type.slice('OUTGOING_PAYMENT.'.length));

const REFUND_STATUS_NOTE = [
  'Transaction status: Status names that appear: COMPLETED, FAILED, REFUND_PENDING, REFUND_COMPLETED, REFUND_FAILED.',
  'supplement 8: Conflict: ... the real spec uses them only as event suffixes and refund.status (transaction stays FAILED). Tests should accept either.',
];

/**
 * After its refund ended `refund`, a failed transaction is FAILED with refund.status `refund`
 * (supplement 8) or carries the refund's status name REFUND_<refund> (interface, Transaction status);
 * both are accepted, and a refund object, where one is carried, has that status. The form seen is
 * recorded as an interface note.
 */
export function expectRefundedStatus(txn: { status: string; refund?: { status?: string } | null }, refund: 'COMPLETED' | 'FAILED'): void {
  expect(['FAILED', `REFUND_${refund}`], `Transaction status after a refund that ${refund === 'COMPLETED' ? 'completed' : 'failed'}: FAILED with refund.status ${refund} (supplement 8) or REFUND_${refund} (interface)`).toContain(txn.status);
  if (txn.status === 'FAILED') expect(txn.refund?.status, `supplement 8: a FAILED transaction tells its refund's end by refund.status`).toBe(refund);
  else if (txn.refund) expect(txn.refund.status, 'refund.status (supplement section 8)').toBe(refund);
  noteInterface('transactions:refund-status-names', REFUND_STATUS_NOTE, `after a refund that ended ${refund}, the transaction status was ${txn.status}${txn.refund?.status ? ` with refund.status ${txn.refund.status}` : ''}`);
}

export async function transaction(transactionId: string): Promise<OutgoingTransaction> {
  return expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId } }), 200, OutgoingTransaction);
}

/** GET /transactions/{transactionId}, whatever its type (supplement section 8: INCOMING, OUTGOING or CARD). */
export async function anyTransaction(transactionId: string) {
  return expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId } }), 200, AnyTransaction);
}

const DEBIT_TIME_NOTE = [
  'Supplement 8: "execute debits the source at once"',
  "Supplement 8: an SCA customer's payment goes PENDING -> PENDING_AUTHORIZATION; whether its debit waits for the authorization is not stated",
];

/**
 * The balance of an SCA customer's source read as its execute answered: the funds less the payment's
 * totalSendingAmount (supplement 8, "execute debits the source at once"), or the funds where the debit
 * waits for the authorization, to the cent. The reading the target took is recorded as an interface note.
 */
export function expectScaExecuteDebit(start: number, afterExecute: number, amount: number): void {
  expect([start, start - amount], 'supplement 8: execute debits the source at once (a target may wait for the authorization): the balance after execute is the funds, or the funds less totalSendingAmount, to the cent').toContain(afterExecute);
  noteInterface('quotes:sca-debit-time', DEBIT_TIME_NOTE, afterExecute === start ? "an SCA customer's payment took nothing at execute: its debit waited for the authorization" : "an SCA customer's payment took its totalSendingAmount at execute");
}

/**
 * What a payment that failed before it could complete did to its source. Supplement 8 says "execute
 * debits the source at once"; whether an SCA customer's debit waits for the authorization is not
 * stated (DEBIT_TIME_NOTE), and a target may take the amount a moment after the balance was read. The payment took its totalSendingAmount where
 * a balance read showed it gone (`beforeFailure`, read last before the failure, or a read after it) or
 * where it announced a refund, also a moment late: it is then refunded automatically (interface,
 * Failure reasons: "an amount already debited is refunded automatically";
 * OUTGOING_PAYMENT.REFUND_COMPLETED), reads back refunded (supplement 8), and the balance comes back to
 * what it was and stays there. One that took nothing leaves the balance as it was, and it stays there.
 */
export async function expectNothingKept(o: { customerId: string; accountId: string; start: number; beforeFailure: number; amount: number; transactionId: string; events: Notification[]; since: number }): Promise<void> {
  const announced = o.events.some(isRefundStep);
  const afterFailure = o.beforeFailure === o.start && !announced ? await balanceOf(o.customerId, o.accountId) : undefined;
  if (afterFailure === o.start) {
    const later = await listener.gather(o.transactionId, () => false, { since: o.since, timeoutMs: 0, quietMs: capabilities.eventQuietMs });
    if (!newSince(later.deliveries, o.since).some(isRefundStep)) {
      // Nothing taken, and no refund a moment late either.
      await expectBalanceStays({ ...o, balance: o.start, rule: 'a payment that failed before it took anything leaves the balance as it was' });
      return;
    }
  }
  const taken = o.beforeFailure !== o.start ? o.beforeFailure : afterFailure;
  if (taken !== undefined && taken !== o.start) expect(taken, `interface, Failure reasons ("an amount already debited") and Transaction sentAmount ("Amount debited"); supplement 8, execute debits the source: a balance read around the failure that moved is the funds less the payment's totalSendingAmount ${o.amount}, to the cent`).toBe(o.start - o.amount);
  if (o.beforeFailure === o.start) noteInterface('quotes:sca-debit-time', DEBIT_TIME_NOTE, "an SCA customer's payment that failed took its amount after the last balance read before the failure, and announced its refund");
  const end = await waitForEvent(o.transactionId, (n) => n.type === 'OUTGOING_PAYMENT.REFUND_COMPLETED' || n.type === 'OUTGOING_PAYMENT.REFUND_FAILED', `the refund of the failed payment ${o.transactionId}, which took its amount`, { since: o.since, timeoutMs: capabilities.eventTimeoutMs * 2 });
  expect(end.type, 'interface, Failure reasons: an amount already debited is refunded automatically').toBe('OUTGOING_PAYMENT.REFUND_COMPLETED');
  expectRefundedStatus(await transaction(o.transactionId), 'COMPLETED');
  await eventually(() => balanceOf(o.customerId, o.accountId), (b) => b === o.start, { timeoutMs: capabilities.eventTimeoutMs * 3, what: `the balance back at ${o.start} after the refund of ${o.transactionId}` });
  await expectBalanceStays({ ...o, balance: o.start, rule: 'interface, Failure reasons: an amount already debited is refunded automatically' });
}

/**
 * The balance of a payment's source once the payment ended, by `rule`: `balance` now, and still
 * `balance` one quiet period later (quietPeriod, helpers/events.ts). A refund brings the debited amount
 * back once (interface, Failure reasons: "an amount already debited is refunded automatically"): a
 * second credit after it would create money; a payment whose refund failed stays FAILED with its
 * refund FAILED (supplement 8) and is not credited later; one that took nothing is not debited later.
 */
export async function expectBalanceStays(o: { customerId: string; accountId: string; transactionId: string; since: number; balance: number; rule: string }): Promise<void> {
  expect(await balanceOf(o.customerId, o.accountId), o.rule).toBe(o.balance);
  await quietPeriod(o.since);
  expect(await balanceOf(o.customerId, o.accountId), `${o.rule}: the balance once ${o.transactionId} ended is still ${o.balance} one quiet period later, nothing credited or debited after it`).toBe(o.balance);
}

/** Supplement 8, sandbox triggers of a quote destination: 002 to 007 fail, delay, return or cancel the payment. */
const DOCUMENTED_QUOTE_TRIGGERS = ['002', '003', '004', '005', '006', '007'];

/**
 * The last three digits of a destination identifier that change an outgoing payment's outcome: the
 * supplement's, and those the target declares (failure, hold, refund-failure and counterparty triggers).
 */
export function outcomeTriggers(): Set<string> {
  const c = capabilities;
  return new Set([...DOCUMENTED_QUOTE_TRIGGERS, ...Object.values(c.failureTriggers), c.holdTrigger, c.refundFailureTrigger, c.counterpartyNotAllowedTrigger].filter((s): s is string => Boolean(s)));
}

/**
 * A wallet from `make` whose address ends in no outcome trigger, for a payment meant to complete: a
 * random address may (a hex one, 1 in 4096 per trigger), and its payment then fails or is held.
 */
export function walletWithoutTrigger<T extends { address: string }>(make: () => T): T {
  const triggers = outcomeTriggers();
  for (;;) {
    const wallet = make();
    if (!triggers.has(wallet.address.slice(-3))) return wallet;
  }
}

/**
 * A paying customer from `make` for as many quotes or transfers as the velocity the target declares
 * allows one customer (supplement 1: 403 VELOCITY_LIMIT_EXCEEDED), then a new one (rotating). A
 * transfer may count toward it (supplement 1 states no condition; this sandbox counts transfer-outs).
 */
export function withinVelocity<T>(make: () => Promise<T>): () => Promise<T> {
  return rotating(velocityUses(), make);
}

/** The quotes or transfers one customer may make, as the target declares them (none declared: no bound). */
const velocityUses = () => capabilities.velocityLimit?.count ?? Number.POSITIVE_INFINITY;

/**
 * Skips a scenario that makes `n` quotes or transfers for one customer where the declared velocity
 * allows fewer (supplement 1 states no count): the target declares it cannot serve that scenario. A
 * skip fails an embedded or container run, where nothing may skip. `ids`: the coverage items it leaves
 * unjudged.
 */
/**
 * The declared daily volume as payments a scenario can make (interface, Limits: daily volume; each 90%
 * of the single-transaction maximum): `count` of them fit, one more exceeds it. The daily volume is one
 * customer's, so the `count + 1` payments must also fit the declared velocity; otherwise a skip naming
 * what the target does not declare.
 */
export function dailyVolumeSteps(ctx: TestContext, ids: string[]): { each: number; count: number } {
  const { dailyUsdCents: daily, singleUsdCents: single } = capabilities.limits;
  requireCapability(ctx, capabilities.sandboxTriggers && daily !== undefined && single !== undefined, 'the target declares no daily volume limit (SVC_LIMIT_DAILY_USD_CENTS, SVC_LIMIT_SINGLE_USD_CENTS)', ids);
  const each = Math.floor(single! * 0.9);
  const count = Math.floor(daily! / each);
  requireVelocityFor(ctx, count + 1, ids);
  return { each, count };
}

export function requireVelocityFor(ctx: TestContext, n: number, ids: string[] = []): void {
  const velocity = capabilities.velocityLimit;
  requireCapability(ctx, velocity === undefined || velocity.count >= n, `the declared velocity (${velocity?.count} quotes of one customer within ${velocity?.windowMs} ms) is below the ${n} quotes or transfers this scenario makes for one customer`, ids);
}

/**
 * The customers of a scenario's refused quotes or transfers, rotated at the declared velocity as
 * `withinVelocity` rotates valid ones: supplement 1 states neither whether a refused request counts
 * toward the velocity nor whether the velocity answers before the body is read, so a target may
 * answer 403 VELOCITY_LIMIT_EXCEEDED to the next malformed body of a customer who sent too many
 * (the sandbox does with SANDBOX_QUOTE_VELOCITY_REFUSED=count). `used()` answers the customers that
 * took requests since its last call, for the rule's "nothing changed".
 */
export function refusalsWithinVelocity<T>(make: () => Promise<T>): { next: () => Promise<T>; used: () => Promise<T[]> } {
  return rotatingPool(velocityUses(), make);
}

/** The account's available balance as the target reports it now. */
export async function balanceOf(customerId: string, accountId: string): Promise<number> {
  const res = await api.get('/customers/internal-accounts', { query: { customerId } });
  const list = expectStatus(res, 200, Page(InternalAccount), 'GET /customers/internal-accounts lists the customer\'s internal accounts').data;
  const account = list.find((a) => a.id === accountId);
  expect(account, `internal account ${accountId} is listed for customer ${customerId}`).toBeDefined();
  return account!.balance.amount;
}
