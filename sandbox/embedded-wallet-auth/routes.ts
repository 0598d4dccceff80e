// Supplement sections 10 and 17: embedded-wallet credentials and sessions, the signed account PATCH and
// export. Credentials per account (one EMAIL_OTP, one SMS_OTP), sessions with their key and expiry,
// HPKE-sealed OTP bundles (single use), and every state-changing call behind the signed retry.
// POST /sandbox/customers/{customerId}/embedded-wallet is this sandbox's own trigger (sandbox/README.md).
import { createECDH, createHash, ECDH, randomBytes, randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { ApiError, badRequest, conflict, invalidInput, notFound } from '../errors.js';
import { getCustomer } from '../customers/routes.js';
import { getInternalAccount, presentInternalAccount, provisionInternalAccount, setInternalAccountStatus, type InternalAccountRecord } from '../internal-accounts/store.js';
import { newRecipient, openBundle, sealTo, uncompressedPoint, type Recipient } from './crypto.js';
import { requestTtlMs, signedRetry } from './signed-retry.js';
import { WALLET_SYNC_FAILURE_DOMAIN } from './triggers.js';
import { webauthn } from '../webauthn.js';

type CredentialType = 'OAUTH' | 'EMAIL_OTP' | 'SMS_OTP' | 'PASSKEY';

interface Credential {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  createdAt: string;
  updatedAt: string;
  /** OTP credentials: the key of every bundle issued, newest last; only the newest unused one opens an OTP. */
  bundles: { recipient: Recipient; used: boolean }[];
  /** OAUTH credentials: the identity (iss, sub) of the OIDC token it was registered with. */
  oauth?: { iss: string; sub: string };
  /** PASSKEY credentials: the WebAuthn credential id (base64url), its COSE public key and counter. */
  passkey?: { credentialId: string; publicKey: Uint8Array; counter: number };
}

interface Session {
  id: string;
  credential: Credential;
  /** The session's signing key, compressed P-256 hex. */
  publicKey: string;
  createdAt: string;
  expiresAtMs: number;
  revoked: boolean;
}

interface Wallet {
  account: InternalAccountRecord;
  /** The wallet's secret, sealed to the client's key by export (this sandbox's stand-in for the wallet's private key). */
  secret: string;
}

interface PasskeyLogin {
  credential: Credential;
  /** Lowercase hex SHA-256 of the session-creation body; the WebAuthn challenge is its UTF-8 bytes. */
  challenge: string;
  clientPublicKey: string;
  expiresAtMs: number;
  used: boolean;
}

interface WalletState {
  /** Passkey logins opened by a challenge, by requestId. */
  passkeyLogins: Map<string, PasskeyLogin>;
  /** Changes of each account's credential set (EMAIL_OTP_CREDENTIAL_SET_CHANGED compares them). */
  credentialSetVersion: Map<string, number>;
  /** Passkey registration challenges already used, per account (supplement 17: challenge single use). */
  usedChallenges: Set<string>;
  wallets: Map<string, Wallet>;
  /** Customer id -> the customer's (first) embedded wallet. */
  walletByCustomer: Map<string, Wallet>;
  credentials: Map<string, Credential>;
  /** Account id -> its credentials (id -> credential), in creation order; deleted ones removed. */
  credentialsByAccount: Map<string, Map<string, Credential>>;
  /** compound(type, lowercased nickname) -> the credentials of that type holding that nickname (the contact change's uniqueness). */
  credentialsByNickname: Map<string, Set<Credential>>;
  /** compound(accountId, WebAuthn credentialId) -> the account's passkey credential with that id. */
  passkeyByAccount: Map<string, Credential>;
  sessions: Map<string, Session>;
  /** compound(accountId, session publicKey) -> the account's sessions with that key (a stamp names its key). */
  sessionsByKey: Map<string, Session[]>;
  /** Credential id -> its sessions (deleting the credential revokes them). */
  sessionsByCredential: Map<string, Session[]>;
  /** Account id -> its sessions (id -> session) that were active when last read: ended ones are dropped as they are met. */
  liveSessionsByAccount: Map<string, Map<string, Session>>;
}

const state = (ctx: SandboxContext) =>
  areaState<WalletState>(ctx, 'embedded-wallet-auth', () => ({
    passkeyLogins: new Map(),
    credentialSetVersion: new Map(),
    usedChallenges: new Set(),
    wallets: new Map(),
    walletByCustomer: new Map(),
    credentials: new Map(),
    credentialsByAccount: new Map(),
    credentialsByNickname: new Map(),
    passkeyByAccount: new Map(),
    sessions: new Map(),
    sessionsByKey: new Map(),
    sessionsByCredential: new Map(),
    liveSessionsByAccount: new Map(),
  }));

/** A map key of several parts, none of which can run into the next. */
const compound = (...parts: string[]) => JSON.stringify(parts);
const nicknameKey = (type: CredentialType, nickname: string) => compound(type, nickname.toLowerCase());

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function indexNickname(st: WalletState, c: Credential): void {
  const key = nicknameKey(c.type, c.nickname);
  const holders = st.credentialsByNickname.get(key);
  if (holders) holders.add(c);
  else st.credentialsByNickname.set(key, new Set([c]));
}

function unindexNickname(st: WalletState, c: Credential): void {
  const key = nicknameKey(c.type, c.nickname);
  const holders = st.credentialsByNickname.get(key);
  holders?.delete(c);
  if (holders?.size === 0) st.credentialsByNickname.delete(key);
}

function addSession(st: WalletState, session: Session): void {
  const accountId = session.credential.accountId;
  st.sessions.set(session.id, session);
  push(st.sessionsByKey, compound(accountId, session.publicKey), session);
  push(st.sessionsByCredential, session.credential.id, session);
  const live = st.liveSessionsByAccount.get(accountId);
  if (live) live.set(session.id, session);
  else st.liveSessionsByAccount.set(accountId, new Map([[session.id, session]]));
}

/** The account's sessions with this key that may sign: live ones, before their expiresAt (expired ones too under wallet-expired-session-signs, revoked ones under wallet-revoked-session-signs). */
function signingSessions(ctx: SandboxContext, accountId: string, publicKey: string): Session[] {
  return (state(ctx).sessionsByKey.get(compound(accountId, publicKey)) ?? []).filter(
    (s) => (!s.revoked && (ctx.clock.now() < s.expiresAtMs || ctx.faults.has('wallet-expired-session-signs'))) || (s.revoked && ctx.faults.has('wallet-revoked-session-signs')),
  );
}

/** Supplement 10: the sandbox's wallet OTP. */
export const WALLET_OTP = '000000';
/** How long a session lives: --wallet-session-ttl-ms (this sandbox's choice, 24 h by default; the supplement states no length). */
const sessionTtlMs = (ctx: SandboxContext) => ctx.settings.walletSessionTtlMs;

const COMPRESSED = /^0[23][0-9a-fA-F]{64}$/;
const UNCOMPRESSED = /^04[0-9a-fA-F]{128}$/;
const HEX = /^([0-9a-fA-F]{2})+$/;

const AccountQuery = z.object({ accountId: z.string().min(1) }).passthrough();
const CredentialParams = z.object({ credentialId: z.string().min(1) });
const SessionParams = z.object({ sessionId: z.string().min(1) });
const AccountParams = z.object({ internalAccountId: z.string().min(1) });
const CustomerParams = z.object({ customerId: z.string().min(1) });
const ProvisionBody = z.strictObject({ email: z.string().email().optional() });
// Supplement 17: {type*, accountId*}; an OTP credential's nickname is the customer's email or phone number;
// PASSKEY adds nickname* (1-100), challenge* (base64url, single use), attestation*.
const B64URL = /^[A-Za-z0-9_-]+$/;
const CreateCredentialBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['EMAIL_OTP', 'SMS_OTP']), accountId: z.string().min(1) }),
  z.strictObject({ type: z.literal('OAUTH'), accountId: z.string().min(1), oidcToken: z.string().min(1) }),
  z.strictObject({
    type: z.literal('PASSKEY'),
    accountId: z.string().min(1),
    nickname: z.string().min(1).max(100),
    challenge: z.string().regex(B64URL, 'base64url'),
    attestation: z.strictObject({
      credentialId: z.string().regex(B64URL, 'base64url'),
      clientDataJson: z.string().regex(B64URL, 'base64url'),
      attestationObject: z.string().regex(B64URL, 'base64url'),
      transports: z.array(z.string()).optional(),
    }),
  }),
]);
const ChallengeBody = z.strictObject({ clientPublicKey: z.string().regex(COMPRESSED).optional() });
const VerifyOtpBody = z.strictObject({
  type: z.enum(['EMAIL_OTP', 'SMS_OTP']),
  encryptedOtpBundle: z.strictObject({ encappedPublic: z.string().regex(UNCOMPRESSED, 'an uncompressed P-256 point, hex'), ciphertext: z.string().regex(HEX, 'hex') }),
});
const VerifyOauthBody = z.strictObject({ type: z.literal('OAUTH'), oidcToken: z.string().min(1), clientPublicKey: z.string().regex(COMPRESSED, 'a compressed P-256 public key, hex') });

