// Every documented field rule of POST /transfer-out and POST /transfer-in, both ways, with generated data
// (helpers/field-rules/quotes.ts). Interface: POST /transfer-out ("Deprecated; same-currency transfers;
// request and response shapes unchanged; a transaction is returned"); Errors (FieldError dot paths).
// basis: supplement (section 8: the transfer-out and transfer-in bodies). Description, TransferInRequest:
// source and destination required, amount optional: a pull without one is accepted (what it pulls is not
// stated, so only a pull with one is judged on its amount).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { expectStatus } from '../../helpers/expect.js';
import { fund } from '../../helpers/flows/customers.js';
import { balanceOf, refusalsWithinVelocity, sender, withinVelocity } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill, transferIn, transferOut } from '../../helpers/field-rules/quotes.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, IncomingTransaction, OutgoingTransaction, Page } from '../../helpers/schemas/index.js';

const OP = 'POST /transfer-out';
const IN = 'POST /transfer-in';
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
    // A customer per declared velocity's worth of requests (refusalsWithinVelocity).
    const parties = refusalsWithinVelocity(() => party(50_000));
    await checkRulesRefused({
      spec: transferOut(),
      complete: async (b) => fill(b, await parties.next()),
      send,
      unchanged: async (rule) => {
        for (const p of await parties.used()) {
          const listed = expectStatus(await api.get('/transactions', { query: { customerId: p.customer, limit: 100 } }), 200, TxnPage).data;
          expect(listed.map((t) => t.id), `requests breaking ${rule.id} were refused and started no transfer`).toEqual([]);
          expect(await balanceOf(p.customer, p.source), `requests breaking ${rule.id} were refused and debited nothing`).toBe(50_000);
        }
      },
    });
  });

  it('accepts valid requests, returns the transaction and reads back its source and destination', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: transfer-out, optional fields present or not; 201 Transaction');
    const parties = withinVelocity(() => party(0));
    await checkValidAccepted({
      spec: transferOut(),
      // Without an amount the whole balance is sent (the amount is optional): each request has a fresh one.
      complete: async (b) => {
        const p = await parties();
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

describe(IN, () => {
  scenario({ area: 'Same-Currency Transfers', operation: IN, section: 'Other operations that are named', basis: 'supplement' });
  const pull = (body: Record<string, unknown>) => api.post('/transfer-in', { body });

  it('refuses every request that breaks one documented field rule with 400 naming the field, and credits nothing', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: transfer-in {source*{accountId}, destination*{accountId}, amount?}; generated, one rule broken per request');
    const parties = refusalsWithinVelocity(() => party(0));
    await checkRulesRefused({
      spec: transferIn(),
      complete: async (b) => {
        const p = await parties.next();
        return fill(b, { source: p.destination, destination: p.source });
      },
      send: pull,
      unchanged: async (rule) => {
        for (const p of await parties.used()) {
          const listed = expectStatus(await api.get('/transactions', { query: { customerId: p.customer, limit: 100 } }), 200, TxnPage).data;
          expect(listed.map((t) => t.id), `requests breaking ${rule.id} were refused and started no pull`).toEqual([]);
          expect(await balanceOf(p.customer, p.source), `requests breaking ${rule.id} were refused and credited nothing`).toBe(0);
        }
      },
    });
  });

  it('accepts valid requests and returns the transaction, read back with its destination', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: transfer-in → 201 Transaction');
    const parties = withinVelocity(() => party(0));
    await checkValidAccepted({
      spec: transferIn(),
      complete: async (b) => {
        const p = await parties();
        return fill(b, { source: p.destination, destination: p.source });
      },
      send: pull,
      created: { status: 201, schema: IncomingTransaction },
      readBack: (t) => api.get('/transactions/{transactionId}', { params: { transactionId: t.id } }),
      // The incoming transaction carries the internal account credited (supplement 13: destination required).
      echoes: (path) => path === 'destination.accountId',
      then: async (sent, t) => {
        if (sent.amount !== undefined) expect(t.receivedAmount.amount, 'supplement §8: the pull receives the amount asked for').toBe(sent.amount);
      },
    });
  });
});
