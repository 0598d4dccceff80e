// Ownership verification: who may start a challenge, and the request rules of challenge, verify and
// the trust confirmations, on the customer and the platform paths. basis: supplement (section 7,
// Ownership verification: "Eligible: FIRST_PARTY, self-custody (no vaspName) wallet in
// PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED; else challenge -> 409"; challenge {method*}; verify
// "409 no WALLET_SIGNATURE outstanding"; section 12: trust/untrust confirm bodies); interface:
// OwnershipVerifyRequest, "When verify is called and no WALLET_SIGNATURE challenge is outstanding, the
// state does not change and 409 is returned", Errors (FieldError dot paths).
import { describe, expect, it, type TestContext } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectClientError, expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { customerUsdAccount, scaRegionCustomer, TRUST, TRUST_CONFIRM, UNTRUST, UNTRUST_CONFIRM } from '../../helpers/flows/beneficiary-trust.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused } from '../../helpers/field-rules/check.js';
import { ELIGIBILITY, ownershipChallenge, ownershipVerify, trustConfirm } from '../../helpers/field-rules/external-accounts.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, WalletSignatureChallenge } from '../../helpers/schemas/index.js';
import { TrustConfirmation, TrustRequestResult } from '../../helpers/schemas/external-accounts.js';
import { pageOf } from '../../helpers/schemas/page.js';
import { Vasp } from '../../helpers/schemas/uma.js';
import { wallets, type TestWallet } from '../../helpers/wallets/index.js';

const PENDING = 'PENDING_OWNERSHIP_VERIFICATION';
type Scope = 'customers' | 'platform';
type Body = Record<string, unknown>;

/** A wallet whose address ends in no sandbox magic suffix (supplement 7: 102-107 drive the name check, 105 refuses the create). */
function plainWallet(): TestWallet {
  for (;;) {
    const w = wallets.evm('ETHEREUM_WALLET');
    if (!/(00[2-9]|01[0-3]|10[2-7])$/.test(w.address)) return w;
  }
}

const paths = (scope: Scope) => ({
  create: `/${scope}/external-accounts`,
  account: `/${scope}/external-accounts/{externalAccountId}`,
  challenge: `/${scope}/external-accounts/{externalAccountId}/challenge`,
  verify: `/${scope}/external-accounts/{externalAccountId}/verify`,
});

/** Creates an account on the scope's path (a new customer's on the customer path). */
async function create(scope: Scope, body: Body): Promise<ExternalAccount> {
  const extra = scope === 'customers' ? { customerId: (await createCustomer(individual())).id } : {};
  return expectStatus(await api.post(paths(scope).create, { body: { ...body, ...extra } }), 201, ExternalAccount, `supplement 7: POST /${scope}/external-accounts creates the account`);
}

const walletBody = (w: TestWallet, extra: Body = {}, info: Body = {}) => ({ currency: w.currency, accountInfo: { accountType: w.accountType, address: w.address, ...info }, ...extra });

async function pendingWallet(ctx: TestContext, scope: Scope) {
  requireCapability(ctx, capabilities.counterpartyRules, 'the platform is not subject to counterparty rules, so self-custody wallets need no ownership verification (SVC_COUNTERPARTY_RULES=0)');
  const wallet = plainWallet();
  const account = await create(scope, walletBody(wallet, { ownershipType: 'FIRST_PARTY' }));
  // Observed, not declared: under the counterparty rules the target declares, the wallet must wait for verification.
  expect(account.status, `Interface (external account states): ${PENDING} means wallet ownership must be verified before unrestricted use; the target declares counterparty rules (SVC_COUNTERPARTY_RULES), so a new first-party self-custody wallet awaits it`).toBe(PENDING);
  return { wallet, account };
}

const statusOf = async (scope: Scope, externalAccountId: string) =>
  expectStatus(await api.get(paths(scope).account, { params: { externalAccountId } }), 200, ExternalAccount).status;
