// Interface: Card `state` (ACTIVE -> FROZEN, FROZEN -> ACTIVE, ACTIVE -> CLOSED, FROZEN -> CLOSED; any
// other requested transition 409 INVALID_STATE_TRANSITION; CLOSED on a closed card 409
// CARD_ALREADY_CLOSED; mutating a closed card 409 CARD_NOT_MUTABLE); 400 CARDHOLDER_KYC_NOT_APPROVED;
// Events (CARD_TRANSACTION.*: every card transaction state transition, with the full card transaction).
// Supplement section 9 for paths, shapes, pre-activation states and the simulate endpoints.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { money } from '../currencies.js';
import { customers, getCustomer } from '../customers/routes.js';
import { badRequest, conflict, invalidInput, notFound } from '../errors.js';
import { adjustBalance, getInternalAccount, internalAccounts } from '../internal-accounts/store.js';
import { PageQuery } from '../pagination.js';
import { indexedPage, PositionIndex, watchField } from '../store/position-index.js';
import { indexTransaction } from '../transactions/index.js';

type CardState = 'PENDING_KYC' | 'PROCESSING' | 'ACTIVE' | 'FROZEN' | 'CLOSED';
type TxnStatus = 'AUTHORIZED' | 'PARTIALLY_SETTLED' | 'SETTLED' | 'REFUNDED' | 'EXCEPTION';

