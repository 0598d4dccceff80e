// Per-customer SCA state shared by the login, record-event and factor routes: the SCA session, the
// failed-attempt count and the lockout ladder of supplement section 16 ("failed logins 5 -> 15 min,
// 6 -> 30 min, 7 -> 1 h, 8 -> 24 h, >= 9 suspended (lockedUntil null); RESET_PASSWORD_COMPLETED
// ends all SCA sessions and zeroes the count"); the customer's factors and factor resets, with the
// TOTP check (the sandbox code, openapi.yaml) and the passkey assertion check (@simplewebauthn/server);
// and the SCA session a payment needs.
import * as OTPAuth from 'otpauth';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { areaState, parse, type SandboxContext } from '../context.js';
import { customers, getCustomer, requiresSca, type CustomerRecord } from '../customers/state.js';
import { ApiError, conflict } from '../http/errors.js';
import { webauthn } from '../webauthn.js';

export interface ScaState {
  sessionExpiresAt?: number;
  failedAttempts: number;
  lockedUntil?: number;
  suspended: boolean;
}

const MINUTE = 60_000;
/** Lock length by the failed-attempt count that reaches it. */
const LADDER: Record<number, number> = { 5: 15 * MINUTE, 6: 30 * MINUTE, 7: 60 * MINUTE, 8: 24 * 60 * MINUTE };
export const SUSPENDED_AT = 9;
/** Supplement section 10: the sandbox's code of every SMS challenge (contact verification, SCA login, quote authorization). */
export const SANDBOX_CODE = '123456';

const scaStates = (ctx: SandboxContext) => areaState(ctx, 'sca', () => new Map<string, ScaState>());
export const scaState = (ctx: SandboxContext, customerId: string): ScaState => {
  const states = scaStates(ctx);
  if (!states.has(customerId)) states.set(customerId, { failedAttempts: 0, suspended: false });
  return states.get(customerId)!;
};

export const isLocked = (ctx: SandboxContext, st: ScaState) => st.suspended || (st.lockedUntil !== undefined && st.lockedUntil > ctx.clock.now());

export const locked = (ctx: SandboxContext, st: ScaState) =>
  new ApiError(ctx.faults.has('sca-lock-wrong-status') ? 403 : 423, 'ACCOUNT_LOCKED', st.suspended ? 'SCA is suspended for this customer' : 'Too many failed authentication attempts', {
    lockedUntil: st.suspended || st.lockedUntil === undefined ? null : new Date(st.lockedUntil).toISOString(),
    failedAttempts: st.failedAttempts,
    suspended: st.suspended,
  });

/** One more failed attempt, and the lock the ladder gives for the new count. A lock ends the SCA session. */
export function recordFailedAttempt(ctx: SandboxContext, st: ScaState): void {
  st.failedAttempts++;
  const n = st.failedAttempts;
  if (n >= SUSPENDED_AT && !ctx.faults.has('sca-suspension-not-reached')) {
    st.suspended = true;
    st.lockedUntil = undefined;
  } else if (n >= 5) {
    const ms = ctx.faults.has('sca-lock-ladder-flat') ? LADDER[5] : (LADDER[n] ?? LADDER[8]);
    st.lockedUntil = ctx.clock.now() + ms;
  }
  if (isLocked(ctx, st)) st.sessionExpiresAt = undefined;
}

/** RESET_PASSWORD_COMPLETED: every SCA session ends and the count is zeroed (with the lock it gave). */
export function resetPasswordCompleted(ctx: SandboxContext, st: ScaState): void {
  if (!ctx.faults.has('sca-reset-password-keeps-session')) st.sessionExpiresAt = undefined;
  if (ctx.faults.has('sca-reset-password-keeps-count')) return;
  st.failedAttempts = 0;
  st.lockedUntil = undefined;
  st.suspended = false;
}

export function presentLockout(st: ScaState) {
  return {
    suspended: st.suspended,
    lockedUntil: st.suspended || st.lockedUntil === undefined ? null : new Date(st.lockedUntil).toISOString(),
    failedAttempts: st.failedAttempts,
  };
}

/** Areas table: SCA endpoints answer 409 for customers whose provider does not require SCA. */
export function assertMandated(ctx: SandboxContext, c: CustomerRecord, required: boolean, what: string): void {
  if (!required && !ctx.faults.has('contact-verification-not-409')) {
    throw conflict('CONFLICT', `${what} is not required by the payment provider of customer ${c.id}`);
  }
}

// Supplement 16: "query customerId* on all /sca/*" (under the fault a missing one reads as an unknown customer: 404).
// Built once: zod compiles each schema on its first parse, which costs more than the parse.
const CustomerQuery = z.object({ customerId: z.string().min(1) }).passthrough();
const CustomerQueryOptional = z.object({ customerId: z.string().default('') }).passthrough();

/** Supplement 16: every /sca/* call names its customer with the query `customerId` (404 unknown, 409 outside SCA regions). */
export function scaCustomer(ctx: SandboxContext, req: FastifyRequest): CustomerRecord {
  const { customerId } = parse(ctx.faults.has('sca-customer-query-optional') ? CustomerQueryOptional : CustomerQuery, req.query);
  // The fault answers an unknown customer as one outside SCA regions (409), not 404.
  if (ctx.faults.has('sca-unknown-customer-conflict') && !customers(ctx).has(customerId)) throw conflict('CONFLICT', `Strong Customer Authentication is not required for customer ${customerId}`);
  const c = getCustomer(ctx, customerId);
  assertMandated(ctx, c, requiresSca(ctx, c), 'Strong Customer Authentication');
  return c;
}

