// Every documented field rule of the embedded-wallet operations with a body, both ways, with generated
// data (helpers/requests/wallet.ts holds the rules and their citations). Interface: area "Embedded
// Wallet Auth", Authentication 4 (Svc-Wallet-Signature, Request-Id), Errors (FieldError dot paths);
// basis: supplement (section 17: the request table; section 10: the signed retry). The documents do not
// say whether a body breaking a field rule is refused before the 202 or on the signed retry: each
// broken request is judged on the leg that refuses it (refusalOnEitherLeg: the first call's answer
// unless it is 202, else the answer to the retry stamped by a verified session).
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectStatus } from '../../helpers/expect.js';
import { issueCard } from '../../helpers/flows/cards.js';
import {
  CREDENTIAL_CHALLENGE, CREDENTIAL_VERIFY, CREDENTIALS, SESSION_REFRESH, WALLET_ACCOUNT, WALLET_EXPORT,
  listCredentials, listSessions, loggedInWallet, needEmbeddedWallet, otpChallenge, refusalOnEitherLeg, sealOtp, signed,
} from '../../helpers/flows/wallet.js';
import { api } from '../../helpers/harness.js';
import { checkValidAnswered } from '../../helpers/requests/answered.js';
import { checkRulesRefused } from '../../helpers/requests/check.js';
import {
  ACCOUNT_EXPORT, ACCOUNT_PATCH, CREDENTIAL_CHALLENGE_OP, CREDENTIAL_CREATE, CREDENTIAL_VERIFY_OP, DELEGATED_KEY_CREATE, SESSION_REFRESH_OP,
  accountExport, accountPatch, credentialChallenge, credentialCreate, delegatedKeyCreate, otpVerify, sessionRefresh,
} from '../../helpers/requests/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { SoftwareAuthenticator } from '../../helpers/sca/webauthn.js';
import { InternalAccount } from '../../helpers/schemas.js';
import { AuthMethod, AuthSession, DelegatedKeyList } from '../../helpers/schemas/wallet.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

type Body = Record<string, unknown>;
const AREA = 'Embedded Wallet Auth';
const KEYS = '/auth/delegated-keys';

const RP_ID = 'wallet.conformance.example';
const ORIGIN = `https://${RP_ID}`;
/** A PASSKEY credential body registered by a new software authenticator over a fresh challenge (supplement 17). */
function passkeyBody(accountId: string, nickname = 'conformance passkey') {
  const challenge = randomBytes(32).toString('base64url');
  const credential = new SoftwareAuthenticator().register({ challenge }, ORIGIN, RP_ID);
  return {
    type: 'PASSKEY', accountId, nickname, challenge,
    attestation: { credentialId: credential.id, clientDataJson: credential.response.clientDataJSON, attestationObject: credential.response.attestationObject, transports: credential.response.transports },
  };
}

