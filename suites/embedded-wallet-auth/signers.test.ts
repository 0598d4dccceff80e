// Interface: Authentication 4 (the signed retry). Who may sign each operation: DELETE
// /auth/credentials/{id} "(signer: another credential)", POST /auth/sessions/{id}/refresh "(current
// session)", and 401 among both operations' errors: basis: supplement (section 17). The code of a
// stamp by a session that may not sign the operation is not stated (the supplement maps the 401 codes
// to cases by their meaning only): the suite asserts 401 and records the code it sees.
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import {
  CREDENTIAL, CREDENTIALS, expectSessionsUnchanged, listCredentials, listSessions, loggedInWallet, needEmbeddedWallet, otpLogin, SESSION_REFRESH, signatureRequest, signed, signedRetryOf, stampHeaders,
} from '../../helpers/flows/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { AuthMethod, AuthSession } from '../../helpers/schemas/wallet.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

const WRONG_SIGNER_NOTE = 'wallet-signer-not-allowed';
const WRONG_SIGNER_SENTENCES = [
  'supplement 17: DELETE /auth/credentials/{id} 202 -> (signer: another credential) 204; errors 400 last credential; 401; 404',
  'supplement 17: POST /auth/sessions/{id}/refresh 202 -> (current session) 201 AuthSession; errors 400; 401; 404',
  'supplement 17: 401 codes, "per-case mapping (inferred) from code meanings"; WALLET_SIGNATURE_INVALID "fails verification (e.g. TEK != key in token)"; a stamp by a session not allowed to sign is not named',
];

describe('DELETE /auth/credentials/{credentialId}: the signer', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'DELETE /auth/credentials/{credentialId}', section: 'Authentication', basis: 'supplement' });

  it('refuses with 401 a deletion signed by a session of the credential being deleted, and a session of another credential signs the same request', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: DELETE /auth/credentials/{id} 202 -> (signer: another credential) 204; 401');
    const { account, emailOtp, key: emailKey } = await loggedInWallet();
    const sms = expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'SMS_OTP', accountId: account.id } }, emailKey), 201, AuthMethod);
    const { key: smsKey } = await otpLogin(sms);

    const call = { params: { credentialId: sms.id }, challengeType: sms.type };
    const request = await signatureRequest('DELETE', CREDENTIAL, call);
    const refused = expectError(await signedRetryOf('DELETE', CREDENTIAL, call, stampHeaders(smsKey, request)), 401, undefined, 'a credential\'s own session may not sign its deletion');
    noteInterface(WRONG_SIGNER_NOTE, WRONG_SIGNER_SENTENCES, `DELETE /auth/credentials/{id} signed by the deleted credential's session: 401 ${refused.code}`);
    expect((await listCredentials(account.id)).map((c) => c.id).sort(), 'the refusal deleted nothing').toEqual([emailOtp.id, sms.id].sort());

    expectStatus(await signed('DELETE', CREDENTIAL, call, emailKey), 204, undefined, 'control: a session of another credential signs the same request');
    expect((await listCredentials(account.id)).map((c) => c.id)).toEqual([emailOtp.id]);
  });
});

describe('POST /auth/sessions/{sessionId}/refresh: the signer', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /auth/sessions/{sessionId}/refresh', section: 'Authentication', basis: 'supplement' });

  it('refuses with 401 a refresh signed by another live session of the account, and the session refreshed signs the same request', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: POST /auth/sessions/{id}/refresh {clientPublicKey*} 202 -> (current session) 201 AuthSession; 401');
    const { account, emailOtp, session, key } = await loggedInWallet();
    const { key: otherKey } = await otpLogin(emailOtp);

    const call = { params: { sessionId: session.id }, body: { clientPublicKey: new SessionKey().publicKeyHex } };
    const request = await signatureRequest('POST', SESSION_REFRESH, call);
    const before = await listSessions(account.id);
    const refused = expectError(await signedRetryOf('POST', SESSION_REFRESH, call, stampHeaders(otherKey, request)), 401, undefined, 'another session may not refresh this one');
    noteInterface(WRONG_SIGNER_NOTE, WRONG_SIGNER_SENTENCES, `POST /auth/sessions/{id}/refresh signed by another session: 401 ${refused.code}`);
    await expectSessionsUnchanged(account.id, before, 'the refusal changed no session');

    const refreshed = expectStatus(await signed('POST', SESSION_REFRESH, call, key), 201, AuthSession, 'control: the current session signs the same request');
    expect(refreshed.accountId).toBe(account.id);
  });
});