const challenge = (scope: Scope, externalAccountId: string, method = 'WALLET_SIGNATURE') => api.post(paths(scope).challenge, { params: { externalAccountId }, body: { method } });
const verify = (scope: Scope, externalAccountId: string, body: Body) => api.post(paths(scope).verify, { params: { externalAccountId }, body });

for (const scope of ['customers', 'platform'] as Scope[]) {
  const CHALLENGE_OP = `POST ${paths(scope).challenge}`;
  const VERIFY_OP = `POST ${paths(scope).verify}`;

  describe(CHALLENGE_OP, () => {
    scenario({ area: 'External Accounts', operation: CHALLENGE_OP, section: 'Ownership challenge (fields named)', basis: 'supplement' });

    it('refuses a body that breaks one documented rule with 400 INVALID_INPUT naming the field, and leaves the account unchanged', async (ctx) => {
      await basisSupplement('section 7: challenge {method*: WALLET_SIGNATURE|LIVENESS}; generated, one rule broken per request');
      const { account } = await pendingWallet(ctx, scope);
      await checkRulesRefused({
        spec: ownershipChallenge(scope),
        send: (body) => api.post(paths(scope).challenge, { params: { externalAccountId: account.id }, body }),
        unchanged: async (rule) => expect(await statusOf(scope, account.id), `requests breaking ${rule.id} were refused and left ${account.id} ${PENDING}`).toBe(PENDING),
      });
      // With no challenge started, verify has nothing to check against: 409 (interface, verify responses).
      expectError(await verify(scope, account.id, { signature: '0x00' }), 409, undefined, 'the refused challenges started none: verify answers 409, no WALLET_SIGNATURE challenge is outstanding');
    });

    it('starts a challenge for a FIRST_PARTY self-custody wallet PENDING_OWNERSHIP_VERIFICATION, and again once it is UNVERIFIED', async (ctx) => {
      await basisSupplement('section 7: Eligible: FIRST_PARTY, self-custody wallet in PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED; WALLET_SIGNATURE 201 {method, messageToSign, expiresAt}');
      const { account } = await pendingWallet(ctx, scope);
      const first = expectStatus(await challenge(scope, account.id), 201, WalletSignatureChallenge, `supplement 7: an eligible ${PENDING} wallet gets a challenge (201)`);
      expect(first.method, 'supplement 7: method in request and response').toBe('WALLET_SIGNATURE');
      expectError(await verify(scope, account.id, { signature: await plainWallet().sign(first.messageToSign) }), 400, undefined, 'interface: verify answers 400 to an invalid signature; the account moves to UNVERIFIED');
      expect(await statusOf(scope, account.id), 'interface: an invalid signature moves the account to UNVERIFIED').toBe('UNVERIFIED');
      expectStatus(await challenge(scope, account.id), 201, WalletSignatureChallenge, 'supplement 7: an eligible UNVERIFIED wallet gets a new challenge (201)');
      recordRule(CHALLENGE_OP, ELIGIBILITY.eligible);
    });

    it('creates a THIRD_PARTY wallet, a custodial wallet (vaspName) and a bank account without PENDING_OWNERSHIP_VERIFICATION, and answers 409 to a challenge for each, leaving each as it was', async (ctx) => {
      requireCapability(ctx, capabilities.counterpartyRules, 'without counterparty rules no wallet is held for ownership verification, so there is no eligible control (SVC_COUNTERPARTY_RULES=0)');
      await basisSupplement('section 7: Eligible ...; else challenge -> 409 (not self-custody wallet, not FIRST_PARTY, already verified)');
      const thirdWallet = plainWallet();
      const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper', countryOfResidence: 'US' };
      const third = await create(scope, walletBody(thirdWallet, { ownershipType: 'THIRD_PARTY' }, { beneficiary }));
      const vasps = expectStatus(await api.get('/vasps', { query: { limit: 1 } }), 200, pageOf(Vasp), 'supplement 7, 21: vaspName comes from GET /vasps');
      // The custodial case needs a VASP to name: a target with counterparty rules that lists none cannot be judged on it.
      expect(vasps.data.length, 'precondition: GET /vasps lists at least one VASP, to create a custodial wallet with its vaspName').toBeGreaterThan(0);
      const custodial = await create(scope, walletBody(plainWallet(), { ownershipType: 'FIRST_PARTY' }, { vaspName: vasps.data[0].vaspName }));
      // Supplement 7: "vaspName (from GET /vasps) marks a custodial wallet": the account keeps it.
      const custodialRead = expectStatus(await api.get(`/${scope}/external-accounts/{externalAccountId}`, { params: { externalAccountId: custodial.id } }), 200, ExternalAccount, 'GET the custodial wallet account');
      expect((custodialRead.accountInfo as Record<string, unknown>).vaspName, 'supplement 7: the custodial wallet reads back with the vaspName that marks it').toBe(vasps.data[0].vaspName);
      const { customerId: _c, ...bankBody } = usdAccount('unused');
      const bank = await create(scope, bankBody);
      for (const [what, account] of [['THIRD_PARTY wallet', third], ['custodial wallet', custodial], ['USD bank account', bank]] as const) {
        // Interface: PENDING_OWNERSHIP_VERIFICATION "means wallet ownership must be verified": no challenge can verify this one.
        expect(account.status, `a ${what} cannot be challenged, so it is not created waiting for an ownership verification`).not.toBe('PENDING_OWNERSHIP_VERIFICATION');
        for (const method of ['WALLET_SIGNATURE', 'LIVENESS']) {
          expectError(await challenge(scope, account.id, method), 409, undefined, `supplement 7: a ${what} is not eligible for ownership verification; ${method} challenge -> 409`);
        }
        expect(await statusOf(scope, account.id), `the refused challenge left the ${what} ${account.id} ${account.status}`).toBe(account.status);
      }
      // Control: the same wallet type, FIRST_PARTY and self-custody, is eligible.
      const { account } = await pendingWallet(ctx, scope);
      expectStatus(await challenge(scope, account.id), 201, WalletSignatureChallenge, 'control: a FIRST_PARTY self-custody wallet gets its challenge');
      recordRule(CHALLENGE_OP, ELIGIBILITY.ineligible);
    });
  });

  describe(VERIFY_OP, () => {
    scenario({ area: 'External Accounts', operation: VERIFY_OP, section: 'Verify ownership with a wallet signature', basis: scope === 'customers' ? 'supplement' : undefined });

    it('refuses a body that breaks one documented rule with 400 INVALID_INPUT naming the field, and leaves the account PENDING_OWNERSHIP_VERIFICATION', async (ctx) => {
      await basisSupplement('OwnershipVerifyRequest {signature*, signatureScheme? bip137|electrum}; generated, one rule broken per request');
      const { wallet, account } = await pendingWallet(ctx, scope);
      expectStatus(await challenge(scope, account.id), 201, WalletSignatureChallenge);
      await checkRulesRefused({
        spec: ownershipVerify(scope),
        send: (body) => verify(scope, account.id, body),
        unchanged: async (rule) => expect(await statusOf(scope, account.id), `requests breaking ${rule.id} were refused as malformed, not judged as signatures: ${account.id} stays ${PENDING}`).toBe(PENDING),
      });
      // Control: a well-formed request with a valid signature over a fresh challenge verifies (signatureScheme ignored on EVM).
      const fresh = expectStatus(await challenge(scope, account.id), 201, WalletSignatureChallenge);
      const verified = expectStatus(await verify(scope, account.id, { signature: await wallet.sign(fresh.messageToSign), signatureScheme: 'bip137' }), 200, ExternalAccount, 'control: a valid request verifies');
      expect(verified.status).toBe('ACTIVE');
    });

    it('answers 409 with no WALLET_SIGNATURE challenge outstanding and leaves the state; once one is started the same wallet verifies', async (ctx) => {
      await basisSupplement('section 7: verify 409 no WALLET_SIGNATURE outstanding');
      const { wallet, account } = await pendingWallet(ctx, scope);
      expectError(await verify(scope, account.id, { signature: await wallet.sign('no challenge') }), 409, undefined, 'interface: verify answers 409 when no WALLET_SIGNATURE challenge is outstanding');
      expect(await statusOf(scope, account.id), 'interface: "the state does not change"').toBe(PENDING);
      const started = expectStatus(await challenge(scope, account.id), 201, WalletSignatureChallenge);
      expectStatus(await verify(scope, account.id, { signature: await wallet.sign(started.messageToSign) }), 200, ExternalAccount, 'control: with a challenge outstanding the signature verifies');
      recordRule(VERIFY_OP, ELIGIBILITY.noChallenge);
    });
  });
}

