// Money-path flows: a sender with terms accepted and a funded account, destinations, quotes and
// their execution, and the outgoing-payment lifecycle as its events tell it.
import { expect } from 'vitest';
import { consent, individual } from '../../fixtures/customers.js';
import { rng } from '../../fixtures/random.js';
import { expectSchema, expectStatus } from '../expect.js';
import { notifications, waitForEvent, type Notification } from '../events.js';
import { api, capabilities, listener } from '../harness.js';
import { allureLabel, allureTag } from '../allure.js';
import { recordCovered } from '../coverage/recorder.js';
import { ExternalAccount, OutgoingTransaction, Quote, type InternalAccount } from '../schemas.js';
import { ids } from '../spec/catalog.js';
import { activeAccount, createCustomer, fund } from './customers.js';

export async function termsVersion(): Promise<string> {
  return (expectStatus(await api.get('/customers/end-user-terms'), 200) as { version: string }).version;
}

/** A customer who accepted the end-user terms, with funded internal accounts. */
export async function sender(funding: Record<string, number> = { USD: 5_000_000 }, accepted = true, overrides: Record<string, unknown> = {}): Promise<{ customerId: string; accounts: Record<string, InternalAccount> }> {
  const currencies = Object.keys(funding);
  const customer = await createCustomer(individual({ currencies, ...(accepted ? { endUserTermsConsent: consent(await termsVersion()) } : {}), ...overrides }));
  const accounts: Record<string, InternalAccount> = {};
  for (const code of currencies) {
    const account = await activeAccount(customer.id, code);
    accounts[code] = funding[code] ? await fund(account.id, funding[code]) : account;
  }
  return { customerId: customer.id, accounts };
}

/** basis: supplement (section 7): a customer EUR account whose IBAN ends in `suffix` (the sandbox magic). */
export async function eurDestination(customerId: string, suffix = '000'): Promise<ExternalAccount> {
  const f = rng();
  const body = {
    customerId,
    currency: 'EUR',
    accountInfo: {
      accountType: 'EUR_ACCOUNT',
      iban: `DE89${f.string.numeric(15)}${suffix}`,
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: `${f.person.firstName()} ${f.person.lastName()}`, countryOfResidence: 'DE' },
    },
  };
  return expectStatus(await api.post('/customers/external-accounts', { body }), 201, ExternalAccount);
}

export const quoteBody = (sourceAccountId: string, destinationAccountId: string, amount: number, extra: Record<string, unknown> = {}) => ({
  source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
  destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: amount,
  ...extra,
});

export async function createQuote(body: Record<string, unknown>): Promise<Quote> {
  return expectStatus(await api.post('/quotes', { body }), 201, Quote, 'POST /quotes creates a Quote; read transactionId from it');
}

export async function executeQuote(quoteId: string, idempotencyKey?: string) {
  return api.post('/quotes/{quoteId}/execute', { params: { quoteId }, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
}

const ORDER = ['PENDING', 'PENDING_AUTHORIZATION', 'EXPIRED', 'PROCESSING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'];
export const REMOVED_FAILURE_REASONS = ['EXECUTION_FAILED_POST_DEBIT', 'SETTLEMENT_FAILED', 'TIMEOUT', 'MANUAL_REFUND'];

/**
 * Waits for `final` (an OUTGOING_PAYMENT.* type) about the transaction, then asserts every
 * OUTGOING_PAYMENT event about it: the envelope and the Transaction schema, event order by timestamp
 * never going back in the lifecycle, `final` last, and never a removed failure reason.
 */
export async function expectOutgoingLifecycle(transactionId: string, final: string, since: number): Promise<Notification[]> {
  await waitForEvent(transactionId, (n) => n.type === `OUTGOING_PAYMENT.${final}`, `OUTGOING_PAYMENT.${final}`, { since, timeoutMs: capabilities.eventTimeoutMs * 2 });
  const got = notifications(await listener.deliveries(transactionId, since)).sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const seen = got.map((n) => n.type).join(' → ');
  got.forEach((n, i) => {
    expect(n.type, `Events: ${seen}`).toMatch(/^OUTGOING_PAYMENT\./);
    const data = expectSchema(OutgoingTransaction, n.data, `the data of ${n.type} (Transaction)`);
    expect(data.id).toBe(transactionId);
    const step = n.type.slice('OUTGOING_PAYMENT.'.length);
    if (i > 0) {
      const previous = got[i - 1].type.slice('OUTGOING_PAYMENT.'.length);
      // COMPLETED -> FAILED is the one step back the lifecycle has (a payout returned after completion).
      const back = ORDER.indexOf(step) < ORDER.indexOf(previous) && !(previous === 'COMPLETED' && step === 'FAILED');
      expect(back, `Events: OUTGOING_PAYMENT.<STATUS> in the order the payment changed; by timestamp: ${seen}`).toBe(false);
    }
    if (data.failureReason) expect(REMOVED_FAILURE_REASONS, `Failure reasons: ${data.failureReason} was removed from the interface`).not.toContain(data.failureReason);
    recordCovered('events', ids.event(n.type));
    allureTag(ids.event(n.type));
    allureLabel('event', n.type);
  });
  expect(got[got.length - 1]?.type, `Events about ${transactionId}: ${seen}`).toBe(`OUTGOING_PAYMENT.${final}`);
  return got;
}

export async function transaction(transactionId: string): Promise<OutgoingTransaction> {
  return expectStatus(await api.get('/transactions/{transactionId}', { params: { transactionId } }), 200, OutgoingTransaction);
}

/** The account's available balance as the target reports it now. */
export async function balanceOf(customerId: string, accountId: string): Promise<number> {
  const res = await api.get('/customers/internal-accounts', { query: { customerId } });
  const list = (expectStatus(res, 200) as { data: InternalAccount[] }).data;
  return list.find((a) => a.id === accountId)!.balance.amount;
}
