// Interface: "Events" delivery rules 2 and 3 (a 200 acknowledges; duplicates can occur, the envelope id
// identifies a notification). The interface bounds no duplicate count; the run tolerates, per
// notification, a declared number of redeliveries after its acknowledgement
// (SVC_DUPLICATES_PER_NOTIFICATION, default 5; README), whatever the number of notifications
// redelivered, and the scenario below holds one notification to it.
// The event used is INTERNAL_ACCOUNT.BALANCE_UPDATED caused by the sandbox funding trigger
// (basis: supplement, section 6, for the trigger).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { noteInterface } from '../../helpers/expect.js';
import { activeAccount, createCustomer, fund } from '../../helpers/flows/customers.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { ids } from '../../helpers/spec/catalog.js';

describe('Webhook delivery', () => {
  scenario({ area: 'Webhooks', operation: 'Webhook delivery', section: 'Events' });

  it('does not keep redelivering a notification a 200 acknowledged (duplicates stay within the tolerance)', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox funding trigger to cause an event', [ids.event('INTERNAL_ACCOUNT.BALANCE_UPDATED')]);
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    const since = await listener.mark();

    await fund(account.id, 4_321);

    const [event] = await expectEvents(account.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === account.balance.amount + 4_321, what: 'the deposit' }], { since });
    // Redeliveries of an acknowledged notification come after its acknowledgement: wait until the
    // resource is quiet again, then count them.
    const settled = await listener.gather(account.id, () => false, { since, timeoutMs: 0, quietMs: Math.max(capabilities.eventQuietMs, 200) });
    const deliveries = settled.deliveries.filter((d) => d.eventId === event.id);
    const acknowledged = deliveries.findIndex((d) => d.answered === 200);
    expect(acknowledged, `Events 2: the listener answered 200 to a delivery of ${event.id}, which acknowledges it`).toBeGreaterThanOrEqual(0);
    const redelivered = deliveries.slice(acknowledged + 1).length;
    const { duplicatesPerNotification } = await listener.findings();
    noteInterface(
      'webhooks:duplicate-tolerance',
      ['Events 2: "A 200 response acknowledges."', 'Events 3: "Duplicates can occur; the envelope id identifies a notification"'],
      `the interface bounds no number of duplicates; the run tolerates ${duplicatesPerNotification} redelivery(ies) of an acknowledged notification; ${event.id} was redelivered ${redelivered} time(s)`,
    );
    expect(
      redelivered,
      `Events 2-3: a 200 acknowledges ${event.id}; duplicates can occur, but it was delivered ${redelivered} more time(s) after its acknowledgement (tolerance ${duplicatesPerNotification})`,
    ).toBeLessThanOrEqual(duplicatesPerNotification);
  });
});
