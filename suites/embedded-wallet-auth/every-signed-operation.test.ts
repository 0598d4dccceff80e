// Interface: Authentication 4, on every operation of the signed retry: "Embedded-wallet actions require
// the header `Svc-Wallet-Signature`. The signed retry also requires the header `Request-Id`. Failure
// codes (all 401): WALLET_SIGNATURE_MISSING, WALLET_SIGNATURE_MALFORMED, WALLET_SIGNATURE_BODY_MISMATCH
// (signature computed over a different body), WALLET_SIGNATURE_INVALID (fails verification against the
// registered credential), REQUEST_ID_MISSING". Which operations take the signed retry, who signs each and
// the case of each code: basis: supplement (section 10, "Where": "credential add/revoke/OTP verify,
// session revoke/refresh, delegated-key create, internal-account PATCH/export, customer contact PATCH";
// section 17). Each operation is called for real; its 202 is retried without the stamp, with a header
// that is no stamp, for another body (where it has one), stamped by a key that is not its signer, and
// without Request-Id; then the full retry succeeds. Each refused retry breaks one thing only, so the
// order in which a target checks them is not judged. Whether a refused retry uses its Request-Id up is
// not stated: each refusal and the control take a 202 of their own (they are independent, so the
// refusals go out together: helpers/concurrency.ts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiResponse } from '../../helpers/client.js';
import { inPool } from '../../helpers/concurrency.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { DELEGATED_KEYS, delegatedKeyLegs, walletWithCard } from '../../helpers/flows/delegated-keys.js';
import {
  CREDENTIAL, CREDENTIAL_VERIFY, CREDENTIALS, emailChange, freshEmail, listCredentials, listSessions, loggedInWallet, needEmbeddedWallet, NOT_STAMPS, otpChallenge, otpLogin,
  passkeyBody, passkeyParty, privacyChange, REQUEST_ID_HEADER, sealOtp, SESSION, SESSION_REFRESH, SIGNATURE_HEADER, signatureRequest, signed, signedRetryOf, smsOtpCall,
  stampHeaders, verifyOtpCall, walletAccount, WALLET_ACCOUNT, WALLET_CONTACT, WALLET_EXPORT, type Call,
} from '../../helpers/flows/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Customer, InternalAccount } from '../../helpers/schemas/index.js';
import { AuthMethod, AuthSession, DelegatedKey, SignatureRequest, WalletExport } from '../../helpers/schemas/wallet.js';
import { AUTH_RULES, walletRules } from '../../helpers/spec/security.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

type Method = 'POST' | 'PATCH' | 'DELETE';

/** A real call of a signed-retry operation, ready for its retries. */
interface Prepared {
  call: Call;
  /** The key of the operation's signer (supplement 17: a verified session, another credential's, the TEK of the bundle). */
  key: SessionKey;
  /** The same call with another body, valid on its own (absent for an operation without a body). */
  otherBody?: Call;
  /** A fresh 202 of the leg judged (the call's own first 202 unless given). */
  issue?: () => Promise<SignatureRequest>;
  /** Judges the full retry's answer: the documented success. */
  succeeds: (res: ApiResponse) => Promise<void>;
}

interface SignedCase {
  /** The catalog operation id. */
  op: string;
  method: Method;
  template: string;
  /** The documented success of the full retry, as the scenario's name says it. */
  success: string;
  /** The leg judged, as the scenario's name says it (a signed retry, unless the operation has several). */
  where?: string;
  basis: string;
  prepare: () => Promise<Prepared>;
}

const W = AUTH_RULES.wallet;