/** OIDC issuers this sandbox accepts (supplement 17: "supported iss"; which ones is this sandbox's choice). */
export const OIDC_ISSUERS = ['https://accounts.google.com', 'https://appleid.apple.com'];

/**
 * Supplement 17, sandbox OAuth: JWT-shaped, supported iss, non-empty aud/sub, numeric iat/exp, iat < 60 s,
 * dummy signature ok; verify also needs nonce = sha256(clientPublicKey) (hex of the key string's UTF-8 bytes here).
 */
function oidcClaims(ctx: SandboxContext, token: string, clientPublicKey?: string): { iss: string; sub: string; email?: string } {
  const bad = (why: string) => invalidInput([{ field: 'oidcToken', constraint: 'oidc', message: why }]);
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.slice(0, 2).every((p) => /^[A-Za-z0-9_-]+$/.test(p))) throw bad('not a JWT (three base64url parts)');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw bad('the claims are not base64url JSON');
  }
  if (typeof claims.iss !== 'string' || !OIDC_ISSUERS.includes(claims.iss)) throw bad(`iss must be one of ${OIDC_ISSUERS.join(', ')}`);
  const nonEmpty = (v: unknown) => (typeof v === 'string' && v !== '') || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x !== ''));
  if (!nonEmpty(claims.aud) || typeof claims.sub !== 'string' || claims.sub === '') throw bad('aud and sub must be non-empty');
  if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') throw bad('iat and exp must be numbers');
  const nowS = ctx.clock.now() / 1000;
  if ((nowS - claims.iat >= 60 || claims.iat > nowS + 5) && !ctx.faults.has('wallet-oauth-stale-token-accepted')) throw bad('iat must be less than 60 seconds ago');
  if (claims.exp <= nowS) throw bad('the token expired');
  if (clientPublicKey !== undefined && !ctx.faults.has('wallet-oauth-nonce-unchecked')) {
    const nonce = createHash('sha256').update(clientPublicKey).digest('hex');
    if (typeof claims.nonce !== 'string' || claims.nonce.toLowerCase() !== nonce) throw bad('nonce must be sha256(clientPublicKey)');
  }
  return { iss: claims.iss, sub: claims.sub, ...(typeof claims.email === 'string' ? { email: claims.email } : {}) };
}

