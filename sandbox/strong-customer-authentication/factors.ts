// SCA factors (supplement section 16): list, add TOTP or PASSKEY, confirm, delete a passkey, the 2FA
// reset (INITIATED -> PENDING_REVIEW -> LIVENESS_PASSED -> COMPLETED; REJECTED, EXPIRED, COMPLETED
// terminal; 5 resets per 24 h per customer) and this sandbox's liveness trigger for a reset. TOTP
// codes are checked with the otpauth library (RFC 6238); passkey registrations are verified as
// WebAuthn attestations with @simplewebauthn/server. Interface: one passkey per customer (409
// PASSKEY_ALREADY_ENROLLED: delete the existing one first).
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { z } from 'zod';
import { areaState, parse, type SandboxContext } from '../context.js';
import { ApiError, conflict, invalidInput, notFound } from '../errors.js';
import { scaCustomer } from './state.js';
import { webauthn } from '../webauthn.js';

export const RELYING_PARTY_ID = 'sandbox.svc.example';
export const ALLOWED_ORIGINS = [`https://${RELYING_PARTY_ID}`];
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
const RESET_TTL_MS = 24 * 3600_000;
const RESETS_PER_DAY = 5;

type Factor = 'SMS_OTP' | 'TOTP' | 'PASSKEY';
interface Passkey { credentialId: string; publicKey: Uint8Array; counter: number; name: string }
interface FactorState {
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
type ResetStatus = 'INITIATED' | 'PENDING_REVIEW' | 'LIVENESS_PASSED' | 'COMPLETED' | 'REJECTED' | 'EXPIRED';
interface Reset {
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
const resets = (ctx: SandboxContext) => areaState(ctx, 'sca-factor-resets', () => new Map<string, Reset>());
export const factorState = (ctx: SandboxContext, customerId: string): FactorState => {
  const all = factorStates(ctx);
  if (!all.has(customerId)) all.set(customerId, { resets: [] });
  return all.get(customerId)!;
};

const totpOf = (ctx: SandboxContext, hex: string) =>
  new OTPAuth.TOTP({
    issuer: 'Svc sandbox',
    label: 'SCA',
    algorithm: ctx.faults.has('totp-verified-with-sha256') ? 'SHA256' : 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromHex(hex),
  });

/** A code of the customer's confirmed TOTP factor, within one time step either side. */
export function verifyTotp(ctx: SandboxContext, customerId: string, code: string): boolean {
  const hex = factorState(ctx, customerId).totp;
  return Boolean(hex) && totpOf(ctx, hex!).validate({ token: code, window: 1 }) !== null;
}

/** Assertion options for the customer's passkey, or undefined without one. */
export async function passkeyAssertionOptions(ctx: SandboxContext, customerId: string) {
  const st = factorState(ctx, customerId);
  if (!st.passkey) return undefined;
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({ rpID: RELYING_PARTY_ID, allowCredentials: [{ id: st.passkey.credentialId }], userVerification: 'preferred' });
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
      expectedRPID: RELYING_PARTY_ID,
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

/** POST /sca/login/start {factor: PASSKEY}: assertion options for the customer's passkey (409 without one). */
export async function startPasskeyLogin(ctx: SandboxContext, customerId: string) {
  const passkeyOptions = await passkeyAssertionOptions(ctx, customerId);
  if (!passkeyOptions) throw conflict('CONFLICT', `Customer ${customerId} has no passkey`);
  factorState(ctx, customerId).pendingAssertion = passkeyOptions.challenge;
  return { passkeyOptions, allowedOrigins: ALLOWED_ORIGINS, relyingPartyId: RELYING_PARTY_ID };
}

/** POST /sca/login/complete with a passkeyAssertion over the pending login challenge. */
export async function verifyPasskeyLogin(ctx: SandboxContext, customerId: string, assertion: unknown, origin: string): Promise<boolean> {
  const st = factorState(ctx, customerId);
  if (ctx.faults.has('passkey-assertion-unchecked') && st.passkey && st.pendingAssertion) return true;
  const ok = await verifyPasskeyAssertion(ctx, customerId, assertion, origin, st.pendingAssertion);
  if (ok) st.pendingAssertion = undefined;
  return ok;
}

const AddBody = z.object({ type: z.enum(['TOTP', 'PASSKEY']), name: z.string().min(1).max(100).optional() });
const ConfirmBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TOTP'), secret: z.string().min(1), code: z.string().regex(/^\d{6}$/, 'six digits') }),
  z.object({ type: z.literal('PASSKEY'), origin: z.string().min(1), credential: z.looseObject({ id: z.string().min(1), rawId: z.string().min(1), type: z.literal('public-key'), response: z.looseObject({ clientDataJSON: z.string().min(1), attestationObject: z.string().min(1) }) }) }),
]);
const ResetBody = z.object({ factor: z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']) });
const CompleteBody = z.object({ mobile: z.object({ countryCode: z.string().regex(/^\+?[1-9]\d{0,3}$/), number: z.string().regex(/^\d{4,14}$/) }).optional() });
const ResetParams = z.object({ resetId: z.string().min(1) });
const TriggerBody = z.object({ result: z.enum(['SUBMITTED', 'PASSED', 'REJECTED']) });

export async function scaFactorRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const presentFactors = (st: FactorState) => ({
    factors: [
      { factor: 'SMS_OTP' },
      ...(st.totp ? [{ factor: 'TOTP' }] : []),
      ...(st.passkey ? [{ factor: 'PASSKEY', credentialId: st.passkey.credentialId, name: st.passkey.name }] : []),
    ],
  });

  app.get('/sca/factors', async (req) => presentFactors(factorState(ctx, scaCustomer(ctx, req).id)));

  app.post('/sca/factors', async (req) => {
    const c = scaCustomer(ctx, req);
    const { type, name } = parse(AddBody, req.body);
    const st = factorState(ctx, c.id);
    if (type === 'TOTP') {
      const secret = new OTPAuth.Secret({ size: 20 });
      st.pendingTotp = secret.hex.toLowerCase();
      const uri = new OTPAuth.TOTP({ issuer: 'Svc sandbox', label: c.id, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret }).toString();
      return { type, secret: secret.hex.toLowerCase(), secretBase32Encoded: secret.base32, totpUri: uri };
    }
    if (st.passkey && !ctx.faults.has('passkey-second-enrollment-allowed')) {
      throw conflict('PASSKEY_ALREADY_ENROLLED', `Customer ${c.id} already has a passkey; delete it first`, { credentialId: st.passkey.credentialId });
    }
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: 'Svc sandbox',
      rpID: RELYING_PARTY_ID,
      userName: c.id,
      userID: new TextEncoder().encode(c.id),
      attestationType: 'none',
      supportedAlgorithmIDs: [-7, -257],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    st.pendingPasskey = { challenge: options.challenge, name: name ?? 'Passkey' };
    return { type, options, allowedOrigins: ALLOWED_ORIGINS, relyingPartyId: RELYING_PARTY_ID };
  });

  app.post('/sca/factors/confirm', async (req) => {
    const c = scaCustomer(ctx, req);
    const body = parse(ConfirmBody, req.body);
    const st = factorState(ctx, c.id);
    if (body.type === 'TOTP') {
      if (!st.pendingTotp || body.secret.toLowerCase() !== st.pendingTotp) {
        throw invalidInput([{ field: 'secret', constraint: 'match', message: 'secret is not the one POST /sca/factors issued last' }]);
      }
      const ok = totpOf(ctx, st.pendingTotp).validate({ token: body.code, window: 1 }) !== null || ctx.faults.has('totp-confirm-accepts-any-code');
      if (!ok) throw invalidInput([{ field: 'code', constraint: 'totp', message: 'The code is not the current TOTP code of the secret' }]);
      st.totp = st.pendingTotp;
      st.pendingTotp = undefined;
      enrolled(c.id, 'TOTP');
      return { type: 'TOTP', recoveryCodes: Array.from({ length: 10 }, () => randomBytes(5).toString('hex').replace(/^(.{5})/, '$1-')) };
    }
    if (!st.pendingPasskey) throw conflict('CONFLICT', `No passkey enrollment is pending for customer ${c.id}; call POST /sca/factors first`);
    if (st.passkey && !ctx.faults.has('passkey-second-enrollment-allowed')) throw conflict('PASSKEY_ALREADY_ENROLLED', `Customer ${c.id} already has a passkey; delete it first`);
    if (!ALLOWED_ORIGINS.includes(body.origin)) {
      throw invalidInput([{ field: 'origin', constraint: 'enum', message: `origin must be one of ${ALLOWED_ORIGINS.join(', ')}` }]);
    }
    const { verifyRegistrationResponse } = await webauthn();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: body.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: ctx.faults.has('passkey-challenge-unchecked') ? () => true : st.pendingPasskey.challenge,
        expectedOrigin: body.origin,
        expectedRPID: RELYING_PARTY_ID,
        requireUserVerification: false,
      });
    } catch (err) {
      throw invalidInput([{ field: 'credential', constraint: 'webauthn', message: `The passkey registration does not verify: ${(err as Error).message}` }]);
    }
    if (!verified.verified || !verified.registrationInfo) {
      throw invalidInput([{ field: 'credential', constraint: 'webauthn', message: 'The passkey registration does not verify' }]);
    }
    const { credential } = verified.registrationInfo;
    st.passkey = { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, name: st.pendingPasskey.name };
    st.pendingPasskey = undefined;
    enrolled(c.id, 'PASSKEY');
    return { type: 'PASSKEY', factor: { factor: 'PASSKEY', credentialId: credential.id, name: st.passkey.name } };
  });

  app.delete('/sca/factors/:credentialId', async (req, reply) => {
    const c = scaCustomer(ctx, req);
    const { credentialId } = parse(z.object({ credentialId: z.string().min(1) }), req.params);
    const st = factorState(ctx, c.id);
    if (!st.passkey || st.passkey.credentialId !== credentialId) throw notFound('REFERENCE_NOT_FOUND', `Customer ${c.id} has no passkey ${credentialId}`);
    if (!ctx.faults.has('passkey-delete-keeps-passkey')) st.passkey = undefined;
    return reply.status(204).send();
  });

  /** A completed reset of `factor` awaits the factor's re-enrollment: enrollmentStatus PENDING -> COMPLETED. */
  function enrolled(customerId: string, factor: Factor) {
    if (ctx.faults.has('reset-enrollment-never-completes')) return;
    for (const id of factorState(ctx, customerId).resets) {
      const r = resets(ctx).get(id)!;
      if (r.factor === factor && r.status === 'COMPLETED' && r.enrollmentStatus === 'PENDING') r.enrollmentStatus = 'COMPLETED';
    }
  }

  const expire = (r: Reset) => {
    if (ctx.clock.now() >= r.expiresAt && !['COMPLETED', 'REJECTED', 'EXPIRED'].includes(r.status)) r.status = 'EXPIRED';
    return r;
  };
  const presentReset = (r: Reset) => ({
    status: r.status,
    factor: r.factor,
    enrollmentStatus: r.enrollmentStatus,
    expiresAt: new Date(r.expiresAt).toISOString(),
    ...(r.completedAt ? { completedAt: new Date(r.completedAt).toISOString() } : {}),
  });
  const getReset = (customerId: string, params: unknown) => {
    const { resetId } = parse(ResetParams, params);
    const r = resets(ctx).get(resetId);
    if (!r || r.customerId !== customerId) throw notFound('REFERENCE_NOT_FOUND', `No factor reset ${resetId} for customer ${customerId}`);
    return expire(r);
  };

  app.post('/sca/factors/reset', async (req, reply) => {
    const c = scaCustomer(ctx, req);
    if (ctx.faults.has('sca-reset-refused-started') && !ResetBody.safeParse(req.body).success) {
      // The fault: a refused reset is started all the same, an SMS_OTP one that counts toward the day's resets.
      const now = ctx.clock.now();
      const r: Reset = { id: `FactorReset:${randomUUID()}`, customerId: c.id, factor: 'SMS_OTP', status: 'INITIATED', enrollmentStatus: null, createdAt: now, expiresAt: now + RESET_TTL_MS, token: randomUUID() };
      resets(ctx).set(r.id, r);
      factorState(ctx, c.id).resets.push(r.id);
    }
    const { factor } = parse(ResetBody, req.body);
    const st = factorState(ctx, c.id);
    const now = ctx.clock.now();
    const recent = st.resets.filter((id) => resets(ctx).get(id)!.createdAt > now - 24 * 3600_000).length;
    if (recent >= RESETS_PER_DAY && !ctx.faults.has('sca-reset-unlimited')) {
      void reply.header('retry-after', String(24 * 3600));
      throw new ApiError(429, 'RATE_LIMITED', `At most ${RESETS_PER_DAY} factor resets per 24 hours per customer`);
    }
    if ((factor === 'TOTP' && !st.totp) || (factor === 'PASSKEY' && !st.passkey)) {
      throw conflict('CONFLICT', `Customer ${c.id} has no ${factor} factor to reset`);
    }
    const r: Reset = {
      id: `FactorReset:${randomUUID()}`,
      customerId: c.id,
      factor,
      status: 'INITIATED',
      enrollmentStatus: factor === 'SMS_OTP' ? null : 'PENDING',
      createdAt: now,
      expiresAt: now + RESET_TTL_MS,
      token: randomUUID(),
    };
    resets(ctx).set(r.id, r);
    st.resets.push(r.id);
    return reply.status(201).send({
      resetId: r.id,
      livenessAccessToken: r.token,
      verificationLink: `https://${RELYING_PARTY_ID}/liveness/${r.token}`,
      expiresAt: new Date(r.expiresAt).toISOString(),
    });
  });

  app.get('/sca/factors/reset/:resetId', async (req) => presentReset(getReset(scaCustomer(ctx, req).id, req.params)));

  app.post('/sca/factors/reset/:resetId/complete', async (req, reply) => {
    const c = scaCustomer(ctx, req);
    const r = getReset(c.id, req.params);
    const { mobile } = parse(ctx.faults.has('sca-reset-mobile-number-optional') ? CompleteBody.extend({ mobile: CompleteBody.shape.mobile.unwrap().partial({ number: true }).optional() }) : CompleteBody, req.body);
    if (r.status === 'COMPLETED' || r.status === 'REJECTED' || r.status === 'EXPIRED') throw conflict('CONFLICT', `Factor reset ${r.id} is ${r.status}`);
    if (r.status !== 'LIVENESS_PASSED' && !ctx.faults.has('reset-completes-without-liveness')) {
      throw new ApiError(400, 'INVALID_INPUT', `Factor reset ${r.id} is ${r.status}: the liveness check has not passed`);
    }
    if (r.factor === 'SMS_OTP' && !mobile) throw invalidInput([{ field: 'mobile', constraint: 'required', message: 'an SMS_OTP reset names the new mobile number' }]);
    const st = factorState(ctx, c.id);
    if (r.factor === 'TOTP') st.totp = undefined;
    if (r.factor === 'PASSKEY') st.passkey = undefined;
    r.status = 'COMPLETED';
    r.completedAt = ctx.clock.now();
    return reply.status(204).send();
  });

  // This sandbox's trigger for a reset's liveness review: SUBMITTED (INITIATED -> PENDING_REVIEW),
  // PASSED (PENDING_REVIEW -> LIVENESS_PASSED), REJECTED (PENDING_REVIEW -> REJECTED).
  app.post('/sandbox/sca/factors/reset/:resetId/liveness', async (req) => {
    const { resetId } = parse(ResetParams, req.params);
    const { result } = parse(TriggerBody, req.body);
    const r = resets(ctx).get(resetId);
    if (!r) throw notFound('REFERENCE_NOT_FOUND', `No factor reset ${resetId}`);
    expire(r);
    const from: ResetStatus = result === 'SUBMITTED' ? 'INITIATED' : 'PENDING_REVIEW';
    if (r.status !== from) throw conflict('CONFLICT', `Factor reset ${r.id} is ${r.status}, not ${from}`);
    r.status = result === 'SUBMITTED' ? 'PENDING_REVIEW' : result === 'PASSED' ? 'LIVENESS_PASSED' : 'REJECTED';
    return presentReset(r);
  });
}
