// Every documented field rule of POST /quotes, both ways, with generated data (helpers/field-rules/quotes.ts
// holds the rules and their citations). Interface: POST /quotes "Request fields named"
// (lockedCurrencyAmount, lockedCurrencySide, sourceType, destinationType, remittanceInformation,
// purposeOfPayment, destination paymentRail, platformFeeOverride "requires USD source currency");
// Errors (FieldError dot paths). basis: supplement (section 8: QuoteRequest and its source and
// destination shapes; section 1: the velocity limit is why the quotes spread over several customers).
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../helpers/expect.js';
import { createQuote, eurDestination, expectQuoteMoney, platformConfig, quoteBody, refusalsWithinVelocity, sender, withinVelocity } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill, quoteCreate, quoteExecute } from '../../helpers/field-rules/quotes.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Page, Quote } from '../../helpers/schemas/index.js';
import { z } from 'zod';

const OP = 'POST /quotes';
const EXECUTE = 'POST /quotes/{quoteId}/execute';
const send = (body: Record<string, unknown>) => api.post('/quotes', { body });
const TxnPage = Page(z.looseObject({ id: z.string() }));

/** A customer who accepted the terms, a USD internal account (funded with `funding`) and a EUR external account. */
async function party(funding: number) {
  const s = await sender({ USD: funding });
  const destination = await eurDestination(s.customerId);
  return { customer: s.customerId, source: s.accounts.USD.id, destination: destination.id };
}

/**
 * A realtime-funding source names its customer: absent means the platform (supplement 8), which a
 * target may not fund (the sandbox funds customers only, sandbox/README.md), so valid requests name one.
 */
const withCustomer = (b: Record<string, unknown>, customerId: string) => {
  const source = b.source as Record<string, unknown>;
  if (source?.sourceType !== 'REALTIME_FUNDING') return b;
  // The generated amounts are cents; a USDC sending side counts millionths (6 decimals), so the same value is scaled to stay a payment of dollars.
  const scaled = source.currency === 'USDC' && b.lockedCurrencySide === 'SENDING' && typeof b.lockedCurrencyAmount === 'number' ? { lockedCurrencyAmount: b.lockedCurrencyAmount * 10_000 } : {};
  return { ...b, ...scaled, source: { ...source, customerId } };
};

describe(OP, () => {
  scenario({ area: 'Cross-Currency Transfers', operation: OP, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 naming the field, and creates no transaction', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: QuoteRequest, source ACCOUNT and REALTIME_FUNDING, destination ACCOUNT; generated, one rule broken per request');
    // A customer per declared velocity's worth of requests (supplement section 1: VELOCITY_LIMIT_EXCEEDED per customer; refusalsWithinVelocity),
    // funded, so a refused request with immediatelyExecute that was executed all the same would have paid, and shown as a transaction.
    const parties = refusalsWithinVelocity(() => party(500_000));
    await checkRulesRefused({
      spec: quoteCreate(),
      complete: async (b) => {
        const p = await parties.next();
        return withCustomer(fill(b, p), p.customer);
      },
      send,
      unchanged: async (rule) => {
        for (const p of await parties.used()) {
          const listed = expectStatus(await api.get('/transactions', { query: { customerId: p.customer, limit: 100 } }), 200, TxnPage).data;
          expect(listed.map((t) => t.id), `requests breaking ${rule.id} were refused and started no payment for ${p.customer}`).toEqual([]);
        }
      },
    });
  });

  it('accepts valid requests of every source shape, with and without a fee override, and reads back their source and destination', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: every variant, optional fields present or not; GET /quotes/{id} returns the quote');
    const { feeConfigs = [] } = await platformConfig();
    const spec = quoteCreate();
    // A funded customer per variant, and another at the declared velocity: a variant sends SVC_RULE_RUNS + 1.
    for (const variant of spec.variants) {
      const funded = withinVelocity(() => party(500_000));
      await checkValidAccepted({
        spec,
        variants: (v) => v.name === variant.name,
        complete: async (b) => {
          const p = await funded();
          return withCustomer(fill(b, p), p.customer);
        },
        send,
        created: { status: 201, schema: Quote },
        readBack: (q) => api.get('/quotes/{quoteId}', { params: { quoteId: q.id } }),
        // The quote carries the request's source and destination (supplement 8: Quote source*, destination*); the amounts are judged as money.
        echoes: (path) => path.startsWith('source.') || path.startsWith('destination.'),
        then: async (sent, created) => {
          expectQuoteMoney(created, sent as Parameters<typeof expectQuoteMoney>[1], feeConfigs);
        },
      });
    }
  });
});

describe(EXECUTE, () => {
  scenario({ area: 'Cross-Currency Transfers', operation: EXECUTE, section: 'Other operations that are named', basis: 'supplement' });
  const execute = (quoteId: string, body: Record<string, unknown>) => api.post('/quotes/{quoteId}/execute', { params: { quoteId }, body });

  it('refuses an execute whose scaFactor is not SMS_OTP or PASSKEY with 400 INVALID_INPUT naming it, and the quote stays unexecuted', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: execute optional {scaFactor?}; generated, one rule broken per request');
    const p = await party(50_000);
    const quote = await createQuote(quoteBody(p.source, p.destination, 5_000));
    await checkRulesRefused({
      spec: quoteExecute(),
      send: (body) => execute(quote.id, body),
      unchanged: async (rule) => {
        const read = expectStatus(await api.get('/quotes/{quoteId}', { params: { quoteId: quote.id } }), 200, Quote);
        expect(read.status, `executes breaking ${rule.id} were refused: ${quote.id} is still PENDING`).toBe('PENDING');
      },
    });
  });

  it('executes with or without a valid scaFactor and answers the quote', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    await basisSupplement('section 8: execute → 200 Quote');
    // A quote per execute (an executed quote is not executed again, 409), customers changing at the declared velocity.
    const funded = withinVelocity(() => party(100_000));
    let quoteId = '';
    await checkValidAccepted({
      spec: quoteExecute(),
      complete: async (b) => {
        const p = await funded();
        quoteId = (await createQuote(quoteBody(p.source, p.destination, 5_000))).id;
        return b;
      },
      send: (body) => execute(quoteId, body),
      created: { status: 200, schema: Quote },
      readBack: (q) => api.get('/quotes/{quoteId}', { params: { quoteId: q.id } }),
      echoes: () => false,
      then: async (_sent, executed) => {
        expect(executed.id, 'the execute answers the quote executed').toBe(quoteId);
        expect(executed.status, 'supplement §8: an executed quote is no longer PENDING (execute debits at once)').not.toBe('PENDING');
      },
    });
  });
});
