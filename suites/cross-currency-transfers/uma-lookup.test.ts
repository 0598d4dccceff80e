// Interface: Errors / 400 INVALID_UMA_ADDRESS, 404 LOOKUP_REQUEST_NOT_FOUND, UMA_NOT_FOUND ("well-formed
// UMA address but no receiver at the counterparty"); POST {base_url}/quotes. The receiver lookups, their
// shape, the lookupId a quote to an UMA address carries and the supplement's sandbox receivers:
// basis: supplement (sections 8, 18).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { untilPast } from '../../helpers/deadline.js';
import { sentToBreak } from '../../helpers/description/intent.js';
import { expectError, expectRefusal, expectStatus, noteInterface } from '../../helpers/expect.js';
import { balanceOf, createQuote, eurDestination, executeQuote, expectOutgoingLifecycle, expectQuoteMoney, expectTransactionOfQuote, platformConfig, quoteBody, sender, transaction } from '../../helpers/flows/transfers.js';
import { lookup, lookupUma, payerData, SUCCESS_RECEIVER, umaQuoteBody } from '../../helpers/flows/uma.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { fieldErrorsOf } from '../../helpers/schemas/errors.js';
import { Quote } from '../../helpers/schemas/index.js';
import { AccountLookup, codeOf } from '../../helpers/schemas/uma.js';

const NO_RECEIVERS = 'the target serves no sandbox UMA receivers (supplement 8: $success.<ccy>@sandbox.uma.money)';

describe('GET /receiver/uma/{receiverUmaAddress}', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'GET /receiver/uma/{receiverUmaAddress}', section: 'Errors', basis: 'supplement' });

  it.concurrent('answers a lookup id, the currencies the receiver takes and the payer data it asks for', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('receiver lookup {lookupId, receiverUmaAddress, supportedCurrencies[{currency, estimatedExchangeRate, min, max}], requiredPayerDataFields?} (section 18)');
    const { customerId } = await sender({ USD: 0 });
    const found = await lookup(SUCCESS_RECEIVER('eur'), { customerId });
    expect(found.receiverUmaAddress, 'Supplement 18: the lookup names the receiver asked about').toBe(SUCCESS_RECEIVER('eur'));
    expect(found.supportedCurrencies.length, 'Supplement 18: supportedCurrencies of a receiver that can be paid').toBeGreaterThan(0);
    for (const c of found.supportedCurrencies) expect(c.min, `Supplement 18: min <= max for ${codeOf(c.currency)}`).toBeLessThanOrEqual(c.max);
  });

  it.concurrent('answers 400 INVALID_UMA_ADDRESS for a malformed address and 404 UMA_NOT_FOUND where no receiver answers', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await lookup(SUCCESS_RECEIVER()); // control
    expectError(await lookupUma('not-an-uma-address'), 400, 'INVALID_UMA_ADDRESS', 'Errors / 400: INVALID_UMA_ADDRESS');
    expectError(await lookupUma(`$nobody.${randomUUID().slice(0, 8)}@sandbox.uma.money`), 404, 'UMA_NOT_FOUND', 'Errors / 404: UMA_NOT_FOUND (well-formed UMA address but no receiver at the counterparty)');
  });
});

describe('GET /receiver/external-account/{externalAccountId}', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'GET /receiver/external-account/{externalAccountId}', section: 'Errors', basis: 'supplement' });

  it.concurrent('answers a lookup of an external account, with accountId in place of the UMA address; 404 for an unknown account', async () => {
    await basisSupplement('GET /receiver/external-account/{accountId}: 200 as the UMA lookup, accountId replaces receiverUmaAddress; 404 (section 18)');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const account = await eurDestination(customerId);
    const res = await api.get('/receiver/external-account/{externalAccountId}', { params: { externalAccountId: account.id }, query: { customerId } });
    const found = expectStatus(res, 200, AccountLookup, 'Supplement 18: 200 {lookupId, accountId, supportedCurrencies, requiredPayerDataFields?}');
    expect(found.accountId, 'Supplement 18: accountId replaces receiverUmaAddress').toBe(account.id);
    expect(found.supportedCurrencies.map((c) => codeOf(c.currency)), `Supplement 18: supportedCurrencies (the currencies the receiver takes) include the account's own, ${account.currency}`).toContain(account.currency);
    for (const c of found.supportedCurrencies) expect(c.min, `Supplement 18: min <= max for ${codeOf(c.currency)}`).toBeLessThanOrEqual(c.max);
    // Supplement 8/18: QuoteRequest.lookupId (a cache hint outside UMA destinations): the id the lookup gave is taken by a quote to that account.
    const quote = expectStatus(
      await api.post('/quotes', { body: quoteBody(accounts.USD.id, account.id, 10_000, { lookupId: found.lookupId }) }),
      201,
      Quote,
      'Supplement 8, 18: POST /quotes with the lookupId of the account lookup creates a Quote',
    );
    expect(found.supportedCurrencies.map((c) => codeOf(c.currency)), 'Supplement 18: the quote receives a currency the lookup offered').toContain(quote.receivingCurrency.code);
    const unknown = await api.get('/receiver/external-account/{externalAccountId}', { params: { externalAccountId: `ExternalAccount:${randomUUID()}` }, query: { customerId } });
    expectError(unknown, 404, undefined, 'Supplement 18: an unknown account answers 404');
  });
});

