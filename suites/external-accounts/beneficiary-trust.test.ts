// Interface: "POST {base_url}/customers/external-accounts/{externalAccountId}/untrust and its /confirm:
// Removes trusted-beneficiary status; must precede deleting a trusted external account"; Errors 409
// BENEFICIARY_TRUSTED ("a trusted beneficiary cannot be deleted; untrust and confirm first"); areas
// table (SCA endpoints answer 409 outside SCA regions). basis: supplement (section 12: trust, its
// confirm, bodies and results; section 7: customer DELETE 204 / 404). The SCA region and its code are
// the target's (declared: SVC_SCA_REGION, SVC_SCA_CODE). Passkeys: real WebAuthn assertions by the
// suite's software authenticator (helpers/authenticators/webauthn.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it, type TestContext } from 'vitest';
import { msUntil, untilPast } from '../../helpers/deadline.js';
import { expectClientError, expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import {
  CUSTOMER_ACCOUNT, customerUsdAccount, outsideScaCustomer, requestAndConfirm, scaRegionCustomer, TRUST, TRUST_CONFIRM, UNTRUST, UNTRUST_CONFIRM,
} from '../../helpers/flows/beneficiary-trust.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, judgedPartly, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';
import { TrustConfirmation, TrustRequestResult } from '../../helpers/schemas/external-accounts.js';
import { enrolPasskey } from '../../helpers/flows/strong-customer-authentication.js';
import { SoftwareAuthenticator } from '../../helpers/authenticators/webauthn.js';
import { ids } from '../../helpers/spec/catalog.js';

const needSca = (ctx: TestContext, covers: string[] = []) =>
  requireCapability(ctx, Boolean(capabilities.sca), 'the target declares no SCA region (SVC_SCA_REGION)', covers);

const remove = (externalAccountId: string) => api.delete(CUSTOMER_ACCOUNT, { params: { externalAccountId } });

describe('POST /customers/external-accounts/{externalAccountId}/trust and /trust/confirm', () => {
  scenario({ area: 'External Accounts', operation: `POST ${TRUST}`, section: 'Other operations that are named', basis: 'supplement' });

  it('trusts a beneficiary of an SCA customer: trust answers 200 {scaChallenge?}, trust/confirm with the code answers {trusted: true}', async (ctx) => {
    needSca(ctx);
    await basisSupplement('trust and trust/confirm bodies and results (section 12)');
    const customer = await scaRegionCustomer();
    const account = await customerUsdAccount(customer.id);
    const confirmed = await requestAndConfirm('trust', account.id);
    expect(confirmed.trusted).toBe(true);
  });

  it('refuses an untrust/confirm with no untrust request, or with a trust request pending, and a confirm body that is no object; a new trust request is then confirmed', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 12: untrust/confirm {challengeId?, code} answers 200 {trusted: false}; errors 400, 404, 409');
    const customer = await scaRegionCustomer();
    const account = await customerUsdAccount(customer.id);
    expectClientError(await api.post(UNTRUST_CONFIRM, { params: { externalAccountId: account.id }, body: { code: capabilities.sca!.code } }), 'supplement 12: untrust/confirm with no untrust request awaiting it is refused (400, 404 or 409)');
    const started = expectStatus(await api.post(TRUST, { params: { externalAccountId: account.id } }), 200, TrustRequestResult);
    expectClientError(await api.post(UNTRUST_CONFIRM, { params: { externalAccountId: account.id }, body: { code: capabilities.sca!.code } }), 'supplement 12: untrust/confirm does not confirm a pending trust request');
    for (const rawBody of ['null', '"123456"']) {
      expectClientError(await api.post(TRUST_CONFIRM, { params: { externalAccountId: account.id }, rawBody }), `trust/confirm with the JSON body ${rawBody}, no object: a 4xx, never a 5xx`);
    }
    expect(started.scaChallenge === undefined || typeof started.scaChallenge.id === 'string').toBe(true);
    // Whether a refused confirm ends the pending request is not stated: the control starts a new one.
    expect((await requestAndConfirm('trust', account.id)).trusted, 'control: a trust request confirmed with its code').toBe(true);
  });

  it('answers 400 to trust/confirm with a wrong code; a new request confirmed with the right code trusts the beneficiary', async (ctx) => {
    needSca(ctx);
    await basisSupplement('trust/confirm answers 400 to a bad or expired proof (section 12)');
    const customer = await scaRegionCustomer();
    const account = await customerUsdAccount(customer.id);
    const started = expectStatus(await api.post(TRUST, { params: { externalAccountId: account.id } }), 200, TrustRequestResult);
    const wrong = capabilities.sca!.code === '000000' ? '999999' : '000000';
    const res = await api.post(TRUST_CONFIRM, { params: { externalAccountId: account.id }, body: { ...(started.scaChallenge ? { challengeId: started.scaChallenge.id } : {}), code: wrong } });
    expectError(res, 400, undefined, 'supplement 12: trust/confirm answers 400 to a bad proof');
    noteInterface('external-account:trust-wrong-code-consumes', ['Supplement 12: trust/confirm 400 bad/expired proof; whether a wrong code ends the pending request is not stated'], 'the suite starts a new trust request before confirming again');
    const control = await requestAndConfirm('trust', account.id);
    expect(control.trusted).toBe(true);
    expectError(await remove(account.id), 409, 'BENEFICIARY_TRUSTED');
  });

  it('answers 400 to trust/confirm with the right code after the SCA challenge expired; a new request confirmed in time trusts', async (ctx) => {
    needSca(ctx);
    await basisSupplement('trust/confirm answers 400 to an expired proof (section 12); ScaChallenge.expiresAt');
    const customer = await scaRegionCustomer();
    const account = await customerUsdAccount(customer.id);
    const started = expectStatus(await api.post(TRUST, { params: { externalAccountId: account.id } }), 200, TrustRequestResult);
    if (!started.scaChallenge) {
      // Observed and allowed ({scaChallenge?}; "No scaChallenge ⇒ confirm without challengeId", supplement 12):
      // nothing expires, so the documented alternative is judged: the confirmation without challengeId trusts.
      noteInterface('trust:no-sca-challenge', ['Supplement 12: trust → 200 {scaChallenge?}', 'Supplement 12: No scaChallenge ⇒ confirm without challengeId'], 'trust answered without an scaChallenge; the expiry of a proof was not judged');
      const confirmed = expectStatus(await api.post(TRUST_CONFIRM, { params: { externalAccountId: account.id }, body: { code: capabilities.sca!.code } }), 200, TrustConfirmation, 'supplement 12: without an scaChallenge, trust/confirm without challengeId');
      expect(confirmed.trusted, 'supplement 12: trust/confirm → 200 {trusted: true}').toBe(true);
      return;
    }
    const wait = msUntil(started.scaChallenge!.expiresAt);
    requireCapability(ctx, wait <= capabilities.waitBudgetMs, `the SCA challenge expires in ${Math.round(wait / 1000)} s, beyond the run's wait budget (SVC_WAIT_BUDGET_MS)`);
    await untilPast(started.scaChallenge!.expiresAt);

    const res = await api.post(TRUST_CONFIRM, { params: { externalAccountId: account.id }, body: { challengeId: started.scaChallenge!.id, code: capabilities.sca!.code } });

    expectError(res, 400, undefined, 'supplement 12: trust/confirm answers 400 to an expired proof');
    expectStatus(await remove(account.id), 204, undefined, 'the expired confirmation trusted nothing: the account can be deleted');
    const fresh = await customerUsdAccount(customer.id);
    expect((await requestAndConfirm('trust', fresh.id)).trusted, 'control: confirmed in time, the request trusts').toBe(true);
  });

  it('trusts with a passkey assertion over the challenge\'s passkeyAssertionOptions; an assertion by another key answers 400', async (ctx) => {
    needSca(ctx);
    await basisSupplement('trust/confirm {challengeId?, passkeyAssertion, origin}; ScaChallenge.passkeyAssertionOptions (section 12); passkey enrollment (section 16)');
    const customer = await scaRegionCustomer();
    const passkey = await enrolPasskey(customer.id);
    const account = await customerUsdAccount(customer.id);
    const offer = async () => expectStatus(await api.post(TRUST, { params: { externalAccountId: account.id } }), 200, TrustRequestResult).scaChallenge;
    const first = await offer();
    if (!first?.availableFactors.includes('PASSKEY') || !first.passkeyAssertionOptions) {
      // Observed and allowed: which factors a trust challenge offers is not stated (supplement 12,
      // ScaChallenge.availableFactors; {scaChallenge?}). What is documented is judged: a challenge's
      // own factor is one it offers.
      noteInterface('trust:passkey-not-offered', ['Supplement 12: trust/confirm {challengeId?, passkeyAssertion, origin}', 'ScaChallenge: availableFactors*[], passkeyAssertionOptions? (PASSKEY)'], `the trust challenge of a customer with an enrolled passkey offered ${JSON.stringify(first?.availableFactors ?? null)}; the passkey confirmation was not judged`);
      if (first) expect(first.availableFactors, 'ScaChallenge: the challenge\'s factor is among availableFactors').toContain(first.factor);
      judgedPartly('the trust challenge offered no PASSKEY factor (which factors it offers is not stated), so the passkey confirmation was not judged');
      return;
    }
    const options = first!.passkeyAssertionOptions as { challenge: string };

    const forged = { ...new SoftwareAuthenticator().authenticate(options, passkey.origin, passkey.relyingPartyId), id: passkey.authenticator.credentialIdB64url, rawId: passkey.authenticator.credentialIdB64url };
    const refused = await api.post(TRUST_CONFIRM, { params: { externalAccountId: account.id }, body: { challengeId: first!.id, passkeyAssertion: forged, origin: passkey.origin } });
    expectError(refused, 400, undefined, 'supplement 12: trust/confirm answers 400 to a bad proof');

    const second = await offer();
    const assertion = passkey.authenticator.authenticate(second!.passkeyAssertionOptions as { challenge: string }, passkey.origin, passkey.relyingPartyId);
    const res = await api.post(TRUST_CONFIRM, { params: { externalAccountId: account.id }, body: { challengeId: second!.id, passkeyAssertion: assertion, origin: passkey.origin } });
    expect(expectStatus(res, 200, TrustConfirmation, 'control: the enrolled passkey\'s assertion confirms').trusted).toBe(true);
    expectError(await remove(account.id), 409, 'BENEFICIARY_TRUSTED');
  });

  it('answers 409 to trust, untrust and their confirms for a customer outside SCA regions, and 200 for a customer of an SCA region', async (ctx) => {
    needSca(ctx);
    const outside = (await outsideScaCustomer(ctx, { skip: true }))!;
    const account = await customerUsdAccount(outside.id);
    expectError(await api.post(TRUST, { params: { externalAccountId: account.id } }), 409, undefined, 'Strong Customer Authentication: only for regions where SCA is required; elsewhere these endpoints answer 409');
    expectError(await api.post(UNTRUST, { params: { externalAccountId: account.id } }), 409, undefined, 'supplement 12: 409 = customer outside SCA regions');
    // Description, trust/confirm and untrust/confirm: 409 "SCA is not required for this customer".
    for (const confirm of [TRUST_CONFIRM, UNTRUST_CONFIRM]) {
      expectError(await api.post(confirm, { params: { externalAccountId: account.id }, body: { code: capabilities.sca!.code } }), 409, undefined, `Description, POST ${confirm}: 409 "SCA is not required for this customer"`);
    }

    const inside = await scaRegionCustomer();
    const control = await customerUsdAccount(inside.id);
    expectStatus(await api.post(TRUST, { params: { externalAccountId: control.id } }), 200, TrustRequestResult, 'the same request for a customer of an SCA region');
  });

  it('answers 404 to trust for an unknown external account', async (ctx) => {
    needSca(ctx);
    await basisSupplement('trust answers 404 for an unknown account (section 12)');
    expectError(await api.post(TRUST, { params: { externalAccountId: `ExternalAccount:${randomUUID()}` } }), 404);
  });
});

