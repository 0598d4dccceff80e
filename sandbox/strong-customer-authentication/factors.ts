// SCA factors (supplement section 16): list, add TOTP or PASSKEY, confirm, delete a passkey; the 2FA
// reset is in ./factor-resets.ts. A TOTP factor is confirmed with the sandbox code (openapi.yaml). Passkey registrations are verified as WebAuthn attestations with
// @simplewebauthn/server. Interface: one passkey per customer (409 PASSKEY_ALREADY_ENROLLED: delete
// the existing one first).
import { randomBytes } from 'node:crypto';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { z } from 'zod';
import { parse } from '../context.js';
import { conflict, invalidInput, notFound } from '../http/errors.js';
import { webauthn } from '../webauthn.js';
import { enrolled, factorResetRoutes } from './factor-resets.js';
import { ALLOWED_ORIGINS, factorState, relyingPartyId, SANDBOX_CODE, scaCustomer, TOTP_DIGITS, TOTP_PERIOD, type FactorState } from './state.js';

const AddBody = z.object({ type: z.enum(['TOTP', 'PASSKEY']), name: z.string().min(1).max(100).optional() });
const ConfirmBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TOTP'), secret: z.string().min(1), code: z.string().regex(/^\d{6}$/, 'six digits') }),
  z.object({ type: z.literal('PASSKEY'), origin: z.string().min(1), credential: z.looseObject({ id: z.string().min(1), rawId: z.string().min(1), type: z.literal('public-key'), response: z.looseObject({ clientDataJSON: z.string().min(1), attestationObject: z.string().min(1) }) }) }),
]);

export async function scaFactorRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const presentFactors = (st: FactorState) => {
    const enrolled = [
      ...(st.totp ? [{ factor: 'TOTP' }] : []),
      ...(st.passkey ? [{ factor: 'PASSKEY', credentialId: st.passkey.credentialId, name: st.passkey.name }] : []),
    ];
    // The alternate lists the enrolled factors first and SMS_OTP last (no order is stated).
    return { factors: ctx.choices.alternate('sca-factors-sms-last') ? [...enrolled, { factor: 'SMS_OTP' }] : [{ factor: 'SMS_OTP' }, ...enrolled] };
  };

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
      rpID: relyingPartyId(ctx),
      userName: c.id,
      userID: new TextEncoder().encode(c.id),
      attestationType: 'none',
      supportedAlgorithmIDs: [-7, -257],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    st.pendingPasskey = { challenge: options.challenge, name: name ?? 'Passkey' };
    return { type, options, allowedOrigins: ALLOWED_ORIGINS, relyingPartyId: relyingPartyId(ctx) };
  });

  app.post('/sca/factors/confirm', async (req) => {
    const c = scaCustomer(ctx, req);
    const body = parse(ConfirmBody, req.body);
    const st = factorState(ctx, c.id);
    if (body.type === 'TOTP') {
      if (!st.pendingTotp || body.secret.toLowerCase() !== st.pendingTotp) {
        throw invalidInput([{ field: 'secret', message: 'secret is not the one POST /sca/factors issued last' }]);
      }
      // openapi.yaml, confirmScaFactorEnrollment: "In sandbox, the TOTP code is always `123456`" (sandbox/README.md).
      const ok = body.code === SANDBOX_CODE || ctx.faults.has('totp-confirm-accepts-any-code');
      if (!ok) throw invalidInput([{ field: 'code', message: `The code is not the sandbox's TOTP code` }]);
      st.totp = st.pendingTotp;
      st.pendingTotp = undefined;
      enrolled(ctx, c.id, 'TOTP');
      return { type: 'TOTP', recoveryCodes: Array.from({ length: 10 }, () => randomBytes(5).toString('hex').replace(/^(.{5})/, '$1-')) };
    }
    if (!st.pendingPasskey) throw conflict('CONFLICT', `No passkey enrollment is pending for customer ${c.id}; call POST /sca/factors first`);
    if (st.passkey && !ctx.faults.has('passkey-second-enrollment-allowed')) throw conflict('PASSKEY_ALREADY_ENROLLED', `Customer ${c.id} already has a passkey; delete it first`);
    if (!ALLOWED_ORIGINS.includes(body.origin)) {
      throw invalidInput([{ field: 'origin', constraint: { enum: [...ALLOWED_ORIGINS] }, message: `origin must be one of ${ALLOWED_ORIGINS.join(', ')}` }]);
    }
    const { verifyRegistrationResponse } = await webauthn();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: body.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: ctx.faults.has('passkey-challenge-unchecked') ? () => true : st.pendingPasskey.challenge,
        expectedOrigin: body.origin,
        expectedRPID: relyingPartyId(ctx),
        requireUserVerification: false,
      });
    } catch (err) {
      throw invalidInput([{ field: 'credential', message: `The passkey registration does not verify: ${(err as Error).message}` }]);
    }
    if (!verified.verified || !verified.registrationInfo) {
      throw invalidInput([{ field: 'credential', message: 'The passkey registration does not verify' }]);
    }
    const { credential } = verified.registrationInfo;
    st.passkey = { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, name: st.pendingPasskey.name };
    st.pendingPasskey = undefined;
    enrolled(ctx, c.id, 'PASSKEY');
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

  factorResetRoutes(app);
}
