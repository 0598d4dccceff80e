// Response schemas of the card resources new to the suite. basis: supplement (sections 9 and 25).
import { z } from 'zod';
import { Card, IsoUtc } from '../schemas.js';

/** Supplement 25: POST /cards/{id}/reveal answers 200 {panEmbedUrl*, expiresAt*}, a short-lived iframe URL. */
export const CardReveal = z.looseObject({
  panEmbedUrl: z.url(),
  expiresAt: IsoUtc,
});

/** Supplement 9: the Card with stateReason (ISSUER_REJECTED, CLOSED_BY_PLATFORM, CLOSED_BY_SVC, else null). */
export const CardWithReason = Card.extend({
  stateReason: z.enum(['ISSUER_REJECTED', 'CLOSED_BY_PLATFORM', 'CLOSED_BY_SVC']).nullable(),
  currency: z.string().min(1),
});
