// Beneficiary trust (supplement section 12; interface: "POST .../untrust and its /confirm: removes
// trusted-beneficiary status; must precede deleting a trusted external account"; 409
// BENEFICIARY_TRUSTED). Customer external accounts only, customers of SCA regions only (else 409).
// Each request starts an SMS_OTP SCA challenge; its confirm takes the sandbox code 123456.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse, type SandboxContext } from '../context.js';
import { getCustomer, trustApplies } from '../customers/state.js';
import { badRequest, conflict, invalidInput } from '../http/errors.js';
import { passkeyAssertionOptions, verifyPasskeyAssertion } from '../strong-customer-authentication/state.js';
import { getExternalAccount, trustStates } from './state.js';

const SANDBOX_CODE = '123456';

const Params = z.object({ externalAccountId: z.string().min(1) });
const CodeConfirm = z.object({ challengeId: z.string().min(1).optional(), code: z.string().min(1) });
const PasskeyConfirm = z.object({ challengeId: z.string().min(1).optional(), passkeyAssertion: z.looseObject({}), origin: z.string().min(1) });
/** One of two bodies, told apart by passkeyAssertion, so a refusal names the body's own fields (not a union of both). */
const parseConfirm = (ctx: SandboxContext, body: unknown): z.infer<typeof CodeConfirm> | z.infer<typeof PasskeyConfirm> => {
  if (body && typeof body === 'object' && 'passkeyAssertion' in body) return parse(PasskeyConfirm, body);
  // The fault drops a challengeId that is no string instead of refusing it.
  if (ctx.faults.has('trust-confirm-challenge-id-unchecked') && body && typeof body === 'object' && typeof (body as { challengeId?: unknown }).challengeId !== 'string') {
    const { challengeId: _dropped, ...rest } = body as Record<string, unknown>;
    return parse(CodeConfirm, rest);
  }
  return parse(CodeConfirm, body);
};

export async function beneficiaryTrustRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const base = '/customers/external-accounts/:externalAccountId';

  /** The account (404), its customer, and the SCA rule (409 outside SCA regions). */
  const scaAccount = (params: unknown) => {
    const { externalAccountId } = parse(Params, params);
    const a = getExternalAccount(ctx, externalAccountId, 'customers');
    const customer = getCustomer(ctx, a.customerId!);
    if (!trustApplies(ctx, customer) && !ctx.faults.has('trust-outside-sca-allowed')) {
      throw conflict('CONFLICT', `Beneficiary trust needs Strong Customer Authentication, which the payment provider of customer ${customer.id} does not require`);
    }
    const states = trustStates(ctx);
    if (!states.has(a.id)) states.set(a.id, { trusted: false });
    return { a, state: states.get(a.id)! };
  };

  for (const action of ['trust', 'untrust'] as const) {
    app.post(`${base}/${action}`, async (req) => {
      const { a, state } = scaAccount(req.params);
      const expiresAt = ctx.clock.now() + ctx.settings.challengeTtlMs;
      // With an enrolled passkey the challenge also offers PASSKEY, with its assertion options.
      // The alternate answers no scaChallenge ({scaChallenge?}): the confirm then takes the code without challengeId.
      const bare = ctx.choices.alternate('trust-without-challenge');
      const options = bare ? undefined : await passkeyAssertionOptions(ctx, a.customerId!);
      state.pending = { action, challengeId: `ScaChallenge:${randomUUID()}`, expiresAt, customerId: a.customerId!, assertionChallenge: options?.challenge };
      if (bare) return {};
      return {
        scaChallenge: {
          id: state.pending.challengeId,
          expiresAt: new Date(expiresAt).toISOString(),
          factor: 'SMS_OTP',
          availableFactors: options ? ['SMS_OTP', 'PASSKEY'] : ['SMS_OTP'],
          ...(options ? { passkeyAssertionOptions: options } : {}),
        },
      };
    });

    app.post(`${base}/${action}/confirm`, async (req) => {
      const { a, state } = scaAccount(req.params);
      // The fault fails on a body that is no object (a 500 from reading into null).
      if (ctx.faults.has('trust-confirm-null-body-crash') && (req.body === null || typeof req.body !== 'object')) throw new TypeError(`Cannot use 'in' operator to search for 'passkeyAssertion' in ${String(req.body)}`);
      let body: ReturnType<typeof parseConfirm>;
      try {
        body = parseConfirm(ctx, req.body);
      } catch (err) {
        // The alternate ends the pending request of this kind on a malformed confirmation too.
        if (ctx.choices.alternate('trust-malformed-confirm-ends-request') && state.pending?.action === action) state.pending = undefined;
        throw err;
      }
      const pending = state.pending;
      // The fault confirms a pending request of the other action.
      if (!pending || (pending.action !== action && !ctx.faults.has('trust-confirm-other-action'))) {
        // The alternate answers 400: there is no proof to check (supplement 12 lists 400 and 409 for the confirm).
        if (ctx.choices.alternate('trust-confirm-no-pending-400')) throw badRequest('INVALID_INPUT', `No ${action} request is awaiting confirmation for ${a.id}; call POST .../${action} first`);
        throw conflict('CONFLICT', `No ${action} request is awaiting confirmation for ${a.id}; call POST .../${action} first`);
      }
      if (body.challengeId && body.challengeId !== pending.challengeId) {
        throw invalidInput([{ field: 'challengeId', message: 'challengeId is not the challenge of the pending request' }]);
      }
      if (ctx.clock.now() >= pending.expiresAt && !ctx.faults.has('trust-confirm-accepts-expired')) {
        state.pending = undefined;
        throw badRequest('INVALID_INPUT', `The SCA challenge expired; call POST .../${action} again`);
      }
      if (!('code' in body)) {
        const ok =
          (await verifyPasskeyAssertion(ctx, pending.customerId, body.passkeyAssertion, body.origin, pending.assertionChallenge)) ||
          (ctx.faults.has('trust-passkey-assertion-unchecked') && pending.assertionChallenge !== undefined);
        if (!ok) throw invalidInput([{ field: 'passkeyAssertion', message: 'The assertion is not one of the customer\'s passkey over this challenge' }]);
      } else if (body.code !== SANDBOX_CODE && !ctx.faults.has('trust-confirm-accepts-wrong-code')) {
        throw invalidInput([{ field: 'code', message: 'The code does not match' }]);
      }
      state.pending = undefined;
      const trusted = action === 'trust';
      if (!(action === 'untrust' && ctx.faults.has('untrust-confirm-keeps-trust'))) state.trusted = trusted;
      return { trusted };
    });
  }
}
