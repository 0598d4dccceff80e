// Interface: Errors / 400 INVITATIONS_NOT_CONFIGURED. A platform without invitations: no document says
// how a platform comes to have them or not (supplement 19, 28); the target declares a switch of its own
// (SVC_INVITATIONS_SWITCH_TRIGGER: POST /sandbox/invitations/configuration {configured}). Platform-wide,
// so it runs alone, and the switch is put back whatever happens.
import { describe, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { createInvitation, inviterUma, pendingInvitation } from '../../helpers/flows/invitations.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';

const configure = (configured: boolean) => api.post('/sandbox/invitations/configuration', { body: { configured } });

describe('POST /invitations on a platform where invitations are not configured', () => {
  scenario({ area: 'Invitations', operation: 'POST /invitations', section: 'Errors', basis: 'supplement' });

  it('answers 400 INVITATIONS_NOT_CONFIGURED, and creates the invitation once they are configured again', async (ctx) => {
    requireCapability(ctx, capabilities.invitationsSwitch, 'the target declares no way to unconfigure invitations (supplement 28)', ['error:400:INVITATIONS_NOT_CONFIGURED']);
    await basisSupplement('POST /invitations 400 INVITATIONS_NOT_CONFIGURED (section 19)');
    const inviter = await inviterUma();
    expectStatus(await configure(false), 200);
    try {
      expectError(await createInvitation({ inviterUma: inviter }), 400, 'INVITATIONS_NOT_CONFIGURED', 'Errors / 400: INVITATIONS_NOT_CONFIGURED');
    } finally {
      expectStatus(await configure(true), 200);
    }
    await pendingInvitation({ inviterUma: inviter }); // control
  });
});
