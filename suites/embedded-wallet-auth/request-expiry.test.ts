// Interface: Authentication 4 (the signed retry requires Request-Id). "Same body again with
// Svc-Wallet-Signature and Request-Id before expiresAt" and "Unknown/expired/used Request-Id: 401, code
// not stated": basis: supplement (sections 10 and 17). The wait is bounded by the target's own expiresAt.
import { describe, expect, it } from 'vitest';
import { untilPast, msUntil } from '../../helpers/deadline.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { loggedInWallet, signatureRequest, signedRetryOf, stampHeaders, WALLET_ACCOUNT, needEmbeddedWallet } from '../../helpers/flows/wallet.js';
import { capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { InternalAccount } from '../../helpers/schemas/index.js';

describe('PATCH /internal-accounts/{internalAccountId}: an expired request id', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'PATCH /internal-accounts/{internalAccountId}', section: 'Authentication', basis: 'supplement' });

  it('answers 401 to a retry after expiresAt, and a new signature request goes through', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 10: the retry comes before expiresAt; section 17: expired Request-Id: 401, code not stated');
    const { account, key } = await loggedInWallet();
    const call = { params: { internalAccountId: account.id }, body: { privateEnabled: true } };
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, call);
    requireCapability(ctx, msUntil(request.expiresAt) <= capabilities.waitBudgetMs, `the signature request expires at ${request.expiresAt}, beyond the wait budget`);
    const headers = stampHeaders(key, request);
    await untilPast(request.expiresAt);

    const expired = expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, headers), 401, undefined, 'an expired Request-Id is refused');
    noteInterface('wallet-request-id-unusable', ['supplement 17: "Unknown/expired/used Request-Id: 401, code not stated."'], `expired Request-Id: 401 ${expired.code}`);
    const fresh = await signatureRequest('PATCH', WALLET_ACCOUNT, call);
    expect(fresh.requestId).not.toBe(request.requestId);
    expectStatus(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, stampHeaders(key, fresh)), 200, InternalAccount, 'control: a request id still live');
  });
});
