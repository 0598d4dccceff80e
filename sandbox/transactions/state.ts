// The transactions in creation order, with the positions per customer and per value of each
// GET /transactions filter (supplement section 8: customerId, (sender|receiver)AccountIdentifier,
// status, type, reference, cardId; startDate/endDate on createdAt, which never decreases along the
// order), so that a page costs what its filters match from its cursor and not what the sandbox holds.
import { areaState, type SandboxContext } from '../context.js';
import { PositionIndex, watchField as watch } from '../store/position-index.js';

export interface TransactionIndex {
  /** Every transaction id, oldest first; a position here is a list cursor. */
  all: string[];
  createdAt: number[];
  byCustomer: PositionIndex;
  byType: PositionIndex;
  byStatus: PositionIndex;
  byCard: PositionIndex;
  bySender: PositionIndex;
  byReceiver: PositionIndex;
  byReference: PositionIndex;
}

export const transactionIndex = (ctx: SandboxContext) =>
  areaState<TransactionIndex>(ctx, 'transactions-index', () => ({
    all: [],
    createdAt: [],
    byCustomer: new PositionIndex(),
    byType: new PositionIndex(),
    byStatus: new PositionIndex(),
    byCard: new PositionIndex(),
    bySender: new PositionIndex(),
    byReceiver: new PositionIndex(),
    byReference: new PositionIndex(),
  }));

/** The fields of a stored transaction that change after creation: its status and its refund. */
interface Mutable {
  status: string;
  refund?: { reference: string };
}

const strings = (...values: unknown[]) => values.filter((v): v is string => typeof v === 'string');
const sides = (side: Record<string, unknown> | undefined) => (side ? strings(side.accountId, side.umaAddress) : []);

/**
 * Records a new transaction of `customerId` (outgoing, incoming or card): `record` is the stored
 * transaction (its status and refund are followed from now on), `shown` its presented form.
 */
export function indexTransaction(ctx: SandboxContext, customerId: string, record: Mutable & { id: string }, shown: Record<string, any>): void {
  const ix = transactionIndex(ctx);
  const p = ix.all.length;
  ix.all.push(record.id);
  ix.createdAt.push(Date.parse(String(shown.createdAt)));
  ix.byCustomer.add(customerId, p);
  ix.byType.add(String(shown.type), p);
  if (typeof shown.cardId === 'string') ix.byCard.add(shown.cardId, p);
  for (const id of shown.type === 'CARD' ? strings(shown.accountId) : sides(shown.source)) ix.bySender.add(id, p);
  for (const id of sides(shown.destination)) ix.byReceiver.add(id, p);
  ix.byStatus.add(record.status, p);
  watch(record, 'status', (from, to) => ix.byStatus.move(from, to, p));
  if (record.refund) ix.byReference.add(record.refund.reference, p);
  watch(record, 'refund', (from, to) => ix.byReference.move(from?.reference, to?.reference, p));
}

/** Positions of the transactions of several customers (one platformCustomerId reused), ascending. */
export function customersPositions(ctx: SandboxContext, customerIds: readonly string[]): readonly number[] {
  const ix = transactionIndex(ctx);
  if (customerIds.length === 1) return ix.byCustomer.get(customerIds[0]);
  return customerIds.flatMap((id) => ix.byCustomer.get(id)).sort((a, b) => a - b);
}
