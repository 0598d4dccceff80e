// Deprecated same-currency transfer-in (supplement section 8): pulls from a customer's USD bank
// account (ACH) into its internal account, as an incoming transaction. openapi.yaml, TransferInRequest:
// amount is optional; what a pull without one pulls is not stated (sandbox/README.md: DEFAULT_PULL).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { getCustomer } from '../customers/state.js';
import { badRequest, invalidInput, notFound } from '../http/errors.js';
import { externalAccounts, primaryIdentifier } from '../external-accounts/state.js';
import { adjustBalance, assertCanMoveMoney, getInternalAccount } from '../internal-accounts/state.js';
import { indexTransaction } from '../transactions/state.js';
import { idempotent } from './idempotency.js';
import { step } from './payments.js';
import { presentIncoming, transfersState, type IncomingTxn } from './state.js';

/** What a transfer-in without `amount` pulls, in the smallest unit (the sandbox's bank accounts hold no balance to read). */
export const DEFAULT_PULL = 10_000;
/** What each bank account holds at first, in the smallest unit, in the alternate that reads it (`transfer-in-whole-holding`). */
export const BANK_HOLDING = 1_000_000;
const bankHoldings = (ctx: SandboxContext) => areaState(ctx, 'bank-holdings', () => new Map<string, number>());

export function transferInRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const s = transfersState(ctx);
  const f = ctx.faults;
  const TransferIn = z.object({
    source: z.object({ accountId: z.string().min(1) }),
    destination: z.object({ accountId: z.string().min(1) }),
    // openapi.yaml, TransferInRequest: amount? (int64); the fault refuses a request without it.
    amount: f.has('transfer-in-amount-required') ? z.number() : z.number().optional(),
  });
  app.post('/transfer-in', async (req, reply) =>
    idempotent(ctx, req, reply, async () => {
      const parsed = parse(TransferIn, req.body);
      // Without amount the pull is of DEFAULT_PULL; the alternate's bank accounts each hold BANK_HOLDING,
      // less what was pulled, and a pull without amount takes all that is left.
      const whole = ctx.choices.alternate('transfer-in-whole-holding');
      const left = bankHoldings(ctx).get(parsed.source.accountId) ?? BANK_HOLDING;
      const body = { ...parsed, amount: parsed.amount ?? (whole ? left : DEFAULT_PULL) };
      if (whole && parsed.amount === undefined && left <= 0) throw badRequest('INVALID_AMOUNT', 'The bank account holds nothing left to pull', { errors: [{ field: 'amount', message: 'nothing left to pull without an amount' }] });
      if ((!Number.isInteger(body.amount) && !f.has('transfer-in-fraction-accepted')) || body.amount <= 0) {
        throw badRequest('INVALID_AMOUNT', 'amount must be a positive integer in the smallest unit', { errors: [{ field: 'amount', message: 'a positive integer of the smallest unit' }] });
      }
      const destination = getInternalAccount(ctx, body.destination.accountId);
      const source = externalAccounts(ctx).get(body.source.accountId);
      if (!source || source.customerId !== destination.customerId) throw notFound('REFERENCE_NOT_FOUND', `Source account ${body.source.accountId} not found for this customer`);
      if (source.accountInfo.accountType !== 'USD_ACCOUNT') throw invalidInput([{ field: 'source.accountId', message: 'transfer-in pulls from USD bank accounts (ACH)' }]);
      if (source.currency !== destination.currency) throw badRequest('INVALID_CURRENCY', `transfer-in is same-currency: ${source.currency} to ${destination.currency}`);
      if (!(f.has('frozen-account-transfer-in-accepted') && destination.status === 'FROZEN')) assertCanMoveMoney(ctx, destination, 'receive');
      const now = isoNow(ctx.clock);
      const t: IncomingTxn = { id: `Transaction:${randomUUID()}`, status: 'PENDING', source: source.id, destination, amount: body.amount, customerId: destination.customerId!, platformCustomerId: String(getCustomer(ctx, destination.customerId!).fields.platformCustomerId), createdAt: now, updatedAt: now };
      s.incoming.set(t.id, t);
      if (whole) bankHoldings(ctx).set(source.id, Math.max(0, left - body.amount));
      indexTransaction(ctx, t.customerId, t, presentIncoming(t));
      // The supplement's transfer outcomes, by the source account's identifier: 002 and 003 fail at
      // once, 004 (the bank rejects) and 005 (pending, then fails) fail later; nothing is credited. The
      // reasons are the incoming ones (openapi.yaml, IncomingTransactionFailureReason): the pull from a
      // closed or invalid account, or one the bank rejects, is a bank-rail collection that did not
      // credit (COLLECTION_FAILED); the others failed on the way (QUOTE_EXECUTION_FAILED).
      // The alternate gives QUOTE_EXECUTION_FAILED for every failing suffix.
      const outcome = ctx.choices.alternate('transfer-in-one-failure-reason')
        ? ({ '002': 1, '003': 1, '004': 1, '005': 1 }[primaryIdentifier(source.accountInfo).slice(-3)] ? 'QUOTE_EXECUTION_FAILED' : undefined)
        : { '002': 'QUOTE_EXECUTION_FAILED', '003': 'COLLECTION_FAILED', '004': 'COLLECTION_FAILED', '005': 'QUOTE_EXECUTION_FAILED' }[primaryIdentifier(source.accountInfo).slice(-3)];
      const fail = () => {
        t.status = 'FAILED';
        t.failureReason = outcome;
        t.updatedAt = isoNow(ctx.clock);
        ctx.webhooks.emit('INCOMING_PAYMENT.FAILED', presentIncoming(t));
      };
      const suffix = primaryIdentifier(source.accountInfo).slice(-3);
      if (outcome && (suffix === '002' || suffix === '003')) fail();
      else
        ctx.later(suffix === '005' ? step(ctx) * 5 : step(ctx), () => {
          // A pull cancelled while PENDING (an alternate) has ended.
          if (t.status !== 'PENDING') return;
          if (outcome && !f.has('transfer-in-failure-credited')) return fail();
          t.status = 'COMPLETED';
          t.settledAt = t.updatedAt = isoNow(ctx.clock);
          if (!f.has('transfer-in-not-credited')) adjustBalance(ctx, destination, t.amount);
          ctx.webhooks.emit('INCOMING_PAYMENT.COMPLETED', presentIncoming(t));
        });
      return { status: 201, body: presentIncoming(t) };
    }),
  );
}
