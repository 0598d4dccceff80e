// Interface: Cards ("Issue debit cards against an internal account"). POST /cards/{cardId}/reveal
// (200 {panEmbedUrl, expiresAt}, a short-lived iframe URL showing PAN, CVV and expiry; 404 for an
// unknown card): basis: supplement (section 25).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { activeCard } from '../../helpers/flows/cards.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { CardReveal } from '../../helpers/schemas/cards.js';

const reveal = (cardId: string) => api.post('/cards/{cardId}/reveal', { params: { cardId } });

describe('POST /cards/{cardId}/reveal', () => {
  scenario({ area: 'Cards', operation: 'POST /cards/{cardId}/reveal', section: 'Resources and their fields', basis: 'supplement' });

  it('answers 200 {panEmbedUrl, expiresAt}: a URL that expires later, and 404 for an unknown card', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a cardholder account');
    await basisSupplement('POST /cards/{id}/reveal -> 200 {panEmbedUrl, expiresAt}; 404 (section 25)');
    const { card } = await activeCard();

    const shown = expectStatus(await reveal(card.id), 200, CardReveal, 'Supplement 25: reveal answers {panEmbedUrl, expiresAt}');
    expect(Date.parse(shown.expiresAt), 'a short-lived URL: expiresAt is still ahead').toBeGreaterThan(Date.now());

    expectError(await reveal(`Card:${randomUUID()}`), 404, undefined, 'Supplement 25: 404 for an unknown card');
  });
});
