// Interface: "Events" delivery rules 2 and 3 (a 200 acknowledges; failed deliveries are retried with
// exponential backoff; a 5xx is retryable; the envelope id identifies a notification).
// The event used is INTERNAL_ACCOUNT.BALANCE_UPDATED caused by the sandbox funding trigger
// (basis: supplement, section 6, for the trigger).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { activeAccount, createCustomer, fund } from '../../helpers/flows/customers.js';
import { expectNotification, notifications } from '../../helpers/events.js';
import { recordCovered } from '../../helpers/coverage/recorder.js';
import { noteInterface } from '../../helpers/expect.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { ids } from '../../helpers/spec/catalog.js';

// Four failed tries give waits of b, 2b, 4b, 8b under exponential backoff. Load only lengthens a gap
// between two deliveries, never shortens it below the wait the target scheduled, so the gaps are
// judged from below: against the schedule the target declares (SVC_WEBHOOK_RETRY_BASE_MS: the n-th
// retry waits at least base * 2^(n-1)), and without one, the last gap (8b) against the shortest
// earlier one (b plus latency), which a constant backoff cannot pass either. The interface shows no
// timing ("Retry count and backoff timing: not shown"), so no upper bound beyond the run's wait.
const FAILURES = 4;
/** Timers may fire a little early against the listener's clock. */
const TIMER_SLACK_MS = 5;

describe('Webhook delivery', () => {
  scenario({ area: 'Webhooks', operation: 'Webhook delivery', section: 'Events' });

  it('retries a delivery answered with a 5xx, with the same envelope id and growing gaps, until a 200 acknowledges it', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox funding trigger to cause an event', [ids.event('INTERNAL_ACCOUNT.BALANCE_UPDATED')]);
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    // Armed for this account's balance update only: a late delivery of another event about the
    // account (its activation, say) is acknowledged as usual (Events 3: events may arrive late).
    await listener.arm(`INTERNAL_ACCOUNT.BALANCE_UPDATED@${account.id}`, FAILURES, 503);
    const since = await listener.mark();

    await fund(account.id, 12_345);

    const bound = capabilities.webhookRetryWithinMs;
    const timeoutMs = bound ? bound * (FAILURES + 2) : capabilities.waitBudgetMs;
    let deliveries;
    try {
      deliveries = await listener.waitFor(account.id, (all) => all.some((d) => d.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' && d.answered === 200), {
        since,
        timeoutMs,
        what: `INTERNAL_ACCOUNT.BALANCE_UPDATED retried after ${FAILURES} answers of 503 and acknowledged`,
      });
    } catch (err) {
      if (bound !== undefined) throw err;
      // Without a declared retry bound, backoff may take the whole sequence beyond the run's wait
      // budget (Events 2 shows no timing), but "the service retries failed deliveries": the target
      // must have retried the notification at least once, keeping its envelope id.
      const seen = (await listener.deliveries(account.id, since)).filter((d) => d.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' && !d.duplicate);
      expect(
        seen.length,
        `Events 2: "The service retries failed deliveries ... a 5xx answer is treated as retryable"; after a 503 no retry came within the run's wait budget of ${timeoutMs} ms (SVC_WAIT_BUDGET_MS)`,
      ).toBeGreaterThanOrEqual(2);
      expect(new Set(seen.map((d) => d.eventId)).size, 'Events 3: a retry is the same notification, so it keeps its envelope id').toBe(1);
      expect(seen.map((d) => d.answered), 'the listener answered 503 to every try it had armed').toEqual(Array(seen.length).fill(503));
      noteInterface(
        'webhooks:retry-timing',
        ['Events 2: "The service retries failed deliveries with exponential backoff"', 'Retry count and backoff timing: not shown'],
        `the target retried ${seen.length - 1} time(s) within the wait budget of ${timeoutMs} ms but did not reach the acknowledging try; the backoff's growth and the acknowledgement were not judged (declare SVC_WEBHOOK_RETRY_WITHIN_MS to judge them)`,
      );
      return;
    }
    // Deliveries of an already acknowledged notification are duplicates (Events 3), not retries.
    const tries = deliveries.filter((d) => d.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' && !d.duplicate);
    const ids_ = new Set(tries.map((d) => d.eventId));
    expect(ids_.size, `Events 3: a retry is the same notification, so it keeps its envelope id; saw ${[...ids_].join(', ')}`).toBe(1);
    expect(tries.map((d) => d.answered), 'the listener answered 503 to the first tries and 200 to the last').toEqual([...Array(FAILURES).fill(503), 200]);
    const gaps = tries.slice(1).map((d, i) => d.receivedAt - tries[i].receivedAt);
    const shown = gaps.map((g) => g.toFixed(0)).join(', ');
    const base = capabilities.webhookRetryBaseMs;
    if (base !== undefined) {
      gaps.forEach((gap, i) => {
        expect(
          gap,
          `Events 2: retries use exponential backoff; the declared schedule waits at least ${base} * 2^${i} ms before retry ${i + 1}; gaps were ${shown} ms`,
        ).toBeGreaterThanOrEqual(base * 2 ** i - TIMER_SLACK_MS);
      });
    } else {
      expect(
        gaps[gaps.length - 1],
        `Events 2: retries use exponential backoff, so the last wait is longer than the shortest earlier one; gaps were ${shown} ms`,
      ).toBeGreaterThan(Math.min(...gaps.slice(0, -1)));
    }
    const [event] = notifications(tries);
    expectNotification(event);
    expect(event.data.id).toBe(account.id);
    recordCovered('events', ids.event('INTERNAL_ACCOUNT.BALANCE_UPDATED'));
  });
});
