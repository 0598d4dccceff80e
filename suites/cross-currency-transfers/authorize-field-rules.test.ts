// Every documented field rule of POST /quotes/{quoteId}/authorize in its code form, with generated data
// (helpers/field-rules/quotes.ts). Interface: POST /quotes ("authorisation may fail with 409
// SCA_SESSION_REQUIRED or 423 ACCOUNT_LOCKED"); Errors (FieldError dot paths). basis: supplement
// (section 8: authorize {code?} or {passkeyAssertion, origin}, endUserIpAddress?; 200 Quote; section 16:
// each authorize may answer a fresh challenge while the quote stays PENDING_AUTHORIZATION).
import { describe, expect, it, type TestContext } from 'vitest';
import { expectStatus } from '../../helpers/expect.js';
import { smsLogin } from '../../helpers/flows/strong-customer-authentication.js';
import { createQuote, eurDestination, executeQuote, expectAuthorizationAnswer, quoteBody, sender, withinVelocity } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill, quoteAuthorize } from '../../helpers/field-rules/quotes.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';
import { QuoteAwaitingSca, ScaSession } from '../../helpers/schemas/strong-customer-authentication.js';

const OP = 'POST /quotes/{quoteId}/authorize';
const authorize = (quoteId: string, body: Record<string, unknown>) => api.post('/quotes/{quoteId}/authorize', { params: { quoteId }, body });

/** A funded customer of the SCA region, logged in, with a EUR destination (supplement 10: SCA login). */
async function scaParty(ctx: TestContext) {
  requireCapability(ctx, capabilities.sandboxTriggers && Boolean(capabilities.sca), 'the target declares no SCA region (SVC_SCA_REGION)');
  const { region, code } = capabilities.sca!;
  const customer = async () => {
    const s = await sender({ USD: 200_000 }, true, { region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } });
    const destination = await eurDestination(s.customerId);
    expectStatus(await smsLogin(s.customerId, code), 200, ScaSession, 'POST /sca/login/complete opens the customer\'s SCA session (sessionExpiresAt)');
    return { source: s.accounts.USD.id, destination: destination.id };
  };
  const next = withinVelocity(customer);
  /** A quote executed into PENDING_AUTHORIZATION, and its challenge (the customer answers it with /authorize). */
  const awaiting = async () => {
    const p = await next();
    const quote = await createQuote(quoteBody(p.source, p.destination, 5_000));
    const pending = expectStatus(await executeQuote(quote.id), 200, QuoteAwaitingSca, 'supplement §8, §16: PENDING -> PENDING_AUTHORIZATION with its scaChallenge for a customer of an SCA region');
    return { quoteId: quote.id, challengeId: pending.scaChallenge.id };
  };
  return { code, awaiting };
}

describe(OP, () => {
  scenario({ area: 'Cross-Currency Transfers', operation: OP, section: 'States and transitions', basis: 'supplement' });

  it('refuses every authorization that breaks one documented field rule with 400 INVALID_INPUT naming the field, and the payment still awaits it', async (ctx) => {
    const p = await scaParty(ctx);
    await basisSupplement('section 8: authorize {code?}, endUserIpAddress?; generated, one rule broken per request');
    const { quoteId } = await p.awaiting();
    await checkRulesRefused({
      spec: quoteAuthorize(),
      complete: (b) => fill(b, { code: p.code }),
      send: (body) => authorize(quoteId, body),
      unchanged: async (rule) => {
        const read = expectStatus(await api.get('/quotes/{quoteId}', { params: { quoteId } }), 200, Quote);
        // The challenge may lapse meanwhile (a short TTL ends it FAILED); a refused authorization never lets the payment proceed.
        expect(['PENDING_AUTHORIZATION', 'FAILED'], `authorizations breaking ${rule.id} were refused: ${quoteId} did not proceed`).toContain(read.status);
      },
    });
  });

  it('accepts a valid authorization, with or without endUserIpAddress, and answers the quote proceeding or with a fresh challenge (new id)', async (ctx) => {
    const p = await scaParty(ctx);
    await basisSupplement('section 8: authorize → 200 Quote; section 16: each authorize may return a fresh challenge (new id) while still PENDING_AUTHORIZATION');
    let quoteId = '';
    let challengeId = '';
    await checkValidAccepted({
      spec: quoteAuthorize(),
      complete: async (b) => {
        ({ quoteId, challengeId } = await p.awaiting());
        return fill(b, { code: p.code });
      },
      send: (body) => authorize(quoteId, body),
      created: { status: 200, schema: Quote },
      readBack: (q) => api.get('/quotes/{quoteId}', { params: { quoteId: q.id } }),
      echoes: () => false,
      // An accepted authorization moves the payment on, or (supplement §16) answers a fresh challenge: a new id.
      then: async (_sent, q) => {
        expectAuthorizationAnswer(q, new Set([challengeId]));
      },
    });
  });
});
