// Every documented field rule of the sandbox triggers that move money, both ways, with generated data
// (helpers/field-rules/quotes.ts). basis: supplement (section 6: POST /sandbox/internal-accounts/{accountId}/fund
// {amount*: int64 ≤ 1e11}; sections 8 and 13: POST /sandbox/send {quoteId*, currencyCode*, currencyAmount?});
// interface: Errors (FieldError dot paths).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { fund } from '../../helpers/flows/customers.js';
import { balanceOf, createQuote, eurDestination, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill, sandboxFund, sandboxSend, sandboxUmaReceive } from '../../helpers/field-rules/quotes.js';
import { SUCCESS_SENDER } from '../../helpers/flows/incoming.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AnyTransaction, IncomingTransaction, InternalAccount, OutgoingTransaction, Page, Quote } from '../../helpers/schemas/index.js';

const FUND = 'POST /sandbox/internal-accounts/{accountId}/fund';
const SEND = 'POST /sandbox/send';
const RECEIVE = 'POST /sandbox/uma/receive';

describe(FUND, () => {
  scenario({ area: 'Sandbox', operation: FUND, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses an amount that is missing, not an integer or above 1e11 with 400 INVALID_INPUT naming it, and credits nothing', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox triggers');
    await basisSupplement('section 6: {amount*: int64 ≤ 1e11} smallest unit; generated, one rule broken per request');
    const { customerId, accounts } = await sender({ USD: 0 });
    const account = accounts.USD;
    await checkRulesRefused({
      spec: sandboxFund(),
      send: (body) => api.post(FUND.slice(5), { params: { accountId: account.id }, body }),
      unchanged: async (rule) => expect(await balanceOf(customerId, account.id), `requests breaking ${rule.id} credited nothing`).toBe(account.balance.amount),
    });
  });

  it('credits valid amounts exactly and answers the InternalAccount', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox triggers');
    await basisSupplement('section 6: 200 InternalAccount');
    const { customerId, accounts } = await sender({ USD: 0 });
    let before = accounts.USD.balance.amount;
    await checkValidAccepted({
      spec: sandboxFund(),
      send: (body) => api.post(FUND.slice(5), { params: { accountId: accounts.USD.id }, body }),
      created: { status: 200, schema: InternalAccount },
      // No GET of one internal account (supplement 6): the customer's list is the read-back.
      readBack: async () => {
        const res = await api.get('/customers/internal-accounts', { query: { customerId } });
        const page = expectStatus(res, 200, Page(InternalAccount), 'GET /customers/internal-accounts lists the customer\'s internal accounts (supplement 6)');
        const account = page.data.find((a) => a.id === accounts.USD.id);
        expect(account, `the funded account ${accounts.USD.id} is listed`).toBeDefined();
        return { ...res, body: account };
      },
      echoes: () => false,
      then: async (sent, credited) => {
        expect(credited.balance.amount, `supplement 6: fund credits exactly amount ${sent.amount}`).toBe(before + Number(sent.amount));
        before = credited.balance.amount;
      },
    });
  });
});

describe(`${FUND}: unknown account`, () => {
  scenario({ area: 'Sandbox', operation: FUND, section: 'Other operations that are named', basis: 'supplement' });

  it('answers 404 for an internal account that does not exist', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no funding trigger');
    await basisSupplement('section 6: POST /sandbox/internal-accounts/{accountId}/fund → 200 InternalAccount; 404');
    expectError(await api.post(FUND.slice(5), { params: { accountId: `InternalAccount:${randomUUID()}` }, body: { amount: 1_000 } }), 404, undefined, 'supplement 6: funding an unknown internal account answers 404');
  });
});

