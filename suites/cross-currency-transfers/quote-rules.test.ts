// Interface: POST {base_url}/quotes (END_USER_TERMS_NOT_ACCEPTED until terms acceptance is on file;
// platformFeeOverride requires a USD source currency); Limits (single-transaction maximum: 400
// TRANSACTION_SIZE_LIMIT_EXCEEDED; daily volume: 429 DAILY_VOLUME_LIMIT_EXCEEDED); Errors / 400
// (SELF_PAYMENT, INVALID_AMOUNT, INVALID_CURRENCY, EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED); Internal
// account status (frozen accounts cannot send); ExternalAccount PENDING_OWNERSHIP_VERIFICATION ("transfers
// below regulatory thresholds are still allowed"). Thresholds are the target's (not shown): declared.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consent } from '../../fixtures/customers.js';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import { balanceOf, createQuote, dailyVolumeSteps, eurDestination, executeQuote, expectOutgoingLifecycle, expectQuoteMoney, expectSameAmounts, platformConfig, quoteBody, requireVelocityFor, sender, termsVersion, walletWithoutTrigger } from '../../helpers/flows/transfers.js';
import { createPendingOwnershipWallet, createWalletAccount } from '../../helpers/flows/external-accounts.js';
import { expectNothingMoved, moneyMark } from '../../helpers/flows/agents.js';
import { umaDestination } from '../../helpers/flows/uma.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Customer, InternalAccount, Quote } from '../../helpers/schemas/index.js';
import { wallets } from '../../helpers/wallets/index.js';

const quote = (body: Record<string, unknown>) => api.post('/quotes', { body });

const FROZEN_OR_FAILED = {
  id: 'internal-accounts:frozen-or-failed-refusal',
  sentences: ['Internal account status: Frozen and failed accounts cannot send or receive payments.', '(no status or code is stated for the refusal, in the interface or the supplement)'],
};
const freeze = async (accountId: string) => expectStatus(await api.post('/sandbox/internal-accounts/{accountId}/freeze', { params: { accountId } }), 200, InternalAccount, 'the sandbox trigger freezes the account');
const fail = async (accountId: string) => expectStatus(await api.post('/sandbox/internal-accounts/{accountId}/fail', { params: { accountId } }), 200, InternalAccount, 'the sandbox trigger fails the account');

