// Incoming payments: the sandbox receive trigger, the platform's answer to INCOMING_PAYMENT.PENDING
// armed on the listener, and the decision operations. Paths and shapes: basis: supplement (sections
// 3 and 8).
import type { ApiResponse } from '../client.js';
import { expectStatus, noteInterface } from '../expect.js';
import { api, capabilities, listener } from '../harness.js';
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

const EARLY_DECISION = [
  'Description, approvePendingPayment and rejectPendingPayment: a pending incoming payment "that was previously acknowledged with a 202 response"',
  'Interface, Transaction status: "Approval of a transaction that is not pending platform approval answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"',
  'what a decision that reaches the target before the platform\'s 202 does is not stated (the two travel separately)',
];

/**
 * A decision (`send`: approve or reject) on a payment the platform answered 202, sent once the listener
 * has answered. The 202 and the decision travel separately, so the decision may reach the target first,
 * and a target may refuse it as not (yet) pending platform approval: a 409
 * TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL while the payment still reads PENDING is sent again, within
 * a bound well inside the approval window; the last answer is the one judged, and a refusal is noted.
 */
export async function decideAfter202(transactionId: string, send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const deadline = Date.now() + Math.min(1_000, capabilities.incomingApprovalWindowMs / 3);
  let delay = 20;
  for (let refused = 0; ; refused++) {
    const res = await send();
    const early = res.status === 409 && (res.body as { code?: unknown } | undefined)?.code === 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL';
    const pending = early && Date.now() < deadline && (await api.get('/transactions/{transactionId}', { params: { transactionId } })).body?.status === 'PENDING';
    if (!pending) {
      if (refused) noteInterface('incoming:decision-before-answer', EARLY_DECISION, `a decision sent as the 202 was answered was refused 409 ${refused} time(s), then answered ${res.status}`);
      return res;
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 200);
  }
}
