// Interface: POST {base_url}/quotes ("Response is a Quote; read transactionId from it";
// immediatelyExecute "creates and executes in one request"); Transaction (as seen in outgoing-payment
// events: sentAmount "Amount debited", settledAt, destination.accountId, platformFees); Events
// (OUTGOING_PAYMENT.<STATUS>, INTERNAL_ACCOUNT.BALANCE_UPDATED). Execute path, quote shape and the
// sandbox funding trigger: basis: supplement (section 8). Money is neither created nor lost, and is
// judged against the request and the fee configuration to the smallest unit (helpers/money.ts; every
// quote made through createQuote is checked: the locked side, the platform fee, the rate).
import { describe, expect, it } from 'vitest';
import { expectEvents } from '../../helpers/events.js';
import { expectStatus } from '../../helpers/expect.js';
import { balanceOf, createQuote, eurDestination, executeQuote, expectOutgoingLifecycle, expectSameAmounts, expectTransactionOfQuote, quoteBody, sender, transaction, walletWithoutTrigger } from '../../helpers/flows/transfers.js';
import { describeBounds, platformFeeChoices, within } from '../../helpers/money.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { OutgoingTransaction, Quote } from '../../helpers/schemas/index.js';

describe('POST /quotes and POST /quotes/{quoteId}/execute', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Other operations that are named' });

  it('executes a USD to EUR quote: the debit equals sentAmount, OUTGOING_PAYMENT events in order end COMPLETED, with settledAt and the destination', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('quote shape, execute path (section 8)');
    const { customerId, accounts } = await sender();
    const usd = accounts.USD;
    const destination = await eurDestination(customerId);
    const quote = await createQuote(quoteBody(usd.id, destination.id, 250_000));
    expect(quote.totalSendingAmount, 'lockedCurrencySide SENDING: the sending total is the requested amount').toBe(250_000);
    const since = await listener.mark();

    expectSameAmounts(expectStatus(await executeQuote(quote.id), 200, Quote, 'executing a quote'), quote);

    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    expect(txn.id, 'read transactionId from the quote').toBe(quote.transactionId);
    expectTransactionOfQuote(txn, quote);
    expect(txn.status).toBe('COMPLETED');
    expect(txn.destination.accountId).toBe(destination.id);
    expect(Date.parse(txn.settledAt ?? ''), 'a completed transaction has settledAt (Settlement time)').not.toBeNaN();
    await expectEvents(usd.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === usd.balance.amount - txn.sentAmount.amount, what: 'the debit of sentAmount' }], { since });
    expect(await balanceOf(customerId, usd.id), 'balance invariant: debit = sentAmount, nothing else').toBe(usd.balance.amount - txn.sentAmount.amount);
  });

  it('locks the receiving side: the destination receives exactly lockedCurrencyAmount, and the sender pays its conversion plus the fees', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    // A fixed override only: the platform fee is 250 whatever amount the basis points would apply to.
    const override = { platformFeeOverride: { platformFixedFee: { amount: 250, currency: 'USD' }, platformVariableFeeBps: 0 } };
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 50_000, { lockedCurrencySide: 'RECEIVING', immediatelyExecute: true, ...override }));
    expect(quote.totalReceivingAmount, 'lockedCurrencySide RECEIVING: the locked amount is the received one').toBe(50_000);
    expect(quote.platformFeesIncluded, 'platformFeeOverride: a fixed fee of 250').toBe(250);
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    expectTransactionOfQuote(txn, quote);
    expect(txn.receivedAmount?.amount, 'receivedAmount is the locked receiving amount').toBe(50_000);
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(accounts.USD.balance.amount - quote.totalSendingAmount);
  });

  it('creates and executes in one request with immediatelyExecute', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true }));
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    expectTransactionOfQuote(txn, quote);
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(accounts.USD.balance.amount - 10_000);
  });

  it('moves money between internal accounts: the source is debited sentAmount and the destination credited receivedAmount, exactly', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('an internal account as a quote destination (section 8)');
    const { customerId, accounts } = await sender({ USD: 300_000, EUR: 0 });
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, accounts.EUR.id, 120_000, { immediatelyExecute: true }));
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expectTransactionOfQuote(await transaction(quote.transactionId), quote);
    await expectEvents(accounts.EUR.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === quote.totalReceivingAmount, what: `the credit of receivedAmount ${quote.totalReceivingAmount}` }], { since });
    expect(await balanceOf(customerId, accounts.USD.id), 'debited exactly sentAmount').toBe(300_000 - 120_000);
    expect(await balanceOf(customerId, accounts.EUR.id), 'credited exactly receivedAmount').toBe(quote.totalReceivingAmount);
  });

  it('reports the on-chain transaction of a wallet destination once settled', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const { wallets } = await import('../../helpers/wallets/index.js');
    const { ExternalAccount } = await import('../../helpers/schemas/index.js');
    const { OnChainTransaction } = await import('../../helpers/schemas/transactions.js');
    // Its payment is meant to complete: the address ends in no trigger digits.
    const wallet = walletWithoutTrigger(() => wallets.evm());
    // Supplement 7: ownershipType "required for self-custody wallets under counterparty rules", sent where they apply.
    const ownership = capabilities.counterpartyRules ? { ownershipType: 'THIRD_PARTY' } : {};
    const res = await api.post('/customers/external-accounts', { body: { customerId, currency: 'USDC', ...ownership, accountInfo: { accountType: wallet.accountType, address: wallet.address, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Wallet Holder', countryOfResidence: 'US' } } } });
    const destination = expectStatus(res, 201, ExternalAccount);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 5_000, { immediatelyExecute: true }));
    const events = await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const completed = OutgoingTransaction.parse(events[events.length - 1].data);
    expectTransactionOfQuote(completed, quote);
    // The schema holds the shape (transactionHash, and a network of the supplement's enum); here, its presence.
    expect(completed.destination.onChainTransaction, 'Transaction.destination: onChainTransaction with transactionHash and network once the crypto transfer settles').not.toBeUndefined();
    // The wallet is an ETHEREUM_WALLET (its accountType names its chain): the transfer settles on that network.
    const onChain = OnChainTransaction.parse(completed.destination.onChainTransaction);
    expect(onChain.network, 'Interface, Transaction.destination: onChainTransaction names the network the transfer settled on; the destination is an ETHEREUM_WALLET').toBe('ETHEREUM');
    expect(onChain.transactionHash.length, 'Interface: onChainTransaction carries the transactionHash').toBeGreaterThan(0);
    const read = await transaction(quote.transactionId);
    expect(read.destination.onChainTransaction, 'GET /transactions/{id} reports the same on-chain transaction as the event').toEqual(completed.destination.onChainTransaction);
    expect(await balanceOf(customerId, accounts.USD.id), 'balance invariant: debit = sentAmount').toBe(accounts.USD.balance.amount - 5_000);
  });

  it('breaks the platform fee out: platformFeesIncluded on the quote equals platformFees on the transaction, and the transaction\'s fees, the quote\'s feesIncluded, include it', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 100_000, { immediatelyExecute: true, platformFeeOverride: { platformFixedFee: { amount: 100, currency: 'USD' }, platformVariableFeeBps: 100 } }));
    // 100 fixed + 100 bps of the amount: of 100 000, 1 100 cents exactly; the amount the bps apply to is not stated (money.ts).
    const charged = quote.platformFeesIncluded ?? Number.NaN;
    const expected = platformFeeChoices({ fixed: 100, bps: 100 }, quote.totalSendingAmount, { total: quote.feesIncluded, other: quote.feesIncluded - charged });
    expect(expected.some((b) => within(b, charged)), `platformFeesIncluded = fixed + bps of the amount, as the override says: ${expected.map(describeBounds).join(' or ')}, got ${quote.platformFeesIncluded}`).toBe(true);
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    // Description, OutgoingTransaction: platformFees and fees, int64 in the smallest unit of the sending
    // currency, are the quote's platformFeesIncluded and feesIncluded, the first "Already included in `fees`".
    expectTransactionOfQuote(txn, quote);
    expect(await balanceOf(customerId, accounts.USD.id), 'balance invariant: the platform fee is part of the debit, not on top of it').toBe(accounts.USD.balance.amount - 100_000);
  });

  it('returns the first quote for a repeated POST /quotes with immediatelyExecute and the same Idempotency-Key, moving money once', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 1: Idempotency-Key on POST /quotes: a repeat returns the first response');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const body = quoteBody(accounts.USD.id, destination.id, 30_000, { immediatelyExecute: true });
    const key = crypto.randomUUID();
    const since = await listener.mark();
    const first = expectStatus(await api.post('/quotes', { body, headers: { 'Idempotency-Key': key } }), 201, Quote, 'POST /quotes with immediatelyExecute');
    const repeat = await api.post('/quotes', { body, headers: { 'Idempotency-Key': key } });
    expect(repeat.status, 'supplement 1: the repeat returns the first response').toBe(201);
    expect((repeat.body as { id?: unknown }).id, 'supplement 1: the repeat names the first quote').toBe(first.id);
    expect((repeat.body as { transactionId?: unknown }).transactionId, 'and its transaction').toBe(first.transactionId);
    await expectOutgoingLifecycle(first.transactionId, 'COMPLETED', since);
    expect(await balanceOf(customerId, accounts.USD.id), 'debited once').toBe(accounts.USD.balance.amount - first.totalSendingAmount);
  });

  it('moves money once for a repeated execute with the same Idempotency-Key', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('Idempotency-Key: a repeat returns the first response (section 1)');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 40_000));
    const since = await listener.mark();
    const first = await executeQuote(quote.id, `key-${quote.id}`);
    const second = await executeQuote(quote.id, `key-${quote.id}`);
    expectStatus(first, 200, Quote);
    expect(second.status, 'the repeat returns the first response').toBe(first.status);
    expect(second.body).toEqual(first.body);
    expectSameAmounts(expectStatus(second, 200, Quote), quote);
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expect(await balanceOf(customerId, accounts.USD.id), 'debited once').toBe(accounts.USD.balance.amount - quote.totalSendingAmount);
  });
});