interface Card {
  id: string;
  cardholderId: string;
  platformCardId: string | null;
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

interface CardTxn {
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
function indexCard(s: CardsState, card: Card, p: number): void {
  const ix = s.positions;
  ix.holder.add(card.cardholderId, p);
  if (card.platformCardId !== null) ix.platformCardId.add(card.platformCardId, p);
  ix.state.add(card.state, p);
  watchField(card, 'state', (from, to) => ix.state.move(from, to, p));
  for (const account of card.fundingSources) ix.account.add(account, p);
  watchField(card, 'fundingSources', (from, to) => {
    for (const account of from) if (!to.includes(account)) ix.account.remove(account, p);
    for (const account of to) ix.account.add(account, p);
  });
}

/** This sandbox issues USD cards, funded from USD or USDC internal accounts (sandbox/README.md). */
const CARD_FUNDING_CURRENCIES = new Set(['USD', 'USDC']);
const ALLOWED: Record<string, CardState[]> = { ACTIVE: ['FROZEN', 'CLOSED'], FROZEN: ['ACTIVE', 'CLOSED'] };

const CreateCard = z.object({
  cardholderId: z.string().min(1),
  form: z.literal('VIRTUAL'),
  fundingSources: z.array(z.string().min(1)).min(1),
  platformCardId: z.string().min(1).max(255).optional(),
  maxSpendPerTransaction: z.number().int().min(1).optional(),
  // Supplement section 9: threeDSecurePassword? (no length written).
  threeDSecurePassword: z.string().optional(),
});
const patchCardBody = (faults: SandboxContext['faults']) => z
  .object({
    state: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']).optional(),
    fundingSources: z.array(z.string().min(1)).min(1).optional(),
    maxSpendPerTransaction: z.number().int().min(1).nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'at least one of state, fundingSources, maxSpendPerTransaction', path: ['body'] })
  // Supplement section 9: CLOSED is not combinable with the others; each field given beside it is named.
  .superRefine((b, c) => {
    if (b.state !== 'CLOSED' || faults.has('card-close-combinable')) return;
    for (const key of ['fundingSources', 'maxSpendPerTransaction'] as const) {
      if (b[key] !== undefined) c.addIssue({ code: 'custom', message: `${key} cannot be combined with state CLOSED`, path: [key] });
    }
  });
const Money = z.object({ amount: z.number().int().min(1).max(1e11), currency: z.object({ code: z.string().regex(/^[A-Z]{3}$/) }) });
/** This sandbox's cards are USD cards: an authorization is in the card's currency (sandbox/README.md). */
const CARD_CURRENCY = 'USD';
const Merchant = z.looseObject({ descriptor: z.string().min(1).max(200), mcc: z.string().optional(), country: z.string().optional() });
const AuthBody = Money.extend({ merchant: Merchant });
const ChildBody = z.object({ cardTransactionId: z.string().min(1), amount: z.number().int().min(0).max(1e11) });
// Built once: zod compiles each schema on its first parse, which costs more than the parse.
const AuthBodyAnyDescriptor = AuthBody.extend({ merchant: Merchant.partial({ descriptor: true }) });
const BalanceInquiryBody = z.object({ merchant: Merchant });
const ParentRef = z.looseObject({ cardTransactionId: z.string().min(1).optional() });
const ChildBodyAnyAmount = ChildBody.extend({ amount: z.number().int().max(1e11) });
const ChildBodyPositive = ChildBody.extend({ amount: z.number().int().min(1).max(1e11) });
const ParentId = z.object({ cardTransactionId: z.string().min(1) });
const IdParams = z.object({ cardId: z.string().min(1) });
const CardListQuery = PageQuery.extend({
  cardholderId: z.string().optional(),
  state: z.string().optional(),
  platformCardId: z.string().optional(),
  accountId: z.string().optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
}).passthrough();

export function presentCardTxn(t: CardTxn) {
  const amount = (n: number) => money(n, t.currency);
  return {
    id: t.id,
    type: t.type,
    cardId: t.cardId,
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
    pullSummary: { count: t.pulls.length, totalAmount: amount(t.pulls.reduce((a, b) => a + b, 0)), pendingCount: 0 },
    settlementSummary: { count: t.pulls.length, totalAmount: amount(t.settled) },
    refundSummary: { count: t.refunded ? 1 : 0, totalAmount: amount(t.refunded) },
    authorizedAt: t.authorizedAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export async function cardRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const s = cardsState(ctx);
  const f = ctx.faults;
  const PatchCard = patchCardBody(f);

  const setState = (card: Card, state: CardState, reason: string | null = null) => {
    card.state = state;
    card.stateReason = reason;
    card.updatedAt = isoNow(ctx.clock);
    ctx.webhooks.emit('CARD.STATE_CHANGE', { ...card });
  };
  const getCard = (id: string) => {
    const card = s.cards.get(id);
    if (!card) throw notFound('REFERENCE_NOT_FOUND', `Card ${id} not found`);
    return card;
  };
  /**
   * Supplement section 25: 400 FUNDING_SOURCE_INELIGIBLE when a source is not the cardholder's or of
   * the wrong currency (this sandbox's cards are USD cards, funded from USD or USDC accounts); section 9:
   * funding accountIds ending 002/003 are ineligible. This sandbox also refuses a source that is not ACTIVE.
   */
  const checkFunding = (cardholderId: string, ids: string[], field: string, create = false) => {
    const lenient = f.has('card-funding-ineligible-accepted');
    const anyCurrency = create && f.has('card-create-funding-currency-unchecked');
    const problems = ids.flatMap((id, i) => {
      const a = internalAccounts(ctx).get(id);
      const why = !a ? 'is not an internal account'
        : lenient ? undefined
        : a.customerId !== cardholderId ? "is not the cardholder's"
        : !CARD_FUNDING_CURRENCIES.has(a.currency) && !anyCurrency ? `is in ${a.currency}; a card is funded in ${[...CARD_FUNDING_CURRENCIES].join(' or ')}`
        : a.status !== 'ACTIVE' ? `is ${a.status}`
        : /00[23]$/.test(id) ? 'is ineligible (sandbox magic 002/003)'
        : undefined;
      return why ? [{ field: `${field}.${i}`, constraint: 'fundingSource', message: `${id} ${why}` }] : [];
    });
    if (problems.length) {
      throw badRequest('FUNDING_SOURCE_INELIGIBLE', `Ineligible funding source(s): ${problems.map((p) => p.message).join('; ')}`, { errors: problems });
    }
  };
  const emitTxn = (t: CardTxn, timestamp?: string) => {
    if (t.status === 'SETTLED' && f.has('card-no-event-on-settle')) return;
    ctx.webhooks.emit(`CARD_TRANSACTION.${t.status}`, presentCardTxn(t), timestamp);
  };
  const setTxn = (t: CardTxn, status: TxnStatus) => {
    t.status = status;
    t.updatedAt = isoNow(ctx.clock);
    emitTxn(t);
  };

  /** A new card of `cardholderId`, stored and indexed (its issuer outcome is the caller's to schedule). */
  const storeCard = (cardholderId: string, body: { fundingSources: string[]; platformCardId?: string; maxSpendPerTransaction?: number | null }): Card => {
    const now = isoNow(ctx.clock);
    const card: Card = {
      id: `Card:${randomUUID()}`,
      cardholderId,
      platformCardId: body.platformCardId ?? null,
      // This sandbox's own trigger (sandbox/README.md): platformCardId ending 004 is held in PENDING_KYC.
      state: body.platformCardId?.endsWith('004') ? 'PENDING_KYC' : 'PROCESSING',
      stateReason: null,
      fundingSources: body.fundingSources,
      maxSpendPerTransaction: body.maxSpendPerTransaction ?? null,
      brand: 'VISA',
      form: 'VIRTUAL',
      last4: String(Math.floor(1000 + Math.random() * 9000)),
      expMonth: 12,
      expYear: new Date(ctx.clock.now()).getUTCFullYear() + 3,
      currency: 'USD',
      createdAt: now,
      updatedAt: now,
    };
    s.cards.set(card.id, card);
    s.order.push(card.id);
    indexCard(s, card, s.order.length - 1);
    const held = s.byHolder.get(card.cardholderId);
    if (held) held.push(card.id);
    else s.byHolder.set(card.cardholderId, [card.id]);
    return card;
  };

  app.post('/cards', async (req, reply) => {
    const sent = req.body as { cardholderId?: unknown; fundingSources?: unknown } | undefined;
    if (f.has('card-refused-holder-stored') && sent && typeof sent === 'object' && typeof sent.cardholderId !== 'string' && Array.isArray(sent.fundingSources) && sent.fundingSources.length && sent.fundingSources.every((x) => typeof x === 'string')) {
      // The fault: a cardholderId that is not a string is refused below, but a card is stored first, funded as sent.
      storeCard(String(sent.cardholderId), { fundingSources: sent.fundingSources as string[] });
    }
    const body = parse(CreateCard, req.body);
    const holder = getCustomer(ctx, body.cardholderId);
    if (holder.kycStatus !== 'APPROVED' && !f.has('card-issued-without-kyc') && !(f.has('card-issued-unless-unverified') && holder.kycStatus !== 'UNVERIFIED')) {
      throw badRequest('CARDHOLDER_KYC_NOT_APPROVED', `Cardholder ${holder.id} KYC is ${holder.kycStatus}, not APPROVED`);
    }
    checkFunding(holder.id, body.fundingSources, 'fundingSources', true);
    const magic = (body.platformCardId ?? holder.id).slice(-3);
    const card = storeCard(holder.id, f.has('card-funding-order-not-kept') ? { ...body, fundingSources: [...body.fundingSources].sort() } : body);
    // Issuer outcome after a short delay (sandbox/README.md): the supplement's magic on platformCardId
    // (001 stays PROCESSING, 002 CLOSED ISSUER_REJECTED, 005 ACTIVE after the activation delay).
    const issuerDelay = Math.min(ctx.settings.provisioningDelayMs, 50);
    const snapshot = { ...card };
    if (magic === '002') ctx.later(issuerDelay, () => setState(card, 'CLOSED', f.has('card-issuer-reject-no-reason') ? null : 'ISSUER_REJECTED'));
    else if (magic === '005') ctx.later(f.has('card-slow-activation-immediate') ? issuerDelay : ctx.settings.cardActivationDelayMs, () => setState(card, 'ACTIVE'));
    else if (magic !== '001' && card.state !== 'PENDING_KYC') ctx.later(issuerDelay, () => setState(card, 'ACTIVE'));
    return reply.status(201).send(snapshot);
  });

  app.get('/cards', async (req) => {
    const q = parse(CardListQuery, req.query);
    // Issue order: desc (the default) reads it backwards. Each filter names a positions list; the page
    // walks the shortest and tests every filter.
    const ix = s.positions;
    const narrow = [
      q.cardholderId ? ix.holder.get(q.cardholderId) : undefined,
      q.state ? ix.state.get(q.state) : undefined,
      q.platformCardId ? ix.platformCardId.get(q.platformCardId) : undefined,
      q.accountId && !f.has('cards-account-filter-ignored') ? ix.account.get(q.accountId) : undefined,
    ].filter((list) => list !== undefined);
    const matches = (id: string) => {
      const c = s.cards.get(id)!;
      return (!q.cardholderId || c.cardholderId === q.cardholderId) && (!q.state || c.state === q.state) &&
        (!q.platformCardId || c.platformCardId === q.platformCardId) && (!q.accountId || f.has('cards-account-filter-ignored') || c.fundingSources.includes(q.accountId));
    };
    // Supplement section 1: sortOrder asc|desc, default desc.
    const descending = f.has('cards-sort-order-ignored') || q.sortOrder !== 'asc';
    let last = -1;
    const page = indexedPage(s.order, { limit: q.limit, cursor: q.cursor, descending, narrow }, matches, (id, p) => {
      last = p;
      return s.cards.get(id)!;
    });
    // The fault's cursor names the last card returned: the next page repeats it.
    if (page.nextCursor && f.has('cards-cursor-repeats')) page.nextCursor = String(last);
    return page;
  });

  app.get('/cards/:cardId', async (req) => getCard(parse(IdParams, req.params).cardId));

  app.patch('/cards/:cardId', async (req) => {
    const card = getCard(parse(IdParams, req.params).cardId);
    const body = parse(PatchCard, req.body);
    if (card.state === 'CLOSED' && !f.has('card-closed-reactivates')) {
      if (body.state === 'CLOSED') {
        throw f.has('card-already-closed-wrong-code')
          ? conflict('INVALID_STATE_TRANSITION', 'CLOSED -> CLOSED')
          : conflict('CARD_ALREADY_CLOSED', `Card ${card.id} is already closed`);
      }
      if (body.state) throw conflict('INVALID_STATE_TRANSITION', `A closed card cannot become ${body.state}`);
      if (!f.has('card-closed-funding-mutable')) throw conflict('CARD_NOT_MUTABLE', `Card ${card.id} is closed and cannot change`);
    }
    if (body.state && body.state !== card.state) {
      // PROCESSING and PENDING_KYC allow no requested transition (supplement section 25, inferred).
      const allowed = f.has('card-pre-activation-patchable') && (card.state === 'PROCESSING' || card.state === 'PENDING_KYC') ? [body.state] : ALLOWED[card.state] ?? [];
      if (!allowed.includes(body.state) && !(f.has('card-closed-reactivates') && card.state === 'CLOSED')) {
        throw conflict('INVALID_STATE_TRANSITION', `Card ${card.id} cannot go from ${card.state} to ${body.state}`);
      }
    } else if (body.state && !f.has('card-same-state-allowed')) {
      if (f.has('card-rejected-transition-changes-state')) setState(card, card.state === 'ACTIVE' ? 'FROZEN' : 'ACTIVE');
      throw conflict('INVALID_STATE_TRANSITION', `Card ${card.id} is already ${card.state}`);
    }
    if (body.fundingSources) checkFunding(card.cardholderId, body.fundingSources, 'fundingSources');
    if (body.fundingSources) {
      const previous = card.fundingSources;
      card.fundingSources = body.fundingSources;
      card.updatedAt = isoNow(ctx.clock);
      // Supplement section 25: CARD.FUNDING_SOURCE_CHANGE on each PATCH setting fundingSources, data = the card with the new order.
      ctx.webhooks.emit('CARD.FUNDING_SOURCE_CHANGE', { ...card, fundingSources: f.has('card-funding-change-old-order') ? previous : [...card.fundingSources] });
    }
    if (body.maxSpendPerTransaction !== undefined && !(body.maxSpendPerTransaction === null && f.has('card-limit-null-ignored'))) card.maxSpendPerTransaction = body.maxSpendPerTransaction;
    if (body.state && body.state !== card.state) setState(card, body.state, body.state === 'CLOSED' ? 'CLOSED_BY_PLATFORM' : null);
    card.updatedAt = isoNow(ctx.clock);
    return card;
  });

  app.post('/cards/:cardId/reveal', async (req) => {
    const card = getCard(parse(IdParams, req.params).cardId);
    if (card.state !== 'ACTIVE' && card.state !== 'FROZEN') throw conflict('CARD_NOT_MUTABLE', `Card ${card.id} is ${card.state}`);
    const url = `https://sandbox.svc.example/cards/${randomUUID()}`;
    // Supplement section 25: 200 {panEmbedUrl, expiresAt}, a short-lived iframe URL.
    if (f.has('card-reveal-without-expiry')) return { panEmbedUrl: url };
    return { panEmbedUrl: url, expiresAt: new Date(ctx.clock.now() + 60_000).toISOString() };
  });

  // Simulations: 202 at once, the outcome after, one simulation of a card after another.
  const simulate = (card: Card, work: () => void) => {
    const token = `itt_${randomUUID()}`;
    const previous = s.chains.get(card.id) ?? Promise.resolve();
    const next = previous.then(() => new Promise<void>((resolve) => ctx.later(5, () => {
      try {
        work();
      } catch {
        /* a simulation that cannot apply leaves no trace */
      }
      resolve();
    })));
    s.chains.set(card.id, next);
    return token;
  };
  const parentTxn = (id: string, card: Card, statuses: TxnStatus[]) => {
    const t = s.txns.get(id);
    if (!t || t.cardId !== card.id) throw notFound('TRANSACTION_NOT_FOUND', `Card transaction ${id} not found on ${card.id}`);
    if (!statuses.includes(t.status)) throw conflict('CONFLICT', `Card transaction ${id} is ${t.status}; expected ${statuses.join(' or ')}`);
    return t;
  };
  /**
   * Pulls `amount` from the funding account; false when the account cannot pay it now (its available
   * balance never goes below zero: sandbox/README.md, the pull then ends the transaction in EXCEPTION).
   */
  const pull = (t: CardTxn, amount: number): boolean => {
    if (amount <= 0 || f.has('card-pull-not-reflected')) return true;
    const account = internalAccounts(ctx).get(t.accountId);
    if (!account || ((account.available < amount || account.status !== 'ACTIVE') && !f.has('card-clearing-overdraws'))) return false;
    adjustBalance(ctx, account, -amount);
    t.pulls.push(amount);
    return true;
  };
  /** Declines leave no card transaction: frozen or closed card, insufficient funds, magic descriptors. */
  const declined = (card: Card, amount: number, descriptor: string): boolean => {
    if (card.state !== 'ACTIVE' && !(card.state === 'FROZEN' && f.has('card-frozen-authorizes'))) return true;
    if ((descriptor.endsWith('002') || descriptor.endsWith('003')) && !f.has('card-decline-values-approved')) return true;
    if (card.maxSpendPerTransaction !== null && amount > card.maxSpendPerTransaction) return true;
    const account = card.fundingSources.map((id) => internalAccounts(ctx).get(id)).find((a) => a && a.status === 'ACTIVE' && a.available >= amount);
    return !account;
  };
  /** The decision is taken when the issuer asks (the card's state then), the outcome is applied after. */
  /** The authorization body (supplement section 9), checked alike for the five simulate names that take it. */
  const authorizationBody = (card: Card, raw: unknown) => {
    // Supplement section 9: merchant*: {descriptor*, mcc?, country?}; the fault takes a merchant without a descriptor.
    const body = f.has('card-simulate-descriptor-optional')
      ? (({ merchant, ...rest }) => ({ ...rest, merchant: { ...merchant, descriptor: merchant.descriptor ?? 'SANDBOX' } }))(parse(AuthBodyAnyDescriptor, raw))
      : parse(AuthBody, raw);
    if (body.currency.code !== card.currency || card.currency !== CARD_CURRENCY) {
      throw badRequest('INVALID_CURRENCY', `Card ${card.id} authorizes in ${card.currency}, not ${body.currency.code}`, {
        errors: [{ field: 'currency.code', constraint: 'enum', message: `the card's currency ${card.currency}` }],
      });
    }
    return body;
  };
  const authorization = (card: Card, raw: unknown, direction: 'DEBIT' | 'CREDIT', settleNow: boolean) => {
    const body = authorizationBody(card, raw);
    const refused = direction === 'DEBIT' ? declined(card, body.amount, body.merchant.descriptor) : card.state !== 'ACTIVE';
    return simulateToken(card, (token) => {
      if (!refused) authorize(card, body, token, direction, settleNow);
    });
  };
  const authorize = (card: Card, body: z.infer<typeof AuthBody>, token: string, direction: 'DEBIT' | 'CREDIT', settleNow: boolean) => {
    const account = card.fundingSources.map((id) => internalAccounts(ctx).get(id)).find((a) => a && a.status === 'ACTIVE');
    if (!account) return; // the funding changed between the decision and now: no transaction
    // The holder may have been deleted meanwhile; its record (and platformCustomerId) stays.
    const holder = customers(ctx).get(card.cardholderId)!;
    const now = isoNow(ctx.clock);
    const t: CardTxn = {
      id: `CardTransaction:${randomUUID()}`,
      type: 'CARD',
      cardId: card.id,
      customerId: card.cardholderId,
      platformCustomerId: String(holder.fields.platformCustomerId),
      issuerTransactionToken: token,
      status: 'AUTHORIZED',
      direction,
      merchant: body.merchant,
      accountId: account.id,
      currency: body.currency.code,
      authorized: body.amount,
      settled: 0,
      refunded: 0,
      pulls: [],
      authorizedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    s.txns.set(t.id, t);
    indexTransaction(ctx, t.customerId, t, presentCardTxn(t));
    if (body.merchant.descriptor.endsWith('006') && !f.has('card-confirmation-failure-ignored')) return setTxn(t, 'EXCEPTION');
    const authorizedAt = isoNow(ctx.clock);
    if (!(settleNow && f.has('card-events-out-of-order'))) emitTxn(t);
    if (settleNow) {
      if (direction === 'DEBIT' && !pull(t, body.amount)) return setTxn(t, 'EXCEPTION');
      if (direction === 'CREDIT') adjustBalance(ctx, account, body.amount);
      t.settled = body.amount;
      if (f.has('card-events-out-of-order')) {
        t.status = 'SETTLED';
        emitTxn(t, new Date(Date.parse(authorizedAt) - 1000).toISOString());
        t.status = 'AUTHORIZED';
        emitTxn(t);
        t.status = 'SETTLED';
        return;
      }
      setTxn(t, 'SETTLED');
    }
  };

  const routes: Record<string, (card: Card, body: unknown) => unknown> = {
    authorization: (card, raw) => authorization(card, raw, 'DEBIT', false),
    financial_authorization: (card, raw) => authorization(card, raw, 'DEBIT', true),
    credit_authorization: (card, raw) => authorization(card, raw, 'CREDIT', false),
    financial_credit_authorization: (card, raw) => authorization(card, raw, 'CREDIT', true),
    balance_inquiry: (card, raw) => { parse(BalanceInquiryBody, raw); return simulateToken(card, () => undefined); },
    authorization_advice: (card, raw) => {
      const b = parse(ChildBody, raw);
      const t = parentTxn(b.cardTransactionId, card, ['AUTHORIZED']);
      return simulateToken(card, () => { t.authorized = b.amount; t.updatedAt = isoNow(ctx.clock); });
    },
    credit_authorization_advice: (card, raw) => {
      // Supplement section 9: the authorization body {amount*, currency*, merchant*}. The effect is this
      // sandbox's (sandbox/README.md): a `cardTransactionId` (an extension) names an AUTHORIZED credit
      // authorization of the card whose total becomes `amount`; without it the advice is a credit
      // authorization advised at `amount`, approved as credit_authorization is.
      const { cardTransactionId, ...rest } = parse(ParentRef, raw);
      const body = authorizationBody(card, f.has('card-advice-merchant-optional') && rest.merchant === undefined ? { ...rest, merchant: { descriptor: 'SANDBOX ADVICE' } } : rest);
      if (cardTransactionId === undefined) {
        const refused = card.state !== 'ACTIVE';
        return simulateToken(card, (token) => {
          if (!refused) authorize(card, body, token, 'CREDIT', false);
        });
      }
      const t = parentTxn(cardTransactionId, card, ['AUTHORIZED']);
      if (t.direction !== 'CREDIT') throw conflict('CONFLICT', `${t.id} is not a credit authorization`);
      return simulateToken(card, () => { t.authorized = body.amount; t.updatedAt = isoNow(ctx.clock); });
    },
    clearing: (card, raw) => {
      // Supplement section 9: {cardTransactionId*, amount* ≥0}.
      const b = parse(f.has('card-clearing-negative-accepted') ? ChildBodyAnyAmount : f.has('card-clearing-zero-refused') ? ChildBodyPositive : ChildBody, raw);
      const t = parentTxn(b.cardTransactionId, card, ['AUTHORIZED', 'PARTIALLY_SETTLED']);
      return simulateToken(card, () => {
        if (b.amount === 0) return setTxn(t, 'SETTLED'); // authorization expiry: nothing settles
        if (t.direction === 'DEBIT' && !pull(t, b.amount)) return setTxn(t, 'EXCEPTION');
        if (t.direction === 'CREDIT') adjustBalance(ctx, getInternalAccount(ctx, t.accountId), b.amount);
        t.settled += b.amount;
        setTxn(t, t.settled >= t.authorized || f.has('card-partial-clearing-settles') ? 'SETTLED' : 'PARTIALLY_SETTLED');
      });
    },
    return: (card, raw) => {
      const b = parse(ChildBodyPositive, raw);
      const t = parentTxn(b.cardTransactionId, card, ['SETTLED', 'PARTIALLY_SETTLED']);
      if (b.amount > t.settled - t.refunded && !f.has('card-return-above-settled-accepted')) throw invalidInput([{ field: 'amount', constraint: 'max', message: `at most the net settled amount ${t.settled - t.refunded}` }]);
      return simulateToken(card, () => {
        t.refunded += b.amount;
        adjustBalance(ctx, getInternalAccount(ctx, t.accountId), b.amount);
        if (t.refunded >= t.settled && !f.has('card-return-full-stays-settled')) setTxn(t, 'REFUNDED');
        else { t.updatedAt = isoNow(ctx.clock); }
      });
    },
    return_reversal: (card, raw) => {
      const b = parse(ParentId, raw);
      const t = parentTxn(b.cardTransactionId, card, f.has('card-return-reversal-any-parent') ? ['REFUNDED', 'SETTLED', 'PARTIALLY_SETTLED'] : ['REFUNDED']);
      return simulateToken(card, () => {
        const account = getInternalAccount(ctx, t.accountId);
        // A reversal the account cannot pay now is not applied (the transaction stays REFUNDED).
        if (account.available < t.refunded && !f.has('card-clearing-overdraws')) return;
        adjustBalance(ctx, account, -t.refunded);
        t.refunded = 0;
        setTxn(t, 'SETTLED');
      });
    },
  };
  function simulateToken(card: Card, work: (token: string) => void) {
    let token = '';
    token = simulate(card, () => work(token));
    return { issuerTransactionToken: token };
  }

  app.post('/sandbox/cards/:cardId/simulate/:name', async (req, reply) => {
    const { cardId, name } = parse(z.object({ cardId: z.string().min(1), name: z.string() }), req.params);
    // An own name only: `valueOf`, `constructor`, ... are no simulations.
    const handler = Object.hasOwn(routes, name) ? routes[name] : undefined;
    if (!handler) throw notFound('REFERENCE_NOT_FOUND', `No simulation ${name}; known: ${Object.keys(routes).join(', ')}`);
    const card = getCard(cardId);
    return reply.status(202).send(handler(card, req.body));
  });
}