const VerifyPasskeyBody = z.strictObject({
  type: z.literal('PASSKEY'),
  assertion: z.strictObject({
    credentialId: z.string().regex(B64URL, 'base64url'),
    clientDataJson: z.string().regex(B64URL, 'base64url'),
    authenticatorData: z.string().regex(B64URL, 'base64url'),
    signature: z.string().regex(B64URL, 'base64url'),
    userHandle: z.string().optional(),
  }),
});
const OtpPlaintext = z.object({ otp_code: z.string(), public_key: z.string().regex(COMPRESSED, 'a compressed P-256 public key, hex') });
// Supplement 17: clientPublicKey compressed (the client keeps the session key) or uncompressed (legacy: the key is returned sealed).
const onCurve = (hex: string) => uncompressedPoint(hex) !== undefined;
const RefreshBody = z.strictObject({ clientPublicKey: z.string().regex(new RegExp(`${COMPRESSED.source}|${UNCOMPRESSED.source}`), 'a compressed or uncompressed P-256 public key, hex').refine(onCurve, 'a point on P-256') });
const PatchAccountBody = z.strictObject({ privateEnabled: z.boolean() });
const ExportBody = z.strictObject({ clientPublicKey: z.string().regex(UNCOMPRESSED, 'an uncompressed P-256 public key, hex (04 and 128 hex digits)').refine(onCurve, 'a point on P-256') });

function presentCredential(c: Credential) {
  return { id: c.id, accountId: c.accountId, type: c.type, ...(c.passkey ? { credentialId: c.passkey.credentialId } : {}), nickname: c.nickname, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

/**
 * Verifies a passkey attestation with @simplewebauthn/server. The relying party of embedded-wallet passkeys
 * is stated nowhere: this sandbox takes the origin the client data names and requires the authenticator
 * data's RP ID hash to be that origin's host (sandbox/README.md).
 */
async function verifyAttestation(ctx: SandboxContext, challenge: string, a: { credentialId: string; clientDataJson: string; attestationObject: string; transports?: string[] }) {
  let origin: string;
  try {
    origin = String((JSON.parse(Buffer.from(a.clientDataJson, 'base64url').toString('utf8')) as { origin?: unknown }).origin);
    new URL(origin);
  } catch {
    throw badRequest('INVALID_INPUT', 'attestation.clientDataJson is not base64url JSON with an origin');
  }
  const response = { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, attestationObject: a.attestationObject, transports: a.transports ?? [] }, clientExtensionResults: {} };
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: ctx.faults.has('wallet-passkey-attestation-unverified') ? () => true : challenge,
      expectedOrigin: origin,
      expectedRPID: new URL(origin).hostname,
      requireUserVerification: false,
    });
    if (!verified.verified || !verified.registrationInfo) throw new Error('not verified');
    const { credential } = verified.registrationInfo;
    if (credential.id !== a.credentialId) throw new Error('the attested credential id is not attestation.credentialId');
    return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter };
  } catch (err) {
    throw badRequest('INVALID_INPUT', `The passkey attestation does not verify: ${(err as Error).message}`);
  }
}

/** A P-256 key pair for a legacy session: the compressed public key (hex) and the 32-byte private scalar. */
function sessionKeyPair(): { publicKey: string; privateKey: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('hex', 'compressed'), privateKey: ecdh.getPrivateKey() };
}

/**
 * Supplement 17: "uncompressed = legacy, key returned sealed (base58check: 33-byte encapsulated key +
 * AES-256-GCM)": the private key HPKE-sealed to clientPublicKey, the encapsulated key compressed.
 */
async function sealSessionKey(clientPublicKey: string, privateKey: Buffer): Promise<string> {
  const { encappedPublic, ciphertext } = await sealTo(clientPublicKey, Uint8Array.from(privateKey.toString('hex').padStart(64, '0').match(/../g)!.map((h) => parseInt(h, 16))));
  const payload = Buffer.concat([Buffer.from(ECDH.convertKey(encappedPublic, 'prime256v1', 'hex', 'hex', 'compressed') as string, 'hex'), Buffer.from(ciphertext, 'hex')]);
  const check = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest().subarray(0, 4);
  return bs58.encode(Buffer.concat([payload, check]));
}

function presentSession(ctx: SandboxContext, s: Session) {
  return { ...presentCredential(s.credential), id: s.id, createdAt: s.createdAt, updatedAt: s.createdAt, expiresAt: new Date(s.expiresAtMs).toISOString() };
}

