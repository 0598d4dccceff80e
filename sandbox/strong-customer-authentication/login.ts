// Strong Customer Authentication login (supplement section 16): start and complete with SMS_OTP (the
// sandbox code), TOTP or PASSKEY, and the platform's record-event; the lockout ladder is in ./state.ts.
// Only for customers whose provider mandates SCA (interface: "elsewhere these endpoints answer 409").
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse, type SandboxContext } from '../context.js';
import { conflict, invalidInput } from '../http/errors.js';
import {
  ALLOWED_ORIGINS,
  factorState,
  isLocked,
  locked,
  passkeyAssertionOptions,
  presentLockout,
  recordFailedAttempt,
  relyingPartyId,
  resetPasswordCompleted,
  SANDBOX_CODE,
  scaCustomer,
  scaState,
  verifyPasskeyAssertion,
  verifyTotp,
} from './state.js';

const SCA_SESSION_MS = 180 * 24 * 3600 * 1000;
const Factor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']);
/**
 * Supplement 16: {factor*, endUserIpAddress*, challengeId? (SMS), code? | passkeyAssertion+origin}.
 * One object, so that a field error names its field: a code, or a passkey assertion with its origin.
 * Under the fault `sca-login-factor-ip-optional` factor and address may be left out (a body without a
 * factor reads as SMS_OTP).
 */
const loginComplete = (optional: boolean) =>
  z
    .object({
      factor: optional ? Factor.optional() : Factor,
      // The documents give no format for the address: a non-empty string of at most 45 characters (an IPv6 text form; sandbox/README.md).
      endUserIpAddress: optional ? z.string().max(45).optional() : z.string().min(1).max(45),
      challengeId: z.string().optional(),
      code: z.string().min(1).optional(),
      passkeyAssertion: z.looseObject({}).optional(),
      origin: z.string().min(1).optional(),
    })
    .superRefine((b, issues) => {
      if (b.passkeyAssertion === undefined && b.origin === undefined) {
        if (b.code === undefined) issues.addIssue({ code: 'custom', path: ['code'], message: 'a code, or a passkeyAssertion and its origin' });
        return;
      }
      if (b.passkeyAssertion === undefined) issues.addIssue({ code: 'custom', path: ['passkeyAssertion'], message: 'an origin goes with a passkeyAssertion' });
      if (b.origin === undefined) issues.addIssue({ code: 'custom', path: ['origin'], message: 'a passkeyAssertion goes with its origin' });
    });

/** Fault sca-failed-login-locks-late: true the first time a customer's failed login is recorded. */
const seenFailedLogin = new WeakSet<object>();
function firstFailedLogin(st: object): boolean {
  if (seenFailedLogin.has(st)) return false;
  seenFailedLogin.add(st);
  return true;
}

/** POST /sca/login/start {factor: PASSKEY}: assertion options for the customer's passkey (409 without one). */
async function startPasskeyLogin(ctx: SandboxContext, customerId: string) {
  const passkeyOptions = await passkeyAssertionOptions(ctx, customerId);
  if (!passkeyOptions) throw conflict('CONFLICT', `Customer ${customerId} has no passkey`);
  factorState(ctx, customerId).pendingAssertion = passkeyOptions.challenge;
  return { passkeyOptions, allowedOrigins: ALLOWED_ORIGINS, relyingPartyId: relyingPartyId(ctx) };
}

/** POST /sca/login/complete with a passkeyAssertion over the pending login challenge. */
async function verifyPasskeyLogin(ctx: SandboxContext, customerId: string, assertion: unknown, origin: string): Promise<boolean> {
  const st = factorState(ctx, customerId);
  if (ctx.faults.has('passkey-assertion-unchecked') && st.passkey && st.pendingAssertion) return true;
  const ok = await verifyPasskeyAssertion(ctx, customerId, assertion, origin, st.pendingAssertion);
  if (ok) st.pendingAssertion = undefined;
  return ok;
}