describe(SEND, () => {
  scenario({ area: 'Sandbox', operation: SEND, section: 'Other operations that are named', basis: 'supplement' });

  it('answers 404 for a quote that does not exist', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no send trigger');
    await basisSupplement('section 13: POST /sandbox/send → 200 Transaction; 404 quote');
    expectError(await api.post('/sandbox/send', { body: { quoteId: `Quote:${randomUUID()}`, currencyCode: 'USD' } }), 404, undefined, 'supplement 13: /sandbox/send for an unknown quote answers 404');
  });

  /** A realtime-funding USD quote to a EUR account, awaiting its funds. */
  async function realtimeQuote() {
    const s = await sender({ USD: 0 });
    const destination = await eurDestination(s.customerId);
    const quote = await createQuote({ ...quoteBody('', destination.id, 10_000), source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: s.customerId } });
    return { quote, customerId: s.customerId };
  }

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and leaves the quote unfunded', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox triggers');
    await basisSupplement('sections 8, 13: {quoteId*, currencyCode*, currencyAmount?}; generated, one rule broken per request');
    const { quote } = await realtimeQuote();
    await checkRulesRefused({
      spec: sandboxSend(),
      complete: (b) => fill(b, { quote: quote.id, amount: quote.totalSendingAmount }),
      send: (body) => api.post('/sandbox/send', { body }),
      unchanged: async (rule) => {
        const read = expectStatus(await api.get('/quotes/{quoteId}', { params: { quoteId: quote.id } }), 200, Quote);
        // The quote may expire meanwhile (a realtime quote lives minutes at most); it is never paid.
        expect(['PENDING', 'EXPIRED'], `requests breaking ${rule.id} funded nothing: quote ${quote.id} is not paid`).toContain(read.status);
      },
    });
  });

  it('funds a realtime quote with or without currencyAmount and answers its transaction', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox triggers');
    await basisSupplement('sections 8, 13: 200 Transaction; the amount defaults from the quote');
    await checkValidAccepted({
      spec: sandboxSend(),
      // A quote per request: each is funded once.
      complete: async (b) => {
        const { quote } = await realtimeQuote();
        return fill(b, { quote: quote.id, amount: quote.totalSendingAmount });
      },
      send: (body) => api.post('/sandbox/send', { body }),
      created: { status: 200, schema: OutgoingTransaction },
      readBack: (t) => api.get('/transactions/{transactionId}', { params: { transactionId: t.id } }),
      echoes: () => false,
      then: async (sent, txn) => expect(txn.quoteId, 'the transaction is the funded quote\'s').toBe(sent.quoteId),
    });
  });
});

describe(RECEIVE, () => {
  scenario({ area: 'Sandbox', operation: RECEIVE, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 naming the field, and no payment arrives', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox triggers');
    await basisSupplement('sections 8, 13: {senderUmaAddress*, receiverUmaAddress? | customerId?, receivingCurrencyCode*, receivingCurrencyAmount*}; generated, one rule broken per request');
    const { customerId } = await sender({ USD: 0 });
    await checkRulesRefused({
      spec: sandboxUmaReceive(SUCCESS_SENDER),
      complete: (b) => ({ ...fill(b, { customer: customerId }), customerId }),
      send: (body) => api.post('/sandbox/uma/receive', { body }),
      unchanged: async (rule) => {
        const listed = expectStatus(await api.get('/transactions', { query: { customerId, limit: 100 } }), 200, Page(AnyTransaction)).data;
        expect(listed.map((t) => t.id), `requests breaking ${rule.id} were refused: no payment arrived for ${customerId}`).toEqual([]);
      },
    });
  });

  it('accepts valid requests and answers the incoming payment, read back with the amount and receiver asked for', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox triggers');
    await basisSupplement('sections 8, 13: 200 IncomingTransaction');
    const { customerId } = await sender({ USD: 0 });
    await checkValidAccepted({
      spec: sandboxUmaReceive(SUCCESS_SENDER),
      // The receiver is named on every request (supplement 8 leaves open whether neither receiverUmaAddress nor customerId may be given).
      complete: (b) => ({ ...fill(b, { customer: customerId }), customerId }),
      send: (body) => api.post('/sandbox/uma/receive', { body }),
      created: { status: 200, schema: IncomingTransaction },
      readBack: (t) => api.get('/transactions/{transactionId}', { params: { transactionId: t.id } }),
      echoes: (path) => path === 'customerId',
      then: async (sent, t) => {
        expect(t.receivedAmount.amount, 'supplement §13: the payment receives receivingCurrencyAmount').toBe(sent.receivingCurrencyAmount);
        expect(t.receivedAmount.currency.code, 'supplement §13: in receivingCurrencyCode').toBe(sent.receivingCurrencyCode);
      },
    });
  });
});
