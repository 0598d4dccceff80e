// Supplement sections 4 and 14: POST /customers/{customerId}/kyc-link {redirectUri?} (https; http
// for local) -> 201 {kycUrl, expiresAt, provider, token?}; 400; 404; 409 while contact verification
// is pending. Single use, expires; every call mints a new link and older ones stay valid; the link
// does not change kycStatus/kybStatus; Idempotency-Key: a repeat returns the first response.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { conflict } from '../http/errors.js';
import { getCustomer, requiresContactVerification, setKycStatus } from './state.js';

/** openapi.yaml, KycProvider: the one value of its enum. */
export const KYC_PROVIDER = 'SUMSUB';
const LINK_TTL_MS = 60 * 60_000;
/** The alternate's lifetime of a link: a day. */
const LINK_TTL_DAY_MS = 24 * 60 * 60_000;
const LOCAL = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

const Body = z.object({
  redirectUri: z
    .url()
    .refine((u) => u.startsWith('https://') || LOCAL.test(u), 'an https URL (http only for a local address)')
    .optional(),
});
/** This sandbox's fault: any URL scheme taken as redirectUri. */
const AnyScheme = z.object({ redirectUri: z.url().optional() });

export async function kycLinkRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const byIdempotencyKey = new Map<string, { customerId: string; body: unknown }>();
  let lastToken: string | undefined;

  app.post('/customers/:customerId/kyc-link', async (req, reply) => {
    const { customerId } = req.params as { customerId: string };
    const customer = getCustomer(ctx, customerId);
    const key = req.headers['idempotency-key'];
    const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (replay && replay.customerId === customerId) return reply.status(201).send(replay.body);
    const { redirectUri } = parse(ctx.faults.has('kyc-link-redirect-any-scheme') ? AnyScheme : Body, req.body);
    const cv = customer.contactVerification;
    if (requiresContactVerification(ctx, customer) && (cv?.email !== 'VERIFIED' || cv?.phone !== 'VERIFIED') && !ctx.faults.has('kyc-link-ignores-pending-contact-verification')) {
      throw conflict('CONFLICT', `Contact verification of customer ${customerId} is pending; verify the e-mail and phone first`, { contactVerification: cv ?? {} });
    }
    const token = ctx.faults.has('kyc-link-reused') && lastToken ? lastToken : randomUUID();
    lastToken = token;
    const url = new URL(`https://kyc.sandbox.svc.example/verify/${token}`);
    if (redirectUri) url.searchParams.set('redirectUri', redirectUri);
    const body = { kycUrl: url.toString(), expiresAt: new Date(ctx.clock.now() + (ctx.faults.has('kyc-link-already-expired') ? -30_000 : ctx.choices.alternate('kyc-link-day') ? LINK_TTL_DAY_MS : LINK_TTL_MS)).toISOString(), provider: KYC_PROVIDER, token };
    if (typeof key === 'string') byIdempotencyKey.set(key, { customerId, body });
    if (ctx.faults.has('kyc-link-changes-kyc-status') && customer.kycStatus === 'UNVERIFIED') setKycStatus(ctx, customer, 'PENDING');
    return reply.status(201).send(body);
  });
}
