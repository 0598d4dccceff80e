// Supplement section 9: the simulate endpoints (authorizations, advices, clearing, returns and their
// reversal). Events: CARD_TRANSACTION.* on every card transaction state transition, with the full card
// transaction.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { customers } from '../customers/state.js';
import { delegatedKeyStatuses } from '../embedded-wallet-auth/state.js';
import { badRequest, conflict, invalidInput, notFound } from '../http/errors.js';
import { adjustBalance, getInternalAccount, internalAccounts } from '../internal-accounts/state.js';
import { indexTransaction } from '../transactions/state.js';
import { cardTools, presentCardTxn, type Card, type CardTxn, type TxnStatus } from './state.js';

// openapi.yaml, Currency.code: ISO 4217 for fiat, a ticker for some cryptocurrencies ("USDC").
const Money = z.object({ amount: z.number().int().min(1).max(1e11), currency: z.object({ code: z.string().regex(/^[A-Z]{3,5}$/) }) });
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

export async function cardSimulateRoutes(app: FastifyInstance) {
  const { ctx, s, f, getCard } = cardTools(app.ctx);

  const emitTxn = (t: CardTxn, timestamp?: string) => {
    if (t.status === 'SETTLED' && f.has('card-no-event-on-settle')) return;
    ctx.webhooks.emit(`CARD_TRANSACTION.${t.status}`, presentCardTxn(t, ctx), timestamp);
  };
  const setTxn = (t: CardTxn, status: TxnStatus) => {
    t.status = status;
    t.updatedAt = isoNow(ctx.clock);
    emitTxn(t);
  };

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
  /**
   * A source Authorization Decisioning may draw on for the card: ACTIVE and, for an embedded wallet,
   * with an ACTIVE delegated key for this card and account (openapi.yaml, createCard: "Until an active
   * delegated key exists for that funding source, Authorization Decisioning cannot use it to fund card
   * transactions"; createDelegatedKey: a key abandoned PENDING "cannot sign", and "After activation,
   * Svc uses the custodied key to authorize signing for the card's Embedded Wallet funding account").
   */
  const usable = (card: Card, id: string) => {
    const a = internalAccounts(ctx).get(id);
    if (!a || a.status !== 'ACTIVE') return undefined;
    return a.type !== 'EMBEDDED_WALLET' || walletSigns(card, a.id) ? a : undefined;
  };
  const walletSigns = (card: Card, accountId: string) => {
    if (f.has('card-wallet-source-never-used')) return false;
    const keys = delegatedKeyStatuses(ctx, card.id, accountId);
    return keys.includes('ACTIVE') || (f.has('card-wallet-source-pending-key-used') && keys.includes('PENDING'));
  };
  /** Declines leave no card transaction: frozen or closed card, insufficient funds, magic descriptors. */
  const declined = (card: Card, amount: number, descriptor: string): boolean => {
    if (card.state !== 'ACTIVE' && !(card.state === 'FROZEN' && f.has('card-frozen-authorizes'))) return true;
    if ((descriptor.endsWith('002') || descriptor.endsWith('003')) && !f.has('card-decline-values-approved')) return true;
    if (card.maxSpendPerTransaction !== null && amount > card.maxSpendPerTransaction) return true;
    const account = card.fundingSources.map((id) => usable(card, id)).find((a) => a && a.available >= amount);
    return !account;
  };
  /** The decision is taken when the issuer asks (the card's state then), the outcome is applied after. */
  /** The authorization body (supplement section 9), checked alike for the five simulate names that take it. */
  const authorizationBody = (card: Card, raw: unknown) => {
    // Supplement section 9: merchant*: {descriptor*, mcc?, country?}; the fault takes a merchant without a descriptor.
    const body = f.has('card-simulate-descriptor-optional')
      ? (({ merchant, ...rest }) => ({ ...rest, merchant: { ...merchant, descriptor: merchant.descriptor ?? 'SANDBOX' } }))(parse(AuthBodyAnyDescriptor, raw))
      : parse(AuthBody, raw);
    // An authorization is in the card's currency (sandbox/README.md); the alternate takes another and declines it.
    if (body.currency.code !== card.currency) {
      if (ctx.choices.alternate('card-foreign-currency-declined')) return { ...body, foreign: true };
      throw badRequest('INVALID_CURRENCY', `Card ${card.id} authorizes in ${card.currency}, not ${body.currency.code}`, {
        errors: [{ field: 'currency.code', constraint: { enum: [card.currency] }, message: `the card's currency ${card.currency}` }],
      });
    }
    return { ...body, foreign: false };
  };
  const authorization = (card: Card, raw: unknown, direction: 'DEBIT' | 'CREDIT', settleNow: boolean) => {
    const body = authorizationBody(card, raw);
    const decide = () => body.foreign || (direction === 'DEBIT' ? declined(card, body.amount, body.merchant.descriptor) : card.state !== 'ACTIVE');
    // The issuer decides at the request; the alternate decides when the simulation is applied.
    const atApply = ctx.choices.alternate('card-decision-at-apply');
    const refused = atApply ? undefined : decide();
    return simulateToken(card, (token) => {
      if (!(refused ?? decide())) authorize(card, body, token, direction, settleNow);
    });
  };
  const authorize = (card: Card, body: z.infer<typeof AuthBody>, token: string, direction: 'DEBIT' | 'CREDIT', settleNow: boolean) => {
    const account = card.fundingSources.map((id) => usable(card, id)).find((a) => a !== undefined);
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
        // Declined on a card not ACTIVE; the alternate records the advice whatever the card's state (the network approved it).
        const decide = () => body.foreign || (card.state !== 'ACTIVE' && !ctx.choices.alternate('credit-advice-any-state'));
        const refused = ctx.choices.alternate('card-decision-at-apply') ? undefined : decide();
        return simulateToken(card, (token) => {
          if (!(refused ?? decide())) authorize(card, body, token, 'CREDIT', false);
        });
      }
      const t = parentTxn(cardTransactionId, card, ['AUTHORIZED']);
      if (t.direction !== 'CREDIT') throw conflict('CONFLICT', `${t.id} is not a credit authorization`);
      return simulateToken(card, () => {
        if (body.foreign) return; // the alternate's declined foreign-currency advice
        t.authorized = body.amount;
        t.updatedAt = isoNow(ctx.clock);
      });
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
      if (b.amount > t.settled - t.refunded && !f.has('card-return-above-settled-accepted')) throw invalidInput([{ field: 'amount', message: `at most the net settled amount ${t.settled - t.refunded}` }]);
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
    // Fault: an unknown card is taken for a malformed request.
    if (f.has('card-simulate-unknown-400') && !s.cards.has(cardId)) throw invalidInput([{ field: 'cardId', message: `${cardId} is not valid` }]);
    const card = getCard(cardId);
    return reply.status(202).send(handler(card, req.body));
  });
}
