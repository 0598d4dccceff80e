// A card authorization whose funding account is spent elsewhere before the clearing arrives.
// basis: supplement: section 6 (InternalAccount.balance is the available balance), section 9 (a
// clearing pulls the cleared amount from the funding account; card transaction states AUTHORIZED,
// PARTIALLY_SETTLED, SETTLED, REFUNDED, EXCEPTION), section 8 (execute debits the source). What a
// clearing the account can no longer pay ends in is not stated (an interface note records it); what
// is asserted is the money: the balance never goes below zero and equals the funding less what the
// payment and the card actually took, to the cent.
import { describe, expect, it } from 'vitest';
import { waitForEvent } from '../../helpers/events.js';
import { eventually } from '../../helpers/eventually.js';
import { expectSchema, noteInterface } from '../../helpers/expect.js';
import { cardTransactions, getCard, issueCard, purchase, simulate } from '../../helpers/flows/cards.js';
import { balanceOf, createQuote, eurDestination, expectOutgoingLifecycle, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { CardTransaction } from '../../helpers/schemas/index.js';

const FUNDS = 1_000_000;
const AUTHORIZED = 800_000;
/** What the account keeps after the transfer: less than the authorization. */
const LEFT = 100_000;

describe('Card clearing after the funds were spent', () => {
  scenario({ area: 'Cards', operation: 'POST /sandbox/cards/{cardId}/simulate/{name}', section: 'Events', basis: 'supplement' });

  it('a clearing the funding account can no longer pay never takes the balance below zero', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulation triggers');
    await basisSupplement('available balance (section 6); clearing pulls from the funding account (section 9); execute debits the source (section 8)');
    const { customerId, accounts } = await sender({ USD: FUNDS });
    const account = accounts.USD;
    const issued = await issueCard(customerId, account.id);
    await eventually(() => getCard(issued.id), (c) => c.state === 'ACTIVE', { timeoutMs: capabilities.eventTimeoutMs, what: `card ${issued.id} to become ACTIVE` });

    const since = await listener.mark();
    const token = await simulate(issued.id, 'authorization', purchase(AUTHORIZED));
    const event = await waitForEvent(issued.id, (n) => n.type === 'CARD_TRANSACTION.AUTHORIZED' && n.data.issuerTransactionToken === token, `CARD_TRANSACTION.AUTHORIZED for ${token}`, { since });
    const authorized = expectSchema(CardTransaction, event.data, 'the data of CARD_TRANSACTION.AUTHORIZED');

    // The account pays a transfer meanwhile: what an authorization holds (if anything) is the target's.
    // It spends all it shows available but less than the authorization.
    const available = await balanceOf(customerId, account.id);
    const spend = available - (AUTHORIZED - LEFT);
    expect(spend, `the account shows ${available} available`).toBeGreaterThan(0);
    const destination = await eurDestination(customerId);
    const quote = await createQuote(quoteBody(account.id, destination.id, spend, { immediatelyExecute: true }));
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);

    await simulate(issued.id, 'clearing', { cardTransactionId: authorized.id, amount: AUTHORIZED });
    const end = await waitForEvent(
      issued.id,
      (n) => n.data.id === authorized.id && ['CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.EXCEPTION'].includes(n.type),
      `the clearing's outcome for ${authorized.id}`,
      { since },
    );
    const found = (await cardTransactions(customerId, issued.id)).find((t) => t.id === authorized.id);
    expect(found, `the card's transactions list the cleared ${authorized.id}`).toBeDefined();
    const cleared = found!;
    noteInterface('cards:clearing-over-balance', ['Supplement 9: clearing {cardTransactionId, amount} pulls from the funding account (a clearing the account cannot pay: not stated)'], `with ${available} available after the authorization, the clearing ended ${end.type} (settled ${cleared.settledAmount?.amount ?? 0})`);

    const balance = await balanceOf(customerId, account.id);
    expect(balance, 'supplement 6: the available balance never goes below zero').toBeGreaterThanOrEqual(0);
    const taken = quote.totalSendingAmount + (cleared.settledAmount?.amount ?? 0);
    expect(balance, 'the funds less what the payment and the card settled, to the cent').toBe(FUNDS - taken);
  });
});
