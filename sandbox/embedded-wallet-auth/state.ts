// The embedded-wallet store (supplement sections 10 and 17): credentials per account (one EMAIL_OTP,
// one SMS_OTP), sessions with their key and expiry, the wallets and their indexes; the presenters; the
// contact change a customer PATCH goes through (sandbox/customers); the one-step wallet signature of a
// quote from an EMBEDDED_WALLET account (sandbox/cross-currency-transfers); the delegated keys of a card
// and account, which the card decisioning reads (sandbox/cards).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { getCustomer } from '../customers/state.js';
import type { InternalAccountRecord } from '../internal-accounts/state.js';
import { decodeStamp, verifyStamp, type Recipient } from './crypto.js';
import { signedRetry } from './signed-retry.js';
import { WALLET_SYNC_FAILURE_DOMAIN } from './triggers.js';

export { delegatedKeyStatuses, type DelegatedKeyStatus } from './delegated-key-store.js';

export type CredentialType = 'OAUTH' | 'EMAIL_OTP' | 'SMS_OTP' | 'PASSKEY';

export interface Credential {
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

export interface Session {
  id: string;
  credential: Credential;
  /** The session's signing key, compressed P-256 hex. */
  publicKey: string;
  createdAt: string;
  expiresAtMs: number;
  revoked: boolean;
}

export interface Wallet {
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

export const state = (ctx: SandboxContext) =>
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
export const compound = (...parts: string[]) => JSON.stringify(parts);
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

export function unindexNickname(st: WalletState, c: Credential): void {
  const key = nicknameKey(c.type, c.nickname);
  const holders = st.credentialsByNickname.get(key);
  holders?.delete(c);
  if (holders?.size === 0) st.credentialsByNickname.delete(key);
}

export function addSession(st: WalletState, session: Session): void {
  const accountId = session.credential.accountId;
  st.sessions.set(session.id, session);
  push(st.sessionsByKey, compound(accountId, session.publicKey), session);
  push(st.sessionsByCredential, session.credential.id, session);
  const live = st.liveSessionsByAccount.get(accountId);
  if (live) live.set(session.id, session);
  else st.liveSessionsByAccount.set(accountId, new Map([[session.id, session]]));
}

/** The account's sessions with this key that may sign: live ones, before their expiresAt (expired ones too under wallet-expired-session-signs, revoked ones under wallet-revoked-session-signs). */
export function signingSessions(ctx: SandboxContext, accountId: string, publicKey: string): Session[] {
  return (state(ctx).sessionsByKey.get(compound(accountId, publicKey)) ?? []).filter(
    (s) => (!s.revoked && (ctx.clock.now() < s.expiresAtMs || ctx.faults.has('wallet-expired-session-signs'))) || (s.revoked && ctx.faults.has('wallet-revoked-session-signs')),
  );
}

/** Supplement 10: the sandbox's wallet OTP. */
export const WALLET_OTP = '000000';
/** How long a session lives: --wallet-session-ttl-ms (this sandbox's choice, 24 h by default; the supplement states no length). */
export const sessionTtlMs = (ctx: SandboxContext) => ctx.settings.walletSessionTtlMs;

export function presentCredential(c: Credential) {
  return { id: c.id, accountId: c.accountId, type: c.type, ...(c.passkey ? { credentialId: c.passkey.credentialId } : {}), nickname: c.nickname, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

export function presentSession(ctx: SandboxContext, s: Session) {
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
  const refuseTaken = () => {
    const holder = [...(st.credentialsByNickname.get(nicknameKey(type, value)) ?? [])].find((c) => c.accountId !== w.account.id);
    if (holder && !ctx.faults.has(type === 'EMAIL_OTP' ? 'wallet-contact-email-taken-accepted' : 'wallet-contact-phone-taken-accepted')) {
      throw type === 'EMAIL_OTP'
        ? conflict('EMAIL_OTP_EMAIL_ALREADY_EXISTS', `${value} is the email of another EMAIL_OTP credential`)
        : conflict('CONFLICT', `${value} is the phone number of another SMS_OTP credential`);
    }
  };
  // The alternate refuses a contact held elsewhere at the signed retry, after the 202.
  const atRetry = ctx.choices.alternate('contact-taken-at-retry');
  if (!atRetry) refuseTaken();
  const accountId = w.account.id;
  const version = () => st.credentialSetVersion.get(accountId) ?? 0;
  const signer = (key: string) => isSessionKeyOf(ctx, accountId, key);
  return signedRetry(ctx, req, reply, { activity: 'UPDATE_CONTACT', accountId, signer, context: version }, (_stamp, pending) => {
    if (atRetry) refuseTaken();
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

/** The lookups and makers the wallet routes share, bound to one sandbox (each route file takes those it uses). */
export function walletHelpers(ctx: SandboxContext) {
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
  return { wallet, credential, isActive, sessionSigner, contact, credentialsOf, newCredential };
}

// The one-step wallet signature of a quote from an EMBEDDED_WALLET account (supplement 10: "Quote
// execute: one step: Svc-Wallet-Signature over the quote's
// paymentInstructions[].accountOrWalletInfo.payloadToSign (EMBEDDED_WALLET); no Request-Id"; 17: the
// 401 codes apply to the "wallet-sourced quote execute", WALLET_SIGNATURE_MISSING "header absent on
// retry/execute"). The payload's content is this sandbox's choice (sandbox/README.md): the JSON activity
// string of the signed retries, naming the quote and its sending total.
export function quotePayloadToSign(ctx: SandboxContext, accountId: string, quoteId: string, totalSending: number, currency: string, nowMs: number): string {
  const transfer = { quoteId, totalSendingAmount: totalSending, currency };
  // The alternate: the form of the description's PaymentEmbeddedWalletInfo example, the transfer in hex as its unsignedTransaction.
  if (ctx.choices.alternate('quote-payload-sign-transaction-v2')) {
    const unsignedTransaction = Buffer.from(JSON.stringify(transfer), 'utf8').toString('hex');
    return JSON.stringify({ type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', timestampMs: String(nowMs), organizationId: accountId, parameters: { signWith: accountId, unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' }, generateAppProofs: true });
  }
  return JSON.stringify({ type: 'SIGN_TRANSACTION', organizationId: accountId, timestampMs: String(nowMs), parameters: transfer });
}

/** Throws the wallet 401s unless Svc-Wallet-Signature is a stamp over `payloadToSign` by a live session of the account. */
export function assertQuoteSignature(ctx: SandboxContext, req: FastifyRequest, accountId: string, payloadToSign: string): void {
  if (ctx.faults.has('wallet-quote-execute-unsigned')) return;
  const raw = req.headers['svc-wallet-signature'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header === undefined) throw new ApiError(401, 'WALLET_SIGNATURE_MISSING', 'Executing a quote from an embedded wallet needs Svc-Wallet-Signature over its payloadToSign');
  const stamp = decodeStamp(header);
  if (!stamp) throw new ApiError(401, 'WALLET_SIGNATURE_MALFORMED', 'Svc-Wallet-Signature is not a base64url JSON stamp {publicKey, scheme, signature}');
  if (!verifyStamp(stamp, payloadToSign) || !isSessionKeyOf(ctx, accountId, stamp.publicKey)) {
    throw new ApiError(401, 'WALLET_SIGNATURE_INVALID', 'The stamp is not a live session\'s signature over the quote\'s payloadToSign');
  }
}
