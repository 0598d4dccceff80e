// Interface: "States and transitions / Card state": ACTIVE -> FROZEN, FROZEN -> ACTIVE, ACTIVE -> CLOSED,
// FROZEN -> CLOSED; "Any other requested transition answers 409 INVALID_STATE_TRANSITION. Requesting
// CLOSED on a closed card answers 409 CARD_ALREADY_CLOSED. Mutating a closed card answers 409
// CARD_NOT_MUTABLE." Every cell of from-state x requested-state. State changes are requested with
// PATCH /cards/{cardId} {state}, announced by CARD.STATE_CHANGE: basis: supplement (section 9).
// Description, CardUpdateRequest: "state transitions are limited to ACTIVE ⇄ FROZEN and ACTIVE | FROZEN →
// CLOSED; any other transition returns 409 INVALID_STATE_TRANSITION"; updateCardById 409:
// INVALID_STATE_TRANSITION "(e.g. trying to un-freeze a CLOSED card)", CARD_NOT_MUTABLE "when the card is
// CLOSED".
import { describe, expect, it } from 'vitest';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectRefusedTransition, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { activeCard, getCard, patchCard } from '../../helpers/flows/cards.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { Card } from '../../helpers/schemas/index.js';

type State = 'ACTIVE' | 'FROZEN' | 'CLOSED';
const STATES: State[] = ['ACTIVE', 'FROZEN', 'CLOSED'];
const ALLOWED = new Set(['ACTIVE->FROZEN', 'FROZEN->ACTIVE', 'ACTIVE->CLOSED', 'FROZEN->CLOSED']);
const CELLS = STATES.flatMap((from) => STATES.map((to) => [from, to] as [State, State]));
const change = (state: string) => ({ type: 'CARD.STATE_CHANGE', where: (d: Record<string, any>) => d.state === state, what: state });

/**
 * The 409 code the documents give a refused cell. CLOSED -> ACTIVE is the description's own example of
 * INVALID_STATE_TRANSITION ("trying to un-freeze a CLOSED card"); CLOSED -> FROZEN meets two sentences.
 */
function refusal(from: State, to: State): string[] {
  if (from === 'CLOSED' && to === 'CLOSED') return ['CARD_ALREADY_CLOSED'];
  if (from === 'CLOSED' && to === 'FROZEN') return ['INVALID_STATE_TRANSITION', 'CARD_NOT_MUTABLE'];
  return ['INVALID_STATE_TRANSITION'];
}
const refusalRule = (from: State, to: State) =>
  from === 'CLOSED' && to === 'ACTIVE'
    ? 'Description, updateCardById 409: INVALID_STATE_TRANSITION "when the requested state transition is not one of ACTIVE ⇄ FROZEN or ACTIVE | FROZEN → CLOSED (e.g. trying to un-freeze a CLOSED card)"'
    : 'Card state; Description, CardUpdateRequest: "any other transition returns 409 INVALID_STATE_TRANSITION"';

describe('PATCH /cards/{cardId} {state}: the card state matrix', () => {
  scenario({ area: 'Cards', operation: 'PATCH /cards/{cardId}', section: 'States and transitions' });

  it.for(CELLS)('%s -> %s', async ([from, to], ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a cardholder account');
    const since = await listener.mark();
    const { card } = await activeCard();
    const path = from === 'ACTIVE' ? [] : from === 'FROZEN' ? ['FROZEN'] : ['CLOSED'];
    for (const state of path) expectStatus(await patchCard(card.id, { state }), 200, Card);
    expect((await getCard(card.id)).state).toBe(from);

    const res = await patchCard(card.id, { state: to });

    if (ALLOWED.has(`${from}->${to}`)) {
      const changed = expectStatus(res, 200, Card, `Card state: ${from} -> ${to} is allowed`);
      expect(changed.state).toBe(to);
      expectTransition('card', from, (await getCard(card.id)).state, from, to);
      // basis: supplement: CARD.STATE_CHANGE on every transition, PROCESSING -> ACTIVE included.
      await expectEvents(card.id, [change('ACTIVE'), ...path.map(change), change(to)], { since });
    } else {
      const codes = refusal(from, to);
      const error = expectError(res, 409, codes, `${refusalRule(from, to)}: ${from} -> ${to} is refused with 409 ${codes.join(' or ')}`);
      if (codes.length > 1) {
        noteInterface('card:closed-to-open-code', [
          'Any other requested transition answers 409 INVALID_STATE_TRANSITION.',
          'Mutating a closed card answers 409 CARD_NOT_MUTABLE.',
          'Description, updateCardById 409: CARD_NOT_MUTABLE "when the card is CLOSED"',
        ], `${from} -> ${to} answered ${error.code}`);
      }
      expectRefusedTransition('card', from, to, (await getCard(card.id)).state);
    }
  });
});
