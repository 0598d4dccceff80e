// Interface: POST {base_url}/quotes ("Response is a Quote; read transactionId from it";
// immediatelyExecute "creates and executes in one request"); Transaction (as seen in outgoing-payment
// events: sentAmount "Amount debited", settledAt, destination.accountId, platformFees); Events
// (OUTGOING_PAYMENT.<STATUS>, INTERNAL_ACCOUNT.BALANCE_UPDATED). Execute path, quote shape and the
// sandbox funding trigger: basis: supplement (section 8). Money is neither created nor lost.
import { describe, expect, it } from 'vitest';
import { expectEvents } from '../../helpers/events.js';
import { expectStatus } from '../../helpers/expect.js';
import { balanceOf, createQuote, eurDestination, executeQuote, expectOutgoingLifecycle, quoteBody, sender, transaction } from '../../helpers/flows/transfers.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas.js';

describe('POST /quotes and POST /quotes/{quoteId}/execute', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Other operations that are named' });

  it('executes a USD to EUR quote: the debit equals sentAmount, OUTGOING_PAYMENT events in order end COMPLETED, with settledAt and the destination', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('quote shape, execute path (section 8)');
    const { customerId, accounts } = await sender();
    const usd = accounts.USD;
    const destination = await eurDestination(customerId);
    const quote = await createQuote(quoteBody(usd.id, destination.id, 250_000));
    expect(quote.transactionId, 'read transactionId from the quote').toMatch(/^Transaction:/);
    const since = await listener.mark();

    expectStatus(await executeQuote(quote.id), 200, Quote, 'executing a quote');

    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    expect(txn.sentAmount.amount, 'the quote said what would be sent').toBe(quote.totalSendingAmount);
    expect(txn.receivedAmount.amount).toBe(quote.totalReceivingAmount);
    expect(txn.destination.accountId).toBe(destination.id);
    expect(txn.settledAt, 'a completed transaction has settledAt').toBeDefined();
    expect(txn.quoteId).toBe(quote.id);
    await expectEvents(usd.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === usd.balance.amount - txn.sentAmount.amount, what: 'the debit of sentAmount' }], { since });
    expect(await balanceOf(customerId, usd.id), 'balance invariant: debit = sentAmount, nothing else').toBe(usd.balance.amount - txn.sentAmount.amount);
  });

  it('locks the receiving side: the destination receives exactly lockedCurrencyAmount', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 50_000, { lockedCurrencySide: 'RECEIVING', immediatelyExecute: true }));
    expect(quote.totalReceivingAmount, 'lockedCurrencySide RECEIVING: the locked amount is the received one').toBe(50_000);
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    expect(txn.receivedAmount.amount).toBe(50_000);
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(accounts.USD.balance.amount - txn.sentAmount.amount);
  });

  it('creates and executes in one request with immediatelyExecute', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true }));
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    expect(await balanceOf(customerId, accounts.USD.id)).toBe(accounts.USD.balance.amount - txn.sentAmount.amount);
  });

  it('reports the on-chain transaction of a wallet destination once settled', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.counterpartyRules, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const { wallets } = await import('../../helpers/wallets/index.js');
    const { api } = await import('../../helpers/harness.js');
    const { ExternalAccount } = await import('../../helpers/schemas.js');
    const wallet = wallets.evm();
    const res = await api.post('/customers/external-accounts', { body: { customerId, currency: 'USDC', ownershipType: 'THIRD_PARTY', accountInfo: { accountType: wallet.accountType, address: wallet.address, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Wallet Holder', countryOfResidence: 'US' } } } });
    const destination = expectStatus(res, 201, ExternalAccount);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 5_000, { immediatelyExecute: true }));
    const events = await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const completed = events[events.length - 1].data;
    expect(completed.destination.onChainTransaction, 'Transaction.destination: onChainTransaction with transactionHash and network once the crypto transfer settles').toMatchObject({ transactionHash: expect.any(String), network: expect.any(String) });
    expect(await balanceOf(customerId, accounts.USD.id), 'balance invariant: debit = sentAmount').toBe(accounts.USD.balance.amount - completed.sentAmount.amount);
  });

  it('breaks the platform fee out: platformFeesIncluded on the quote equals platformFees on the transaction', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    const { customerId, accounts } = await sender();
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 100_000, { immediatelyExecute: true, platformFeeOverride: { platformFixedFee: { amount: 100, currency: 'USD' }, platformVariableFeeBps: 100 } }));
    expect(quote.platformFeesIncluded, 'platformFeesIncluded on the quote').toBeGreaterThan(0);
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const txn = await transaction(quote.transactionId);
    expect((txn.platformFees as { amount: number }).amount, 'platformFees on the outgoing transaction').toBe(quote.platformFeesIncluded);
    expect(await balanceOf(customerId, accounts.USD.id), 'balance invariant: the platform fee is part of the debit, not on top of it').toBe(accounts.USD.balance.amount - txn.sentAmount.amount);
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
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    expect(await balanceOf(customerId, accounts.USD.id), 'debited once').toBe(accounts.USD.balance.amount - quote.totalSendingAmount);
  });
});