/** Whether `publicKey` is the key of a live session of the account (revoked ones too under the fault wallet-revoked-session-signs). */
export function isSessionKeyOf(ctx: SandboxContext, accountId: string, publicKey: string): boolean {
  return signingSessions(ctx, accountId, publicKey).length > 0;
}

export const isEmbeddedWallet = (ctx: SandboxContext, accountId: string) => state(ctx).wallets.has(accountId);

const ContactChange = z.object({ email: z.string().email().optional(), phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, 'E.164').optional() }).passthrough();

/**
 * Supplement 4 and 17: PATCH /customers/{id} of a customer with an embedded wallet changes email or
 * phoneNumber (one per call, else 400) through the signed retry, signed by a session of the customer's
 * wallet; 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS when another EMAIL_OTP credential holds the email, 409 CONFLICT
 * when another SMS_OTP holds the phone number (code unlisted), 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the
 * account's credentials changed since the 202. The OTP credential follows the new contact. Answers
 * 'PROCEED' when the ordinary PATCH applies (no wallet, or neither field), else the wallet's answer.
 */
export async function walletContactChange(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply, customerId: string): Promise<unknown> {
  const st = state(ctx);
  const w = st.walletByCustomer.get(customerId);
  const raw = (req.body ?? {}) as Record<string, unknown>;
  if (!w || typeof raw !== 'object' || (raw.email === undefined && raw.phoneNumber === undefined)) return 'PROCEED';
  const body = parse(ContactChange, raw);
  if (body.email !== undefined && body.phoneNumber !== undefined) {
    throw badRequest('INVALID_INPUT', 'email and phoneNumber of an embedded-wallet customer change in separate calls');
  }
  const type = body.email !== undefined ? 'EMAIL_OTP' : 'SMS_OTP';
  const value = (body.email ?? body.phoneNumber)!;
  const holder = [...(st.credentialsByNickname.get(nicknameKey(type, value)) ?? [])].find((c) => c.accountId !== w.account.id);
  if (holder && !ctx.faults.has(type === 'EMAIL_OTP' ? 'wallet-contact-email-taken-accepted' : 'wallet-contact-phone-taken-accepted')) {
    throw type === 'EMAIL_OTP'
      ? conflict('EMAIL_OTP_EMAIL_ALREADY_EXISTS', `${value} is the email of another EMAIL_OTP credential`)
      : conflict('CONFLICT', `${value} is the phone number of another SMS_OTP credential`);
  }
  const accountId = w.account.id;
  const version = () => st.credentialSetVersion.get(accountId) ?? 0;
  const signer = (key: string) => isSessionKeyOf(ctx, accountId, key);
  return signedRetry(ctx, req, reply, { type: 'UPDATE_CONTACT', accountId, signer, context: version }, (_stamp, pending) => {
    if (pending.context !== version() && !ctx.faults.has('wallet-credential-set-change-ignored')) {
      throw conflict('EMAIL_OTP_CREDENTIAL_SET_CHANGED', `The credentials of account ${accountId} changed after the signature request was issued`);
    }
    if (type === 'EMAIL_OTP' && value.toLowerCase().endsWith(`@${WALLET_SYNC_FAILURE_DOMAIN}`) && !ctx.faults.has('wallet-contact-sync-failure-ignored')) {
      throw new ApiError(424, 'EMAIL_OTP_CREDENTIAL_SYNC_FAILED', `The EMAIL_OTP credential of account ${accountId} could not take ${value}; the customer is unchanged`);
    }
    for (const c of st.credentialsByAccount.get(accountId)?.values() ?? []) {
      if (c.type !== type) continue;
      // Under the fault the contact left stays indexed: still "held" by this credential.
      if (!ctx.faults.has('wallet-contact-old-value-kept')) unindexNickname(st, c);
      c.nickname = value;
      indexNickname(st, c);
    }
    return 'PROCEED';
  });
}