describe('POST /quotes: rules', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Other operations that are named' });

  it('fails with END_USER_TERMS_NOT_ACCEPTED until terms acceptance is on file, and succeeds once it is', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('END_USER_TERMS_NOT_ACCEPTED is a 403 (section 1); PATCH /customers/{customerId} with endUserTermsConsent (section 4)');
    const { customerId, accounts } = await sender({ USD: 100_000 }, false);
    const destination = await eurDestination(customerId);
    const res = await quote(quoteBody(accounts.USD.id, destination.id, 10_000));
    // The interface names the code but not its HTTP status; the supplement puts it under 403.
    expectError(res, 403, 'END_USER_TERMS_NOT_ACCEPTED', 'POST /quotes fails with END_USER_TERMS_NOT_ACCEPTED until terms acceptance is on file');
    noteInterface('quotes:terms-not-accepted-status', ['Other codes named: END_USER_TERMS_NOT_ACCEPTED (HTTP status: not shown)', 'supplement 1: 403 ... END_USER_TERMS_NOT_ACCEPTED (so terms failure is 403)'], `answered ${res.status}`);
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused quote moves no money').toBe(100_000);
    // Control: the same quote once the terms are accepted (interface: endUserTermsConsent on create or update).
    const accepted = await api.patch('/customers/{customerId}', { params: { customerId }, body: { customerType: 'INDIVIDUAL', endUserTermsConsent: consent(await termsVersion()) } });
    expectStatus(accepted, 200, Customer, 'PATCH /customers/{customerId} records endUserTermsConsent');
    await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000));
  });

  it('answers 400 TRANSACTION_SIZE_LIMIT_EXCEEDED above the single-transaction maximum', async (ctx) => {
    const max = capabilities.limits.singleUsdCents;
    requireCapability(ctx, capabilities.sandboxTriggers && max !== undefined, 'the target declares no single-transaction maximum (SVC_LIMIT_SINGLE_USD_CENTS)', ['error:400:TRANSACTION_SIZE_LIMIT_EXCEEDED']);
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    // Control: the same quote within the maximum is accepted.
    await createQuote(quoteBody(accounts.USD.id, destination.id, Math.floor(max! / 2)));
    const res = await quote(quoteBody(accounts.USD.id, destination.id, max! + 100_000));
    expectError(res, 400, 'TRANSACTION_SIZE_LIMIT_EXCEEDED', 'Limits: single-transaction maximum exceeded: 400 TRANSACTION_SIZE_LIMIT_EXCEEDED');
  });

  it('answers 429 DAILY_VOLUME_LIMIT_EXCEEDED once the daily volume would be exceeded, and moves no money', async (ctx) => {
    // The daily volume is one customer's: its quotes cannot move to another, and the documents do not say which refusal comes first where both apply.
    const { each, count } = dailyVolumeSteps(ctx, ['error:429:DAILY_VOLUME_LIMIT_EXCEEDED']);
    const { customerId, accounts } = await sender({ USD: each * (count + 1) });
    const destination = await eurDestination(customerId);
    for (let i = 0; i < count; i++) await createQuote(quoteBody(accounts.USD.id, destination.id, each, { immediatelyExecute: true }));
    const mark = await moneyMark(customerId, accounts.USD.id);
    const res = await quote(quoteBody(accounts.USD.id, destination.id, each, { immediatelyExecute: true }));
    expectError(res, 429, 'DAILY_VOLUME_LIMIT_EXCEEDED', 'Limits: daily volume exceeded: 429 DAILY_VOLUME_LIMIT_EXCEEDED');
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused quote moves no money').toBe(mark.balance);
    await expectNothingMoved(customerId, accounts.USD.id, mark, 'Limits: a quote refused for the daily volume moves no money');
  });

  it('creates a quote to execute later past the daily volume, and answers its execution 429 DAILY_VOLUME_LIMIT_EXCEEDED, moving no money', async (ctx) => {
    const { each, count } = dailyVolumeSteps(ctx, ['response:POST /quotes/{quoteId}/execute 429']);
    const { customerId, accounts } = await sender({ USD: each * (count + 1) });
    const destination = await eurDestination(customerId);
    for (let i = 0; i < count; i++) await createQuote(quoteBody(accounts.USD.id, destination.id, each, { immediatelyExecute: true }));
    // Description, createQuote: 429 only "when `immediatelyExecute` is set and the requested amount would exceed
    // the configured daily volume limit": a quote to execute later is created.
    const later = await createQuote(quoteBody(accounts.USD.id, destination.id, each));
    const mark = await moneyMark(customerId, accounts.USD.id);
    expectError(await executeQuote(later.id), 429, 'DAILY_VOLUME_LIMIT_EXCEEDED', 'Description, executeQuote: 429 DAILY_VOLUME_LIMIT_EXCEEDED "when executing the quote would exceed the configured daily volume limit"');
    await expectNothingMoved(customerId, accounts.USD.id, mark, 'Limits: an execution refused for the daily volume moves no money');
  });

  it('answers 400 SELF_PAYMENT when the destination is the source account', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    // Control: the same quote to another account is accepted.
    await createQuote(quoteBody(accounts.USD.id, (await eurDestination(customerId)).id, 1_000));
    expectError(await quote(quoteBody(accounts.USD.id, accounts.USD.id, 1_000)), 400, 'SELF_PAYMENT');
  });

  it.for([0, -500, 10.5])('answers 400 INVALID_AMOUNT for lockedCurrencyAmount %s (an integer in the smallest unit)', async (amount, ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    expectError(await quote(quoteBody(accounts.USD.id, destination.id, amount)), 400, 'INVALID_AMOUNT', 'Resources: amount is an integer in the smallest unit; Errors / 400 INVALID_AMOUNT');
    // Control: the same quote with a positive integer amount is accepted.
    await createQuote(quoteBody(accounts.USD.id, destination.id, 1_000));
  });

  it('answers 400 INVALID_CURRENCY for a currency the service does not know', async () => {
    await basisSupplement('REALTIME_FUNDING source with a currency; UMA destinations (section 8)');
    const { customerId } = await sender({ USD: 0 });
    const to = await umaDestination('$success.usd@sandbox.uma.money', customerId);
    const realtime = (currency: string) => ({ source: { sourceType: 'REALTIME_FUNDING', currency, customerId }, ...to, lockedCurrencySide: 'SENDING' as const, lockedCurrencyAmount: 1_000 });
    expectError(await quote(realtime('XQX')), 400, 'INVALID_CURRENCY');
    // Control: the same quote in a currency of the interface (USD) is accepted.
    const body = realtime('USD');
    const { feeConfigs = [] } = await platformConfig();
    expectQuoteMoney(expectStatus(await quote(body), 201, Quote, 'POST /quotes: a realtime-funding quote in USD'), body, feeConfigs);
  });

  it('refuses platformFeeOverride with a non-USD source currency, and accepts the same override from a USD source', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    // Three quotes of one customer: two controls and the refused one.
    requireVelocityFor(ctx, 3);
    const { customerId, accounts } = await sender({ USD: 100_000, EUR: 100_000 });
    const destination = await eurDestination(customerId);
    const override = (currency: string) => ({ platformFeeOverride: { platformFixedFee: { amount: 10, currency }, platformVariableFeeBps: 10 } });
    // Control: a cross-currency quote from the USD account with the override is priced by it.
    const control = await createQuote(quoteBody(accounts.USD.id, accounts.EUR.id, 10_000, override('USD')));
    expect(control.platformFeesIncluded, 'platformFeeOverride: 10 fixed + 10 bps of 10 000').toBe(20);
    // Control: the same EUR-sourced quote without the override is accepted.
    await createQuote(quoteBody(accounts.EUR.id, accounts.USD.id, 10_000));
    const res = await quote(quoteBody(accounts.EUR.id, accounts.USD.id, 10_000, override('EUR')));
    expectRefusal(res, 'POST /quotes: platformFeeOverride (per-transaction fee override; requires USD source currency)', {
      id: 'quotes:fee-override-non-usd',
      sentences: ['POST /quotes: platformFeeOverride (per-transaction fee override; requires USD source currency)', '(no status or code is stated for the refusal)'],
    });
    expect(await balanceOf(customerId, accounts.EUR.id), 'a refused quote moves no money').toBe(100_000);
  });

  it('allows a transfer below the regulatory threshold to a wallet pending ownership verification, executed to completion, and refuses one above it with EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', async (ctx) => {
    const threshold = capabilities.limits.verificationThresholdUsdCents;
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.counterpartyRules && threshold !== undefined, 'the target declares no regulatory threshold (SVC_LIMIT_VERIFICATION_USD_CENTS)', ['error:400:EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED']);
    requireVelocityFor(ctx, 2, ['error:400:EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED']);
    const { customerId, accounts } = await sender({ USD: threshold! * 3 });
    const wallet = await createPendingOwnershipWallet(walletWithoutTrigger(() => wallets.evm()));
    // Platform wallets may receive from customer accounts only where the target allows it; customer wallets are the usual case.
    const belowBody = quoteBody(accounts.USD.id, wallet.id, Math.floor(threshold! / 2));
    const { feeConfigs = [] } = await platformConfig();
    const below = await quote(belowBody);
    const above = await quote(quoteBody(accounts.USD.id, wallet.id, threshold! * 2));
    const allowed = expectStatus(below, 201, Quote, 'PENDING_OWNERSHIP_VERIFICATION: transfers below regulatory thresholds are still allowed');
    expectQuoteMoney(allowed, belowBody, feeConfigs);
    expectError(above, 400, 'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', 'destination account ownership must be verified before the transfer');
    // The transfer below the threshold is allowed, not just its quote: executed, it debits its total and completes.
    const since = await listener.mark();
    expectStatus(await executeQuote(allowed.id), 200, Quote, 'Interface, External account states: PENDING_OWNERSHIP_VERIFICATION "transfers below regulatory thresholds are still allowed": the quote executes');
    await expectOutgoingLifecycle(allowed.transactionId, 'COMPLETED', since);
    expect(await balanceOf(customerId, accounts.USD.id), 'the allowed transfer debits exactly its totalSendingAmount').toBe(threshold! * 3 - allowed.totalSendingAmount);
  });

  it('refuses a quote or its execution from a frozen internal account, and moves no money', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.stateTriggers.includes('freeze'), 'the target declares no freeze trigger (SVC_STATE_TRIGGERS)');
    requireVelocityFor(ctx, 2);
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    // Control: while ACTIVE the account is quoted from.
    const pending = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000));
    await freeze(accounts.USD.id);
    const execute = await executeQuote(pending.id);
    expectRefusal(execute, 'Internal account status: frozen accounts cannot send payments (execute)', FROZEN_OR_FAILED);
    const fresh = await quote(quoteBody(accounts.USD.id, destination.id, 10_000));
    expectRefusal(fresh, 'Internal account status: frozen accounts cannot send payments (quote)', FROZEN_OR_FAILED);
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(100_000);
  });

  it('refuses a quote from a FAILED internal account, and moves no money', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.stateTriggers.includes('fail'), 'the target declares no fail trigger (SVC_STATE_TRIGGERS)');
    requireVelocityFor(ctx, 2);
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    // Control: while ACTIVE the same request (executed at once) is accepted and completes.
    const body = quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true });
    const since = await listener.mark();
    const control = await createQuote(body);
    await expectOutgoingLifecycle(control.transactionId, 'COMPLETED', since);
    const before = await balanceOf(customerId, accounts.USD.id);
    expect(before, 'the control debited exactly its sending total').toBe(100_000 - control.totalSendingAmount);
    await fail(accounts.USD.id);
    const res = await quote(body);
    expectRefusal(res, 'Internal account status: failed accounts cannot send payments', FROZEN_OR_FAILED);
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused quote moves no money').toBe(before);
  });

  it('refuses a quote to a frozen internal account (frozen accounts cannot receive payments)', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.stateTriggers.includes('freeze'), 'the target declares no freeze trigger (SVC_STATE_TRIGGERS)');
    requireVelocityFor(ctx, 2);
    const { customerId, accounts } = await sender({ USD: 100_000, EUR: 0 });
    // Control: while ACTIVE the same request into it (executed at once) is accepted and completes.
    const body = quoteBody(accounts.USD.id, accounts.EUR.id, 10_000, { immediatelyExecute: true });
    const since = await listener.mark();
    const control = await createQuote(body);
    await expectOutgoingLifecycle(control.transactionId, 'COMPLETED', since);
    const sent = await balanceOf(customerId, accounts.USD.id);
    const received = await balanceOf(customerId, accounts.EUR.id);
    expect(sent, 'the control debited exactly its sending total').toBe(100_000 - control.totalSendingAmount);
    expect(received, 'the control credited exactly its receiving total').toBe(control.totalReceivingAmount);
    await freeze(accounts.EUR.id);
    const res = await quote(body);
    expectRefusal(res, 'Internal account status: frozen accounts cannot receive payments', FROZEN_OR_FAILED);
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused quote moves no money').toBe(sent);
    expect(await balanceOf(customerId, accounts.EUR.id), 'a refused quote moves no money').toBe(received);
  });

  it('prices a one-cent conversion to the cent if it accepts it, and refuses it only with 400 AMOUNT_OUT_OF_RANGE or INVALID_AMOUNT', async (ctx) => {
    // The smallest convertible amount is a numeric threshold the interface does not show ("Numeric
    // thresholds ... not shown"): whether one cent is accepted is the target's choice, recorded as a note.
    // What is stated is judged either way: an accepted quote follows the request and the fee
    // configuration to the cent; a refusal of the amount uses the amount codes of Errors / 400.
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    const body = quoteBody(accounts.USD.id, destination.id, 1);
    const { feeConfigs = [] } = await platformConfig();
    const res = await quote(body);
    const sentences = ['Errors / 400: ... `AMOUNT_OUT_OF_RANGE`, ... `INVALID_AMOUNT` ...', 'Numeric thresholds of transaction size and daily volume limits: not shown.'];
    if (res.status === 201) {
      expectQuoteMoney(expectStatus(res, 201, Quote, 'POST /quotes: a one-cent conversion, accepted'), body, feeConfigs);
      noteInterface('quotes:smallest-amount', sentences, 'one cent USD to EUR: accepted (201)');
    } else {
      const error = expectError(res, 400, ['AMOUNT_OUT_OF_RANGE', 'INVALID_AMOUNT'], 'Errors / 400: AMOUNT_OUT_OF_RANGE, INVALID_AMOUNT');
      noteInterface('quotes:smallest-amount', sentences, `one cent USD to EUR: refused, ${error.code}`);
      expect(await balanceOf(customerId, accounts.USD.id), 'a refused quote moves no money').toBe(100_000);
      // Control: the same conversion of a hundred dollars is accepted.
      await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000));
    }
  });

  it('answers 404 QUOTE_NOT_FOUND for an unknown quote, and 200 with the quote for a known one', async () => {
    await basisSupplement('GET /quotes/{quoteId} (section 8)');
    const { customerId, accounts } = await sender({ USD: 0 });
    const known = await createQuote(quoteBody(accounts.USD.id, (await eurDestination(customerId)).id, 1_000));
    const read = expectStatus(await api.get('/quotes/{quoteId}', { params: { quoteId: known.id } }), 200, Quote, 'GET /quotes/{quoteId}');
    expect(read.id).toBe(known.id);
    expectSameAmounts(read, known);
    expectError(await api.get('/quotes/{quoteId}', { params: { quoteId: `Quote:${randomUUID()}` } }), 404, 'QUOTE_NOT_FOUND');
  });
});
