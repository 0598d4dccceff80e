// Interface: Card `state` (ACTIVE -> FROZEN, FROZEN -> ACTIVE, ACTIVE -> CLOSED, FROZEN -> CLOSED; any
// other requested transition 409 INVALID_STATE_TRANSITION; CLOSED on a closed card 409
// CARD_ALREADY_CLOSED; mutating a closed card 409 CARD_NOT_MUTABLE); 400 CARDHOLDER_KYC_NOT_APPROVED;
// Events (CARD_TRANSACTION.*: every card transaction state transition, with the full card transaction).
// Supplement section 9 for paths, shapes, pre-activation states and the simulate endpoints.
import type { FastifyInstance } from 'fastify';
import { cardIssueRoutes } from './issue.js';
import { cardListRoutes } from './list.js';
import { cardUpdateRoutes } from './freeze.js';
import { cardRevealRoutes } from './reveal.js';
import { cardSimulateRoutes } from './simulate.js';

export async function cardRoutes(app: FastifyInstance) {
  await app.register(cardIssueRoutes);
  await app.register(cardListRoutes);
  await app.register(cardUpdateRoutes);
  await app.register(cardRevealRoutes);
  await app.register(cardSimulateRoutes);
}
