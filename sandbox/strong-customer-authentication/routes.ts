// Interface: Contact Verification and Strong Customer Authentication areas: only for customers whose
// provider mandates them (in this sandbox: customers whose region is an EU member state);
// "elsewhere these endpoints answer 409". Supplement section 10 for paths and the sandbox code 123456.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { getCustomer, presentCustomer, requiresContactVerification, requiresSca, type CustomerRecord } from '../customers/routes.js';
import { ApiError, conflict, invalidInput } from '../errors.js';

export const SANDBOX_CODE = '123456';
const SCA_SESSION_MS = 180 * 24 * 3600 * 1000;
const MAX_FAILED_ATTEMPTS = 3;
const LOCK_MS = 15 * 60_000;

interface ScaState {
  sessionExpiresAt?: number;
  failedAttempts: number;
  lockedUntil?: number;
}
const scaStates = (ctx: SandboxContext) => areaState(ctx, 'sca', () => new Map<string, ScaState>());
const scaState = (ctx: SandboxContext, customerId: string) => {
  const states = scaStates(ctx);
  if (!states.has(customerId)) states.set(customerId, { failedAttempts: 0 });
  return states.get(customerId)!;
};

const locked = (ctx: SandboxContext, st: ScaState) =>
  new ApiError(ctx.faults.has('sca-lock-wrong-status') ? 403 : 423, 'ACCOUNT_LOCKED', 'Too many failed authentication attempts', {
    lockedUntil: new Date(st.lockedUntil!).toISOString(),
    failedAttempts: st.failedAttempts,
    suspended: false,
  });

/**
 * Interface: authorisation may fail with 409 SCA_SESSION_REQUIRED (customer SCA session missing or
 * expired) or 423 ACCOUNT_LOCKED. Applies to customers of SCA regions only.
 */
export function assertScaSession(ctx: SandboxContext, customer: CustomerRecord): void {
  if (!requiresSca(customer)) return;
  const st = scaState(ctx, customer.id);
  if (st.lockedUntil && st.lockedUntil > ctx.clock.now()) throw locked(ctx, st);
  if ((!st.sessionExpiresAt || st.sessionExpiresAt <= ctx.clock.now()) && !ctx.faults.has('sca-session-not-required')) {
    throw conflict('SCA_SESSION_REQUIRED', `Customer ${customer.id} has no SCA session; authenticate and retry`);
  }
}

export async function contactAndScaRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const mandated = (c: CustomerRecord, required: boolean, what: string) => {
    if (!required && !ctx.faults.has('contact-verification-not-409')) {
      throw conflict('CONFLICT', `${what} is not required by the payment provider of customer ${c.id}`);
    }
  };

  for (const channel of ['email', 'phone'] as const) {
    app.post(`/customers/:customerId/verify-${channel}`, async (req, reply) => {
      const c = getCustomer(ctx, (req.params as { customerId: string }).customerId);
      mandated(c, requiresContactVerification(c), 'Contact verification');
      c.contactVerification = { ...c.contactVerification, [channel]: 'PENDING' };
      return reply.status(204).send();
    });
    app.post(`/customers/:customerId/verify-${channel}/confirm`, async (req) => {
      const c = getCustomer(ctx, (req.params as { customerId: string }).customerId);
      mandated(c, requiresContactVerification(c), 'Contact verification');
      const { code } = parse(z.object({ code: z.string().min(1) }), req.body);
      if (code !== SANDBOX_CODE && !ctx.faults.has('contact-confirm-wrong-code-accepted')) {
        throw invalidInput([{ field: 'code', constraint: 'match', message: 'The code does not match' }]);
      }
      c.contactVerification = { ...c.contactVerification, [channel]: 'VERIFIED' };
      c.updatedAt = isoNow(ctx.clock);
      return presentCustomer(ctx, c);
    });
  }

  const scaCustomer = (req: FastifyRequest) => {
    const { customerId } = parse(z.object({ customerId: z.string().min(1) }).passthrough(), req.query);
    const c = getCustomer(ctx, customerId);
    mandated(c, requiresSca(c), 'Strong Customer Authentication');
    return c;
  };
  const challenges = new Map<string, { customerId: string; factor: string }>();

  app.get('/sca/factors', async (req) => {
    scaCustomer(req);
    return { data: [{ credentialId: 'sandbox-sms', factor: 'SMS_OTP' }] };
  });
  app.post('/sca/login/start', async (req) => {
    const c = scaCustomer(req);
    const { factor } = parse(z.object({ factor: z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']) }), req.body);
    const id = `ScaChallenge:${randomUUID()}`;
    challenges.set(id, { customerId: c.id, factor });
    return { challengeId: id, factor, expiresAt: new Date(ctx.clock.now() + 5 * 60_000).toISOString() };
  });
  app.post('/sca/login/complete', async (req) => {
    const c = scaCustomer(req);
    const { code } = parse(z.object({ challengeId: z.string().optional(), code: z.string().min(1) }), req.body);
    const st = scaState(ctx, c.id);
    if (st.lockedUntil && st.lockedUntil > ctx.clock.now()) throw locked(ctx, st);
    if (code !== SANDBOX_CODE) {
      st.failedAttempts++;
      if (st.failedAttempts >= MAX_FAILED_ATTEMPTS) {
        st.lockedUntil = ctx.clock.now() + LOCK_MS;
        st.sessionExpiresAt = undefined;
        throw locked(ctx, st);
      }
      throw invalidInput([{ field: 'code', constraint: 'match', message: 'The code does not match' }]);
    }
    st.failedAttempts = 0;
    st.sessionExpiresAt = ctx.clock.now() + SCA_SESSION_MS;
    return { status: 'SUCCESS', customerId: c.id, sessionExpiresAt: new Date(st.sessionExpiresAt).toISOString() };
  });
  for (const path of ['/sca/factors', '/sca/factors/confirm', '/sca/record-event', '/sca/factors/reset']) {
    app.post(path, async (req) => {
      scaCustomer(req);
      throw new ApiError(501, 'NOT_IMPLEMENTED', `${path} is not implemented by the sandbox`);
    });
  }
}
