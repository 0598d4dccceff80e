// Interface: Authentication 4 ("Embedded-wallet actions require the header Svc-Wallet-Signature. The
// signed retry also requires the header Request-Id. Failure codes (all 401): WALLET_SIGNATURE_MISSING,
// WALLET_SIGNATURE_MALFORMED, WALLET_SIGNATURE_BODY_MISMATCH, WALLET_SIGNATURE_INVALID,
// REQUEST_ID_MISSING"). The protocol (202 {payloadToSign, requestId, expiresAt}, then the same request
// with the stamp), the stamp's layout, the operations and the case of each code: basis: supplement
// (sections 10 and 17). Judged on PATCH /internal-accounts/{internalAccountId} {privateEnabled} and the export.
import { assert, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectSchema, expectStatus, noteInterface } from '../../helpers/expect.js';
import {
  loggedInWallet, NOT_STAMPS, privacyChange, REQUEST_ID_HEADER, SIGNATURE_HEADER, signatureRequest, signed, signedRetryOf, stampHeaders, WALLET_ACCOUNT, WALLET_EXPORT, type Call, needEmbeddedWallet,
} from '../../helpers/flows/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { InternalAccount } from '../../helpers/schemas/index.js';
import { ExportBundle, ExportBundleData, WalletExport } from '../../helpers/schemas/wallet.js';
import { openExportBundle } from '../../helpers/wallets/hpke.js';
import { encodeStamp, SessionKey, STAMP_SCHEME } from '../../helpers/wallets/stamp.js';

const UNKNOWN_REQUEST_NOTE = {
  id: 'wallet-request-id-unusable',
  sentences: ['supplement 17: "Unknown/expired/used Request-Id: 401, code not stated."', 'supplement 28.2: codes for unknown Request-Id (401)'],
};

describe('PATCH /internal-accounts/{internalAccountId}: the signed retry', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'PATCH /internal-accounts/{internalAccountId}', section: 'Authentication', basis: 'supplement' });

  it('answers 202 with payloadToSign and requestId, then 200 with the change once the same request carries a stamp by the session key and Request-Id', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('sections 10 and 17: signed retry of PATCH /internal-accounts/{id} {privateEnabled}');
    const { account, key } = await loggedInWallet();
    const call = privacyChange(account.id, true);
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, call);

    const res = await signedRetryOf('PATCH', WALLET_ACCOUNT, call, stampHeaders(key, request));
    const patched = expectStatus(res, 200, InternalAccount.extend({ privateEnabled: z.boolean() }), 'supplement 17: 202 -> 200 InternalAccount');
    expect(patched.id).toBe(account.id);
    expect(patched.privateEnabled, 'the account takes the privateEnabled it was sent').toBe(true);
  });

  it('answers 401 WALLET_SIGNATURE_MISSING to a retry with Request-Id and no Svc-Wallet-Signature, and REQUEST_ID_MISSING to a stamp without Request-Id; the full retry succeeds', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_MISSING', 'error:401:REQUEST_ID_MISSING']);
    await basisSupplement('section 17: WALLET_SIGNATURE_MISSING header absent on retry; REQUEST_ID_MISSING signature without Request-Id');
    const { account, key } = await loggedInWallet();
    const call = privacyChange(account.id, true);
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, call);
    const headers = stampHeaders(key, request);

    expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, { [REQUEST_ID_HEADER]: request.requestId }), 401, 'WALLET_SIGNATURE_MISSING', 'Authentication 4: embedded-wallet actions require Svc-Wallet-Signature');
    expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, { [SIGNATURE_HEADER]: headers[SIGNATURE_HEADER] }), 401, 'REQUEST_ID_MISSING', 'Authentication 4: the signed retry also requires Request-Id');
    expectStatus(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, headers), 200, InternalAccount, 'control: the same retry with both headers');
  });

  it('answers 401 WALLET_SIGNATURE_MALFORMED to a header that is not a stamp, and accepts the real stamp after', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_MALFORMED']);
    await basisSupplement('section 17: WALLET_SIGNATURE_MALFORMED undecodable; the stamp is base64url JSON {publicKey, scheme, signature}');
    const { account, key } = await loggedInWallet();
    const call = privacyChange(account.id, true);
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, call);
    for (const value of NOT_STAMPS) {
      expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, { [SIGNATURE_HEADER]: value, [REQUEST_ID_HEADER]: request.requestId }), 401, 'WALLET_SIGNATURE_MALFORMED');
    }
    expectStatus(await signedRetryOf('PATCH', WALLET_ACCOUNT, call, stampHeaders(key, request)), 200, InternalAccount, 'control: the real stamp');
  });

  it('answers 401 WALLET_SIGNATURE_BODY_MISMATCH when the retry body differs from the body the stamp was requested for, and changes nothing', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_BODY_MISMATCH']);
    await basisSupplement('section 17: WALLET_SIGNATURE_BODY_MISMATCH retry body different from the bound body (PATCH account)');
    const { account, key } = await loggedInWallet();
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, privacyChange(account.id, false));
    const headers = stampHeaders(key, request);

    expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, privacyChange(account.id, true), headers), 401, 'WALLET_SIGNATURE_BODY_MISMATCH', 'Authentication 4: signature computed over a different body');
    // The control on a request id of its own (whether a refused retry uses its id up is not stated).
    const res = await signed('PATCH', WALLET_ACCOUNT, privacyChange(account.id, false), key);
    const patched = expectStatus(res, 200, InternalAccount.extend({ privateEnabled: z.boolean() }), 'control: the bound body, signed by the same key');
    expect(patched.privateEnabled, 'the refused body changed nothing; the signed one applies').toBe(false);
  });

  it('answers 401 WALLET_SIGNATURE_INVALID to a stamp over other bytes and to a stamp by a key no session holds', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_INVALID']);
    await basisSupplement('section 17: WALLET_SIGNATURE_INVALID fails verification; the stamp is made with a verified credential\'s session key');
    const { account, key } = await loggedInWallet();
    const call = privacyChange(account.id, true);
    // Each attempt on a request id of its own: whether a refused retry uses its id up is not stated.
    const attempt = async (stampOf: (payloadToSign: string) => string) => {
      const request = await signatureRequest('PATCH', WALLET_ACCOUNT, call);
      return signedRetryOf('PATCH', WALLET_ACCOUNT, call, { [SIGNATURE_HEADER]: stampOf(request.payloadToSign), [REQUEST_ID_HEADER]: request.requestId });
    };

    expectError(await attempt((p) => key.stamp(`${p} `)), 401, 'WALLET_SIGNATURE_INVALID', 'a stamp over other bytes than payloadToSign');
    expectError(await attempt((p) => encodeStamp({ publicKey: key.publicKeyHex, scheme: STAMP_SCHEME, signature: new SessionKey().signatureHex(p) })), 401, 'WALLET_SIGNATURE_INVALID', 'a signature by another key under the session\'s public key');
    const stranger = new SessionKey();
    expectError(await attempt((p) => stranger.stamp(p)), 401, 'WALLET_SIGNATURE_INVALID', 'a valid signature by a key no session of the account holds');
    expectStatus(await attempt((p) => key.stamp(p)), 200, InternalAccount, 'control: the session key\'s stamp');
  });

  it('answers 401 to a replayed request id and to one never issued, and the account keeps the first change', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: unknown/expired/used Request-Id: 401, code not stated');
    const { account, key } = await loggedInWallet();
    const first = privacyChange(account.id, true);
    const request = await signatureRequest('PATCH', WALLET_ACCOUNT, first);
    const headers = stampHeaders(key, request);
    expectStatus(await signedRetryOf('PATCH', WALLET_ACCOUNT, first, headers), 200, InternalAccount);

    const replay = expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, first, headers), 401, undefined, 'a used Request-Id is refused');
    noteInterface(UNKNOWN_REQUEST_NOTE.id, UNKNOWN_REQUEST_NOTE.sentences, `used Request-Id: 401 ${replay.code}`);
    const unknown = `Request:${crypto.randomUUID()}`;
    const never = expectError(await signedRetryOf('PATCH', WALLET_ACCOUNT, first, { [SIGNATURE_HEADER]: headers[SIGNATURE_HEADER], [REQUEST_ID_HEADER]: unknown }), 401, undefined, 'an unknown Request-Id is refused');
    noteInterface(UNKNOWN_REQUEST_NOTE.id, UNKNOWN_REQUEST_NOTE.sentences, `unknown Request-Id: 401 ${never.code}`);

    // The replay did not apply twice: a new signed change still goes through, and only once.
    const second = privacyChange(account.id, false);
    const patched = expectStatus(await signed('PATCH', WALLET_ACCOUNT, second, key), 200, InternalAccount.extend({ privateEnabled: z.boolean() }), 'control: a fresh signed retry');
    expect(patched.privateEnabled).toBe(false);
  });
});