/** Each refusal: its rule (helpers/spec/security.ts), its code, the sentences it rests on, and the retry that breaks it. */
function refusals(c: SignedCase, p: Prepared) {
  const retry = (call: Call, headers: Record<string, string>) => signedRetryOf(c.method, c.template, call, headers);
  return [
    {
      rule: W.missing, code: 'WALLET_SIGNATURE_MISSING',
      sentence: 'Authentication 4: "Embedded-wallet actions require the header `Svc-Wallet-Signature`"; supplement 17: WALLET_SIGNATURE_MISSING "header absent on retry"',
      send: (r: SignatureRequest) => retry(p.call, { [REQUEST_ID_HEADER]: r.requestId }),
    },
    ...NOT_STAMPS.map((value) => ({
      rule: W.malformed, code: 'WALLET_SIGNATURE_MALFORMED',
      sentence: `Authentication 4: WALLET_SIGNATURE_MALFORMED; supplement 17: "undecodable" (the stamp is base64url JSON {publicKey, scheme, signature}); sent ${JSON.stringify(value)}`,
      send: (r: SignatureRequest) => retry(p.call, { [SIGNATURE_HEADER]: value, [REQUEST_ID_HEADER]: r.requestId }),
    })),
    ...(p.otherBody ? [{
      rule: W.bodyMismatch, code: 'WALLET_SIGNATURE_BODY_MISMATCH',
      sentence: 'Authentication 4: WALLET_SIGNATURE_BODY_MISMATCH "(signature computed over a different body)"; supplement 10: the retry is the "same body again"',
      send: (r: SignatureRequest) => retry(p.otherBody!, stampHeaders(p.key, r)),
    }] : []),
    {
      rule: W.invalid, code: 'WALLET_SIGNATURE_INVALID',
      sentence: 'Authentication 4: WALLET_SIGNATURE_INVALID "(fails verification against the registered credential)"; supplement 10: the stamp is "made with a verified credential\'s session key"; a well-formed stamp over payloadToSign by a key no credential holds',
      send: (r: SignatureRequest) => retry(p.call, stampHeaders(new SessionKey(), r)),
    },
    {
      rule: W.requestIdMissing, code: 'REQUEST_ID_MISSING',
      sentence: 'Authentication 4: "The signed retry also requires the header `Request-Id`"; supplement 17: REQUEST_ID_MISSING "signature without Request-Id"',
      send: (r: SignatureRequest) => retry(p.call, { [SIGNATURE_HEADER]: stampHeaders(p.key, r)[SIGNATURE_HEADER] }),
    },
  ];
}

/** Sends each refusal on a 202 of its own, judges each, fails once with every one that did not hold; then the control. */
async function judgeSignedRetry(c: SignedCase, p: Prepared): Promise<void> {
  const issue = p.issue ?? (() => signatureRequest(c.method, c.template, p.call));
  const all = refusals(c, p);
  expect([...new Set(all.map((r) => r.rule))], `${c.op}: the refusals sent are the wallet rules declared for it`).toEqual(walletRules(c.op).filter((r) => p.otherBody || r !== W.bodyMismatch));
  const failures: string[] = [];
  await inPool(all, all.length, async (r) => {
    const res = await r.send(await issue());
    try {
      expectError(res, 401, r.code, `${c.op}: ${r.sentence}`);
      recordRule(c.op, r.rule);
    } catch (err) {
      failures.push(`${r.code}: ${(err as Error).message.split('\n').slice(0, 3).join(' / ')}`);
    }
  });
  expect(failures, `${failures.length} of ${all.length} refused retries of ${c.op} did not answer their 401:\n${failures.join('\n')}`).toEqual([]);
  // Control: the same call, stamped by its signer with the Request-Id of a 202 of its own.
  const request = await issue();
  await p.succeeds(await signedRetryOf(c.method, c.template, p.call, stampHeaders(p.key, request)));
}

