// Card flows: an approved cardholder with a funded account, a card brought to ACTIVE, and card
// simulations whose outcome is found by the issuer token. Paths and shapes: basis: supplement (section 9).
import { expect, type TestContext } from 'vitest';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { individual } from '../../fixtures/customers.js';
import { eventually } from '../eventually.js';
import { expectStatus, noteInterface } from '../expect.js';
import { cardOf, rememberCardToken, unattributed } from '../card-attribution.js';
import { api, capabilities } from '../harness.js';
import { currencyCode } from '../schemas/common.js';
import { AnyTransaction, Card, CardTransaction, SimulationAccepted, type InternalAccount } from '../schemas/index.js';
import { waitForEvent } from '../events.js';
import { requireCapability } from '../scenario.js';
import { activeAccount, createCustomer, customerAccounts, fund } from './customers.js';
import { walkPages } from './pages.js';
import { needEmbeddedWallet, walletAccount } from './wallet.js';

export async function cardholder(funding = 1_000_000): Promise<{ customerId: string; account: InternalAccount }> {
  const customer = await createCustomer(individual());
  const account = await activeAccount(customer.id);
  const funded = funding ? await fund(account.id, funding) : account;
  expect(funded.balance.amount, `the funding of ${account.id} credits exactly ${funding}`).toBe(account.balance.amount + funding);
  return { customerId: customer.id, account: funded };
}

/**
 * A card with a platformCardId of its own, ending 000: the supplement's issuer magic reads the last
 * three characters of platformCardId, else of cardholderId, which would otherwise decide by chance.
 */
export async function issueCard(customerId: string, accountId: string): Promise<Card> {
  const platformCardId = `conf-${randomUUID().slice(0, 8)}-000`;
  const res = await api.post('/cards', { body: { cardholderId: customerId, form: 'VIRTUAL', fundingSources: [accountId], platformCardId } });
  return expectStatus(res, 201, Card, 'POST /cards issues a card');
}

/** The account once ACTIVE, by its id (a customer may hold two accounts of one currency). */
async function activeById(customerId: string, accountId: string): Promise<string> {
  const account = (await customerAccounts(customerId)).find((a) => a.id === accountId);
  expect(account, `GET /customers/internal-accounts lists ${accountId} among the customer's accounts`).toBeDefined();
  if (account!.status !== 'ACTIVE') await waitForEvent(accountId, (n) => n.type === 'INTERNAL_ACCOUNT.STATUS_UPDATED' && n.data.status === 'ACTIVE', 'INTERNAL_ACCOUNT.STATUS_UPDATED to ACTIVE');
  return accountId;
}

/**
 * An approved cardholder with two ACTIVE internal accounts in one currency (Description, Card.currency:
 * "all funding sources bound to a card must be denominated in the same card-eligible currency"), so a
 * card can have two sources: an embedded wallet (the target's declared trigger; Description, createCard:
 * "If any funding source is an Embedded Wallet internal account ...") and the customer's own account in
 * the wallet's currency. Besides them the cardholder's USD and EUR accounts, in other currencies than
 * the wallet's (USDC where the wallet is).
 */
export async function twoSourceCardholder(ctx: TestContext, ids: string[] = []) {
  needEmbeddedWallet(ctx, ids);
  const { customerId, account: wallet } = await walletAccount({ currencies: ['USD', 'USDC', 'EUR'] });
  const currency = currencyCode(wallet.balance.currency);
  const own = (await customerAccounts(customerId)).find((a) => a.id !== wallet.id && a.balance.currency.code === currency);
  requireCapability(ctx, own !== undefined && currency !== 'USD' && currency !== 'EUR', `the embedded wallet is in ${currency}, and the cardholder holds no other account in it beside a USD and a EUR one`, ids);
  const [first, second, usd, eur] = await Promise.all([
    activeById(customerId, own!.id),
    activeById(customerId, wallet.id),
    activeAccount(customerId, 'USD').then((a) => a.id),
    activeAccount(customerId, 'EUR').then((a) => a.id),
  ]);
  return { customerId, currency, first, second, usd, eur };
}

export const getCard = async (cardId: string) => expectStatus(await api.get('/cards/{cardId}', { params: { cardId } }), 200, Card);

/** The card once it reached ACTIVE (it starts in a pre-activation state). */
export const untilActive = (cardId: string) =>
  eventually(() => getCard(cardId), (c) => c.state === 'ACTIVE', { timeoutMs: capabilities.eventTimeoutMs, what: `card ${cardId} to become ACTIVE` });

/** A card that reached ACTIVE (it starts in a pre-activation state). */
export async function activeCard(): Promise<{ card: Card; customerId: string; account: InternalAccount }> {
  const { customerId, account } = await cardholder();
  const issued = await issueCard(customerId, account.id);
  const card = await untilActive(issued.id);
  return { card, customerId, account };
}

export const patchCard = (cardId: string, body: Record<string, unknown>) => api.patch('/cards/{cardId}', { params: { cardId }, body });

/** A card simulation's answer, as it comes. Each simulation is its own operation (supplement §9): the template names it. */
export async function simulation(cardId: string, name: string, body: Record<string, unknown>) {
  const res = await api.post(`/sandbox/cards/{cardId}/simulate/${name}`, { params: { cardId }, body });
  const token = (res.body as { issuerTransactionToken?: unknown } | undefined)?.issuerTransactionToken;
  // The token names the transaction where the target leaves cardId out (helpers/card-attribution.ts).
  if (res.status === 202 && typeof token === 'string') rememberCardToken(cardId, token);
  return res;
}

export async function simulate(cardId: string, name: string, body: Record<string, unknown>): Promise<string> {
  return expectStatus(await simulation(cardId, name, body), 202, SimulationAccepted, `the ${name} simulation is accepted`).issuerTransactionToken;
}

const CARD_ID_OPTIONAL = 'openapi.yaml, CardTransaction: cardId ("The id of the Card this transaction was made on") and issuerTransactionToken are optional';

/**
 * The card transactions of a card (helpers/card-attribution.ts: by cardId, else by a simulation's token). Description, listTransactions: "Card transactions are included and
 * identified by `type: CARD` ... list the transactions, take the card transaction's `id`"; its `type`
 * query is a TransactionType (INCOMING|OUTGOING), so the cardholder's whole list is read and the
 * items of `type: CARD` made on the card are kept.
 */
export async function cardTransactions(customerId: string, cardId: string): Promise<CardTransaction[]> {
  const all = await walkPages('/transactions', AnyTransaction, { query: { customerId }, limit: 100 });
  const cards = all.filter((t): t is CardTransaction => t.type === 'CARD');
  for (const t of cards.filter(unattributed)) {
    noteInterface('cards:transaction-card-unnamed', [CARD_ID_OPTIONAL], `card transaction ${t.id} names no cardId and carries no token a simulation answered; counted as card ${cardId}'s`);
  }
  return cards.filter((t) => unattributed(t) || cardOf(t) === cardId);
}

/** An authorization body (supplement 9: {amount*, currency*: {code}, merchant*}), in USD unless the card is in another currency. */
export const purchase = (amount: number, descriptor = 'SANDBOX COFFEE 000', currency = 'USD') => ({ amount, currency: { code: currency }, merchant: { descriptor, mcc: '5814', country: 'US' } });
