// Every documented field rule of POST /transactions/{id}/cancel and /confirm, with generated data
// (helpers/field-rules/transactions.ts). Interface: Errors (FieldError dot paths); Transaction status.
// basis: supplement (section 13: cancel {reason?}, confirm {receiptDeliveryConfirmedAt?} "default now;
// repeat overwrites"; cancel of an unsettled ACH or wire payment).
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { eventually } from '../../helpers/eventually.js';
import { expectStatus } from '../../helpers/expect.js';
import { anyTransaction, createQuote, quoteBody, sender, transaction } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { transactionApprove, transactionCancel, transactionConfirm, transactionReject } from '../../helpers/field-rules/transactions.js';
import { answerNextApproval, decideAfter202, receive } from '../../helpers/flows/incoming.js';
import { quietPeriod, waitForEvent } from '../../helpers/events.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AnyTransaction, ExternalAccount, IncomingTransaction } from '../../helpers/schemas/index.js';

const CANCEL = 'POST /transactions/{transactionId}/cancel';
const CONFIRM = 'POST /transactions/{transactionId}/confirm';
const APPROVE = 'POST /transactions/{transactionId}/approve';
const REJECT = 'POST /transactions/{transactionId}/reject';

/** A payment from a funded USD account to a USD bank account whose number ends `suffix`, executed at once. */
async function payment(suffix = '000') {
  const s = await sender({ USD: 50_000 });
  const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(s.customerId, suffix) }), 201, ExternalAccount);
  const quote = await createQuote(quoteBody(s.accounts.USD.id, bank.id, 5_000, { immediatelyExecute: true }));
  return quote.transactionId;
}

describe(CANCEL, () => {
  scenario({ area: 'Transactions', operation: CANCEL, section: 'States and transitions', basis: 'supplement' });

  it('refuses a cancel whose reason is not text with 400 INVALID_INPUT naming it, and the held payment stays as it was', async (ctx) => {
    const hold = capabilities.holdTrigger;
    requireCapability(ctx, capabilities.sandboxTriggers && Boolean(hold), 'the target declares no trigger that holds a payment (SVC_HOLD_TRIGGER)');
    await basisSupplement('section 13: cancel {reason?} (free text); generated, one rule broken per request');
    const id = await payment(hold);
    const held = await eventually(() => transaction(id), (t) => typeof t.pendingReason === 'string', { timeoutMs: capabilities.eventTimeoutMs, what: 'the payment held (pendingReason)' });
    const since = await listener.mark();
    await checkRulesRefused({
      spec: transactionCancel(),
      send: (body) => api.post('/transactions/{transactionId}/cancel', { params: { transactionId: id }, body }),
      unchanged: async (rule) => expect((await transaction(id)).status, `cancels breaking ${rule.id} were refused: ${id} was not cancelled`).toBe(held.status),
    });
    // A cancel the bank partner applies a moment after answering (supplement 13) would show by then.
    await quietPeriod(since);
    expect((await transaction(id)).status, `the refused cancels did not cancel ${id} a moment later either`).toBe(held.status);
  });
});

describe(CONFIRM, () => {
  scenario({ area: 'Transactions', operation: CONFIRM, section: 'Resources and their fields', basis: 'supplement' });

  it('refuses a confirm whose receiptDeliveryConfirmedAt is not a timestamp string with 400 INVALID_INPUT naming it, and records nothing', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 13: confirm {receiptDeliveryConfirmedAt?}; generated, one rule broken per request');
    const id = await payment();
    const before = (await anyTransaction(id)) as Record<string, unknown>;
    await checkRulesRefused({
      spec: transactionConfirm(),
      send: (body) => api.post('/transactions/{transactionId}/confirm', { params: { transactionId: id }, body }),
      unchanged: async (rule) => {
        const after = (await anyTransaction(id)) as Record<string, unknown>;
        expect(after.receiptDeliveryConfirmedAt, `confirms breaking ${rule.id} were refused and recorded no receipt on ${id}`).toBe(before.receiptDeliveryConfirmedAt);
      },
    });
  });

  it('accepts a confirm with or without receiptDeliveryConfirmedAt and answers the transaction', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 13: confirm → 200 Transaction (any type); the time given, or now');
    const id = await payment();
    await checkValidAccepted({
      spec: transactionConfirm(),
      send: (body) => api.post('/transactions/{transactionId}/confirm', { params: { transactionId: id }, body }),
      created: { status: 200, schema: AnyTransaction },
      readBack: () => api.get('/transactions/{transactionId}', { params: { transactionId: id } }),
      // Whether the transaction shows receiptDeliveryConfirmedAt is not written (supplement 13 names it only on the request).
      echoes: () => false,
      then: async (_sent, t) => expect(t.id, 'the confirm answers the transaction confirmed').toBe(id),
    });
  });
});

/** An incoming payment the platform answered 202: it waits for approve or reject (supplement 13: within 5 s). */
async function deferredPayment(customerId: string) {
  await answerNextApproval(customerId, 202);
  const since = await listener.mark();
  const txn = await receive(customerId, 1_500);
  await waitForEvent(txn.id, (e) => e.type === 'INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PENDING', { since });
  return txn.id;
}

for (const [op, path, spec, decided] of [
  [APPROVE, '/transactions/{transactionId}/approve', transactionApprove, 'FAILED'],
  [REJECT, '/transactions/{transactionId}/reject', transactionReject, 'COMPLETED'],
] as const) {
  describe(op, () => {
    scenario({ area: 'Transactions', operation: op, section: 'Other operations that are named', basis: 'supplement' });

    it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and the payment still waits', async (ctx) => {
      requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
      await basisSupplement('section 13: approve {receiverCustomerInfo?: object}, reject {reason?}; generated, one rule broken per request');
      const { customerId } = await sender({ USD: 0 });
      const id = await deferredPayment(customerId);
      await checkRulesRefused({
        spec: spec(),
        // A decision may outrun the 202 to the target (helpers/flows/incoming.ts).
        send: (body) => decideAfter202(id, () => api.post(path, { params: { transactionId: id }, body })),
        unchanged: async (rule) => expect((await anyTransaction(id)).status, `requests breaking ${rule.id} were refused: ${id} still waits for the decision`).toBe('PENDING'),
      });
    });

    it('accepts valid requests of the decision and answers the incoming payment', async (ctx) => {
      requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no UMA receive trigger');
      await basisSupplement('section 13: 200 IncomingTransaction');
      const { customerId } = await sender({ USD: 0 });
      let id = '';
      await checkValidAccepted({
        spec: spec(),
        // A payment per decision: a decided payment is decided once (409 after).
        complete: async (b) => {
          id = await deferredPayment(customerId);
          return b;
        },
        // A decision may outrun the 202 to the target (helpers/flows/incoming.ts).
        send: (body) => decideAfter202(id, () => api.post(path, { params: { transactionId: id }, body })),
        created: { status: 200, schema: IncomingTransaction },
        readBack: () => api.get('/transactions/{transactionId}', { params: { transactionId: id } }),
        echoes: () => false,
        then: async (_sent, t) => {
          expect(t.id, 'the decision answers the payment decided').toBe(id);
          expect((await anyTransaction(id)).status, `supplement §13: ${op} decides the payment (never ${decided})`).not.toBe(decided);
        },
      });
    });
  });
}
