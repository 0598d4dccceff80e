// Supplement §19 (interface: Invitations area; Errors 400 INVITATION_ALREADY_CLAIMED,
// INVITATIONS_NOT_CONFIGURED, INVITATION_CANCELLED, INVALID_UMA_ADDRESS; 404 INVITATION_NOT_FOUND):
// create, get, claim, cancel; PENDING -> CLAIMED | CANCELLED | EXPIRED (time, no event), all
// terminal; INVITATION.CLAIMED to the creator. Whether the platform has invitations configured is
// this sandbox's own switch, POST /sandbox/invitations/configuration {configured} (sandbox/README.md).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { badRequest, invalidInput, notFound } from '../http/errors.js';
import { activeCustomerWithUma } from '../customers/state.js';
import { current, present, state, type Invitation } from './state.js';

const UMA = /^\$[a-z0-9._-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const Create = z.object({
  inviterUma: z.string().min(1),
  firstName: z.string().min(1).max(255).optional(),
  amountToSend: z.number().int().positive().optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
const Claim = z.object({ inviteeUma: z.string().min(1) });

export async function invitationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const f = ctx.faults;

  function find(code: string): Invitation {
    const inv = state(ctx).byCode.get(code);
    if (!inv) throw notFound('INVITATION_NOT_FOUND', `No invitation ${code}`);
    return current(ctx, inv);
  }

  app.post('/invitations', async (req, reply) => {
    if (!state(ctx).configured && !f.has('invitations-always-configured')) {
      throw badRequest('INVITATIONS_NOT_CONFIGURED', 'Invitations are not configured for this platform');
    }
    const body = parse(Create, req.body);
    if (!UMA.test(body.inviterUma)) throw badRequest('INVALID_UMA_ADDRESS', `inviterUma ${body.inviterUma} is not an UMA address ($user@domain)`, { errors: [{ field: 'inviterUma', message: '$user@domain' }] });
    if (ctx.choices.alternate('inviter-must-be-customer') && !activeCustomerWithUma(ctx, body.inviterUma)) {
      throw badRequest('INVALID_UMA_ADDRESS', `inviterUma ${body.inviterUma} is no customer's UMA address`, { errors: [{ field: 'inviterUma', message: "a customer's umaAddress" }] });
    }
    const expiresAt = body.expiresAt ? Date.parse(body.expiresAt) : undefined;
    if (expiresAt !== undefined && expiresAt <= ctx.clock.now()) {
      throw invalidInput([{ field: 'expiresAt', message: 'expiresAt must be in the future' }]);
    }
    const inv: Invitation = {
      code: randomBytes(6).toString('hex').toUpperCase(),
      createdAt: isoNow(ctx.clock),
      // The fault: the expiry asked for is kept a day later.
      expiresAt: expiresAt !== undefined && ctx.faults.has('invitation-expiry-not-kept') ? expiresAt + 86_400_000 : expiresAt,
      inviterUma: body.inviterUma,
      firstName: body.firstName,
      amountToSend: ctx.faults.has('invitation-amount-not-stored') ? undefined : body.amountToSend,
      status: 'PENDING',
    };
    state(ctx).byCode.set(inv.code, inv);
    return reply.status(201).send(present({ ...inv, amountToSend: body.amountToSend }));
  });

  app.get<{ Params: { invitationCode: string } }>('/invitations/:invitationCode', async (req) => present(find(req.params.invitationCode)));

  app.post<{ Params: { invitationCode: string } }>('/invitations/:invitationCode/claim', async (req) => {
    const inv = find(req.params.invitationCode);
    const sent = req.body as { inviteeUma?: unknown } | undefined;
    // The fault: a claim refused for its inviteeUma writes it onto the still PENDING invitation first.
    if (f.has('invitation-refused-claim-written') && inv.status === 'PENDING' && sent && typeof sent === 'object' && 'inviteeUma' in sent && !(typeof sent.inviteeUma === 'string' && UMA.test(sent.inviteeUma))) inv.inviteeUma = String(sent.inviteeUma);
    const body = parse(Claim, req.body);
    if (!UMA.test(body.inviteeUma) && !f.has('invitation-invitee-uma-unchecked')) throw badRequest('INVALID_UMA_ADDRESS', `inviteeUma ${body.inviteeUma} is not an UMA address ($user@domain)`, { errors: [{ field: 'inviteeUma', message: '$user@domain' }] });
    if (inv.status === 'CLAIMED' && !f.has('invitation-claimed-twice')) throw badRequest('INVITATION_ALREADY_CLAIMED', `Invitation ${inv.code} is already claimed`);
    if (inv.status === 'CANCELLED' && !f.has('invitation-cancelled-claimable')) throw badRequest('INVITATION_CANCELLED', `Invitation ${inv.code} was cancelled`);
    // An expired invitation: the documents name no code (sandbox/README.md).
    if (inv.status === 'EXPIRED') throw badRequest('INVALID_INPUT', `Invitation ${inv.code} expired at ${new Date(inv.expiresAt!).toISOString()}`);
    inv.status = 'CLAIMED';
    inv.inviteeUma = body.inviteeUma;
    inv.claimedAt = isoNow(ctx.clock);
    if (!f.has('invitation-claim-no-event')) {
      // UmaInvitation has no id: the delivery is keyed by its code.
      ctx.webhooks.emit('INVITATION.CLAIMED', present(inv) as unknown as { id: string });
    }
    return present(inv);
  });

  app.post<{ Params: { invitationCode: string } }>('/invitations/:invitationCode/cancel', async (req) => {
    const inv = find(req.params.invitationCode);
    if (inv.status !== 'PENDING' && !f.has('invitation-cancel-any-state')) {
      // The alternate answers every refused cancel 400 INVALID_INPUT, the state in its details.
      if (ctx.choices.alternate('invitation-cancel-refused-invalid-input')) throw badRequest('INVALID_INPUT', `Invitation ${inv.code} is ${inv.status}; only a PENDING invitation can be cancelled`, { status: inv.status });
      throw inv.status === 'CLAIMED'
        ? badRequest('INVITATION_ALREADY_CLAIMED', `Invitation ${inv.code} is claimed; only a PENDING invitation can be cancelled`)
        : inv.status === 'CANCELLED'
          ? badRequest('INVITATION_CANCELLED', `Invitation ${inv.code} is already cancelled`)
          : badRequest('INVALID_INPUT', `Invitation ${inv.code} expired; only a PENDING invitation can be cancelled`);
    }
    inv.status = 'CANCELLED';
    // Fault invitation-cancel-sends-claimed: the cancel is announced as a claim.
    if (f.has('invitation-cancel-sends-claimed')) ctx.webhooks.emit('INVITATION.CLAIMED', present(inv) as unknown as { id: string });
    return present(inv);
  });

  // This sandbox's own switch: whether invitations are configured for the platform.
  app.post('/sandbox/invitations/configuration', async (req) => {
    const body = parse(z.object({ configured: z.boolean() }), req.body);
    state(ctx).configured = body.configured;
    return { configured: body.configured };
  });
}
