// Interface: POST {base_url}/quotes; Errors (status, code, message, details). Supplement section 1
// lists 403 COUNTERPARTY_NOT_ALLOWED and 403 VELOCITY_LIMIT_EXCEEDED and ties neither to an operation
// nor to a condition (section 28): the target declares the destination that is a counterparty not
// allowed (SVC_COUNTERPARTY_NOT_ALLOWED_TRIGGER) and its velocity (SVC_LIMIT_VELOCITY_COUNT quotes of
// one customer within SVC_LIMIT_VELOCITY_WINDOW_MS), and the scenarios hold it to the declaration.
import { describe, expect, it } from 'vitest';
import { expectError, noteInterface } from '../../helpers/expect.js';
import { balanceOf, createQuote, eurDestination, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';

const quote = (body: Record<string, unknown>) => api.post('/quotes', { body });

describe('POST /quotes: counterparty and velocity refusals', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Other operations that are named', basis: 'supplement' });

  it('refuses a destination the target declares a counterparty not allowed with 403 COUNTERPARTY_NOT_ALLOWED, and quotes another', async (ctx) => {
    const trigger = capabilities.counterpartyNotAllowedTrigger;
    requireCapability(ctx, trigger !== undefined && capabilities.sandboxTriggers, 'the target declares no counterparty it refuses (SVC_COUNTERPARTY_NOT_ALLOWED_TRIGGER)', ['error:403:COUNTERPARTY_NOT_ALLOWED']);
    await basisSupplement('403 COUNTERPARTY_NOT_ALLOWED (section 1), at the destination the target declares');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    // Control: the same quote to an ordinary destination.
    await createQuote(quoteBody(accounts.USD.id, (await eurDestination(customerId)).id, 10_000));
    const refused = await eurDestination(customerId, trigger!);
    const res = await quote(quoteBody(accounts.USD.id, refused.id, 10_000, { immediatelyExecute: true }));
    expectError(res, 403, 'COUNTERPARTY_NOT_ALLOWED', 'Supplement 1: 403 COUNTERPARTY_NOT_ALLOWED');
    expect(await balanceOf(customerId, accounts.USD.id), 'a refused quote moves no money').toBe(100_000);
    noteInterface(
      'quotes:counterparty-not-allowed-condition',
      ['Supplement 1: 403 COUNTERPARTY_NOT_ALLOWED', '(no operation or condition is stated for it)'],
      `declared: a destination identifier ending ${trigger}; POST /quotes answered ${res.status}`,
    );
  });

  it('refuses the quote beyond the declared velocity with 403 VELOCITY_LIMIT_EXCEEDED, after accepting as many as declared', async (ctx) => {
    const velocity = capabilities.velocityLimit;
    // The window is the target's: one shorter than the run's wait budget could pass while the quotes are made, so it is judged only where the declaration allows it.
    requireCapability(
      ctx,
      velocity !== undefined && velocity.count <= 50 && velocity.windowMs >= capabilities.waitBudgetMs && capabilities.sandboxTriggers,
      velocity === undefined
        ? 'the target declares no velocity limit (SVC_LIMIT_VELOCITY_COUNT, SVC_LIMIT_VELOCITY_WINDOW_MS)'
        : `the declared velocity (${velocity.count} quotes within ${velocity.windowMs} ms) is over 50 quotes or within a window shorter than the wait budget ${capabilities.waitBudgetMs} ms`,
      ['error:403:VELOCITY_LIMIT_EXCEEDED'],
    );
    await basisSupplement('403 VELOCITY_LIMIT_EXCEEDED (section 1), at the velocity the target declares');
    const { customerId, accounts } = await sender({ USD: 100_000 });
    const destination = await eurDestination(customerId);
    const body = quoteBody(accounts.USD.id, destination.id, 1_000);
    const started = Date.now();
    // Controls: as many quotes as the declared velocity allows, each accepted.
    for (let i = 0; i < velocity!.count; i++) {
      const res = await quote(body);
      expect(res.status, `quote ${i + 1} of the ${velocity!.count} the declared velocity allows; answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(201);
    }
    const elapsed = Date.now() - started;
    const res = await quote(body);
    expectError(res, 403, 'VELOCITY_LIMIT_EXCEEDED', `Supplement 1: 403 VELOCITY_LIMIT_EXCEEDED (the ${velocity!.count} quotes took ${elapsed} ms of the declared ${velocity!.windowMs} ms window)`);
    expect(await balanceOf(customerId, accounts.USD.id), 'quotes alone move no money').toBe(100_000);
    noteInterface(
      'quotes:velocity-limit-condition',
      ['Supplement 1: 403 VELOCITY_LIMIT_EXCEEDED', '(no operation, count or window is stated for it, nor whether a refused request counts or where it is checked: the field-rule scenarios rotate customers at the declared count, refused requests included)'],
      `declared: ${velocity!.count} quotes of one customer within ${velocity!.windowMs} ms; the next answered ${res.status}`,
    );
  });
});
