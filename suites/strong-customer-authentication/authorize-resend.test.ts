// basis: supplement (sections 8 and 16): POST /quotes/{quoteId}/authorize/resend -> 204; 409 when no
// SMS challenge is pending; "Resend reuses the challenge without extending expiresAt"; "scaFactor:
// SMS_OTP default". Interface: POST /quotes (authorisation for SCA customers; 409 SCA_SESSION_REQUIRED
// without a session). The SCA region and its code are the target's (SVC_SCA_REGION, SVC_SCA_CODE).
import { describe, expect, it, type TestContext } from 'vitest';
import { msUntil } from '../../helpers/deadline.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { needSca, smsLogin } from '../../helpers/flows/strong-customer-authentication.js';
import { authorizeQuote, createQuote, eurDestination, executeQuote, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';
import { QuoteAwaitingSca } from '../../helpers/schemas/strong-customer-authentication.js';

const RESEND = '/quotes/{quoteId}/authorize/resend';

async function pendingQuote(ctx: TestContext) {
  needSca(ctx);
  const { region, code } = capabilities.sca!;
  const s = await sender({ USD: 200_000 }, true, { region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } });
  const destination = await eurDestination(s.customerId);
  expectStatus(await smsLogin(s.customerId, code), 200);
  return createQuote(quoteBody(s.accounts.USD.id, destination.id, 10_000));
}
const resend = (quoteId: string) => api.post(RESEND, { params: { quoteId } });

describe(`POST ${RESEND}`, () => {
  scenario({ area: 'Strong Customer Authentication', operation: `POST ${RESEND}`, section: 'Other operations that are named', basis: 'supplement' });

  it('answers 204 while an SMS_OTP challenge awaits authorization, reusing the challenge without extending expiresAt', async (ctx) => {
    await basisSupplement('resend 204; reuses the challenge without extending expiresAt (section 16)');
    const quote = await pendingQuote(ctx);
    const pending = expectStatus(await executeQuote(quote.id), 200, QuoteAwaitingSca, 'an SCA customer\'s execute answers the quote PENDING_AUTHORIZATION with its scaChallenge');
    expect(pending.scaChallenge.factor, 'scaFactor: SMS_OTP default').toBe('SMS_OTP');
    // Observed, not declared: a challenge that cannot be answered fails the scenario rather than skipping it.
    expect(msUntil(pending.scaChallenge.expiresAt), `supplement 16: the customer authorizes the challenge before expiresAt (${pending.scaChallenge.expiresAt}); it left less than 500 ms to resend and authorize`).toBeGreaterThan(500);

    expectStatus(await resend(quote.id), 204);

    const after = expectStatus(await api.get('/quotes/{quoteId}', { params: { quoteId: quote.id } }), 200, QuoteAwaitingSca);
    expect(after.scaChallenge.id, 'resend reuses the challenge').toBe(pending.scaChallenge.id);
    expect(after.scaChallenge.expiresAt, 'resend does not extend expiresAt').toBe(pending.scaChallenge.expiresAt);
    // Authorized to the end of the loop, each answer judged (supplement 16: a send may take more than one).
    expectStatus(await authorizeQuote(quote.id, { code: capabilities.sca!.code }, pending.scaChallenge.id), 200, Quote, 'the resent challenge authorizes with its code');
  });

  it('answers 409 with no SMS challenge pending: before execution and after authorization; 204 while one is pending', async (ctx) => {
    await basisSupplement('resend 409 without an SMS challenge (section 16)');
    const quote = await pendingQuote(ctx);
    expectError(await resend(quote.id), 409, undefined, 'no challenge before execution');

    const pending = expectStatus(await executeQuote(quote.id), 200, QuoteAwaitingSca);
    expectStatus(await resend(quote.id), 204, undefined, 'control: a challenge is pending');
    // Authorized to the end of the loop (supplement 16: a send may take more than one).
    expectStatus(await authorizeQuote(quote.id, { code: capabilities.sca!.code }, pending.scaChallenge.id), 200, Quote);

    expectError(await resend(quote.id), 409, undefined, 'no challenge once authorized');
  });

  it('answers 404 for an unknown quote', async (ctx) => {
    needSca(ctx);
    await basisSupplement('resend 404 (section 16)');
    expectError(await resend('Quote:00000000-0000-4000-8000-000000000000'), 404);
  });
});