/**
 * Interface: authorisation may fail with 409 SCA_SESSION_REQUIRED (customer SCA session missing or
 * expired) or 423 ACCOUNT_LOCKED. Applies to customers of SCA regions only. The lock is asked first
 * (a lock ends the session); `sessionFirst` asks for the session first, so a customer whose lock ended
 * the session answers 409 SCA_SESSION_REQUIRED.
 */
export function assertScaSession(ctx: SandboxContext, customer: CustomerRecord, opts: { sessionFirst?: boolean } = {}): void {
  if (!requiresSca(ctx, customer)) return;
  const st = scaState(ctx, customer.id);
  const noSession = (!st.sessionExpiresAt || st.sessionExpiresAt <= ctx.clock.now()) && !ctx.faults.has('sca-session-not-required');
  const sessionRequired = () => conflict('SCA_SESSION_REQUIRED', `Customer ${customer.id} has no SCA session; authenticate and retry`);
  if (opts.sessionFirst && noSession) throw sessionRequired();
  if (isLocked(ctx, st)) throw locked(ctx, st);
  if (noSession) throw sessionRequired();
}

export const RELYING_PARTY_ID = 'sandbox.svc.example';
export const ALLOWED_ORIGINS = [`https://${RELYING_PARTY_ID}`];
/** The relying party passkeys are bound to: the origin's host, or under the alternate its parent domain (an RP ID may be a registrable suffix of the origin's host). */
export const relyingPartyId = (ctx: SandboxContext) => (ctx.choices.alternate('passkey-rp-parent-domain') ? RELYING_PARTY_ID.slice(RELYING_PARTY_ID.indexOf('.') + 1) : RELYING_PARTY_ID);
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;

export type Factor = 'SMS_OTP' | 'TOTP' | 'PASSKEY';
interface Passkey { credentialId: string; publicKey: Uint8Array; counter: number; name: string }
export interface FactorState {
  /** Confirmed TOTP secret (hex). */
  totp?: string;
  /** TOTP secrets issued and not yet confirmed (hex), newest last. */
  pendingTotp?: string;
  passkey?: Passkey;
  pendingPasskey?: { challenge: string; name: string };
  /** The challenge of a passkey login started and not yet completed. */
  pendingAssertion?: string;
  /** Reset ids of this customer, newest last. */
  resets: string[];
}
export type ResetStatus = 'INITIATED' | 'PENDING_REVIEW' | 'LIVENESS_PASSED' | 'COMPLETED' | 'REJECTED' | 'EXPIRED';
export interface Reset {
  id: string;
  customerId: string;
  factor: Factor;
  status: ResetStatus;
  enrollmentStatus: 'PENDING' | 'COMPLETED' | null;
  createdAt: number;
  expiresAt: number;
  completedAt?: number;
  token: string;
}

const factorStates = (ctx: SandboxContext) => areaState(ctx, 'sca-factors', () => new Map<string, FactorState>());
export const resets = (ctx: SandboxContext) => areaState(ctx, 'sca-factor-resets', () => new Map<string, Reset>());
export const factorState = (ctx: SandboxContext, customerId: string): FactorState => {
  const all = factorStates(ctx);
  if (!all.has(customerId)) all.set(customerId, { resets: [] });
  return all.get(customerId)!;
};

/**
 * A TOTP code of the customer: the sandbox code, once a TOTP factor is confirmed (openapi.yaml,
 * completeScaLogin: "In sandbox, the SMS/TOTP code is always `123456`"). A code an authenticator
 * computes from the secret is refused like any other (sandbox/README.md). The fault takes any code.
 */
export function verifyTotp(ctx: SandboxContext, customerId: string, code: string): boolean {
  const secret = factorState(ctx, customerId).totp;
  if (!secret) return false;
  if (code === SANDBOX_CODE || ctx.faults.has('totp-login-accepts-any-code')) return true;
  // The alternate also takes a current RFC 6238 code of the secret, one time step either side.
  if (!ctx.choices.alternate('totp-current-code')) return false;
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromHex(secret) });
  return totp.validate({ token: code, timestamp: ctx.clock.now(), window: 1 }) !== null;
}

/** Assertion options for the customer's passkey, or undefined without one. */
export async function passkeyAssertionOptions(ctx: SandboxContext, customerId: string) {
  const st = factorState(ctx, customerId);
  if (!st.passkey) return undefined;
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({ rpID: relyingPartyId(ctx), allowCredentials: [{ id: st.passkey.credentialId }], userVerification: 'preferred' });
}

/** A WebAuthn assertion of the customer's passkey over `challenge`, made at an allowed origin. */
export async function verifyPasskeyAssertion(ctx: SandboxContext, customerId: string, assertion: unknown, origin: string, challenge: string | undefined): Promise<boolean> {
  const st = factorState(ctx, customerId);
  if (!st.passkey || !challenge || !ALLOWED_ORIGINS.includes(origin)) return false;
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: relyingPartyId(ctx),
      credential: { id: st.passkey.credentialId, publicKey: st.passkey.publicKey as Uint8Array<ArrayBuffer>, counter: st.passkey.counter },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    st.passkey.counter = result.authenticationInfo.newCounter;
    return true;
  } catch {
    return false;
  }
}