const CASES: SignedCase[] = [
  {
    op: 'POST /auth/credentials', method: 'POST', template: CREDENTIALS, success: '201 AuthMethod (an SMS_OTP credential)',
    basis: 'section 17: POST /auth/credentials {type, accountId} 202 -> (signer: existing verified credential) 201 AuthMethod',
    // An OTP credential's body is {type, accountId} alone: another type or account adds a second
    // refusal whose order the documents leave open (28.5, the signer), so its body mismatch is judged on passkeys below.
    prepare: async () => {
      const { account, key } = await loggedInWallet();
      return {
        call: smsOtpCall(account.id), key,
        succeeds: async (res) => {
          const sms = expectStatus(res, 201, AuthMethod, 'control: supplement 17: 202 -> 201 AuthMethod');
          expect([sms.type, sms.accountId]).toEqual(['SMS_OTP', account.id]);
        },
      };
    },
  },
  {
    op: 'DELETE /auth/credentials/{credentialId}', method: 'DELETE', template: CREDENTIAL, success: '204 (signed by a session of another credential)',
    basis: 'section 17: DELETE /auth/credentials/{id} 202 -> (signer: another credential) 204',
    prepare: async () => {
      const { account, key } = await loggedInWallet();
      const sms = expectStatus(await signed('POST', CREDENTIALS, smsOtpCall(account.id), key), 201, AuthMethod, 'a second credential to revoke');
      return {
        call: { params: { credentialId: sms.id }, challengeType: sms.type }, key,
        succeeds: async (res) => {
          expectStatus(res, 204, undefined, 'control: supplement 17: 202 -> 204');
          expect((await listCredentials(account.id)).map((c) => c.id), 'the credential is revoked').not.toContain(sms.id);
        },
      };
    },
  },
  {
    op: 'POST /auth/credentials/{credentialId}/verify', method: 'POST', template: CREDENTIAL_VERIFY, success: '200 AuthSession (EMAIL_OTP, signed by the key in the bundle)',
    basis: 'section 17: OTP verify {type, encryptedOtpBundle*} 202 -> (signer: TEK) 200 AuthSession',
    prepare: async () => {
      const { emailOtp } = await walletAccount();
      const tek = new SessionKey();
      const bundle = await otpChallenge(emailOtp.id);
      return {
        call: verifyOtpCall(emailOtp, await sealOtp(bundle, tek)), key: tek,
        // The same code and key sealed again to the same bundle: a body as valid, and another one (HPKE seals afresh each time).
        otherBody: verifyOtpCall(emailOtp, await sealOtp(bundle, tek)),
        succeeds: async (res) => {
          const session = expectStatus(res, 200, AuthSession, 'control: supplement 17: 202 -> 200 AuthSession');
          expect(session.accountId).toBe(emailOtp.accountId);
        },
      };
    },
  },
  {
    op: 'DELETE /auth/sessions/{sessionId}', method: 'DELETE', template: SESSION, success: '204 (signed by another verified session)',
    basis: 'section 17: DELETE /auth/sessions/{id} 202 -> (any verified session, self allowed) 204',
    prepare: async () => {
      const { account, emailOtp, key } = await loggedInWallet();
      const { session: doomed } = await otpLogin(emailOtp);
      return {
        call: { params: { sessionId: doomed.id }, challengeType: doomed.type }, key,
        succeeds: async (res) => {
          expectStatus(res, 204, undefined, 'control: supplement 17: 202 -> 204');
          expect((await listSessions(account.id)).map((s) => s.id), 'the session is revoked').not.toContain(doomed.id);
        },
      };
    },
  },
  {
    op: 'POST /auth/sessions/{sessionId}/refresh', method: 'POST', template: SESSION_REFRESH, success: '201 AuthSession (signed by the current session)',
    basis: 'section 17: refresh {clientPublicKey*} same both legs, 202 -> (current session) 201 AuthSession',
    prepare: async () => {
      const { session, key } = await loggedInWallet();
      const call = { params: { sessionId: session.id }, body: { clientPublicKey: new SessionKey().publicKeyHex } };
      return {
        call, key, otherBody: { ...call, body: { clientPublicKey: new SessionKey().publicKeyHex } },
        succeeds: async (res) => {
          const refreshed = expectStatus(res, 201, AuthSession, 'control: supplement 17: 202 -> 201 AuthSession');
          expect(refreshed.id, 'a refresh makes a new session').not.toBe(session.id);
        },
      };
    },
  },
  {
    op: 'POST /auth/delegated-keys', method: 'POST', template: DELEGATED_KEYS, success: '202 for the second leg, then 201 DelegatedKey ACTIVE', where: 'its first signed leg',
    basis: 'section 17: {cardId*, internalAccountId*, nickname*} same on all legs, 202 -> 202 -> 201 DelegatedKey ACTIVE',
    prepare: async () => {
      const { call, key } = await walletWithCard();
      return {
        call, key, otherBody: { body: { ...(call.body as object), nickname: 'another signer' } },
        succeeds: async (res) => {
          const second = expectStatus(res, 202, SignatureRequest, 'control: supplement 17: the first signed leg answers 202 again');
          const created = expectStatus(await signedRetryOf('POST', DELEGATED_KEYS, call, stampHeaders(key, second)), 201, DelegatedKey, 'control: supplement 17: the second signed leg answers 201');
          expect(created.status).toBe('ACTIVE');
        },
      };
    },
  },
  {
    op: 'POST /auth/delegated-keys', method: 'POST', template: DELEGATED_KEYS, success: '201 DelegatedKey ACTIVE', where: 'its second signed leg',
    basis: 'section 17: {cardId*, internalAccountId*, nickname*} same on all legs, 202 -> 202 -> 201 DelegatedKey ACTIVE; abandoned after leg 2 stays PENDING (does not block another)',
    prepare: async () => {
      const { call, key } = await walletWithCard();
      return {
        call, key, otherBody: { body: { ...(call.body as object), nickname: 'another signer' } },
        issue: () => delegatedKeyLegs(call, key),
        succeeds: async (res) => {
          expect(expectStatus(res, 201, DelegatedKey, 'control: supplement 17: the second signed leg answers 201').status).toBe('ACTIVE');
        },
      };
    },
  },
  {
    op: 'PATCH /internal-accounts/{internalAccountId}', method: 'PATCH', template: WALLET_ACCOUNT, success: '200 InternalAccount',
    basis: 'section 17: PATCH /internal-accounts/{id} {privateEnabled?} 202 -> 200 InternalAccount',
    prepare: async () => {
      const { account, key } = await loggedInWallet();
      return {
        call: privacyChange(account.id, true), key, otherBody: privacyChange(account.id, false),
        succeeds: async (res) => {
          expect(expectStatus(res, 200, InternalAccount.extend({ privateEnabled: z.boolean() }), 'control: supplement 17: 202 -> 200 InternalAccount').privateEnabled).toBe(true);
        },
      };
    },
  },
  {
    op: 'POST /internal-accounts/{internalAccountId}/export', method: 'POST', template: WALLET_EXPORT, success: '200 {id, encryptedWalletCredentials}',
    basis: 'section 17: export {clientPublicKey* uncompressed, fresh} 202 -> 200 {id*, encryptedWalletCredentials*}',
    prepare: async () => {
      const { account, key } = await loggedInWallet();
      const exportTo = (k: SessionKey): Call => ({ params: { internalAccountId: account.id }, body: { clientPublicKey: k.uncompressedPublicKeyHex } });
      return {
        call: exportTo(new SessionKey()), key, otherBody: exportTo(new SessionKey()),
        succeeds: async (res) => {
          expect(expectStatus(res, 200, WalletExport, 'control: supplement 17: 202 -> 200 {id, encryptedWalletCredentials}').id).toBe(account.id);
        },
      };
    },
  },
  {
    op: 'PATCH /customers/{customerId}', method: 'PATCH', template: WALLET_CONTACT, success: '200 Customer (an embedded-wallet customer\'s email)',
    basis: 'section 17: PATCH /customers/{id} (EW contact) email, 202 -> (tied wallet session) 200 Customer',
    prepare: async () => {
      const { customerId, key } = await loggedInWallet();
      const email = freshEmail();
      return {
        call: emailChange(customerId, email), key, otherBody: emailChange(customerId, freshEmail()),
        succeeds: async (res) => {
          expect(expectStatus(res, 200, Customer, 'control: supplement 17: 202 -> 200 Customer').email).toBe(email);
        },
      };
    },
  },
];

