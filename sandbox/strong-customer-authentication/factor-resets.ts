// The 2FA reset of an SCA factor (supplement section 16): INITIATED -> PENDING_REVIEW ->
// LIVENESS_PASSED -> COMPLETED; REJECTED, EXPIRED, COMPLETED terminal; 5 resets per 24 h per customer;
// and this sandbox's liveness trigger for a reset.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse, type SandboxContext } from '../context.js';
import { ApiError, conflict, invalidInput, notFound } from '../http/errors.js';
import { factorState, RELYING_PARTY_ID, resets, scaCustomer, type Factor, type Reset, type ResetStatus } from './state.js';

const RESET_TTL_MS = 24 * 3600_000;
const RESETS_PER_DAY = 5;

const ResetBody = z.object({ factor: z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']) });
const CompleteBody = z.object({ mobile: z.object({ countryCode: z.string().regex(/^\+?[1-9]\d{0,3}$/), number: z.string().regex(/^\d{4,14}$/) }).optional() });
const ResetParams = z.object({ resetId: z.string().min(1) });
const TriggerBody = z.object({ result: z.enum(['SUBMITTED', 'PASSED', 'REJECTED']) });

/** A completed reset of `factor` awaits the factor's re-enrollment: enrollmentStatus PENDING -> COMPLETED. */
export function enrolled(ctx: SandboxContext, customerId: string, factor: Factor) {
  if (ctx.faults.has('reset-enrollment-never-completes')) return;
  for (const id of factorState(ctx, customerId).resets) {
    const r = resets(ctx).get(id)!;
    if (r.factor === factor && r.status === 'COMPLETED' && r.enrollmentStatus === 'PENDING') r.enrollmentStatus = 'COMPLETED';
  }
}

export function factorResetRoutes(app: FastifyInstance): void {
  const { ctx } = app;

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
      // The alternate leaves the optional livenessAccessToken out: the hosted verificationLink alone.
      ...(ctx.choices.alternate('sca-reset-link-only') ? {} : { livenessAccessToken: r.token }),
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
    if (r.factor === 'SMS_OTP' && !mobile) throw invalidInput([{ field: 'mobile', message: 'an SMS_OTP reset names the new mobile number' }]);
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
