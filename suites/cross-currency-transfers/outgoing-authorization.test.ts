// Interface: Failure reasons (SCA_NOT_COMPLETED: "a transaction that failed on an expired SCA
// challenge"); POST {base_url}/quotes ("authorisation may fail with 409 SCA_SESSION_REQUIRED"); Events
// (OUTGOING_PAYMENT.<STATUS>). The lifecycle PENDING -> PENDING_AUTHORIZATION -> PROCESSING | FAILED,
// the SCA login, the quote's scaChallenge and /quotes/{id}/authorize: basis: supplement (sections 8, 10;
// 12: the ScaChallenge; 16: the authorization loop).
import { describe, expect, it, type TestContext } from 'vitest';
import { msUntil, untilShareOf } from '../../helpers/deadline.js';
import type { Notification } from '../../helpers/events.js';
import { expectStatus, noteInterface } from '../../helpers/expect.js';
import { expectPath, OUTGOING_STATUSES, statusPath } from '../../helpers/flows/lifecycle.js';
import { smsLogin } from '../../helpers/flows/strong-customer-authentication.js';
import { authorizeQuote, balanceOf, createQuote, eurDestination, executeQuote, expectAuthorizationAnswer, expectNothingKept, expectOutgoingLifecycle, expectScaExecuteDebit, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';
import { QuoteAwaitingSca, ScaSession } from '../../helpers/schemas/strong-customer-authentication.js';
import { timestampPrecisionMs } from '../../helpers/target-clock.js';

/** How many authorizations a send takes is the target's (supplement 16: "currently two" for cross-currency sends). */
const ROUNDS_NOTE = ['Supplement 16: each authorize may return a fresh challenge (new id) while still PENDING_AUTHORIZATION; pre-funded sends need one, cross-currency sends currently two', 'A send that is both (an internal account to another currency): which count applies is not stated'];

const outgoing = (events: Notification[]) => statusPath(events, (d) => d.status, (s) => OUTGOING_STATUSES.has(s));

async function scaSender(ctx: TestContext) {
  requireCapability(ctx, capabilities.sandboxTriggers && Boolean(capabilities.sca), 'the target declares no SCA region (SVC_SCA_REGION)', ['transition:transaction:PENDING->PENDING_AUTHORIZATION']);
  await basisSupplement('Lifecycle: PENDING -> PENDING_AUTHORIZATION -> PROCESSING | FAILED (SCA_NOT_COMPLETED) (sections 8 and 10); the challenge and the authorization loop (sections 12, 16)');
  const { region, code } = capabilities.sca!;
  const s = await sender({ USD: 500_000 }, true, { region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } });
  const destination = await eurDestination(s.customerId);
  expectStatus(await smsLogin(s.customerId, code), 200, ScaSession, 'POST /sca/login/complete opens the customer\'s SCA session (sessionExpiresAt)');
  const quote = await createQuote(quoteBody(s.accounts.USD.id, destination.id, 20_000));
  const since = await listener.mark();
  const pending = expectStatus(await executeQuote(quote.id), 200, QuoteAwaitingSca, 'an SCA customer authorises the payment');
  // What execute took (supplement 8: "execute debits the source at once"; a target may wait for the authorization).
  const afterExecute = await balanceOf(s.customerId, s.accounts.USD.id);
  expectScaExecuteDebit(s.accounts.USD.balance.amount, afterExecute, quote.totalSendingAmount);
  return { ...s, quote, since, challengeId: pending.scaChallenge.id, challengeExpiresAt: pending.scaChallenge.expiresAt, afterExecute };
}

