// Request rules of the UMA invitations (supplement section 19: POST /invitations {inviterUma*,
// firstName?, amountToSend?: int64, expiresAt?}; POST /invitations/{code}/claim {inviteeUma*}; the 400
// INVALID_UMA_ADDRESS, inferred there, for a malformed address). An UMA address is `$user@domain`
// (supplement 8: `$success.usd@sandbox.uma.money`); a malformed one may be refused as INVALID_INPUT
// or as INVALID_UMA_ADDRESS, naming the field either way.
import fc from 'fast-check';
import { matching, NOT_AN_INSTANT, ruleIds, type FieldSpec, type RequestSpec } from './rules.js';

const S19 = 'supplement §19';
export const umaError = { status: 400, code: ['INVALID_INPUT', 'INVALID_UMA_ADDRESS'], namesField: true } as const;
export const umaAddress = fc.tuple(matching(/^[a-z][a-z0-9]{2,12}$/), fc.constantFrom('example.com', 'sandbox.uma.money')).map(([u, d]) => `$${u}@${d}`);
export const notUma = fc.constantFrom('alice@example.com', '$alice', '$@example.com', 'alice', '$alice@', '$al ice@example.com');
const uma = (path: string, cite: string): FieldSpec => ({
  path, type: 'string', required: true, valid: umaAddress, format: { name: 'UMA address $user@domain', invalid: notUma }, error: umaError, cite,
});

/**
 * The inviter's place in a generated create: description, UmaInvitationCreateRequest, inviterUma is
 * "The UMA address of the customer creating the invitation", an address the target gave one of the
 * run's customers, which the scenario puts in its place.
 */
export const INVITER = '<inviter>';

export function invitationCreate(): RequestSpec {
  const C = `${S19}: POST /invitations {inviterUma*, firstName?, amountToSend?: int64, expiresAt?}; description: "The UMA address of the customer creating the invitation"`;
  return {
    operation: 'POST /invitations',
    part: 'body',
    variants: [{
      name: 'invitation',
      fixed: {},
      fields: [
        { ...uma('inviterUma', `${C}; 400 INVALID_UMA_ADDRESS (inferred)`), valid: fc.constant(INVITER) },
        { path: 'firstName', type: 'string', cite: C },
        { path: 'amountToSend', type: 'integer', valid: fc.integer({ min: 1, max: 1_000_000 }), cite: C, error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true } },
        {
          path: 'expiresAt', type: 'string', valid: fc.integer({ min: 1, max: 30 }).map((d) => new Date(Math.floor(Date.now() / 1000) * 1000 + d * 86_400_000).toISOString()),
          format: { name: 'ISO 8601 timestamp', invalid: NOT_AN_INSTANT }, cite: `${C}; interface: "Timestamps are ISO 8601 strings"`,
        },
      ],
    }],
  };
}

export function invitationClaim(): RequestSpec {
  return {
    operation: 'POST /invitations/{invitationCode}/claim',
    part: 'body',
    variants: [{ name: 'claim', fixed: {}, fields: [uma('inviteeUma', `${S19}: POST /invitations/{code}/claim {inviteeUma*}; 400 INVALID_UMA_ADDRESS (inferred)`)] }],
  };
}

export function invitationRules(): Record<string, string[]> {
  return {
    'POST /invitations': ruleIds(invitationCreate()),
    'POST /invitations/{invitationCode}/claim': ruleIds(invitationClaim()),
  };
}