describe('POST /customers/external-accounts/{externalAccountId}/trust/confirm and /untrust/confirm', () => {
  scenario({ area: 'External Accounts', operation: `POST ${TRUST_CONFIRM}`, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses a confirmation that breaks one documented rule with 400 INVALID_INPUT naming the field; the code then confirms trust, and untrust', async (ctx) => {
    requireCapability(ctx, Boolean(capabilities.sca), 'the target declares no SCA region (SVC_SCA_REGION)');
    await basisSupplement('section 12: trust/confirm, untrust/confirm {challengeId?, code}; 200 {trusted}; generated, one rule broken per request');
    const customer = await scaRegionCustomer();
    const account = await customerUsdAccount(customer.id);
    for (const [action, request, confirm] of [['trust', TRUST, TRUST_CONFIRM], ['untrust', UNTRUST, UNTRUST_CONFIRM]] as const) {
      const started = expectStatus(await api.post(request, { params: { externalAccountId: account.id } }), 200, TrustRequestResult, `supplement 12: POST .../${action} answers 200 {scaChallenge?}`);
      const challengeId = started.scaChallenge?.id;
      const send = (body: Body) => api.post(confirm, { params: { externalAccountId: account.id }, body });
      await checkRulesRefused({
        spec: trustConfirm(action, capabilities.sca!.code),
        // No scaChallenge => confirm without challengeId (supplement 12).
        complete: (b) => (challengeId ? { ...b, challengeId } : (({ challengeId: _x, ...rest }) => rest)(b)),
        send,
      });
      let control = await send({ ...(challengeId ? { challengeId } : {}), code: capabilities.sca!.code });
      if (control.status !== 200) {
        // Whether a refused confirmation ends the pending request is not stated (supplement 12): if the
        // refusals ended it, the ended request is refused as a client error, and a new one is confirmed.
        expectClientError(control, `supplement 12: ${action}/confirm of a request the refused confirmations ended: 400 or 409, never a 5xx`);
        noteInterface('trust:refused-confirm-ends-request', ['Supplement 12: trust/confirm, untrust/confirm: 400 bad/expired proof, 404, 409; whether a refused confirmation ends the pending request is not stated'], `after the refused ${action} confirmations the pending request answered ${control.status}; a new ${action} request was confirmed`);
        const again = expectStatus(await api.post(request, { params: { externalAccountId: account.id } }), 200, TrustRequestResult, `supplement 12: POST .../${action} answers 200 {scaChallenge?}`);
        control = await send({ ...(again.scaChallenge ? { challengeId: again.scaChallenge.id } : {}), code: capabilities.sca!.code });
      }
      const confirmed = expectStatus(control, 200, TrustConfirmation, `control: a well-formed ${action}/confirm answers 200`);
      expect(confirmed.trusted, `supplement 12: ${action}/confirm answers {trusted: ${action === 'trust'}}`).toBe(action === 'trust');
    }
  });
});
