// Interface: Card `state` (ACTIVE -> FROZEN, FROZEN -> ACTIVE, ACTIVE -> CLOSED, FROZEN -> CLOSED; any
// other requested transition 409 INVALID_STATE_TRANSITION; CLOSED on a closed card 409
// CARD_ALREADY_CLOSED; mutating a closed card 409 CARD_NOT_MUTABLE). PATCH /cards/{id}: freeze,
// unfreeze, close, its funding sources and its spending limit. openapi.yaml, CardUpdateRequest: "At
// least one of state, fundingSources, or maxSpendPerTransaction must be supplied. state transitions are
// limited to ACTIVE ⇄ FROZEN and ACTIVE | FROZEN → CLOSED; any other transition returns 409
// INVALID_STATE_TRANSITION. CLOSED ... cannot be combined with fundingSources or maxSpendPerTransaction";
// updateCardById 409: INVALID_STATE_TRANSITION "(e.g. trying to un-freeze a CLOSED card)".
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse, type SandboxContext } from '../context.js';
import { conflict } from '../http/errors.js';
import { cardTools, IdParams, type CardState } from './state.js';

const ALLOWED: Record<string, CardState[]> = { ACTIVE: ['FROZEN', 'CLOSED'], FROZEN: ['ACTIVE', 'CLOSED'] };

const patchCardBody = (faults: SandboxContext['faults']) => z
  .object({
    state: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']).optional(),
    fundingSources: z.array(z.string().min(1)).min(1).optional(),
    maxSpendPerTransaction: z.number().int().min(1).nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'at least one of state, fundingSources, maxSpendPerTransaction', path: ['body'] })
  // openapi.yaml, CardUpdateRequest (supplement section 9): CLOSED "cannot be combined with fundingSources or
  // maxSpendPerTransaction"; each field given beside it is named.
  .superRefine((b, c) => {
    if (b.state !== 'CLOSED' || faults.has('card-close-combinable')) return;
    for (const key of ['fundingSources', 'maxSpendPerTransaction'] as const) {
      if (b[key] !== undefined) c.addIssue({ code: 'custom', message: `${key} cannot be combined with state CLOSED`, path: [key] });
    }
  });

export async function cardUpdateRoutes(app: FastifyInstance) {
  const { ctx, f, setState, getCard, checkFunding } = cardTools(app.ctx);
  const PatchCard = patchCardBody(f);

  app.patch('/cards/:cardId', async (req) => {
    const card = getCard(parse(IdParams, req.params).cardId);
    const body = parse(PatchCard, req.body);
    if (card.state === 'CLOSED' && !f.has('card-closed-reactivates')) {
      if (body.state === 'CLOSED') {
        throw f.has('card-already-closed-wrong-code')
          ? conflict('INVALID_STATE_TRANSITION', 'CLOSED -> CLOSED')
          : conflict('CARD_ALREADY_CLOSED', `Card ${card.id} is already closed`);
      }
      // openapi.yaml, updateCardById 409: un-freezing a CLOSED card is an INVALID_STATE_TRANSITION (the
      // fault answers CARD_NOT_MUTABLE); CLOSED -> FROZEN meets both sentences (sandbox/README.md).
      if (body.state === 'ACTIVE' && f.has('card-closed-unfreeze-not-mutable')) throw conflict('CARD_NOT_MUTABLE', `Card ${card.id} is closed and cannot change`);
      if (body.state === 'FROZEN' && ctx.choices.alternate('card-closed-frozen-not-mutable')) throw conflict('CARD_NOT_MUTABLE', `Card ${card.id} is closed and cannot change`);
      if (body.state) throw conflict('INVALID_STATE_TRANSITION', `A closed card cannot become ${body.state}`);
      if (!f.has('card-closed-funding-mutable')) throw conflict('CARD_NOT_MUTABLE', `Card ${card.id} is closed and cannot change`);
    }
    if (body.state && body.state !== card.state) {
      // PROCESSING and PENDING_KYC allow no requested transition (openapi.yaml, CardUpdateRequest: the
      // transitions are limited to ACTIVE ⇄ FROZEN and ACTIVE | FROZEN → CLOSED).
      const allowed = f.has('card-pre-activation-patchable') && (card.state === 'PROCESSING' || card.state === 'PENDING_KYC') ? [body.state] : ALLOWED[card.state] ?? [];
      if (!allowed.includes(body.state) && !(f.has('card-closed-reactivates') && card.state === 'CLOSED')) {
        throw conflict('INVALID_STATE_TRANSITION', `Card ${card.id} cannot go from ${card.state} to ${body.state}`);
      }
    } else if (body.state && !f.has('card-same-state-allowed')) {
      if (f.has('card-rejected-transition-changes-state')) setState(card, card.state === 'ACTIVE' ? 'FROZEN' : 'ACTIVE');
      throw conflict('INVALID_STATE_TRANSITION', `Card ${card.id} is already ${card.state}`);
    }
    // A card not yet issued takes a funding or limit change here; the alternate refuses it.
    if ((card.state === 'PROCESSING' || card.state === 'PENDING_KYC') && (body.fundingSources || body.maxSpendPerTransaction !== undefined) && ctx.choices.alternate('card-pre-activation-unchangeable')) {
      throw conflict('INVALID_STATE_TRANSITION', `Card ${card.id} is ${card.state}; it takes no change before it is issued`);
    }
    if (body.fundingSources) checkFunding(card.cardholderId, body.fundingSources, 'fundingSources', { currency: card.currency });
    if (body.fundingSources) {
      const previous = card.fundingSources;
      card.fundingSources = body.fundingSources;
      card.updatedAt = isoNow(ctx.clock);
      // Supplement section 25: CARD.FUNDING_SOURCE_CHANGE on each PATCH setting fundingSources, data = the card with the new order.
      // The alternate emits it only when the order changed.
      const unchanged = previous.length === card.fundingSources.length && previous.every((id, i) => id === card.fundingSources[i]);
      if (!(unchanged && ctx.choices.alternate('card-funding-change-only-when-changed'))) {
        ctx.webhooks.emit('CARD.FUNDING_SOURCE_CHANGE', { ...card, fundingSources: f.has('card-funding-change-old-order') ? previous : [...card.fundingSources] });
      }
    }
    if (body.maxSpendPerTransaction !== undefined && !(body.maxSpendPerTransaction === null && f.has('card-limit-null-ignored'))) card.maxSpendPerTransaction = body.maxSpendPerTransaction;
    if (body.state && body.state !== card.state) setState(card, body.state, body.state === 'CLOSED' ? 'CLOSED_BY_PLATFORM' : null);
    card.updatedAt = isoNow(ctx.clock);
    return card;
  });
}
