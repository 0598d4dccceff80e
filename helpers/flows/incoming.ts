// Incoming payments: the sandbox receive trigger, the platform's answer to INCOMING_PAYMENT.PENDING
// armed on the listener, and the decision operations. Paths and shapes: basis: supplement (sections
// 3 and 8).
import { expectStatus } from '../expect.js';
import { api, listener } from '../harness.js';
import { IncomingTransactionRecord } from '../schemas/transactions.js';

/** The supplement's sandbox sender whose payment succeeds. */
export const SUCCESS_SENDER = '$success.usd@sandbox.uma.money';

/**
 * Arms the listener to answer the customer's next INCOMING_PAYMENT.PENDING with `status` (supplement 3:
 * 200 approves, 202 defers to approve/reject, 403 rejects, 422 asks for more receiver data). The
 * payment's id is known only from the trigger's answer, so the arming is keyed by type and customer.
 */
export async function answerNextApproval(customerId: string, status: number): Promise<void> {
  await listener.arm(`INCOMING_PAYMENT.PENDING@${customerId}`, 1, status);
}

/** basis: supplement (section 8): POST /sandbox/uma/receive pays `amount` (smallest unit) to the customer. */
export async function receive(customerId: string, amount: number, opts: { sender?: string; currency?: string } = {}): Promise<IncomingTransactionRecord> {
  const body = { senderUmaAddress: opts.sender ?? SUCCESS_SENDER, customerId, receivingCurrencyCode: opts.currency ?? 'USD', receivingCurrencyAmount: amount };
  return expectStatus(await api.post('/sandbox/uma/receive', { body }), 200, IncomingTransactionRecord, 'POST /sandbox/uma/receive answers 200 IncomingTransaction');
}

export const approve = (transactionId: string, body: Record<string, unknown> = {}) => api.post('/transactions/{transactionId}/approve', { params: { transactionId }, body });
export const reject = (transactionId: string, body: Record<string, unknown> = {}) => api.post('/transactions/{transactionId}/reject', { params: { transactionId }, body });
