// Every documented field rule of POST /transactions/{id}/cancel and /confirm, with generated data
// (helpers/requests/transactions.ts). Interface: Errors (FieldError dot paths); Transaction status.
// basis: supplement (section 13: cancel {reason?}, confirm {receiptDeliveryConfirmedAt?} "default now;
// repeat overwrites"; cancel of an unsettled ACH or wire payment).
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { eventually } from '../../helpers/eventually.js';
import { expectStatus } from '../../helpers/expect.js';
import { anyTransaction, createQuote, quoteBody, sender, transaction } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/requests/check.js';
import { transactionCancel, transactionConfirm } from '../../helpers/requests/transactions.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AnyTransaction, ExternalAccount } from '../../helpers/schemas.js';

const CANCEL = 'POST /transactions/{transactionId}/cancel';
const CONFIRM = 'POST /transactions/{transactionId}/confirm';

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
    await checkRulesRefused({
      spec: transactionCancel(),
      send: (body) => api.post('/transactions/{transactionId}/cancel', { params: { transactionId: id }, body }),
      unchanged: async (rule) => expect((await transaction(id)).status, `cancels breaking ${rule.id} were refused: ${id} was not cancelled`).toBe(held.status),
    });
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
