// Interface: Card `state` (ACTIVE -> FROZEN, FROZEN -> ACTIVE, ACTIVE -> CLOSED, FROZEN -> CLOSED);
// Events (CARD_TRANSACTION.*: every card transaction state transition, with the full card transaction).
// Supplement section 9. The cards' store and presenters: the card and card transaction records, their
// indexes, and what every card route uses (find a card, change its state, check its funding).
import { isoNow } from '../clock.js';
import { z } from 'zod';
import { areaState, type SandboxContext } from '../context.js';
import { money } from '../currencies.js';
import { badRequest, notFound } from '../http/errors.js';
import { internalAccounts } from '../internal-accounts/state.js';
import { PositionIndex, watchField } from '../store/position-index.js';
import { EMBEDDED_TIMINGS } from '../profile.js';

export type CardState = 'PENDING_KYC' | 'PROCESSING' | 'ACTIVE' | 'FROZEN' | 'CLOSED';
export type TxnStatus = 'AUTHORIZED' | 'PARTIALLY_SETTLED' | 'SETTLED' | 'REFUNDED' | 'EXCEPTION';

export interface Card {
  id: string;
  cardholderId: string;
  /** The platform's own, or one this sandbox makes (openapi.yaml, Card.platformCardId: a string, "system-generated if omitted"). */
  platformCardId: string;
  state: CardState;
  stateReason: string | null;
  fundingSources: string[];
  maxSpendPerTransaction: number | null;
  brand: 'VISA';
  form: 'VIRTUAL';
  last4: string;
  expMonth: number;
  expYear: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
}