describe('Outgoing payment authorisation (SCA region)', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes/{quoteId}/authorize', section: 'States and transitions', basis: 'supplement' });

  it('goes PENDING -> PENDING_AUTHORIZATION -> PROCESSING -> COMPLETED once the challenge is answered', async (ctx) => {
    const { customerId, accounts, quote, since, challengeId } = await scaSender(ctx);
    expectStatus(await authorizeQuote(quote.id, { code: capabilities.sca!.code }, challengeId), 200, Quote, 'the customer answers each challenge');
    const events = await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED'], 'an authorised payment');
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(accounts.USD.balance.amount - quote.totalSendingAmount);
  });

  it('goes PENDING_AUTHORIZATION -> FAILED with SCA_NOT_COMPLETED when the challenge expires, moving no money', async (ctx) => {
    const { customerId, accounts, quote, since, challengeExpiresAt, afterExecute } = await scaSender(ctx);
    requireCapability(ctx, msUntil(challengeExpiresAt) <= capabilities.waitBudgetMs, 'the SCA challenge outlives the wait budget', ['transition:transaction:PENDING_AUTHORIZATION->FAILED']);
    const events = await expectOutgoingLifecycle(quote.transactionId, 'FAILED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PENDING_AUTHORIZATION', 'FAILED'], 'an unauthorised payment');
    expect(events.find((e) => e.type === 'OUTGOING_PAYMENT.FAILED')!.data.failureReason, 'Failure reasons: SCA_NOT_COMPLETED').toBe('SCA_NOT_COMPLETED');
    await expectNothingKept({ customerId, accountId: accounts.USD.id, start: accounts.USD.balance.amount, beforeFailure: afterExecute, amount: quote.totalSendingAmount, transactionId: quote.transactionId, events, since });
  });

  it('fails with SCA_NOT_COMPLETED when a fresh challenge of the authorization loop expires, moving no money', async (ctx) => {
    const { customerId, accounts, quote, since, challengeId, challengeExpiresAt } = await scaSender(ctx);
    // Authorized halfway through what is left of the first challenge's life, so that a fresh challenge
    // expires well after the first: a payment failed at the first's expiry is then told from one failed at the fresh one's.
    await untilShareOf(challengeExpiresAt, 0.5);
    const res = await api.post('/quotes/{quoteId}/authorize', { params: { quoteId: quote.id }, body: { code: capabilities.sca!.code } });
    const answered = expectStatus(res, 200, Quote, 'supplement 8: POST /quotes/{quoteId}/authorize answers 200 Quote');
    noteInterface('quotes:authorization-rounds', ROUNDS_NOTE, `a USD to EUR send from an internal account: after one authorization the quote is ${answered.status}`);
    // What the payment took by now: a target may debit at execute or at an authorization.
    const afterAuthorize = await balanceOf(customerId, accounts.USD.id);
    const next = expectAuthorizationAnswer(answered, new Set([challengeId]));
    if (!next) {
      // A target that proceeds on one authorization offers no later challenge to let expire: its payment completes, its totalSendingAmount taken to the cent.
      await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
      expect(await balanceOf(customerId, accounts.USD.id), 'supplement 8: an authorized payment completes, its totalSendingAmount debited').toBe(accounts.USD.balance.amount - quote.totalSendingAmount);
      return;
    }
    requireCapability(ctx, msUntil(next.expiresAt) <= capabilities.waitBudgetMs, 'the fresh SCA challenge outlives the wait budget');
    // Interface, Failure reasons: SCA_NOT_COMPLETED is "a transaction that failed on an expired SCA challenge": the fresh one too.
    const events = await expectOutgoingLifecycle(quote.transactionId, 'FAILED', since);
    expectPath('transaction', outgoing(events), ['PENDING', 'PENDING_AUTHORIZATION', 'FAILED'], 'a payment whose later challenge expired');
    const failed = events.find((e) => e.type === 'OUTGOING_PAYMENT.FAILED')!;
    expect(failed.data.failureReason, 'Failure reasons: SCA_NOT_COMPLETED').toBe('SCA_NOT_COMPLETED');
    // The fresh challenge's expiry failed it, not the first's (both stamps are the target's clock).
    expect(
      Date.parse(failed.timestamp) + timestampPrecisionMs(failed.timestamp, listener.wholeSeconds),
      `Failure reasons: SCA_NOT_COMPLETED is "a transaction that failed on an expired SCA challenge": the open challenge ${next.id} expires at ${next.expiresAt}, and the payment failed at ${failed.timestamp}`,
    ).toBeGreaterThanOrEqual(Date.parse(next.expiresAt));
    await expectNothingKept({ customerId, accountId: accounts.USD.id, start: accounts.USD.balance.amount, beforeFailure: afterAuthorize, amount: quote.totalSendingAmount, transactionId: quote.transactionId, events, since });
  });
});