describe('POST /quotes to an UMA address with its lookupId', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Errors', basis: 'supplement' });

  it.concurrent('quotes an UMA receiver with the lookup id, in a currency the lookup offers, to the cent', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('QuoteRequest.lookupId (required for UMA destinations), destination UMA_ADDRESS (sections 8, 18)');
    const { accounts } = await sender({ USD: 100_000 });
    const found = await lookup(SUCCESS_RECEIVER('eur'));
    const body = umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER('eur'), found, 12_345);
    const { feeConfigs = [] } = await platformConfig();
    const quote = expectStatus(await api.post('/quotes', { body }), 201, Quote, 'POST /quotes with the lookup id creates a Quote');
    expectQuoteMoney(quote, body, feeConfigs);
    expect(found.supportedCurrencies.map((c) => codeOf(c.currency)), 'Supplement 18: the quote receives a currency the lookup offered').toContain(quote.receivingCurrency.code);
  });

  it.concurrent('holds a quote to the receiver\'s range: a receiving amount below the currency\'s min or above its max is refused, one within it quoted', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('receiver lookup supportedCurrencies[{currency, estimatedExchangeRate, min, max}] (section 18); QuoteRequest lockedCurrencySide RECEIVING (section 8)');
    const rule = 'Description, CurrencyPreference: min "The minimum amount that can be received in this currency", max "The maximum amount that can be received in this currency"';
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const found = await lookup(SUCCESS_RECEIVER('eur'), { customerId });
    const eur = found.supportedCurrencies.find((c) => codeOf(c.currency) === 'EUR');
    expect(eur, 'Supplement 18: the EUR receiver offers EUR').toBeDefined();
    const receiving = (amount: number) => ({ ...umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER('eur'), found, amount), destination: { destinationType: 'UMA_ADDRESS', umaAddress: SUCCESS_RECEIVER('eur'), currency: 'EUR' }, lockedCurrencySide: 'RECEIVING' as const });
    const note = { id: 'uma-quote-outside-receiver-range', sentences: [rule, 'which status and code refuse a quote outside the range: not stated (supplement 28: AMOUNT_OUT_OF_RANGE is not tied to an operation)'] };
    // Control: the least amount the receiver takes, and one in the middle (bounded by what the sender holds).
    const within = Math.max(eur!.min, Math.min(eur!.max, 20_000));
    expectStatus(await api.post('/quotes', { body: receiving(within) }), 201, Quote, `control: a quote receiving ${within}, within [${eur!.min}, ${eur!.max}]`);
    if (eur!.min > 1) expectRefusal(await api.post('/quotes', { body: receiving(eur!.min - 1) }), `${rule}: a quote receiving ${eur!.min - 1}, below min ${eur!.min}`, note);
    expectRefusal(await api.post('/quotes', { body: receiving(eur!.max + 1) }), `${rule}: a quote receiving ${eur!.max + 1}, above max ${eur!.max}`, note);
  });

  it.concurrent('refuses a quote to an UMA address without a lookupId with 400, and moves no money; the same quote with the lookup id is accepted (control)', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('QuoteRequest.lookupId (required for UMA destinations), destination UMA_ADDRESS (sections 8, 18)');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const found = await lookup(SUCCESS_RECEIVER('eur'), { customerId });
    const { lookupId: _lookupId, ...without } = umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER('eur'), found, 10_000, { immediatelyExecute: true });
    const res = await sentToBreak(['lookupId'], () => api.post('/quotes', { body: without }));
    const error = expectError(res, 400, undefined, 'Description, QuoteRequest.lookupId: "This is required for UMA destinations due to counterparty institution requirements"; POST /quotes 400: a quote to an UMA address without one');
    const fieldErrors = fieldErrorsOf(error);
    if (fieldErrors) expect(fieldErrors.map((e) => e.field), 'Interface, Errors: a FieldError for the missing field').toContain('lookupId');
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused quote executes nothing: the source keeps its balance').toBe(accounts.USD.balance.amount);
    const quote = expectStatus(await api.post('/quotes', { body: { ...without, lookupId: found.lookupId } }), 201, Quote, 'control: the same quote with the lookup id is accepted');
    expect(quote.transactionId, 'control: executed at once, the quote names its transaction').toEqual(expect.any(String));
  });

  it.concurrent('pays an UMA receiver end to end: lookup, quote with its id, execute; COMPLETED, the source debited the sending total', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('lookupId on the quote (section 18); execute debits the source at once, PENDING -> PROCESSING -> COMPLETED (section 8)');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const found = await lookup(SUCCESS_RECEIVER('mxn'), { customerId });
    const quote = await createQuote(umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER('mxn'), found, 20_000));
    const since = await listener.mark();
    expectStatus(await executeQuote(quote.id), 200, Quote, 'POST /quotes/{quoteId}/execute answers the Quote');
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expectTransactionOfQuote(await transaction(quote.transactionId), quote);
    expect(await balanceOf(customerId, accounts.USD.id), 'the source is debited exactly the sending total').toBe(accounts.USD.balance.amount - quote.totalSendingAmount);
  });

  it.concurrent('refuses a quote whose senderCustomerInfo lacks a mandatory payer data field the lookup asked for', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    await basisSupplement('"senderCustomerInfo must carry each field the lookup asked for" (section 18); the refusal\'s code is not stated');
    const { accounts } = await sender({ USD: 100_000 });
    const found = await lookup(SUCCESS_RECEIVER());
    const mandatory = (found.requiredPayerDataFields ?? []).filter((p) => p.mandatory).map((p) => p.name);
    expectStatus(await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), found) }), 201, Quote); // control
    if (mandatory.length === 0) {
      // Observed, not declared, and allowed (requiredPayerDataFields is optional, supplement 18): with
      // nothing asked for, the documented rule leaves only the accepted quote above to judge.
      noteInterface(
        'uma:no-mandatory-payer-data',
        ['Supplement 18: requiredPayerDataFields?[{name*, mandatory*}] (optional)', 'Supplement 8: the sandbox receivers are named; the payer data they ask for is not shown'],
        `the lookup of ${SUCCESS_RECEIVER()} asked for no mandatory payer data, so no quote could lack one; the quote without senderCustomerInfo was accepted`,
      );
      return;
    }
    const res = await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), found, 1_000, { senderCustomerInfo: payerData(found, [mandatory[0]]) }) });
    expectRefusal(res, `Supplement 18: senderCustomerInfo must carry ${mandatory[0]}, which the lookup asked for`, {
      id: 'uma:missing-payer-data',
      sentences: ['Supplement 18: "senderCustomerInfo must carry each field the lookup asked for"', 'Supplement 28.3: which operation returns MISSING_MANDATORY_USER_INFO is not stated; the form of senderCustomerInfo is not shown'],
    });
  });

  it.concurrent('answers 404 LOOKUP_REQUEST_NOT_FOUND for a lookup id the target never gave', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    const { accounts } = await sender({ USD: 100_000 });
    const found = await lookup(SUCCESS_RECEIVER());
    expectStatus(await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), found) }), 201, Quote); // control
    const res = await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), found, 1_000, { lookupId: `Lookup:${randomUUID()}` }) });
    expectError(res, 404, 'LOOKUP_REQUEST_NOT_FOUND', 'Errors / 404: LOOKUP_REQUEST_NOT_FOUND (supplement 18: quote, unknown lookupId)');
  });

  it.concurrent('answers 404 LOOKUP_REQUEST_NOT_FOUND once the lookup has expired', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, NO_RECEIVERS);
    const ttl = capabilities.umaLookupTtlMs;
    requireCapability(
      ctx,
      ttl !== undefined && ttl <= capabilities.waitBudgetMs,
      ttl === undefined ? 'the target declares no lifetime of a lookup id (SVC_UMA_LOOKUP_TTL_MS)' : `a lookup id lives ${ttl} ms, beyond the wait budget ${capabilities.waitBudgetMs} ms`,
      ['error:404:LOOKUP_REQUEST_NOT_FOUND'],
    );
    await basisSupplement('LOOKUP_REQUEST_NOT_FOUND (404) | quote | unknown/expired lookupId (section 18); the lifetime is the target\'s declaration (section 28)');
    // The documents do not say whether a lookup id serves one quote or several, so no id is used twice here:
    // a fresh id quotes at once (the control), and another, never used, is refused once its declared life is over.
    // A target that makes ids single-use but never expires them answers 201 to the unused one.
    const { accounts } = await sender({ USD: 100_000 });
    const fresh = await lookup(SUCCESS_RECEIVER());
    expectStatus(await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), fresh) }), 201, Quote, 'a fresh lookup id quotes at once'); // control
    const found = await lookup(SUCCESS_RECEIVER());
    // The target made the lookup before we received its answer: its life is over ttl after that at the latest.
    const expiredBy = new Date(Date.now() + ttl!).toISOString();
    await untilPast(expiredBy);
    const res = await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), found) });
    expectError(res, 404, 'LOOKUP_REQUEST_NOT_FOUND', 'Errors / 404: LOOKUP_REQUEST_NOT_FOUND (supplement 18: quote, expired lookupId)');
  });
});