const codesOf = (op: string) => walletRules(op).map((r) => ({ [W.missing]: 'WALLET_SIGNATURE_MISSING', [W.malformed]: 'WALLET_SIGNATURE_MALFORMED', [W.bodyMismatch]: 'WALLET_SIGNATURE_BODY_MISMATCH', [W.invalid]: 'WALLET_SIGNATURE_INVALID', [W.requestIdMissing]: 'REQUEST_ID_MISSING' })[r]!);

for (const c of CASES) {
  describe(`${c.op}: the wallet signature${c.where ? ` (${c.where})` : ''}`, () => {
    scenario({ area: 'Embedded Wallet Auth', operation: c.op, section: 'Authentication', basis: 'supplement' });
    const codes = c.op === 'POST /auth/credentials' ? codesOf(c.op).filter((code) => code !== 'WALLET_SIGNATURE_BODY_MISMATCH') : codesOf(c.op);

    it(`answers 401 ${codes.join(', ')} to ${c.where ?? 'a signed retry'} lacking each, and ${c.success} to the full retry`, async (ctx) => {
      needEmbeddedWallet(ctx, codes.map((code) => `error:401:${code}`));
      await basisSupplement(`section 10: signed retry "Where"; ${c.basis}; the 401 codes by their meaning`);
      await judgeSignedRetry(c, await c.prepare());
    });
  });
}

describe('POST /auth/credentials: the wallet signature over the body (PASSKEY)', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/credentials', section: 'Authentication', basis: 'supplement' });

  it('answers 401 WALLET_SIGNATURE_BODY_MISMATCH to a passkey registration retried with another nickname than the stamp was requested for, and registers the bound body', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_BODY_MISMATCH']);
    passkeyParty(ctx);
    await basisSupplement('section 17: PASSKEY {nickname* 1–100, challenge*, attestation*} 202 -> 201 AuthMethod; many passkeys per account');
    const { account, key } = await loggedInWallet();
    const body = passkeyBody(account.id, { nickname: 'signed passkey' });
    const request = await signatureRequest('POST', CREDENTIALS, { body });
    const res = await signedRetryOf('POST', CREDENTIALS, { body: { ...body, nickname: 'another passkey' } }, stampHeaders(key, request));
    expectError(res, 401, 'WALLET_SIGNATURE_BODY_MISMATCH', 'POST /auth/credentials: Authentication 4: WALLET_SIGNATURE_BODY_MISMATCH "(signature computed over a different body)"; supplement 10: the retry is the "same body again"');
    recordRule('POST /auth/credentials', W.bodyMismatch);
    // Control on a passkey of its own: whether a refused retry uses up its Request-Id, or the body's single-use challenge, is not stated.
    const created = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id, { nickname: 'signed passkey' }) }, key), 201, AuthMethod, 'control: the bound body, signed');
    expect([created.type, created.nickname]).toEqual(['PASSKEY', 'signed passkey']);
  });
});
