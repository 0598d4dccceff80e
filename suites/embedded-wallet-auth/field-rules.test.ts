// Every documented field rule of the embedded-wallet credential operations (create, PASSKEY challenge,
// verify of every kind), both ways, with generated data (helpers/field-rules/wallet.ts holds the rules and
// their citations; account-field-rules.test.ts the session, delegated-key and account operations). Interface: area "Embedded
// Wallet Auth", Authentication 4 (Svc-Wallet-Signature, Request-Id), Errors (FieldError dot paths);
// basis: supplement (section 17: the request table; section 10: the signed retry). The documents do not
// say whether a body breaking a field rule is refused before the 202 or on the signed retry: each
// broken request is judged on the leg that refuses it (refusalOnEitherLeg: the first call's answer
// unless it is 202, else the answer to the retry stamped by a verified session).
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectStatus } from '../../helpers/expect.js';
import {
  CREDENTIAL_CHALLENGE, CREDENTIAL_VERIFY, CREDENTIALS,
  expectSessionsUnchanged, listCredentials, listSessions, loggedInWallet, needEmbeddedWallet, oauthIssuer, otpChallenge, passkeyBody, passkeyParty, refusalOnEitherLeg, sealOtp, signed,
} from '../../helpers/flows/wallet.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkValidAnswered } from '../../helpers/field-rules/answered.js';
import { checkRulesRefused } from '../../helpers/field-rules/check.js';
import { CREDENTIAL_CHALLENGE_OP, CREDENTIAL_CREATE, CREDENTIAL_VERIFY_OP, credentialChallenge, credentialCreate, credentialVerify } from '../../helpers/field-rules/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { SoftwareAuthenticator } from '../../helpers/authenticators/webauthn.js';
import { AuthMethod, AuthSession } from '../../helpers/schemas/wallet.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

type Body = Record<string, unknown>;
const AREA = 'Embedded Wallet Auth';

