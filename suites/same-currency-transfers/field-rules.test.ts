// Every documented field rule of POST /transfer-out, both ways, with generated data
// (helpers/requests/quotes.ts). Interface: POST /transfer-out ("Deprecated; same-currency transfers;
// request and response shapes unchanged; a transaction is returned"); Errors (FieldError dot paths).
// basis: supplement (section 8: the transfer-out body).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectStatus } from '../../helpers/expect.js';
import { fund } from '../../helpers/flows/customers.js';
import { sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/requests/check.js';
import { fill, transferOut } from '../../helpers/requests/quotes.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, OutgoingTransaction, Page } from '../../helpers/schemas.js';

const OP = 'POST /transfer-out';
const send = (body: Record<string, unknown>) => api.post('/transfer-out', { body });
const TxnPage = Page(z.looseObject({ id: z.string() }));

/** A customer with a USD internal account (funded with `funding`) and a USD bank account of their own (identifier ending 000: no sandbox outcome). */
async function party(funding: number) {
  const s = await sender({ USD: funding });
  const bank = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(s.customerId) }), 201, ExternalAccount);
  return { customer: s.customerId, source: s.accounts.USD.id, destination: bank.id };
}

describe(OP, () => {
  scenario({ area: 'Same-Currency Transfers', operation: OP, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and moves no money', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: transfer-out {source*{accountId}, destination*{accountId, paymentRail?}, amount?, remittanceInformation?, purposeOfPayment?}; generated, one rule broken per request');
    const p = await party(50_000);
    await checkRulesRefused({
      spec: transferOut(),
      complete: (b) => fill(b, p),
      send,
      unchanged: async (rule) => {
        const listed = expectStatus(await api.get('/transactions', { query: { customerId: p.customer, limit: 100 } }), 200, TxnPage).data;
        expect(listed.map((t) => t.id), `requests breaking ${rule.id} were refused and started no transfer`).toEqual([]);
      },
    });
  });

  it('accepts valid requests, returns the transaction and reads back its source and destination', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: transfer-out, optional fields present or not; 201 Transaction');
    const p = await party(0);
    await checkValidAccepted({
      spec: transferOut(),
      // Without an amount the whole balance is sent (the amount is optional): each request has a fresh one.
      complete: async (b) => {
        await fund(p.source, 10_000);
        return fill(b, p);
      },
      send,
      created: { status: 201, schema: OutgoingTransaction },
      readBack: (t) => api.get('/transactions/{transactionId}', { params: { transactionId: t.id } }),
      // The transaction carries the source and destination accounts (supplement 8: source ACCOUNT{accountId}, destination ACCOUNT{accountId}).
      echoes: (path) => path === 'source.accountId' || path === 'destination.accountId',
    });
  });
});
