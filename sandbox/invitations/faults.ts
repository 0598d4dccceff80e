// Named faults of sandbox/invitations/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const invitationsFaults = {
  // Errors
  'invitation-refused-claim-written': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Errors: a refused request changes nothing; POST /invitations/{code}/claim {inviteeUma*} (supplement 19): a refused claim leaves the invitation as it was.',
  },
  // Errors / 400
  'invitation-claimed-twice': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Errors / 400: INVITATION_ALREADY_CLAIMED (supplement 19: CLAIMED is terminal).',
  },
  'invitation-cancelled-claimable': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Errors / 400: INVITATION_CANCELLED (supplement 19: CANCELLED is terminal).',
  },
  'invitations-always-configured': {
    areas: ['invitations'],
    suites: ['invitations/not-configured.platform.test.ts'],
    rule: 'Errors / 400: INVITATIONS_NOT_CONFIGURED (supplement 19: POST /invitations on a platform without invitations).',
  },
  // Supplement 19
  'invitation-invitee-uma-unchecked': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Supplement 19: claim {inviteeUma*}, an UMA address; 400 INVALID_UMA_ADDRESS (a malformed address claims the invitation).',
  },
  'invitation-claimed-expires': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19: PENDING -> CLAIMED | CANCELLED | EXPIRED, all terminal (a CLAIMED invitation past its expiresAt stays CLAIMED).',
  },
  'invitation-never-expires': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19: PENDING -> EXPIRED when expiresAt passes.',
  },
  'invitation-amount-not-stored': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Supplement 19: POST /invitations {…, amountToSend?: int64}; UmaInvitation amountToSend? (CurrencyAmount): the invitation keeps it.',
  },
  'invitation-expiry-not-kept': {
    areas: ['invitations'],
    suites: ['invitations/field-rules.test.ts'],
    rule: 'Supplement 19: POST /invitations {…, expiresAt?}: the invitation expires when asked (another expiresAt is kept).',
  },
  'invitation-cancel-any-state': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19: POST /invitations/{code}/cancel answers 400 when the invitation is not PENDING.',
  },
  // Supplement 19, 27
  'invitation-claim-no-event': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19, 27: a claim sends INVITATION.CLAIMED (data UmaInvitation) to the creator.',
  },
  'invitation-cancel-sends-claimed': {
    areas: ['invitations'],
    suites: ['invitations/invitations.test.ts'],
    rule: 'Supplement 19, 27: INVITATION.CLAIMED is sent on claim; a cancel sends none.',
  },
} as const satisfies Record<string, FaultEntry>;