/** An OIDC token of a supported issuer for a new subject (supplement 17: JWT-shaped, supported iss, non-empty aud/sub, iat < 60 s, dummy signature). */
function oidcToken() {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: 'https://accounts.google.com', aud: 'conformance', sub: randomUUID(), email: `${randomUUID().slice(0, 8)}@example.com`, iat: now, exp: now + 600 })}.c2ln`;
}

const credentialIds = async (accountId: string) => (await listCredentials(accountId)).map((c) => c.id).sort();
const sessionIds = async (accountId: string) => (await listSessions(accountId)).map((s) => s.id).sort();

describe(CREDENTIAL_CREATE, () => {
  scenario({ area: AREA, operation: CREDENTIAL_CREATE, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and adds no credential', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: {type*, accountId*} + OAUTH oidcToken*; PASSKEY nickname* (1–100), challenge* (base64url), attestation*{credentialId*, clientDataJson*, attestationObject*}; generated');
    const { account, key } = await loggedInWallet();
    const before = await credentialIds(account.id);
    await checkRulesRefused({
      spec: credentialCreate({ accountId: account.id }),
      // A PASSKEY request starts from a real registration, an OAUTH one from a token of a supported issuer.
      complete: (b) => (b.type === 'PASSKEY' ? passkeyBody(account.id, String(b.nickname)) : b.type === 'OAUTH' ? { ...b, oidcToken: oidcToken() } : b),
      send: (b) => refusalOnEitherLeg('POST', CREDENTIALS, { body: b }, key),
      unchanged: async (rule) => expect(await credentialIds(account.id), `requests breaking ${rule.id} were refused and added no credential to ${account.id}`).toEqual(before),
    });
  });

  it('accepts valid OAUTH and PASSKEY credentials signed by a verified session: 201 AuthMethod of the type asked for, listed on the account', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: 202 -> 201 AuthMethod {id, accountId, type, nickname, ...}; GET /auth/credentials?accountId=');
    const { account, key } = await loggedInWallet();
    await checkValidAnswered({
      spec: credentialCreate({ accountId: account.id }),
      // EMAIL_OTP and SMS_OTP: one of each per account, the first EMAIL_OTP made with the account (judged in credentials.test.ts).
      variants: (v) => v.name === 'OAUTH' || v.name === 'PASSKEY',
      complete: (b) => (b.type === 'PASSKEY' ? { ...passkeyBody(account.id, String(b.nickname)) } : { ...b, oidcToken: oidcToken() }),
      send: (b) => signed('POST', CREDENTIALS, { body: b }, key),
      answered: { status: 201, schema: AuthMethod },
      echoed: ['type', 'accountId'],
      then: async (sent, made) => {
        if (sent.type === 'PASSKEY') expect(made.nickname, 'supplement §17: a passkey\'s nickname is the name sent').toBe(sent.nickname);
        expect(await credentialIds(account.id), `the new credential ${made.id} is listed on ${account.id}`).toContain(made.id);
      },
    });
  });
});

describe(CREDENTIAL_CHALLENGE_OP, () => {
  scenario({ area: AREA, operation: CREDENTIAL_CHALLENGE_OP, section: 'Functional areas', basis: 'supplement' });

  it('refuses a PASSKEY challenge whose clientPublicKey breaks its rule with 400 INVALID_INPUT naming clientPublicKey, and takes valid ones', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: challenge {clientPublicKey?} (PASSKEY), the clientPublicKey pattern; 200 PASSKEY: + credentialId*, challenge*, requestId*, expiresAt*');
    const { account, key } = await loggedInWallet();
    const passkey = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id) }, key), 201, AuthMethod, 'a passkey credential to challenge');
    const send = (b: Body) => api.post(CREDENTIAL_CHALLENGE, { params: { credentialId: passkey.id }, body: b });
    await checkRulesRefused({ spec: credentialChallenge(), send });
    await checkValidAnswered({
      spec: credentialChallenge(),
      // The passkey login needs the key of the session it creates (this sandbox requires it; judged here only where sent).
      complete: (b) => ({ clientPublicKey: new SessionKey().publicKeyHex, ...b }),
      send,
      answered: { status: 200, schema: AuthMethod.extend({ credentialId: z.string().min(1), challenge: z.string().min(1), requestId: z.string().min(1), expiresAt: z.string().min(1) }) },
      echoed: [],
    });
  });
});

describe(`${CREDENTIAL_VERIFY_OP} (OTP)`, () => {
  scenario({ area: AREA, operation: CREDENTIAL_VERIFY_OP, section: 'Functional areas', basis: 'supplement' });

  it('refuses every OTP verify that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and starts no session', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: verify OTP {type, encryptedOtpBundle*{encappedPublic, ciphertext}}; generated from real sealed bundles');
    const { account, emailOtp } = await loggedInWallet();
    const before = await sessionIds(account.id);
    let tek = new SessionKey();
    await checkRulesRefused({
      spec: otpVerify(),
      // Each request starts from a bundle sealed to a new challenge with a new session key (the TEK that signs the retry).
      complete: async (b) => {
        tek = new SessionKey();
        return { ...b, type: emailOtp.type, ...(b.encryptedOtpBundle !== undefined ? { encryptedOtpBundle: await sealOtp(await otpChallenge(emailOtp.id), tek) } : {}) };
      },
      send: (b) => refusalOnEitherLeg('POST', CREDENTIAL_VERIFY, { params: { credentialId: emailOtp.id }, body: b }, tek),
      unchanged: async (rule) => expect(await sessionIds(account.id), `OTP verifies breaking ${rule.id} were refused and started no session`).toEqual(before),
    });
  });
});

describe(SESSION_REFRESH_OP, () => {
  scenario({ area: AREA, operation: SESSION_REFRESH_OP, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and starts no session', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: refresh {clientPublicKey*} (pattern); generated');
    const { account, session, key } = await loggedInWallet();
    const before = await sessionIds(account.id);
    await checkRulesRefused({
      spec: sessionRefresh(),
      send: (b) => refusalOnEitherLeg('POST', SESSION_REFRESH, { params: { sessionId: session.id }, body: b }, key),
      unchanged: async (rule) => expect(await sessionIds(account.id), `refreshes breaking ${rule.id} were refused and started no session`).toEqual(before),
    });
  });

  it('accepts valid keys, compressed or not: 201 AuthSession of the same account', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: refresh 202 -> (current session) 201 AuthSession');
    const { account, session, key } = await loggedInWallet();
    await checkValidAnswered({
      spec: sessionRefresh(),
      send: (b) => signed('POST', SESSION_REFRESH, { params: { sessionId: session.id }, body: b }, key),
      answered: { status: 201, schema: AuthSession },
      then: async (_sent, fresh) => expect(fresh.accountId, 'the refreshed session is of the same account').toBe(account.id),
    });
  });
});

describe(DELEGATED_KEY_CREATE, () => {
  scenario({ area: AREA, operation: DELEGATED_KEY_CREATE, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and creates no key', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: delegated-keys {cardId*, internalAccountId*, nickname* ≤256}; generated');
    const { customerId, account, key } = await loggedInWallet();
    const card = await issueCard(customerId, account.id);
    await checkRulesRefused({
      spec: delegatedKeyCreate({ cardId: card.id, accountId: account.id }),
      send: (b) => refusalOnEitherLeg('POST', KEYS, { body: b }, key),
      unchanged: async (rule) => {
        const keys = expectStatus(await api.get(KEYS, { query: { accountId: account.id } }), 200, DelegatedKeyList, 'supplement §17: GET /auth/delegated-keys?accountId=').data;
        expect(keys.map((k) => k.id), `requests breaking ${rule.id} were refused and created no key`).toEqual([]);
      },
    });
  });
});

describe(ACCOUNT_PATCH, () => {
  scenario({ area: AREA, operation: ACCOUNT_PATCH, section: 'Functional areas', basis: 'supplement' });
  const privateEnabledOf = async (customerId: string, accountId: string) => {
    const page = expectStatus(await api.get('/customers/internal-accounts', { query: { customerId, limit: 100 } }), 200, z.looseObject({ data: z.array(InternalAccount) }));
    return page.data.find((a) => a.id === accountId)?.privateEnabled;
  };

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and changes nothing', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: PATCH /internal-accounts/{id} {privateEnabled?} (≥1 field); generated');
    const { customerId, account, key } = await loggedInWallet();
    const before = await privateEnabledOf(customerId, account.id);
    await checkRulesRefused({
      spec: accountPatch(),
      send: (b) => refusalOnEitherLeg('PATCH', WALLET_ACCOUNT, { params: { internalAccountId: account.id }, body: b }, key),
      unchanged: async (rule) => expect(await privateEnabledOf(customerId, account.id), `requests breaking ${rule.id} were refused and left privateEnabled as it was`).toBe(before),
    });
  });

  it('accepts valid requests: 200 InternalAccount with privateEnabled as sent', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: PATCH 202 -> 200 InternalAccount');
    const { account, key } = await loggedInWallet();
    await checkValidAnswered({
      spec: accountPatch(),
      send: (b) => signed('PATCH', WALLET_ACCOUNT, { params: { internalAccountId: account.id }, body: b }, key),
      answered: { status: 200, schema: InternalAccount },
      echoed: ['privateEnabled'],
    });
  });
});

describe(ACCOUNT_EXPORT, () => {
  scenario({ area: AREA, operation: ACCOUNT_EXPORT, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg)', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: export {clientPublicKey*} uncompressed; generated');
    const { account, key } = await loggedInWallet();
    await checkRulesRefused({ spec: accountExport(), send: (b) => refusalOnEitherLeg('POST', WALLET_EXPORT, { params: { internalAccountId: account.id }, body: b }, key) });
  });

  it('accepts valid uncompressed keys: 200 {id, encryptedWalletCredentials}', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: export 202 -> 200 {id*, encryptedWalletCredentials*}');
    const { account, key } = await loggedInWallet();
    await checkValidAnswered({
      spec: accountExport(),
      send: (b) => signed('POST', WALLET_EXPORT, { params: { internalAccountId: account.id }, body: b }, key),
      answered: { status: 200, schema: z.looseObject({ id: z.string().min(1), encryptedWalletCredentials: z.string().min(1) }) },
      then: async (_sent, exported) => expect(exported.id, 'the export names the account').toBe(account.id),
    });
  });
});
