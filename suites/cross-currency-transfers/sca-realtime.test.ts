// Description (openapi.yaml), createQuote 202: "Quote created but awaiting Strong Customer
// Authentication. Returned only for customers whose provider requires SCA (e.g. EU) on a
// realtime-funding source: the quote has status `PENDING_AUTHORIZATION` and carries an `scaChallenge`,
// and `paymentInstructions` are **withheld** until the challenge is authorized via `POST
// /quotes/{quoteId}/authorize`. Once authorized, the quote's `paymentInstructions` are populated."
// Interface: POST {base_url}/quotes (sourceType; "authorisation may fail with 409 SCA_SESSION_REQUIRED
// or 423 ACCOUNT_LOCKED"); POST {base_url}/sca/login/complete. The SCA region and its code are the
// target's (declared: SVC_SCA_REGION, SVC_SCA_CODE). REALTIME_FUNDING, UMA destinations, the login and
// /quotes/{id}/authorize: basis: supplement (section 8; section 16: "Realtime-funding create → 202
// without `paymentInstructions` until authorized", and the authorization loop).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectSchema, expectStatus, noteInterface } from '../../helpers/expect.js';
import { needSca, smsLogin } from '../../helpers/flows/strong-customer-authentication.js';
import { authorizeQuote, expectQuoteMoney, platformConfig, sender, type QuoteRequestBody } from '../../helpers/flows/transfers.js';
import { SUCCESS_RECEIVER, umaDestination } from '../../helpers/flows/uma.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';
import { FundingInstruction } from '../../helpers/schemas/internal-accounts.js';
import { QuoteAwaitingSca, ScaSession } from '../../helpers/schemas/strong-customer-authentication.js';

/** A quote whose payment instructions are given (Description, Quote.paymentInstructions: PaymentInstructions). */
const QuoteWithInstructions = Quote.extend({ paymentInstructions: z.array(FundingInstruction).min(1) });

const RETURNED_202 = 'Description, createQuote 202: "Returned only for customers whose provider requires SCA (e.g. EU) on a realtime-funding source: the quote has status `PENDING_AUTHORIZATION` and carries an `scaChallenge`"';
const WITHHELD = 'Description, createQuote 202: "`paymentInstructions` are **withheld** until the challenge is authorized via `POST /quotes/{quoteId}/authorize`"';
const POPULATED = 'Description, createQuote 202: "Once authorized, the quote\'s `paymentInstructions` are populated"; authorizeQuote: "once authorized, the quote advances and its `paymentInstructions` are populated so the customer can fund the transfer"';
const CREATED_201 = 'Description, createQuote: 202 is "Returned only for customers whose provider requires SCA (e.g. EU)"; 201 "Transfer quote created successfully", and a realtime-funding quote carries its payment instructions (supplement 8)';

/** The same realtime-funding request for any customer: USD funded in real time, to the supplement's EUR UMA receiver. */
async function realtimeRequest(customerId: string): Promise<QuoteRequestBody> {
  return { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId }, ...(await umaDestination(SUCCESS_RECEIVER('eur'), customerId)), lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 25_000 };
}

const readQuote = (quoteId: string) => api.get('/quotes/{quoteId}', { params: { quoteId } });

describe('POST /quotes with a REALTIME_FUNDING source for a customer of an SCA region', () => {
  scenario({ area: 'Strong Customer Authentication', operation: 'POST /quotes', section: 'Other operations that are named' });

  it('answers 202 PENDING_AUTHORIZATION with an scaChallenge and withholds paymentInstructions until the challenge is authorized; outside SCA regions the same quote answers 201 with them', async (ctx) => {
    needSca(ctx, ['response:POST /quotes 202']);
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox UMA receivers', ['response:POST /quotes 202']);
    await basisSupplement('REALTIME_FUNDING, UMA receivers and paymentInstructions (section 8); the SCA login and the authorization loop (section 16); "Realtime-funding create → 202 without paymentInstructions until authorized" (section 16)');
    const { region, code } = capabilities.sca!;
    const { feeConfigs = [] } = await platformConfig();

    // Control: the same quote for a customer outside SCA regions is created at once, with its instructions.
    const outside = await sender({ USD: 0 });
    const control = await realtimeRequest(outside.customerId);
    const created = expectStatus(await api.post('/quotes', { body: control }), 201, QuoteWithInstructions, CREATED_201);
    expectQuoteMoney(created, control, feeConfigs);

    const inside = await sender({ USD: 0 }, true, { region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } });
    // The SCA session a customer's quote asks for (interface, POST /quotes: "authorisation may fail with 409 SCA_SESSION_REQUIRED").
    expectStatus(await smsLogin(inside.customerId, code), 200, ScaSession, 'POST /sca/login/complete: response carries sessionExpiresAt');
    const body = await realtimeRequest(inside.customerId);
    const awaiting = expectStatus(await api.post('/quotes', { body }), 202, QuoteAwaitingSca, RETURNED_202);
    expectQuoteMoney(awaiting, body, feeConfigs);
    expect(awaiting.paymentInstructions ?? [], `${WITHHELD}: the 202 answer of ${awaiting.id}`).toEqual([]);
    const read = expectStatus(await readQuote(awaiting.id), 200, QuoteAwaitingSca, `${RETURNED_202}: GET /quotes/{quoteId} before the authorization`);
    expect(read.paymentInstructions ?? [], `${WITHHELD}: GET /quotes/{quoteId} of ${awaiting.id} before the authorization`).toEqual([]);

    // Authorized to the end of the loop (supplement 16: each authorize may answer a fresh challenge).
    const answer = expectStatus(await authorizeQuote(awaiting.id, { code }, awaiting.scaChallenge.id), 200, Quote, 'Description, authorizeQuote 200: "Challenge authorized; the updated quote is returned"');
    expectSchema(QuoteWithInstructions, answer, `${POPULATED}: the last authorize answer of ${awaiting.id}`);
    const authorized = expectStatus(await readQuote(awaiting.id), 200, QuoteWithInstructions, `${POPULATED}: GET /quotes/{quoteId} once authorized`);
    noteInterface('quotes:realtime-sca-authorized-status', ['Description, authorizeQuote: "once authorized, the quote advances and its `paymentInstructions` are populated"', 'Which status an authorized realtime-funding quote awaiting its funds has is not stated'], `an authorized realtime-funding quote read back ${authorized.status}`);
  });
});
