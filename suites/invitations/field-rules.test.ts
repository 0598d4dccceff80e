// Every documented field rule of POST /invitations and POST /invitations/{code}/claim, with generated
// data (helpers/field-rules/invitations.ts). Interface: Errors / 400 INVALID_UMA_ADDRESS; FieldError dot
// paths. basis: supplement (section 19: the create and claim bodies, UmaInvitation).
import { describe, expect, it } from 'vitest';
import { api } from '../../helpers/harness.js';
import { expectStatus } from '../../helpers/expect.js';
import { currentInvitation, inviterUma, pendingInvitation } from '../../helpers/flows/invitations.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { INVITER, invitationClaim, invitationCreate } from '../../helpers/field-rules/invitations.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { UmaInvitation } from '../../helpers/schemas/uma.js';
import { rng } from '../../fixtures/random.js';

const CREATE = 'POST /invitations';
const CLAIM = 'POST /invitations/{invitationCode}/claim';
const uma = (who: string) => `$${who}.${rng().string.alphanumeric(10).toLowerCase()}@sandbox.uma.money`;

/** The generated body with the run's inviter in place of the placeholder (helpers/field-rules/invitations.ts). */
const withInviter = (body: Record<string, unknown>, inviter: string) => (body.inviterUma === INVITER ? { ...body, inviterUma: inviter } : body);

describe(CREATE, () => {
  scenario({ area: 'Invitations', operation: CREATE, section: 'Errors', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 naming the field', async () => {
    // No list of invitations exists (supplement 19): a refused create leaves nothing to read back.
    await basisSupplement('section 19: create {inviterUma*, firstName?, amountToSend?: int64, expiresAt?}; generated, one rule broken per request');
    const inviter = await inviterUma();
    await checkRulesRefused({ independent: true, spec: invitationCreate(), complete: (body) => withInviter(body, inviter), send: (body) => api.post('/invitations', { body }) });
  });

  it('accepts valid requests, optional fields present or not, and reads back the inviter', async () => {
    await basisSupplement('section 19: 201 PENDING; GET /invitations/{code}');
    const inviter = await inviterUma();
    await checkValidAccepted({
      spec: invitationCreate(),
      complete: (body) => withInviter(body, inviter),
      send: (body) => api.post('/invitations', { body }),
      created: { status: 201, schema: UmaInvitation },
      readBack: (inv) => api.get('/invitations/{invitationCode}', { params: { invitationCode: inv.code } }),
      // Supplement 19: the response's firstName is the inviter's (the request's is the invitee's), amountToSend a
      // CurrencyAmount (judged below); inviterUma and the expiresAt asked for read back as sent.
      echoes: (path) => path === 'inviterUma' || path === 'expiresAt',
      then: async (sent, created) => {
        expect(created.status, 'supplement §19: a new invitation is PENDING').toBe('PENDING');
        if (sent.amountToSend === undefined) return;
        expect(created.amountToSend?.amount, 'supplement §19: amountToSend (CurrencyAmount; the request takes an integer)').toBe(sent.amountToSend);
        const read = expectStatus(await api.get('/invitations/{invitationCode}', { params: { invitationCode: created.code } }), 200, UmaInvitation, 'GET /invitations/{invitationCode}');
        expect(read.amountToSend?.amount, 'supplement §19: the invitation keeps its amountToSend (CurrencyAmount; the request takes an integer)').toBe(sent.amountToSend);
      },
    });
  });
});

describe(CLAIM, () => {
  scenario({ area: 'Invitations', operation: CLAIM, section: 'Errors', basis: 'supplement' });

  it('refuses every claim that breaks one documented field rule with 400 naming the field, and the invitation stays PENDING', async () => {
    await basisSupplement('section 19: claim {inviteeUma*}; generated, one rule broken per request');
    const inv = await pendingInvitation({ inviterUma: await inviterUma() });
    // The whole invitation, not only its status: a refused claim that wrote its inviteeUma onto it changed it too.
    const before = await currentInvitation(inv.code);
    await checkRulesRefused({
      spec: invitationClaim(),
      send: (body) => api.post('/invitations/{invitationCode}/claim', { params: { invitationCode: inv.code }, body }),
      unchanged: async (rule) => {
        const now = await currentInvitation(inv.code);
        expect(now.status, `claims breaking ${rule.id} were refused: ${inv.code} is still PENDING`).toBe('PENDING');
        expect(now, `claims breaking ${rule.id} were refused and changed nothing of ${inv.code}`).toEqual(before);
      },
    });
  });

  it('accepts a valid claim and reads back the invitee', async () => {
    await basisSupplement('section 19: claim → 200 CLAIMED');
    let code = '';
    await checkValidAccepted({
      spec: invitationClaim(),
      // An invitation per claim: a claimed one is terminal.
      complete: async (b) => {
        code = (await pendingInvitation({ inviterUma: await inviterUma() })).code;
        return b;
      },
      send: (body) => api.post('/invitations/{invitationCode}/claim', { params: { invitationCode: code }, body }),
      created: { status: 200, schema: UmaInvitation },
      readBack: (inv) => api.get('/invitations/{invitationCode}', { params: { invitationCode: inv.code } }),
      then: async (_sent, claimed) => expect(claimed.status, 'supplement §19: a claim answers CLAIMED').toBe('CLAIMED'),
    });
  });
});