export interface CardTxn {
  id: string;
  type: 'CARD';
  cardId: string;
  customerId: string;
  platformCustomerId: string;
  issuerTransactionToken: string;
  status: TxnStatus;
  direction: 'DEBIT' | 'CREDIT';
  merchant: Record<string, unknown>;
  accountId: string;
  currency: string;
  authorized: number;
  settled: number;
  refunded: number;
  pulls: number[];
  authorizedAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface CardsState {
  cards: Map<string, Card>;
  txns: Map<string, CardTxn>;
  /** Simulations of one card run one after another. */
  chains: Map<string, Promise<void>>;
  /** Card ids of each cardholder, in issue order (GET /cards?cardholderId= costs what it returns). */
  byHolder: Map<string, string[]>;
  /** Every card id, in issue order (GET /cards pages over it; a position here is a list cursor). */
  order: string[];
  /** Positions in `order` per value of each GET /cards filter, kept up to date as cards change. */
  positions: { holder: PositionIndex; state: PositionIndex; platformCardId: PositionIndex; account: PositionIndex };
}
export const cardsState = (ctx: SandboxContext) =>
  areaState<CardsState>(ctx, 'cards', () => ({
    cards: new Map(),
    txns: new Map(),
    chains: new Map(),
    byHolder: new Map(),
    order: [],
    positions: { holder: new PositionIndex(), state: new PositionIndex(), platformCardId: new PositionIndex(), account: new PositionIndex() },
  }));

/** Indexes a new card at position `p` of the issue order and follows its state and funding sources. */
export function indexCard(s: CardsState, card: Card, p: number): void {
  const ix = s.positions;
  ix.holder.add(card.cardholderId, p);
  ix.platformCardId.add(card.platformCardId, p);
  ix.state.add(card.state, p);
  watchField(card, 'state', (from, to) => ix.state.move(from, to, p));
  for (const account of card.fundingSources) ix.account.add(account, p);
  watchField(card, 'fundingSources', (from, to) => {
    for (const account of from) if (!to.includes(account)) ix.account.remove(account, p);
    for (const account of to) ix.account.add(account, p);
  });
}

/**
 * The card-eligible currencies (openapi.yaml, CardCreateRequest: "every source must ... be denominated
 * in a card-eligible currency"; which ones are is this sandbox's choice, sandbox/README.md).
 */
export const CARD_FUNDING_CURRENCIES = new Set(['USD', 'USDC', 'EUR']);
/**
 * This sandbox's card programs (sandbox/README.md): a EUR card is its EU program, whose issuer takes a
 * static 3-D Secure password (openapi.yaml, CardCreateRequest.threeDSecurePassword: "Only accepted for
 * card programs whose issuer supports a static-password factor (EU cards today)").
 */
export const STATIC_PASSWORD_CURRENCIES = new Set(['EUR']);
export const IdParams = z.object({ cardId: z.string().min(1) });

/**
 * A card transaction as answered. `ctx` given, the alternate `card-transaction-unnamed-card` leaves
 * `cardId` out (openapi.yaml, CardTransaction: optional); without it (the transactions index) it is kept.
 */
export function presentCardTxn(t: CardTxn, ctx?: SandboxContext) {
  const amount = (n: number) => money(n, t.currency);
  return {
    id: t.id,
    type: t.type,
    ...(ctx?.choices.alternate('card-transaction-unnamed-card') ? {} : { cardId: t.cardId }),
    customerId: t.customerId,
    platformCustomerId: t.platformCustomerId,
    issuerTransactionToken: t.issuerTransactionToken,
    status: t.status,
    direction: t.direction,
    merchant: t.merchant,
    authorizedAmount: amount(t.authorized),
    ...(t.settled ? { settledAmount: amount(t.settled) } : {}),
    ...(t.refunded ? { refundedAmount: amount(t.refunded) } : {}),
    accountId: t.accountId,
    // openapi.yaml, CardPullSummary / CardSettlementSummary / CardRefundSummary: totalAmount is an
    // int64, the sum "in the smallest unit of the funding source's currency".
    pullSummary: { count: t.pulls.length, totalAmount: t.pulls.reduce((a, b) => a + b, 0), pendingCount: 0 },
    settlementSummary: { count: t.pulls.length, totalAmount: t.settled },
    refundSummary: { count: t.refunded ? 1 : 0, totalAmount: t.refunded },
    authorizedAt: t.authorizedAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** A card, its state changes and its funding check, bound to one sandbox (every card route uses them). */
export function cardTools(ctx: SandboxContext) {
  const s = cardsState(ctx);
  const f = ctx.faults;

  const setState = (card: Card, state: CardState, reason: string | null = null) => {
    card.state = state;
    card.stateReason = reason;
    card.updatedAt = isoNow(ctx.clock);
    ctx.webhooks.emit('CARD.STATE_CHANGE', { ...card });
    // Fault: the change is reported again a moment later, inside the quiet period this sandbox declares.
    if (f.has('card-state-event-repeated-late')) ctx.later(EMBEDDED_TIMINGS.eventQuietMs / 2, () => ctx.webhooks.emit('CARD.STATE_CHANGE', { ...card }));
  };
  const getCard = (id: string) => {
    const card = s.cards.get(id);
    if (!card) throw notFound('REFERENCE_NOT_FOUND', `Card ${id} not found`);
    return card;
  };
  /**
   * openapi.yaml, CardCreateRequest.fundingSources: "every source must belong to the cardholder and be
   * denominated in a card-eligible currency; otherwise the request is rejected with
   * FUNDING_SOURCE_INELIGIBLE"; Card.currency: "Derived from the funding sources at issue time — all
   * funding sources bound to a card must be denominated in the same card-eligible currency";
   * CardUpdateRequest.fundingSources: "Each id must belong to the cardholder and be denominated in the
   * card's currency". Supplement section 9: funding accountIds ending 002/003 are ineligible. This
   * sandbox also refuses a source that is not ACTIVE. `currency` is the card's (PATCH); at issue it is
   * the first source's. Answers the card's currency.
   */
  const checkFunding = (cardholderId: string, ids: string[], field: string, opts: { currency?: string; create?: boolean } = {}): string => {
    const lenient = f.has('card-funding-ineligible-accepted');
    const anyCurrency = opts.create && f.has('card-create-funding-currency-unchecked');
    const accounts = ids.map((id) => internalAccounts(ctx).get(id));
    // The card-eligible currencies; the alternate issues no EUR card.
    const eligible = ctx.choices.alternate('card-no-eur') ? new Set([...CARD_FUNDING_CURRENCIES].filter((c) => c !== 'EUR')) : CARD_FUNDING_CURRENCIES;
    const currency = opts.currency ?? accounts.find((a) => a && eligible.has(a.currency))?.currency ?? accounts.find((a) => a)?.currency ?? 'USD';
    // The fault: a source in another card-eligible currency than the card's is bound beside the others.
    const mixed = f.has('card-funding-currencies-mixed');
    const problems = ids.flatMap((id, i) => {
      const a = accounts[i];
      const why = !a ? 'is not an internal account'
        : lenient ? undefined
        : a.customerId !== cardholderId ? "is not the cardholder's"
        : !eligible.has(a.currency) && !anyCurrency ? `is in ${a.currency}; a card is funded in ${[...eligible].join(', ')}`
        : a.currency !== currency && !anyCurrency && !(mixed && eligible.has(a.currency)) ? `is in ${a.currency}; the card's sources are in ${currency}`
        : a.status !== 'ACTIVE' ? `is ${a.status}`
        : /00[23]$/.test(id) ? 'is ineligible (sandbox magic 002/003)'
        : undefined;
      return why ? [{ field: `${field}.${i}`, message: `${id} ${why}` }] : [];
    });
    if (problems.length) {
      throw badRequest('FUNDING_SOURCE_INELIGIBLE', `Ineligible funding source(s): ${problems.map((p) => p.message).join('; ')}`, { errors: problems });
    }
    return currency;
  };

  return { ctx, s, f, setState, getCard, checkFunding };
}