describe('POST /internal-accounts/{internalAccountId}/export', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /internal-accounts/{internalAccountId}/export', section: 'Authentication', basis: 'supplement' });

  it('answers the wallet credentials HPKE-sealed to the fresh client key, which opens them and another key does not; a retry for another key is a body mismatch', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_BODY_MISMATCH']);
    await basisSupplement('section 17: export {clientPublicKey* uncompressed, fresh}, 202 -> 200 {id, encryptedWalletCredentials}; bundle {version v1.0.0, data, dataSignature, enclaveQuorumPublic}, HPKE P-256/HKDF-SHA256/AES-256-GCM');
    const { account, key } = await loggedInWallet();
    const target = new SessionKey();
    const call: Call = { params: { internalAccountId: account.id }, body: { clientPublicKey: target.uncompressedPublicKeyHex } };
    const request = await signatureRequest('POST', WALLET_EXPORT, call);
    const otherKey: Call = { ...call, body: { clientPublicKey: new SessionKey().uncompressedPublicKeyHex } };
    expectError(await signedRetryOf('POST', WALLET_EXPORT, otherKey, stampHeaders(key, request)), 401, 'WALLET_SIGNATURE_BODY_MISMATCH', 'supplement 17: BODY_MISMATCH for the export key');

    const exported = expectStatus(await signed('POST', WALLET_EXPORT, call, key), 200, WalletExport);
    const text = /^\s*\{/.test(exported.encryptedWalletCredentials) ? exported.encryptedWalletCredentials : Buffer.from(exported.encryptedWalletCredentials, 'hex').toString('utf8');
    noteInterface('wallet-export-encoding', ['supplement 17: "Export: {version: "v1.0.0", data, dataSignature, enclaveQuorumPublic} hex"'], /^\s*\{/.test(exported.encryptedWalletCredentials) ? 'encryptedWalletCredentials is the bundle JSON' : 'encryptedWalletCredentials is the bundle JSON in hex');
    const bundle = expectSchema(ExportBundle, JSON.parse(text), 'the export bundle');
    const data = expectSchema(ExportBundleData, JSON.parse(Buffer.from(bundle.data, 'hex').toString('utf8')), 'the export bundle data');
    const secret = await openExportBundle(text, target.secretKey).catch((err: Error) => assert.fail(`the client key does not open the export bundle with the provider's library: ${err.message}`));
    expect(secret.length, 'the sealed wallet credentials are not empty').toBeGreaterThan(0);
    await expect(openExportBundle(text, new SessionKey().secretKey), 'only the client key opens the export').rejects.toThrow();
  });
});
