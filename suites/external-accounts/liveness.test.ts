// Interface: Ownership challenge ("A LIVENESS challenge is a hosted liveness check that completes
// asynchronously"); External account status: PENDING_OWNERSHIP_VERIFICATION -> ACTIVE on success,
// UNVERIFIED on a failed attempt, "Delivered by EXTERNAL_ACCOUNT.STATUS_UPDATED or by polling the account".
// The outcome is driven by the target's sandbox trigger (POST /sandbox/external-accounts/{id}/liveness).
import { describe, expect, it } from 'vitest';
import { expectEvents } from '../../helpers/events.js';
import { expectStatus, expectTransition } from '../../helpers/expect.js';
import { createPendingOwnershipWallet, getPlatformAccount, startLivenessChallenge } from '../../helpers/flows/external-accounts.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { ids } from '../../helpers/spec/catalog.js';
import { wallets } from '../../helpers/wallets/index.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';

const PENDING = 'PENDING_OWNERSHIP_VERIFICATION';

describe('LIVENESS ownership challenge', () => {
  scenario({ area: 'External Accounts', operation: 'POST /platform/external-accounts/{externalAccountId}/challenge', section: 'States and transitions' });

  it.for([
    ['PASS', 'ACTIVE'],
    ['FAIL', 'UNVERIFIED'],
  ] as const)('a %s outcome moves the account to %s, delivered by EXTERNAL_ACCOUNT.STATUS_UPDATED and visible by polling', async ([outcome, to], ctx) => {
    const covers = [ids.transition('external-account', PENDING, to)];
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.stateTriggers.includes('liveness'), 'the target declares no liveness outcome trigger (SVC_STATE_TRIGGERS)', covers);
    requireCapability(ctx, capabilities.counterpartyRules, 'the platform is not subject to counterparty rules (SVC_COUNTERPARTY_RULES=0)', covers);
    const account = await createPendingOwnershipWallet(wallets.evm());
    await startLivenessChallenge(account.id);
    const since = await listener.mark();

    const trigger = await api.post('/sandbox/external-accounts/{externalAccountId}/liveness', { params: { externalAccountId: account.id }, body: { outcome } });
    expect(expectStatus(trigger, 200, ExternalAccount, 'the sandbox liveness trigger answers with the account').status, 'the trigger reports the outcome').toBe(to);

    const [event] = await expectEvents(account.id, [{ type: 'EXTERNAL_ACCOUNT.STATUS_UPDATED', where: (d) => d.status === to, what: `status ${to}` }], { since });
    expectTransition('external-account', account.status, event.data.status, PENDING, to);
    expect((await getPlatformAccount(account.id)).status, 'the outcome is visible by polling the account').toBe(to);
  });
});
