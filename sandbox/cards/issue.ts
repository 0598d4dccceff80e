// Supplement section 9: issuing a card (400 CARDHOLDER_KYC_NOT_APPROVED, FUNDING_SOURCE_INELIGIBLE),
// and the issuer's outcome after a short delay. openapi.yaml, Card.currency: "Derived from the funding
// sources at issue time"; CardCreateRequest.threeDSecurePassword: only for card programs whose issuer
// supports a static-password factor, else INVALID_INPUT.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { getCustomer } from '../customers/state.js';
import { badRequest, invalidInput } from '../http/errors.js';
import { cardTools, indexCard, STATIC_PASSWORD_CURRENCIES, type Card } from './state.js';

const CreateCard = z.object({
  cardholderId: z.string().min(1),
  form: z.literal('VIRTUAL'),
  fundingSources: z.array(z.string().min(1)).min(1),
  platformCardId: z.string().min(1).max(255).optional(),
  maxSpendPerTransaction: z.number().int().min(1).optional(),
  // Supplement section 9: threeDSecurePassword? (no length written); which programs take it: below.
  threeDSecurePassword: z.string().optional(),
});

export async function cardIssueRoutes(app: FastifyInstance) {
  const { ctx, s, f, setState, checkFunding } = cardTools(app.ctx);

  /** A new card of `cardholderId`, stored and indexed (its issuer outcome is the caller's to schedule). */
  const storeCard = (cardholderId: string, currency: string, body: { fundingSources: string[]; platformCardId?: string; maxSpendPerTransaction?: number | null }): Card => {
    const now = isoNow(ctx.clock);
    const card: Card = {
      id: `Card:${randomUUID()}`,
      cardholderId,
      // openapi.yaml, Card.platformCardId: "Optional on create — system-generated if omitted".
      // The form of a generated one is this sandbox's; the alternate makes a bare uuid.
      platformCardId: body.platformCardId ?? (ctx.choices.alternate('card-platform-id-form') ? randomUUID() : `card-${randomUUID()}`),
      // This sandbox's own trigger (sandbox/README.md): platformCardId ending 004 is held in PENDING_KYC.
      state: body.platformCardId?.endsWith('004') ? 'PENDING_KYC' : 'PROCESSING',
      stateReason: null,
      fundingSources: body.fundingSources,
      maxSpendPerTransaction: body.maxSpendPerTransaction ?? null,
      brand: 'VISA',
      form: 'VIRTUAL',
      // openapi.yaml, Card: last4 "Last four digits of the card PAN", expYear "(four digits)"; the faults mask the
      // digits or write the year in two.
      last4: f.has('card-last4-masked') ? `**${Math.floor(10 + Math.random() * 90)}` : String(Math.floor(1000 + Math.random() * 9000)),
      expMonth: 12,
      expYear: (new Date(ctx.clock.now()).getUTCFullYear() + 3) % (f.has('card-exp-year-two-digits') ? 100 : 10_000),
      // openapi.yaml, Card.currency: derived from the funding sources (the fault: always USD).
      currency: f.has('card-currency-not-derived') ? 'USD' : currency,
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
      storeCard(String(sent.cardholderId), 'USD', { fundingSources: sent.fundingSources as string[] });
    }
    const body = parse(CreateCard, req.body);
    const holder = getCustomer(ctx, body.cardholderId);
    if (holder.kycStatus !== 'APPROVED' && !f.has('card-issued-without-kyc') && !(f.has('card-issued-unless-unverified') && holder.kycStatus !== 'UNVERIFIED')) {
      throw badRequest('CARDHOLDER_KYC_NOT_APPROVED', `Cardholder ${holder.id} KYC is ${holder.kycStatus}, not APPROVED`);
    }
    const currency = checkFunding(holder.id, body.fundingSources, 'fundingSources', { create: true });
    // openapi.yaml, CardCreateRequest.threeDSecurePassword: "Only accepted for card programs whose issuer
    // supports a static-password factor (EU cards today); supplying it for a program that does not is
    // rejected with INVALID_INPUT". This sandbox's EU program is its EUR cards (sandbox/README.md).
    if (body.threeDSecurePassword !== undefined && !STATIC_PASSWORD_CURRENCIES.has(currency) && !f.has('card-3ds-password-any-program')) {
      throw invalidInput([{ field: 'threeDSecurePassword', message: `a ${currency} card's program takes no static 3-D Secure password (only ${[...STATIC_PASSWORD_CURRENCIES].join(', ')} cards)` }]);
    }
    const magic = (body.platformCardId ?? holder.id).slice(-3);
    const card = storeCard(holder.id, currency, f.has('card-funding-order-not-kept') ? { ...body, fundingSources: [...body.fundingSources].sort() } : body);
    // Issuer outcome after a short delay (sandbox/README.md): the supplement's magic on platformCardId
    // (001 stays PROCESSING, 002 CLOSED ISSUER_REJECTED, 005 ACTIVE after the activation delay).
    // The alternate's issuer answers as soon as the card is issued.
    const issuerDelay = ctx.choices.alternate('card-issuer-at-once') ? 0 : Math.min(ctx.settings.provisioningDelayMs, 50);
    const snapshot = { ...card };
    if (magic === '002') ctx.later(issuerDelay, () => setState(card, 'CLOSED', f.has('card-issuer-reject-no-reason') ? null : 'ISSUER_REJECTED'));
    else if (magic === '005') ctx.later(f.has('card-slow-activation-immediate') ? issuerDelay : ctx.settings.cardActivationDelayMs, () => setState(card, 'ACTIVE'));
    else if (magic !== '001' && card.state !== 'PENDING_KYC') ctx.later(issuerDelay, () => setState(card, 'ACTIVE'));
    return reply.status(201).send(snapshot);
  });
}
