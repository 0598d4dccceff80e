// Interface: Invitations area ("Create, claim and manage UMA invitations"); Errors / 400
// INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, INVALID_UMA_ADDRESS; 404 INVITATION_NOT_FOUND.
// Paths, the UmaInvitation, its states (PENDING -> CLAIMED | CANCELLED | EXPIRED, all terminal) and
// INVITATION.CLAIMED: basis: supplement (sections 11, 19, 27). The code of a claim of an expired
// invitation and of a cancel that is not of a PENDING one is not listed (supplement 19, 28).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/eventually.js';
import { expectError, expectRefusedTransition, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { cancelInvitation, claimInvitation, createInvitation, currentInvitation, expectClaimedEvent, getInvitation, inviterUma, pendingInvitation } from '../../helpers/flows/invitations.js';
import { capabilities, listener } from '../../helpers/harness.js';
import { newSince } from '../../helpers/events.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { rng } from '../../fixtures/random.js';
import { UmaInvitation } from '../../helpers/schemas/uma.js';

const uma = (who: string) => `$${who}.${rng().string.alphanumeric(10).toLowerCase()}@sandbox.uma.money`;

describe('POST /invitations/{invitationCode}/claim', () => {
  scenario({ area: 'Invitations', operation: 'POST /invitations/{invitationCode}/claim', section: 'Errors', basis: 'supplement' });

  it.concurrent('claims a PENDING invitation (CLAIMED, INVITATION.CLAIMED to the creator), and refuses a second claim with 400 INVITATION_ALREADY_CLAIMED', async () => {
    await basisSupplement('claim {inviteeUma} -> 200 CLAIMED, INVITATION.CLAIMED; CLAIMED is terminal (sections 19, 27)');
    const inviter = await inviterUma();
    const inv = await pendingInvitation({ inviterUma: inviter, amountToSend: 2_500 });
    expect(inv.amountToSend?.amount, 'Supplement 19: amountToSend (CurrencyAmount; the request takes an integer)').toBe(2_500);
    expect((await currentInvitation(inv.code)).status).toBe('PENDING');
    const since = await listener.mark();
    const inviteeUma = uma('invitee');
    const claimed = await claimInvitation(inv.code, inviteeUma);
    expect(claimed.status, `Supplement 19: claim answers 200 CLAIMED; got ${claimed.status} ${JSON.stringify(claimed.body)}`).toBe(200);
    const after = await currentInvitation(inv.code);
    expectTransition('invitation', inv.status, after.status, 'PENDING', 'CLAIMED');
    if (after.inviteeUma != null) expect(after.inviteeUma, 'Supplement 19: inviteeUma? is the one who claimed').toBe(inviteeUma);
    await expectClaimedEvent(inv.code, inviteeUma, since);

    expectError(await claimInvitation(inv.code, uma('late')), 400, 'INVITATION_ALREADY_CLAIMED', 'Errors / 400: INVITATION_ALREADY_CLAIMED');
    const again = await currentInvitation(inv.code);
    expectRefusedTransition('invitation', 'CLAIMED', 'CLAIMED', again.status);
    expect(again.inviteeUma ?? null, 'a refused claim changes nothing').toBe(after.inviteeUma ?? null);

    const cancel = await cancelInvitation(inv.code);
    expectError(cancel, 400, undefined, 'Supplement 19: cancel answers 400 when the invitation is not PENDING');
    expectRefusedTransition('invitation', 'CLAIMED', 'CANCELLED', (await currentInvitation(inv.code)).status);
  });

  it.concurrent('refuses the claim of a cancelled invitation with 400 INVITATION_CANCELLED', async () => {
    await basisSupplement('cancel -> 200 CANCELLED; CANCELLED is terminal (section 19)');
    const inv = await pendingInvitation({ inviterUma: await inviterUma() });
    expectStatus(await cancelInvitation(inv.code), 200, UmaInvitation, 'Supplement 19: cancel answers 200 CANCELLED (description: 200 UmaInvitation)');
    expectTransition('invitation', inv.status, (await currentInvitation(inv.code)).status, 'PENDING', 'CANCELLED');
    expectError(await claimInvitation(inv.code, uma('invitee')), 400, 'INVITATION_CANCELLED', 'Errors / 400: INVITATION_CANCELLED');
    expectRefusedTransition('invitation', 'CANCELLED', 'CLAIMED', (await currentInvitation(inv.code)).status);
  });

  it.concurrent('lets a PENDING invitation expire at its expiresAt, and refuses its claim with 400', async () => {
    await basisSupplement('expiresAt; PENDING -> EXPIRED (time, no event); the code of the refused claim is unlisted (section 19)');
    const inviter = await inviterUma();
    // The target's clock: the createdAt of an invitation made just now.
    const probe = await pendingInvitation({ inviterUma: inviter });
    const ttlMs = 1500;
    const expiresAt = new Date(Date.parse(probe.createdAt) + ttlMs).toISOString();
    const inv = await pendingInvitation({ inviterUma: inviter, expiresAt });
    expect(Date.parse(inv.expiresAt ?? ''), 'Supplement 19: expiresAt is the one given').toBe(Date.parse(expiresAt));
    const expired = await eventually(() => currentInvitation(inv.code), (i) => i.status !== 'PENDING', {
      timeoutMs: ttlMs + capabilities.waitBudgetMs,
      what: `invitation ${inv.code} to leave PENDING after its expiresAt ${expiresAt}`,
    });
    expectTransition('invitation', inv.status, expired.status, 'PENDING', 'EXPIRED');
    const res = await claimInvitation(inv.code, uma('invitee'));
    const body = expectError(res, 400, undefined, 'Supplement 19: the claim of an expired invitation answers 400 (code unlisted)');
    noteInterface('invitation:expired-claim-code', ['Supplement 19: "400 (INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, expired: code unlisted)"'], `POST /invitations/{invitationCode}/claim of an EXPIRED invitation: 400 ${body.code}`);
    expectRefusedTransition('invitation', 'EXPIRED', 'CLAIMED', (await currentInvitation(inv.code)).status);
  });
});

describe('POST /invitations/{invitationCode}/cancel', () => {
  scenario({ area: 'Invitations', operation: 'POST /invitations/{invitationCode}/cancel', section: 'Errors', basis: 'supplement' });

  it.concurrent('keeps the terminal states: CLAIMED and CANCELLED stay past expiresAt, a cancel of a CANCELLED or EXPIRED invitation answers 400, and neither cancel nor expiry sends INVITATION.CLAIMED', async () => {
    await basisSupplement('PENDING -> CLAIMED | CANCELLED | EXPIRED (time, no event), all terminal; cancel 400 not PENDING; INVITATION.CLAIMED on claim (sections 19, 27)');
    const inviter = await inviterUma();
    const probe = await pendingInvitation({ inviterUma: inviter }); // the target's clock: createdAt of an invitation made just now
    const ttlMs = 1500;
    const expiresAt = new Date(Date.parse(probe.createdAt) + ttlMs).toISOString();
    const [toClaim, toCancel, toExpire] = await Promise.all([1, 2, 3].map(() => pendingInvitation({ inviterUma: inviter, expiresAt })));
    const since = await listener.mark();
    const inviteeUma = uma('invitee');
    expectStatus(await claimInvitation(toClaim.code, inviteeUma), 200, UmaInvitation, 'Supplement 19: claim of a PENDING invitation answers 200');
    expectStatus(await cancelInvitation(toCancel.code), 200, UmaInvitation, 'Supplement 19: cancel of a PENDING invitation answers 200');
    expectTransition('invitation', toCancel.status, (await currentInvitation(toCancel.code)).status, 'PENDING', 'CANCELLED');
    const again = await cancelInvitation(toCancel.code);
    expectError(again, 400, undefined, 'Supplement 19: cancel answers 400 when the invitation is not PENDING (CANCELLED)');
    expectRefusedTransition('invitation', 'CANCELLED', 'CANCELLED', (await currentInvitation(toCancel.code)).status);

    // The control: the invitation left PENDING with the same expiresAt expires; the claimed and the cancelled ones keep their state.
    const expired = await eventually(() => currentInvitation(toExpire.code), (i) => i.status !== 'PENDING', {
      timeoutMs: ttlMs + capabilities.waitBudgetMs,
      what: `invitation ${toExpire.code} to leave PENDING after its expiresAt ${expiresAt}`,
    });
    expectTransition('invitation', toExpire.status, expired.status, 'PENDING', 'EXPIRED');
    expectRefusedTransition('invitation', 'CLAIMED', 'EXPIRED', (await currentInvitation(toClaim.code)).status);
    expectRefusedTransition('invitation', 'CANCELLED', 'EXPIRED', (await currentInvitation(toCancel.code)).status);
    expectError(await cancelInvitation(toExpire.code), 400, undefined, 'Supplement 19: cancel answers 400 when the invitation is not PENDING (EXPIRED)');
    expectRefusedTransition('invitation', 'EXPIRED', 'CANCELLED', (await currentInvitation(toExpire.code)).status);

    // Events: the claim's INVITATION.CLAIMED arrives (event deadline); after a quiet period none is about the cancelled or the expired one.
    await expectClaimedEvent(toClaim.code, inviteeUma, since);
    const got = await listener.gather('INVITATION.CLAIMED', () => false, { since, timeoutMs: 0, quietMs: capabilities.eventQuietMs });
    const claimedCodes = newSince(got.deliveries, since).filter((n) => n.type === 'INVITATION.CLAIMED').map((n) => n.data.code);
    expect(claimedCodes, `Supplement 19, 27: INVITATION.CLAIMED is sent on claim only; cancel (${toCancel.code}) and expiry (${toExpire.code}, "no event") send none`).not.toContain(toCancel.code);
    expect(claimedCodes).not.toContain(toExpire.code);
  });
});

describe('POST /invitations', () => {
  scenario({ area: 'Invitations', operation: 'POST /invitations', section: 'Errors', basis: 'supplement' });

  it.concurrent('answers 400 INVALID_UMA_ADDRESS for a malformed inviterUma', async () => {
    await basisSupplement('POST /invitations 400 INVALID_UMA_ADDRESS (section 19, inferred there; the interface lists the code)');
    await pendingInvitation({ inviterUma: await inviterUma() }); // control
    expectError(await createInvitation({ inviterUma: 'inviter-without-dollar' }), 400, 'INVALID_UMA_ADDRESS', 'Errors / 400: INVALID_UMA_ADDRESS');
  });
});

describe('GET /invitations/{invitationCode}', () => {
  scenario({ area: 'Invitations', operation: 'GET /invitations/{invitationCode}', section: 'Errors', basis: 'supplement' });

  it.concurrent('answers 404 INVITATION_NOT_FOUND for a code that names no invitation, on read, claim and cancel', async () => {
    await basisSupplement('404 INVITATION_NOT_FOUND on GET, claim, cancel (section 19)');
    const inv = await pendingInvitation({ inviterUma: await inviterUma() });
    expect((await currentInvitation(inv.code)).code).toBe(inv.code); // control
    const unknown = `NOPE${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    expectError(await getInvitation(unknown), 404, 'INVITATION_NOT_FOUND', 'Errors / 404: INVITATION_NOT_FOUND');
    expectError(await claimInvitation(unknown, uma('invitee')), 404, 'INVITATION_NOT_FOUND', 'Errors / 404: INVITATION_NOT_FOUND');
    expectError(await cancelInvitation(unknown), 404, 'INVITATION_NOT_FOUND', 'Errors / 404: INVITATION_NOT_FOUND');
  });
});
