// The invitations store (supplement section 19): the invitations by code, whether the platform has
// invitations configured (this sandbox's own switch), an invitation as it is now (PENDING past its
// expiresAt has EXPIRED) and its presenter.
import { areaState, type SandboxContext } from '../context.js';
import { money } from '../currencies.js';

export type InvitationStatus = 'PENDING' | 'CLAIMED' | 'EXPIRED' | 'CANCELLED';
export interface Invitation {
  code: string;
  createdAt: string;
  claimedAt?: string;
  expiresAt?: number;
  inviterUma: string;
  inviteeUma?: string;
  firstName?: string;
  amountToSend?: number;
  status: InvitationStatus;
}

export const state = (ctx: SandboxContext) => areaState(ctx, 'invitations', () => ({ configured: true, byCode: new Map<string, Invitation>() }));

/** The invitation as it is now: a PENDING one past its expiresAt has EXPIRED. */
export function current(ctx: SandboxContext, inv: Invitation): Invitation {
  const expirable = inv.status === 'PENDING' || (inv.status === 'CLAIMED' && ctx.faults.has('invitation-claimed-expires'));
  if (expirable && inv.expiresAt !== undefined && ctx.clock.now() >= inv.expiresAt && !ctx.faults.has('invitation-never-expires')) {
    inv.status = 'EXPIRED';
  }
  return inv;
}

export function present(inv: Invitation) {
  return {
    code: inv.code,
    createdAt: inv.createdAt,
    ...(inv.claimedAt ? { claimedAt: inv.claimedAt } : {}),
    url: `https://sandbox.uma.money/invitations/${inv.code}`,
    ...(inv.expiresAt !== undefined ? { expiresAt: new Date(inv.expiresAt).toISOString() } : {}),
    inviterUma: inv.inviterUma,
    ...(inv.inviteeUma ? { inviteeUma: inv.inviteeUma } : {}),
    status: inv.status,
    ...(inv.firstName ? { firstName: inv.firstName } : {}),
    ...(inv.amountToSend !== undefined ? { amountToSend: money(inv.amountToSend, 'USD') } : {}),
  };
}

