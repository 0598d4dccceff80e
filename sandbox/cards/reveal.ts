// Supplement section 25: revealing an active or frozen card's number, a short-lived iframe URL.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parse } from '../context.js';
import { conflict } from '../http/errors.js';
import { cardTools, IdParams } from './state.js';

export async function cardRevealRoutes(app: FastifyInstance) {
  const { ctx, f, getCard } = cardTools(app.ctx);

  app.post('/cards/:cardId/reveal', async (req) => {
    const card = getCard(parse(IdParams, req.params).cardId);
    // An ACTIVE or FROZEN card only; the alternate reveals a card in any state.
    if (card.state !== 'ACTIVE' && card.state !== 'FROZEN' && !ctx.choices.alternate('card-reveal-any-state')) throw conflict('CARD_NOT_MUTABLE', `Card ${card.id} is ${card.state}`);
    const url = `https://sandbox.svc.example/cards/${randomUUID()}`;
    // Supplement section 25: 200 {panEmbedUrl, expiresAt}, a short-lived iframe URL.
    if (f.has('card-reveal-without-expiry')) return { panEmbedUrl: url };
    return { panEmbedUrl: url, expiresAt: new Date(ctx.clock.now() + 60_000).toISOString() };
  });
}