/** The relying party the target declares for wallet passkeys (passkeyParty skips a scenario without it). */
const party = () => ({ origin: capabilities.walletPasskeyOrigin!, rpId: new URL(capabilities.walletPasskeyOrigin!).hostname });
/** An OIDC token of a supported issuer for a new subject (supplement 17: JWT-shaped, supported iss, non-empty aud/sub, iat < 60 s, dummy signature). */
function oidcToken(claims: Record<string, unknown> = {}) {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: capabilities.walletOauthIssuer, aud: 'conformance', sub: randomUUID(), email: `${randomUUID().slice(0, 8)}@example.com`, iat: now, exp: now + 600, ...claims })}.c2ln`;
}

/** Supplement 17: PASSKEY challenge answers + credentialId*, challenge*, requestId*, expiresAt*. */
const PasskeyChallenge = AuthMethod.extend({ credentialId: z.string().min(1), challenge: z.string().min(1), requestId: z.string().min(1), expiresAt: z.string().min(1) });

const credentialIds = async (accountId: string) => (await listCredentials(accountId)).map((c) => c.id).sort();

describe(CREDENTIAL_CREATE, () => {
  scenario({ area: AREA, operation: CREDENTIAL_CREATE, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and adds no credential', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    oauthIssuer(ctx);
    await basisSupplement('section 17: {type*, accountId*} + OAUTH oidcToken*; PASSKEY nickname* (1–100), challenge* (base64url), attestation*{credentialId*, clientDataJson*, attestationObject*}; generated');
    const { account, key } = await loggedInWallet();
    const before = await credentialIds(account.id);
    await checkRulesRefused({
      spec: credentialCreate({ accountId: account.id }),
      // A PASSKEY request starts from a real registration, an OAUTH one from a token of a supported issuer.
      complete: (b) => (b.type === 'PASSKEY' ? passkeyBody(account.id, { nickname: String(b.nickname) }) : b.type === 'OAUTH' ? { ...b, oidcToken: oidcToken() } : b),
      send: (b) => refusalOnEitherLeg('POST', CREDENTIALS, { body: b }, key),
      unchanged: async (rule) => expect(await credentialIds(account.id), `requests breaking ${rule.id} were refused and added no credential to ${account.id}`).toEqual(before),
    });
  });

  it('accepts valid SMS_OTP, OAUTH and PASSKEY credentials signed by a verified session: 201 AuthMethod of the type asked for, listed on the account', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    oauthIssuer(ctx);
    await basisSupplement('section 17: 202 -> 201 AuthMethod {id, accountId, type, nickname, ...}; one SMS_OTP per account, many passkeys; GET /auth/credentials?accountId=');
    const shared = await loggedInWallet();
    let wallet = shared;
    await checkValidAnswered({
      spec: credentialCreate({ accountId: shared.account.id }),
      // EMAIL_OTP: the account starts with its one EMAIL_OTP (judged in credentials.test.ts). SMS_OTP: one per account, so a wallet per request.
      variants: (v) => v.name !== 'EMAIL_OTP',
      complete: async (b) => {
        wallet = b.type === 'SMS_OTP' ? await loggedInWallet() : shared;
        const accountId = wallet.account.id;
        return b.type === 'PASSKEY' ? passkeyBody(accountId, { nickname: String(b.nickname) }) : b.type === 'OAUTH' ? { ...b, accountId, oidcToken: oidcToken() } : { ...b, accountId };
      },
      send: (b) => signed('POST', CREDENTIALS, { body: b }, wallet.key),
      answered: { status: 201, schema: AuthMethod },
      echoed: ['type', 'accountId'],
      then: async (sent, made) => {
        if (sent.type === 'PASSKEY') expect(made.nickname, 'supplement §17: a passkey\'s nickname is the name sent').toBe(sent.nickname);
        expect(await credentialIds(wallet.account.id), `the new credential ${made.id} is listed on ${wallet.account.id}`).toContain(made.id);
      },
    });
  });
});

describe(CREDENTIAL_CHALLENGE_OP, () => {
  scenario({ area: AREA, operation: CREDENTIAL_CHALLENGE_OP, section: 'Functional areas', basis: 'supplement' });

  it('refuses a PASSKEY challenge whose clientPublicKey breaks its rule with 400 INVALID_INPUT naming clientPublicKey, and takes valid ones', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    oauthIssuer(ctx);
    await basisSupplement('section 17: challenge {clientPublicKey?} (PASSKEY), the clientPublicKey pattern; 200 PASSKEY: + credentialId*, challenge*, requestId*, expiresAt*');
    const { account, key } = await loggedInWallet();
    const passkey = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(account.id) }, key), 201, AuthMethod, 'a passkey credential to challenge');
    const send = (b: Body) => api.post(CREDENTIAL_CHALLENGE, { params: { credentialId: passkey.id }, body: b });
    const before = await listSessions(account.id);
    await checkRulesRefused({ spec: credentialChallenge(), send, unchanged: (rule) => expectSessionsUnchanged(account.id, before, `challenges breaking ${rule.id} were refused and changed no session`) });
    await checkValidAnswered({
      spec: credentialChallenge(),
      // The passkey login needs the key of the session it creates (this sandbox requires it; judged here only where sent).
      complete: (b) => ({ clientPublicKey: new SessionKey().publicKeyHex, ...b }),
      send,
      answered: { status: 200, schema: PasskeyChallenge },
      echoed: [],
    });
  });
});

describe(CREDENTIAL_VERIFY_OP, () => {
  scenario({ area: AREA, operation: CREDENTIAL_VERIFY_OP, section: 'Functional areas', basis: 'supplement' });

  /**
   * A logged-in wallet with a credential of each kind, and for each kind the way a client verifies it:
   * OTP seals the code to a new challenge's bundle and signs the retry with the key inside (the TEK);
   * OAUTH sends a token whose nonce is sha256(clientPublicKey), answered at once; PASSKEY asserts over
   * a new challenge's hex digest and sends its Request-Id, answered at once.
   */
  async function verifier() {
    const wallet = await loggedInWallet();
    const sub = randomUUID();
    const oauth = expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'OAUTH', accountId: wallet.account.id, oidcToken: oidcToken({ sub }) } }, wallet.key), 201, AuthMethod, 'an OAUTH credential');
    const authenticator = new SoftwareAuthenticator();
    const passkey = expectStatus(await signed('POST', CREDENTIALS, { body: passkeyBody(wallet.account.id, { nickname: 'verify passkey', authenticator }) }, wallet.key), 201, AuthMethod, 'a PASSKEY credential');
    let tek = new SessionKey();
    let requestId = '';
    // Each generated body carries its variant's type (fixed) until a rule's change alters it, after `complete`.
    const variantOf = (b: Body) => (b.type === 'PASSKEY' ? 'PASSKEY' : b.type === 'OAUTH' ? 'OAUTH' : 'OTP');
    let current: 'OTP' | 'OAUTH' | 'PASSKEY' = 'OTP';
    /** The real proof of the body's kind, in place of the generated placeholders. */
    const complete = async (b: Body): Promise<Body> => {
      current = variantOf(b);
      if (current === 'OAUTH') return { ...b, oidcToken: oidcToken({ sub, nonce: createHash('sha256').update(String(b.clientPublicKey)).digest('hex') }) };
      if (current === 'PASSKEY') {
        const challenge = expectStatus(await api.post(CREDENTIAL_CHALLENGE, { params: { credentialId: passkey.id }, body: { clientPublicKey: new SessionKey().publicKeyHex } }), 200, PasskeyChallenge, 'supplement §17: a PASSKEY challenge');
        requestId = challenge.requestId;
        const a = authenticator.authenticate({ challenge: Buffer.from(challenge.challenge, 'utf8').toString('base64url') }, party().origin, party().rpId);
        return { ...b, assertion: { credentialId: a.id, clientDataJson: a.response.clientDataJSON, authenticatorData: a.response.authenticatorData, signature: a.response.signature } };
      }
      tek = new SessionKey();
      return { ...b, encryptedOtpBundle: await sealOtp(await otpChallenge(wallet.emailOtp.id), tek) };
    };
    const call = (b: Body) => ({ params: { credentialId: (current === 'OAUTH' ? oauth : current === 'PASSKEY' ? passkey : wallet.emailOtp).id }, body: b });
    const refusal = (b: Body) => (current === 'OTP' ? refusalOnEitherLeg('POST', CREDENTIAL_VERIFY, call(b), tek) : api.post(CREDENTIAL_VERIFY, { ...call(b), headers: current === 'PASSKEY' ? { 'Request-Id': requestId } : {} }));
    const accepted = (b: Body) => (current === 'OTP' ? signed('POST', CREDENTIAL_VERIFY, call(b), tek) : api.post(CREDENTIAL_VERIFY, { ...call(b), headers: current === 'PASSKEY' ? { 'Request-Id': requestId } : {} }));
    return { wallet, complete, refusal, accepted };
  }

  it('refuses every verify that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and starts no session', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    oauthIssuer(ctx);
    await basisSupplement('section 17: verify OTP {type, encryptedOtpBundle*}; OAUTH {type, oidcToken*, clientPublicKey*}; PASSKEY {type, assertion*{…}} + Request-Id; generated from real proofs');
    const v = await verifier();
    const before = await listSessions(v.wallet.account.id);
    await checkRulesRefused({
      spec: credentialVerify(),
      complete: v.complete,
      send: v.refusal,
      unchanged: (rule) => expectSessionsUnchanged(v.wallet.account.id, before, `verifies breaking ${rule.id} were refused and changed no session`),
    });
  });

  it('accepts valid verifies of every credential kind: 200 AuthSession of the credential\'s account', async (ctx) => {
    needEmbeddedWallet(ctx);
    passkeyParty(ctx);
    oauthIssuer(ctx);
    await basisSupplement('section 17: OTP 202 -> (signer: TEK) 200 AuthSession; OAUTH/PASSKEY 200 at once');
    const v = await verifier();
    await checkValidAnswered({
      spec: credentialVerify(),
      complete: v.complete,
      send: v.accepted,
      answered: { status: 200, schema: AuthSession },
      then: async (_sent, session) => expect(session.accountId, 'the session belongs to the credential\'s account').toBe(v.wallet.account.id),
    });
  });
});