export function scaLoginRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  const challenges = new Map<string, { customerId: string; factor: string; expiresAtMs: number }>();

  app.post('/sca/login/start', async (req) => {
    const c = scaCustomer(ctx, req);
    // The fault: a refused login start counts as a failed login attempt.
    if (ctx.faults.has('sca-login-start-refused-counted') && !z.object({ factor: Factor }).safeParse(req.body).success) recordFailedAttempt(ctx, scaState(ctx, c.id));
    const { factor } = parse(z.object({ factor: ctx.faults.has('sca-login-factor-any') ? z.string().transform((f) => (f === 'TOTP' || f === 'PASSKEY' ? f : 'SMS_OTP')) : Factor }), req.body);
    if (factor === 'TOTP' && !factorState(ctx, c.id).totp) throw conflict('CONFLICT', `Customer ${c.id} has no TOTP factor`);
    if (factor === 'PASSKEY') return { factor, ...(await startPasskeyLogin(ctx, c.id)) };
    const id = `ScaChallenge:${randomUUID()}`;
    const expiresAtMs = ctx.clock.now() + 5 * 60_000;
    challenges.set(id, { customerId: c.id, factor, expiresAtMs });
    return { challengeId: id, factor, expiresAt: new Date(expiresAtMs).toISOString() };
  });
  app.post('/sca/login/complete', async (req) => {
    const c = scaCustomer(ctx, req);
    const body = parse(loginComplete(ctx.faults.has('sca-login-factor-ip-optional')), req.body);
    const st = scaState(ctx, c.id);
    if (isLocked(ctx, st)) throw locked(ctx, st);
    // The alternate: a code is taken only against a started, unexpired login of its factor, used once.
    if (ctx.choices.alternate('sca-complete-needs-start') && body.factor !== 'PASSKEY') {
      const started = [...challenges].find(([, ch]) => ch.customerId === c.id && ch.factor === body.factor && ch.expiresAtMs > ctx.clock.now());
      if (!started) throw invalidInput([{ field: 'factor', message: `No ${body.factor} login was started for this customer` }]);
      challenges.delete(started[0]);
    }
    // TOTP takes the sandbox code once a TOTP factor is confirmed, PASSKEY an assertion of the enrolled
    // passkey over the login challenge, SMS_OTP the sandbox code (openapi.yaml, completeScaLogin: "In
    // sandbox, the SMS/TOTP code is always `123456`").
    const ok =
      body.passkeyAssertion !== undefined && body.origin !== undefined
        ? body.factor === 'PASSKEY' && (await verifyPasskeyLogin(ctx, c.id, body.passkeyAssertion, body.origin))
        : body.factor === 'TOTP'
          ? verifyTotp(ctx, c.id, body.code ?? '')
          : body.factor !== 'PASSKEY' && body.code === SANDBOX_CODE;
    if (!ok) {
      // The sandbox counts a wrong code as a failed login (sandbox/README.md: not stated); the alternate does not.
      if (!ctx.choices.alternate('sca-wrong-code-uncounted')) recordFailedAttempt(ctx, st);
      if (isLocked(ctx, st)) throw locked(ctx, st);
      throw invalidInput([{ field: 'code', message: 'The code does not match' }]);
    }
    if (!ctx.choices.alternate('sca-wrong-code-uncounted')) st.failedAttempts = 0;
    st.sessionExpiresAt = ctx.clock.now() + (ctx.faults.has('sca-session-one-hour') ? 3_600_000 : SCA_SESSION_MS);
    return { status: 'SUCCESS', customerId: c.id, sessionExpiresAt: new Date(st.sessionExpiresAt).toISOString() };
  });

  // Supplement 16: record-event {eventType: RESET_PASSWORD_COMPLETED | FAILED_LOGIN_ATTEMPT} ->
  // 200 {eventType, suspended, lockedUntil?, failedAttempts}. The platform reports what happened,
  // so an event is recorded (and answered 200) also while the customer is locked.
  app.post('/sca/record-event', async (req) => {
    const c = scaCustomer(ctx, req);
    const { eventType } = parse(z.object({ eventType: z.enum(['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT']) }), req.body);
    const st = scaState(ctx, c.id);
    if (eventType === 'FAILED_LOGIN_ATTEMPT') {
      // Under the faults a customer's first failed login goes uncounted (locking at the sixth), or each counts twice (locking at the third).
      if (!(ctx.faults.has('sca-failed-login-locks-late') && firstFailedLogin(st))) recordFailedAttempt(ctx, st);
      if (ctx.faults.has('sca-failed-login-locks-early') && !isLocked(ctx, st)) recordFailedAttempt(ctx, st);
    } else resetPasswordCompleted(ctx, st);
    return { eventType, ...presentLockout(st) };
  });
}