describe('DELETE /customers/external-accounts/{externalAccountId} of a trusted beneficiary', () => {
  scenario({ area: 'External Accounts', operation: `DELETE ${CUSTOMER_ACCOUNT}`, section: 'Errors' });

  it('answers 409 BENEFICIARY_TRUSTED while trusted; after untrust and its confirm ({trusted: false}) the delete answers 204, then 404', async (ctx) => {
    needSca(ctx, [ids.error(409, 'BENEFICIARY_TRUSTED')]);
    const customer = await scaRegionCustomer();
    const account = await customerUsdAccount(customer.id);
    await requestAndConfirm('trust', account.id);

    // Description: Error409 BENEFICIARY_TRUSTED: "The external account is currently a trusted beneficiary, so it cannot be deleted",
    // and is untrusted first (untrust, then its confirmation) before a delete.
    expectError(await remove(account.id), 409, 'BENEFICIARY_TRUSTED', 'Errors 409 and Description, Error409: a trusted beneficiary cannot be deleted; untrust and confirm first');
    expectStatus(await api.get(CUSTOMER_ACCOUNT, { params: { externalAccountId: account.id } }), 200, ExternalAccount, 'the refused delete left the account in place');

    const untrusted = await requestAndConfirm('untrust', account.id);
    expect(untrusted.trusted).toBe(false);
    expectStatus(await remove(account.id), 204, undefined, 'untrust and its /confirm must precede deleting a trusted external account: then the delete succeeds');
    expectError(await api.get(CUSTOMER_ACCOUNT, { params: { externalAccountId: account.id } }), 404, undefined, 'supplement 7: the deleted account is not found');
  });
});
