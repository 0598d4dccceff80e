// The transactions of each customer, in creation order, so that a customer's list costs what it
// returns and not what the sandbox holds (supplement section 8: GET /transactions?customerId=...).
import { areaState, type SandboxContext } from '../context.js';

const byCustomer = (ctx: SandboxContext) => areaState(ctx, 'transactions-by-customer', () => new Map<string, string[]>());

/** Records a new transaction of `customerId` (outgoing, incoming or card). */
export function indexTransaction(ctx: SandboxContext, customerId: string, transactionId: string): void {
  const ids = byCustomer(ctx).get(customerId);
  if (ids) ids.push(transactionId);
  else byCustomer(ctx).set(customerId, [transactionId]);
}

/** The ids of the customer's transactions, oldest first. */
export function customerTransactionIds(ctx: SandboxContext, customerId: string): readonly string[] {
  return byCustomer(ctx).get(customerId) ?? [];
}
