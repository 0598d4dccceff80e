// One transaction by id, whatever its kind (supplement section 8: INCOMING, OUTGOING or CARD), as it
// is presented; Errors / 404 TRANSACTION_NOT_FOUND.
import { cardsState, presentCardTxn } from '../cards/state.js';
import type { SandboxContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { presentIncoming, presentOutgoing, transfersState } from '../cross-currency-transfers/state.js';

export type Presented = Record<string, any>;

/** One transaction by id, through the maps of its kind. */
export const lookup = (ctx: SandboxContext, id: string): Presented | undefined => {
  const s = transfersState(ctx);
  const outgoing = s.txns.get(id);
  if (outgoing) return presentOutgoing(ctx, outgoing);
  const incoming = s.incoming.get(id);
  if (incoming) return presentIncoming(incoming);
  const card = cardsState(ctx).txns.get(id);
  return card ? presentCardTxn(card, ctx) : undefined;
};
export const find = (ctx: SandboxContext, id: string) => {
  const t = lookup(ctx, id);
  if (!t) throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${id} not found`);
  return t;
};
