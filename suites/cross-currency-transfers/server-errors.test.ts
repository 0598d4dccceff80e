// Interface: Errors / 500 (SVC_SWITCH_ERROR "switch error", INTERNAL_ERROR "internal service or UMA
// error"); Errors (every error body has status, code, message, details?). No client request may make
// a target fail, so the target declares a trigger of its own (SVC_SERVER_ERROR_TRIGGER:
// POST /sandbox/quotes/{quoteId}/server-error {code} makes that quote's next execute answer 500), and
// the scenario judges the shape of what it answers.
import { describe, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createQuote, eurDestination, executeQuote, quoteBody, requireVelocityFor, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';

describe('POST /quotes/{quoteId}/execute: 500 answers', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes/{quoteId}/execute', section: 'Errors' });

  it.for(['SVC_SWITCH_ERROR', 'INTERNAL_ERROR'])('answers a failure of the service with 500 %s in the error body', async (code, ctx) => {
    requireCapability(ctx, capabilities.serverErrorTrigger && capabilities.sandboxTriggers, 'the target declares no trigger of its 500 answers (SVC_SERVER_ERROR_TRIGGER)', [`error:500:${code}`]);
    requireVelocityFor(ctx, 2);
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    const failing = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000));
    expectStatus(await api.post('/sandbox/quotes/{quoteId}/server-error', { params: { quoteId: failing.id }, body: { code } }), 200, undefined, 'the target arms its failure');
    expectError(await executeQuote(failing.id), 500, code, `Errors / 500: ${code}; every error body has status, code, message`);
    // Control: the same execution of a quote the trigger left alone.
    const control = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000));
    expectStatus(await executeQuote(control.id), 200, Quote, 'POST /quotes/{quoteId}/execute answers the Quote');
  });
});
