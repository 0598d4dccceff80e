// The transactions in creation order, all of them and per customer, so that a page of
// GET /transactions costs what it scans from its cursor and not what the sandbox holds
// (supplement section 8: GET /transactions?customerId=..., paging by cursor).
import { areaState, type SandboxContext } from '../context.js';
import { KeyedOrder } from '../store/cursor-page.js';

const index = (ctx: SandboxContext) =>
  areaState(ctx, 'transactions-index', () => ({ all: [] as string[], byCustomer: new KeyedOrder(), position: new Map<string, number>() }));

/** Records a new transaction of `customerId` (outgoing, incoming or card). */
export function indexTransaction(ctx: SandboxContext, customerId: string, transactionId: string): void {
  const ix = index(ctx);
  ix.position.set(transactionId, ix.all.length);
  ix.all.push(transactionId);
  ix.byCustomer.add(customerId, transactionId);
}

/** The ids of the customer's transactions, oldest first (a deleted customer's included). */
export function customerTransactionIds(ctx: SandboxContext, customerId: string): readonly string[] {
  return index(ctx).byCustomer.get(customerId);
}

/** The ids of every transaction, oldest first. */
export function allTransactionIds(ctx: SandboxContext): readonly string[] {
  return index(ctx).all;
}

/** The ids of the transactions of several customers (one platformCustomerId reused), oldest first. */
export function customersTransactionIds(ctx: SandboxContext, customerIds: readonly string[]): readonly string[] {
  if (customerIds.length === 1) return customerTransactionIds(ctx, customerIds[0]);
  const ix = index(ctx);
  return customerIds.flatMap((id) => ix.byCustomer.get(id)).sort((a, b) => ix.position.get(a)! - ix.position.get(b)!);
}