export async function embeddedWalletAuthRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = state(ctx);

  const wallet = (accountId: string): Wallet => {
    const w = st.wallets.get(accountId);
    if (!w) throw notFound('REFERENCE_NOT_FOUND', `No embedded wallet account ${accountId}`);
    return w;
  };
  const credential = (id: string): Credential => {
    const c = st.credentials.get(id);
    if (!c) throw notFound('REFERENCE_NOT_FOUND', `Credential ${id} not found`);
    return c;
  };
  const isActive = (s: Session) => !s.revoked && ctx.clock.now() < s.expiresAtMs;
  /** A stamp by the key of a verified, live session of the account (optionally only some of its sessions). */
  const sessionSigner = (accountId: string, which: (s: Session) => boolean = () => true) => (publicKey: string) =>
    signingSessions(ctx, accountId, publicKey).some(which);
  /** The customer's email or phone number, the nickname of an OTP credential. */
  const contact = (customerId: string, field: 'email' | 'phoneNumber'): string | undefined => {
    const value = getCustomer(ctx, customerId).fields[field];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const credentialsOf = (accountId: string): Credential[] => [...(st.credentialsByAccount.get(accountId)?.values() ?? [])];
  /** `<accountId> <type>` of every OTP credential added (the fault wallet-otp-credential-once-ever reads it). */
  const otpEverAdded = new Set<string>();
  const newCredential = (accountId: string, type: CredentialType, nickname: string): Credential => {
    const now = isoNow(ctx.clock);
    const c: Credential = { id: `AuthMethod:${randomUUID()}`, accountId, type, nickname, createdAt: now, updatedAt: now, bundles: [] };
    st.credentials.set(c.id, c);
    const own = st.credentialsByAccount.get(accountId);
    if (own) own.set(c.id, c);
    else st.credentialsByAccount.set(accountId, new Map([[c.id, c]]));
    indexNickname(st, c);
    st.credentialSetVersion.set(accountId, (st.credentialSetVersion.get(accountId) ?? 0) + 1);
    return c;
  };

  // This sandbox's trigger: an EMBEDDED_WALLET internal account for the customer, ACTIVE at once, that
  // starts with an EMAIL_OTP credential (supplement 17) for the body's email, else the customer's.
  app.post('/sandbox/customers/:customerId/embedded-wallet', async (req, reply) => {
    const { customerId } = parse(CustomerParams, req.params);
    const body = parse(ProvisionBody, req.body);
    const email = body.email ?? contact(customerId, 'email');
    if (!email) throw badRequest('INVALID_INPUT', 'An embedded wallet starts with an EMAIL_OTP credential: give an email, or create the customer with one');
    const account = provisionInternalAccount(ctx, customerId, 'USDC', { hold: true, type: 'EMBEDDED_WALLET' });
    setInternalAccountStatus(ctx, account, 'ACTIVE');
    const w: Wallet = { account, secret: randomBytes(32).toString('hex') };
    st.wallets.set(account.id, w);
    if (!st.walletByCustomer.has(customerId)) st.walletByCustomer.set(customerId, w);
    newCredential(account.id, 'EMAIL_OTP', email);
    return reply.status(201).send(presentInternalAccount(ctx, account));
  });

  app.get('/auth/credentials', async (req) => {
    const { accountId } = parse(ctx.faults.has('wallet-list-account-optional') ? AccountQuery.extend({ accountId: z.string().default('') }) : AccountQuery, req.query);
    return { data: credentialsOf(accountId).map(presentCredential) };
  });

  app.post('/auth/credentials', async (req, reply) => {
    const body = parse(CreateCredentialBody, req.body);
    const w = wallet(body.accountId);
    if (body.type === 'OAUTH') {
      const identity = oidcClaims(ctx, body.oidcToken);
      return signedRetry(ctx, req, reply, { type: 'CREATE_OAUTH_PROVIDERS', accountId: body.accountId, signer: sessionSigner(body.accountId) }, () => {
        const c = newCredential(body.accountId, 'OAUTH', identity.email ?? identity.sub);
        c.oauth = { iss: identity.iss, sub: identity.sub };
        return reply.status(201).send(presentCredential(c));
      });
    }
    if (body.type === 'PASSKEY') {
      // Interface: Errors / 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS (same WebAuthn credentialId already registered on the internal account).
      // The fault passkey-credential-id-global: a credentialId registered on any account is taken.
      const taken = ctx.faults.has('passkey-credential-id-global')
        ? [...st.passkeyByAccount.keys()].some((k) => (JSON.parse(k) as string[])[1] === body.attestation.credentialId)
        : st.passkeyByAccount.has(compound(body.accountId, body.attestation.credentialId));
      if (taken && !ctx.faults.has('wallet-passkey-duplicate-accepted')) {
        throw badRequest('PASSKEY_CREDENTIAL_ALREADY_EXISTS', `Passkey ${body.attestation.credentialId} is already registered on account ${body.accountId}`);
      }
      const challengeKey = `${body.accountId}|${body.challenge}`;
      if (st.usedChallenges.has(challengeKey)) throw badRequest('INVALID_INPUT', 'The passkey challenge was already used (single use)');
      const passkey = await verifyAttestation(ctx, body.challenge, body.attestation);
      return signedRetry(ctx, req, reply, { type: 'CREATE_AUTHENTICATORS', accountId: body.accountId, signer: sessionSigner(body.accountId) }, () => {
        st.usedChallenges.add(challengeKey);
        const c = newCredential(body.accountId, 'PASSKEY', body.nickname);
        c.passkey = passkey;
        st.passkeyByAccount.set(compound(c.accountId, passkey.credentialId), c);
        return reply.status(201).send(presentCredential(c));
      });
    }
    const nickname = contact(w.account.customerId!, body.type === 'EMAIL_OTP' ? 'email' : 'phoneNumber');
    if (!nickname) throw badRequest('INVALID_INPUT', `The customer of account ${body.accountId} has no ${body.type === 'EMAIL_OTP' ? 'email' : 'phoneNumber'} for a ${body.type} credential`);
    // One EMAIL_OTP and one SMS_OTP per account (interface: Errors / 400; supplement 17); refused before
    // the 202 (supplement 28.5 leaves the order open).
    // The fault wallet-otp-credential-once-ever: an account that ever had one is refused another.
    const had = ctx.faults.has('wallet-otp-credential-once-ever') && otpEverAdded.has(`${body.accountId} ${body.type}`);
    if ((had || credentialsOf(body.accountId).some((c) => c.type === body.type)) && !ctx.faults.has('wallet-second-otp-credential-accepted')) {
      throw badRequest(`${body.type}_CREDENTIAL_ALREADY_EXISTS`, `Account ${body.accountId} already has a ${body.type} credential`);
    }
    return signedRetry(ctx, req, reply, { type: 'CREATE_AUTHENTICATORS', accountId: body.accountId, signer: sessionSigner(body.accountId) }, () => {
      const c = newCredential(body.accountId, body.type, nickname);
      otpEverAdded.add(`${body.accountId} ${body.type}`);
      return reply.status(201).send(presentCredential(c));
    });
  });

  app.delete('/auth/credentials/:credentialId', async (req, reply) => {
    const c = credential(parse(CredentialParams, req.params).credentialId);
    // Supplement 17: 400 when it is the account's last credential.
    if ((st.credentialsByAccount.get(c.accountId)?.size ?? 0) <= 1 && !ctx.faults.has('wallet-last-credential-deletable')) {
      throw badRequest('INVALID_INPUT', `Credential ${c.id} is the last credential of account ${c.accountId}`);
    }
    // Signer: a session of another credential of the account (supplement 17).
    return signedRetry(ctx, req, reply, { type: 'DELETE_AUTHENTICATORS', accountId: c.accountId, signer: sessionSigner(c.accountId, (s) => s.credential.id !== c.id || ctx.faults.has('wallet-credential-delete-own-session-signs')) }, () => {
      st.credentials.delete(c.id);
      st.credentialsByAccount.get(c.accountId)?.delete(c.id);
      unindexNickname(st, c);
      const passkeyKey = c.passkey ? compound(c.accountId, c.passkey.credentialId) : undefined;
      if (passkeyKey && st.passkeyByAccount.get(passkeyKey) === c) st.passkeyByAccount.delete(passkeyKey);
      st.credentialSetVersion.set(c.accountId, (st.credentialSetVersion.get(c.accountId) ?? 0) + 1);
      for (const s of st.sessionsByCredential.get(c.id) ?? []) s.revoked = true;
      return reply.status(204).send();
    });
  });

  app.post('/auth/credentials/:credentialId/challenge', async (req) => {
    const c = credential(parse(CredentialParams, req.params).credentialId);
    // The fault: a refused challenge (a new login of the credential) ends its account's sessions.
    if (ctx.faults.has('wallet-refused-challenge-ends-sessions') && !ChallengeBody.safeParse(req.body).success) {
      for (const x of st.sessions.values()) if (x.credential.accountId === c.accountId) x.revoked = true;
    }
    parse(ChallengeBody, req.body);
    if (c.type === 'PASSKEY') {
      // Supplement 17: PASSKEY: + credentialId*, challenge*, requestId*, expiresAt*; the challenge is the lowercase hex
      // SHA-256 of the session-creation body; clientPublicKey is the new session's key (required here: this sandbox's choice).
      const { clientPublicKey } = parse(ChallengeBody, req.body);
      if (!clientPublicKey) throw badRequest('INVALID_INPUT', 'A passkey login needs the clientPublicKey of the session it creates');
      const requestId = `Request:${randomUUID()}`;
      const expiresAtMs = ctx.clock.now() + requestTtlMs(ctx);
      const creation = JSON.stringify({ type: 'PASSKEY_LOGIN', authMethodId: c.id, clientPublicKey: clientPublicKey.toLowerCase(), requestId });
      const challenge = createHash('sha256').update(creation).digest('hex');
      st.passkeyLogins.set(requestId, { credential: c, challenge, clientPublicKey: clientPublicKey.toLowerCase(), expiresAtMs, used: false });
      return { ...presentCredential(c), credentialId: c.passkey!.credentialId, challenge, requestId, expiresAt: new Date(expiresAtMs).toISOString() };
    }
    if (c.type !== 'EMAIL_OTP' && c.type !== 'SMS_OTP') throw badRequest('INVALID_INPUT', `A ${c.type} credential has no challenge here`);
    const recipient = await newRecipient({ signOtherData: ctx.faults.has('wallet-otp-bundle-signature-mismatch') });
    c.bundles.push({ recipient, used: false });
    return { ...presentCredential(c), otpEncryptionTargetBundle: recipient.bundle };
  });

  /** Supplement 17: PASSKEY verify {type, assertion} + Request-Id answers 200 AuthSession at once. */
  const passkeyVerify = async (c: Credential, req: FastifyRequest) => {
    const body = parse(VerifyPasskeyBody, req.body);
    const requestId = req.headers['request-id'];
    if (typeof requestId !== 'string') throw new ApiError(401, 'REQUEST_ID_MISSING', 'A passkey verify carries the Request-Id of its challenge');
    const login = st.passkeyLogins.get(requestId);
    if (!login || login.credential.id !== c.id || login.used || ctx.clock.now() >= login.expiresAtMs) {
      throw new ApiError(401, 'WALLET_SIGNATURE_INVALID', `Request-Id ${requestId} is not a live passkey challenge of credential ${c.id}`);
    }
    const a = body.assertion;
    let origin: string;
    try {
      origin = String((JSON.parse(Buffer.from(a.clientDataJson, 'base64url').toString('utf8')) as { origin?: unknown }).origin);
      new URL(origin);
    } catch {
      throw badRequest('INVALID_INPUT', 'assertion.clientDataJson is not base64url JSON with an origin');
    }
    const response = { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature, ...(a.userHandle ? { userHandle: a.userHandle } : {}) }, clientExtensionResults: {} };
    const expected = Buffer.from(login.challenge, 'utf8').toString('base64url');
    let newCounter: number;
    const { verifyAuthenticationResponse } = await webauthn();
    try {
      if (a.credentialId !== c.passkey!.credentialId) throw new Error('another credential id');
      const result = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: ctx.faults.has('wallet-passkey-assertion-unverified') ? () => true : expected,
        expectedOrigin: origin,
        expectedRPID: new URL(origin).hostname,
        credential: { id: c.passkey!.credentialId, publicKey: c.passkey!.publicKey as Uint8Array<ArrayBuffer>, counter: c.passkey!.counter },
        requireUserVerification: false,
      });
      if (!result.verified) throw new Error('not verified');
      newCounter = result.authenticationInfo.newCounter;
    } catch (err) {
      throw new ApiError(401, 'WALLET_SIGNATURE_INVALID', `The passkey assertion does not verify: ${(err as Error).message}`);
    }
    login.used = true;
    c.passkey!.counter = newCounter;
    const now = ctx.clock.now();
    const session: Session = { id: `Session:${randomUUID()}`, credential: c, publicKey: login.clientPublicKey, createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
    addSession(st, session);
    return presentSession(ctx, session);
  };

  // Fault wallet-refused-verify-ends-sessions: a verify refused for its input ends the account's sessions.
  const refusedVerifyEndsSessions = async (req: FastifyRequest, _reply: FastifyReply, err: Error) => {
    if (!ctx.faults.has('wallet-refused-verify-ends-sessions') || !(err instanceof ApiError) || err.status !== 400) return;
    const id = (req.params as { credentialId?: string }).credentialId;
    const accountId = id ? st.credentials.get(id)?.accountId : undefined;
    for (const s of st.sessions.values()) if (s.credential.accountId === accountId) s.revoked = true;
  };

  app.post('/auth/credentials/:credentialId/verify', { onError: refusedVerifyEndsSessions }, async (req, reply) => {
    const c = credential(parse(CredentialParams, req.params).credentialId);
    if (c.type === 'PASSKEY') return passkeyVerify(c, req);
    if (c.type === 'OAUTH') {
      // Supplement 17: OAUTH verify {type, oidcToken, clientPublicKey} answers 200 AuthSession at once.
      const body = parse(ctx.faults.has('wallet-oauth-verify-key-unchecked') ? VerifyOauthBody.extend({ clientPublicKey: z.string() }) : VerifyOauthBody, req.body);
      const identity = oidcClaims(ctx, body.oidcToken, body.clientPublicKey);
      if (identity.iss !== c.oauth!.iss || identity.sub !== c.oauth!.sub) throw badRequest('INVALID_INPUT', `The OIDC token is not the identity of credential ${c.id}`);
      const now = ctx.clock.now();
      const session: Session = { id: `Session:${randomUUID()}`, credential: c, publicKey: body.clientPublicKey.toLowerCase(), createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
      addSession(st, session);
      return presentSession(ctx, session);
    }
    const body = parse(VerifyOtpBody, req.body);
    if (body.type !== c.type) throw badRequest('INVALID_INPUT', `Credential ${c.id} is ${c.type}, not ${body.type}`);
    // The bundle opens only with the key of the credential's newest challenge, once (supplement 17: "bundle single use").
    const usable = ctx.faults.has('wallet-otp-stale-bundle-accepted') ? c.bundles.filter((b) => !b.used) : c.bundles.slice(-1).filter((b) => !b.used);
    let opened: { bundle: (typeof c.bundles)[number]; plaintext: Buffer } | undefined;
    for (const bundle of usable) {
      const plaintext = await openBundle(bundle.recipient, body.encryptedOtpBundle.encappedPublic, body.encryptedOtpBundle.ciphertext);
      if (plaintext) opened = { bundle, plaintext };
    }
    // Fault: a bundle that opens with none of the credential's keys is taken as if it carried the right code.
    const foreign = !opened && ctx.faults.has('wallet-otp-foreign-bundle-accepted') && usable.length > 0;
    if (foreign) opened = { bundle: usable[usable.length - 1], plaintext: Buffer.from(JSON.stringify({ otp_code: WALLET_OTP, public_key: '02'.padEnd(66, '0') })) };
    if (!opened) throw badRequest('INVALID_INPUT', 'encryptedOtpBundle does not open with the key of this credential\'s current otpEncryptionTargetBundle');
    let inner: z.infer<typeof OtpPlaintext>;
    try {
      inner = parse(OtpPlaintext, JSON.parse(opened.plaintext.toString('utf8')), 'encryptedOtpBundle');
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw badRequest('INVALID_INPUT', 'The opened bundle is not the JSON {otp_code, public_key}');
    }
    if (inner.otp_code !== WALLET_OTP) throw badRequest('INVALID_INPUT', 'The one-time code does not match');
    let sessionKey = inner.public_key.toLowerCase();
    const bundle = opened.bundle;
    // Supplement 17: OTP verify is signed by the key the client put in the bundle (the TEK), over a compact token naming it.
    const payload = (requestId: string, expiresAtMs: number) => {
      const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: c.id, account_id: c.accountId, public_key: sessionKey, request_id: requestId, exp: Math.floor(expiresAtMs / 1000) })}.`;
    };
    return signedRetry(ctx, req, reply, { type: 'OTP_LOGIN', accountId: c.accountId, signer: (key) => (foreign ? ((sessionKey = key), true) : key === sessionKey), payload }, () => {
      bundle.used = true;
      const now = ctx.clock.now();
      const session: Session = { id: `Session:${randomUUID()}`, credential: c, publicKey: sessionKey, createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
      addSession(st, session);
      return presentSession(ctx, session);
    });
  });

  app.get('/auth/sessions', async (req) => {
    const { accountId } = parse(AccountQuery, req.query);
    // An ended session (revoked, expired) never becomes active again: it leaves the account's live list here.
    const live = st.liveSessionsByAccount.get(accountId) ?? new Map<string, Session>();
    const data = [];
    for (const s of live.values()) {
      if (isActive(s)) data.push(presentSession(ctx, s));
      else live.delete(s.id);
    }
    return { data };
  });

  const liveSession = (id: string): Session => {
    const s = st.sessions.get(id);
    if (!s || !isActive(s)) throw notFound('REFERENCE_NOT_FOUND', `No active session ${id}`);
    return s;
  };

  app.delete('/auth/sessions/:sessionId', async (req, reply) => {
    const s = liveSession(parse(SessionParams, req.params).sessionId);
    // Signer: any verified session of the account, the session itself included.
    return signedRetry(ctx, req, reply, { type: 'DELETE_SESSION', accountId: s.credential.accountId, signer: sessionSigner(s.credential.accountId) }, () => {
      s.revoked = true;
      return reply.status(204).send();
    });
  });

  app.post('/auth/sessions/:sessionId/refresh', async (req, reply) => {
    const s = liveSession(parse(SessionParams, req.params).sessionId);
    const body = parse(ctx.faults.has('wallet-refresh-key-unchecked') ? z.strictObject({ clientPublicKey: z.string() }) : RefreshBody, req.body);
    // Signer: the session being refreshed.
    return signedRetry(ctx, req, reply, { type: 'REFRESH_SESSION', accountId: s.credential.accountId, signer: sessionSigner(s.credential.accountId, (x) => x.id === s.id || ctx.faults.has('wallet-refresh-other-session-signs')) }, async () => {
      const now = ctx.clock.now();
      const legacy = UNCOMPRESSED.test(body.clientPublicKey);
      // Legacy form: the sandbox makes the session key and returns its private half sealed to clientPublicKey.
      const generated = legacy ? sessionKeyPair() : undefined;
      const publicKey = generated ? generated.publicKey : body.clientPublicKey.toLowerCase();
      const session: Session = { id: `Session:${randomUUID()}`, credential: s.credential, publicKey, createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
      addSession(st, session);
      const sealed = generated ? { encryptedSessionSigningKey: await sealSessionKey(body.clientPublicKey, ctx.faults.has('wallet-legacy-session-key-mismatch') ? sessionKeyPair().privateKey : generated.privateKey) } : {};
      return reply.status(201).send({ ...presentSession(ctx, session), ...sealed });
    });
  });

  app.patch('/internal-accounts/:internalAccountId', async (req, reply) => {
    const { internalAccountId } = parse(AccountParams, req.params);
    getInternalAccount(ctx, internalAccountId);
    const w = wallet(internalAccountId);
    const body = parse(PatchAccountBody, req.body);
    return signedRetry(ctx, req, reply, { type: 'UPDATE_WALLET', accountId: w.account.id, signer: sessionSigner(w.account.id) }, () => {
      if (!ctx.faults.has('wallet-private-enabled-not-stored')) w.account.privateEnabled = body.privateEnabled;
      w.account.updatedAt = isoNow(ctx.clock);
      return presentInternalAccount(ctx, { ...w.account, privateEnabled: body.privateEnabled });
    });
  });

  app.post('/internal-accounts/:internalAccountId/export', async (req, reply) => {
    const { internalAccountId } = parse(AccountParams, req.params);
    getInternalAccount(ctx, internalAccountId);
    const w = wallet(internalAccountId);
    // The fault: a refused export ends the account's sessions.
    if (ctx.faults.has('wallet-refused-export-ends-sessions') && !ExportBody.safeParse(req.body).success) {
      for (const x of st.sessions.values()) if (x.credential.accountId === w.account.id) x.revoked = true;
    }
    const body = parse(ctx.faults.has('wallet-export-key-any-form') ? RefreshBody : ExportBody, req.body);
    return signedRetry(ctx, req, reply, { type: 'EXPORT_WALLET', accountId: w.account.id, signer: sessionSigner(w.account.id) }, async () => {
      // Supplement 17, Export: {version, data, dataSignature, enclaveQuorumPublic}; data = {encappedPublic, ciphertext, organizationId}, hex;
      // the sandbox leaves dataSignature and enclaveQuorumPublic empty.
      const sealed = await sealTo(body.clientPublicKey, Buffer.from(w.secret, 'utf8'), { plainContext: ctx.faults.has('wallet-export-hpke-context-ignored') });
      const data = Buffer.from(JSON.stringify({ ...sealed, organizationId: w.account.id })).toString('hex');
      const bundle = { version: 'v1.0.0', data, dataSignature: '', enclaveQuorumPublic: '' };
      return { id: w.account.id, encryptedWalletCredentials: JSON.stringify(bundle) };
    });
  });
}

