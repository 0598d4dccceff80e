// Interface: Authentication 4 (WALLET_SIGNATURE_INVALID "fails verification against the registered
// credential"). A session's expiresAt and the stamp by a verified credential's session key: basis:
// supplement (sections 10 and 17). The wait is bounded by the session's own expiresAt.
import { describe, expect, it } from 'vitest';
import { msUntil, untilPast } from '../../helpers/deadline.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { signed, listSessions, loggedInWallet, needEmbeddedWallet, otpLogin, signatureRequest, signedRetryOf, stampHeaders, WALLET_ACCOUNT } from '../../helpers/flows/wallet.js';
import { capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { InternalAccount } from '../../helpers/schemas/index.js';

describe('PATCH /internal-accounts/{internalAccountId}: a session past its expiresAt', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'PATCH /internal-accounts/{internalAccountId}', section: 'Authentication', basis: 'supplement' });

  it('refuses a stamp by a session past its expiresAt with 401 WALLET_SIGNATURE_INVALID, and a live session signs the same request', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_INVALID']);
    await basisSupplement('section 17: AuthSession expiresAt*, GET /auth/sessions "active only"; section 10: the stamp is made with a verified credential\'s session key; WALLET_SIGNATURE_INVALID "fails verification"');
    const { account, emailOtp, session, key } = await loggedInWallet();
    requireCapability(ctx, msUntil(session.expiresAt) <= capabilities.waitBudgetMs, `the session expires at ${session.expiresAt}, beyond the wait budget`);
    const call = { params: { internalAccountId: account.id }, body: { privateEnabled: true } };
    expectStatus(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, stampHeaders(key, await signatureRequest('PATCH', WALLET_ACCOUNT, call))), 200, InternalAccount, 'control: the session signs before its expiresAt');

    await untilPast(session.expiresAt);
    // A session made now lives past the refused request's signing (the control signs the same request on an id of its own).
    const { session: live, key: liveKey } = await otpLogin(emailOtp);
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, call);
    expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, stampHeaders(key, request)), 401, 'WALLET_SIGNATURE_INVALID', 'a session past its expiresAt no longer signs');
    expect((await listSessions(account.id)).map((s) => s.id), 'an expired session is not listed as active').not.toContain(session.id);
    expectStatus(await signed('PATCH', WALLET_ACCOUNT, call, liveKey), 200, InternalAccount, 'control: a live session of the same credential signs the same request');
    expect((await listSessions(account.id)).map((s) => s.id)).toContain(live.id);
  });
});
