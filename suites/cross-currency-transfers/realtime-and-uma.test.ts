// Interface: POST {base_url}/quotes (sourceType, destinationType; "Response is a Quote; read
// transactionId from it"); Transaction (destination, status events); Failure reasons (COMPLIANCE_REJECTED).
// A quote to an UMA address carries the id of a lookup of it (supplement 8: lookupId required for UMA
// destinations); a malformed or unanswered address fails its lookup (uma-lookup.test.ts).
// REALTIME_FUNDING and UMA_ADDRESS shapes, payment instructions, POST /sandbox/send and the sandbox UMA
// receivers: basis: supplement (section 8). Description, RealtimeFundingQuoteSource.customerId: "If
// customerId is not provided, the quote will be created on behalf of the platform itself".
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectStatus } from '../../helpers/expect.js';
import { lookup, payerData, SUCCESS_RECEIVER, umaDestination } from '../../helpers/flows/uma.js';
import { balanceOf, createQuote, expectBalanceStays, expectOutgoingLifecycle, expectQuoteMoney, expectTransactionOfQuote, platformConfig, quoteBody, requireVelocityFor, sender, transaction } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { OutgoingTransaction, Quote } from '../../helpers/schemas/index.js';
import { FundingInstruction } from '../../helpers/schemas/internal-accounts.js';

// A realtime-funding quote carries its payment instructions (supplement 8), each a PaymentInstructions of the description.
const RealtimeQuote = Quote.extend({ paymentInstructions: z.array(FundingInstruction).min(1) });

describe('POST /quotes: realtime funding and UMA destinations', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Other operations that are named', basis: 'supplement' });

  it('funds a REALTIME_FUNDING quote through its payment instructions (POST /sandbox/send) and completes it', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox send trigger');
    await basisSupplement('REALTIME_FUNDING, paymentInstructions, /sandbox/send (section 8)');
    const { customerId } = await sender({ USD: 0 });
    const body = { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId }, ...(await umaDestination('$success.eur@sandbox.uma.money', customerId)), lockedCurrencySide: 'SENDING' as const, lockedCurrencyAmount: 25_000 };
    const { feeConfigs = [] } = await platformConfig();
    const res = await api.post('/quotes', { body });
    const quote = expectStatus(res, 201, RealtimeQuote, 'a realtime-funding quote carries payment instructions');
    expectQuoteMoney(quote, body, feeConfigs);
    const since = await listener.mark();
    const sent = await api.post('/sandbox/send', { body: { quoteId: quote.id, currencyCode: 'USD' } });
    const txn = expectStatus(sent, 200, OutgoingTransaction, 'the funds arrive: a transaction is returned');
    expect(txn.id).toBe(quote.transactionId);
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expectTransactionOfQuote(txn, quote);
    expectTransactionOfQuote(await transaction(quote.transactionId), quote);
  });

  it('creates a REALTIME_FUNDING quote without customerId on behalf of the platform itself, funded and completed as any other', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox send trigger');
    await basisSupplement('REALTIME_FUNDING, paymentInstructions, /sandbox/send (section 8)');
    const found = await lookup(SUCCESS_RECEIVER('eur'));
    const body = {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: SUCCESS_RECEIVER('eur') },
      lookupId: found.lookupId,
      senderCustomerInfo: payerData(found),
      lockedCurrencySide: 'SENDING' as const,
      lockedCurrencyAmount: 25_000,
    };
    const { feeConfigs = [] } = await platformConfig();
    const res = await api.post('/quotes', { body });
    const quote = expectStatus(res, 201, RealtimeQuote, 'Description, RealtimeFundingQuoteSource.customerId: "If customerId is not provided, the quote will be created on behalf of the platform itself"; a realtime-funding quote carries payment instructions');
    expectQuoteMoney(quote, body, feeConfigs);
    const since = await listener.mark();
    const txn = expectStatus(await api.post('/sandbox/send', { body: { quoteId: quote.id, currencyCode: 'USD' } }), 200, OutgoingTransaction, 'the funds arrive: a transaction is returned');
    expect(txn.id).toBe(quote.transactionId);
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expectTransactionOfQuote(await transaction(quote.transactionId), quote);
  });

  it('pays an UMA address from an internal account, and refunds a payment the receiver rejects for compliance', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox UMA receivers');
    requireVelocityFor(ctx, 2);
    const { customerId, accounts } = await sender({ USD: 100_000 });
    let since = await listener.mark();
    const ok = await createQuote({ ...quoteBody(accounts.USD.id, '', 10_000, { immediatelyExecute: true }), ...(await umaDestination('$success.usd@sandbox.uma.money', customerId)) });
    await expectOutgoingLifecycle(ok.transactionId, 'COMPLETED', since);
    const afterFirst = await balanceOf(customerId, accounts.USD.id);
    expectTransactionOfQuote(await transaction(ok.transactionId), ok);
    expect(afterFirst, 'debited exactly the locked sending amount').toBe(accounts.USD.balance.amount - 10_000);

    since = await listener.mark();
    const rejected = await createQuote({ ...quoteBody(accounts.USD.id, '', 10_000, { immediatelyExecute: true }), ...(await umaDestination('$fail.compliance.usd@sandbox.uma.money', customerId)) });
    await expectOutgoingLifecycle(rejected.transactionId, 'REFUND_COMPLETED', since);
    const refunded = await transaction(rejected.transactionId);
    expectTransactionOfQuote(refunded, rejected);
    expect(refunded.failureReason).toBe('COMPLIANCE_REJECTED');
    await expectBalanceStays({ customerId, accountId: accounts.USD.id, transactionId: rejected.transactionId, since, balance: afterFirst, rule: 'the rejected payment was refunded' });
  });
});
