// Invitations (supplement sections 11, 19): create, read, claim, cancel; INVITATION.CLAIMED to the creator.
import { expect } from 'vitest';
import { recordEvents, waitForEvent } from '../events.js';
import { expectStatus } from '../expect.js';
import { api } from '../harness.js';
import { UmaInvitation } from '../schemas/uma.js';
import { individual } from '../../fixtures/customers.js';
import { createCustomer } from './customers.js';

/**
 * An inviter: a customer the run creates, by its UMA address. Description, UmaInvitationCreateRequest:
 * inviterUma is "The UMA address of the customer creating the invitation", so an address the target
 * gave one of the platform's customers, not one the suite makes up.
 */
export async function inviterUma(): Promise<string> {
  const { umaAddress } = (await createCustomer(individual())) as { umaAddress?: unknown };
  expect(typeof umaAddress, 'Supplement 4: a customer carries its umaAddress (always)').toBe('string');
  return umaAddress as string;
}

export const createInvitation = (body: Record<string, unknown>) => api.post('/invitations', { body });
export const getInvitation = (invitationCode: string) => api.get('/invitations/{invitationCode}', { params: { invitationCode } });
export const claimInvitation = (invitationCode: string, inviteeUma: string) => api.post('/invitations/{invitationCode}/claim', { params: { invitationCode }, body: { inviteeUma } });
export const cancelInvitation = (invitationCode: string) => api.post('/invitations/{invitationCode}/cancel', { params: { invitationCode } });

/** An invitation that must be created: 201, PENDING, the inviter asked for. */
export async function pendingInvitation(body: Record<string, unknown>): Promise<UmaInvitation> {
  const inv = expectStatus(await createInvitation(body), 201, UmaInvitation, 'Supplement 19: POST /invitations answers 201 with a PENDING UmaInvitation');
  expect(inv.status, 'Supplement 19: a new invitation is PENDING').toBe('PENDING');
  expect(inv.inviterUma, 'Supplement 19: inviterUma is the one given').toBe(body.inviterUma);
  return inv;
}

/** The invitation as the target has it now. */
export async function currentInvitation(code: string): Promise<UmaInvitation> {
  return expectStatus(await getInvitation(code), 200, UmaInvitation, 'Supplement 19: GET /invitations/{code} answers the UmaInvitation');
}

/**
 * Waits for INVITATION.CLAIMED about the invitation `code` (an UmaInvitation has no id: the event is
 * found by type and data.code), judges it and records the event as covered.
 */
export async function expectClaimedEvent(code: string, inviteeUma: string, since: number): Promise<void> {
  const n = await waitForEvent('INVITATION.CLAIMED', (e) => e.type === 'INVITATION.CLAIMED' && e.data.code === code, `INVITATION.CLAIMED about ${code}`, { since });
  expect(n.data.status, 'Supplement 27: INVITATION.CLAIMED carries the UmaInvitation, now CLAIMED').toBe('CLAIMED');
  if (n.data.inviteeUma != null) expect(n.data.inviteeUma, 'Supplement 19: inviteeUma? names the invitee who claimed').toBe(inviteeUma);
  recordEvents([n]);
}
