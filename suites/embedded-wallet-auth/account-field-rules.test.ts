// Every documented field rule of the embedded-wallet operations on sessions, delegated keys and the
// wallet account, both ways, with generated data (helpers/field-rules/wallet.ts holds the rules and their
// citations; suites/embedded-wallet-auth/field-rules.test.ts the credential operations). Interface: area
// "Embedded Wallet Auth", Authentication 4, Errors (FieldError dot paths); basis: supplement (section 17;
// section 10: the signed retry). Each broken request is judged on the leg that refuses it
// (refusalOnEitherLeg): the documents do not say whether that is before the 202 or on the signed retry.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectStatus } from '../../helpers/expect.js';
import { issueCard } from '../../helpers/flows/cards.js';
import {
  SESSION_REFRESH, WALLET_ACCOUNT, WALLET_EXPORT, expectSessionsUnchanged, listSessions, loggedInWallet, needEmbeddedWallet, otpLogin, refusalOnEitherLeg, signatureRequest, signed, signedRetryOf, stampHeaders,
} from '../../helpers/flows/wallet.js';
import { api } from '../../helpers/harness.js';
import { checkValidAnswered } from '../../helpers/field-rules/answered.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { ACCOUNT_EXPORT, ACCOUNT_PATCH, DELEGATED_KEY_CREATE, SESSION_REFRESH_OP, accountExport, accountPatch, compressedKey, delegatedKeyCreate, sessionRefresh, uncompressedKey } from '../../helpers/field-rules/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { InternalAccount } from '../../helpers/schemas/index.js';
import { AuthSession, DelegatedKey, DelegatedKeyList, SignatureRequest } from '../../helpers/schemas/wallet.js';

const AREA = 'Embedded Wallet Auth';
const KEYS = '/auth/delegated-keys';

describe(SESSION_REFRESH_OP, () => {
  scenario({ area: AREA, operation: SESSION_REFRESH_OP, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and starts no session', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: refresh {clientPublicKey*} (pattern); generated');
    const { account, session, key } = await loggedInWallet();
    const before = await listSessions(account.id);
    await checkRulesRefused({
      spec: sessionRefresh(),
      send: (b) => refusalOnEitherLeg('POST', SESSION_REFRESH, { params: { sessionId: session.id }, body: b }, key),
      unchanged: (rule) => expectSessionsUnchanged(account.id, before, `refreshes breaking ${rule.id} were refused and changed no session`),
    });
  });

  it('accepts valid keys, compressed or not: 201 AuthSession of the same account', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: refresh 202 -> (current session) 201 AuthSession');
    const { account, emailOtp } = await loggedInWallet();
    // Each form in every run (one generated key per form and per SVC_RULE_RUNS). Each refresh is of a
    // session of its own: whether a refresh leaves the session it refreshed active is not stated
    // (note wallet-refresh-old-session), and the generated keys' private halves are not held.
    for (const form of [compressedKey, uncompressedKey]) {
      await checkValidAnswered({
        spec: sessionRefresh(form),
        send: async (b) => {
          const { session, key } = await otpLogin(emailOtp);
          return signed('POST', SESSION_REFRESH, { params: { sessionId: session.id }, body: b }, key);
        },
        answered: { status: 201, schema: AuthSession },
        then: async (_sent, fresh) => expect(fresh.accountId, 'the refreshed session is of the same account').toBe(account.id),
      });
    }
  });
});

describe(DELEGATED_KEY_CREATE, () => {
  scenario({ area: AREA, operation: DELEGATED_KEY_CREATE, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and creates no key', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: delegated-keys {cardId*, internalAccountId*, nickname* ≤256}; generated');
    const { customerId, account, key } = await loggedInWallet();
    const card = await issueCard(customerId, account.id);
    await checkRulesRefused({
      spec: delegatedKeyCreate({ cardId: card.id, accountId: account.id }),
      send: (b) => refusalOnEitherLeg('POST', KEYS, { body: b }, key),
      unchanged: async (rule) => {
        const keys = expectStatus(await api.get(KEYS, { query: { accountId: account.id } }), 200, DelegatedKeyList, 'supplement §17: GET /auth/delegated-keys?accountId=').data;
        expect(keys.map((k) => k.id), `requests breaking ${rule.id} were refused and created no key`).toEqual([]);
      },
    });
  });

  it('accepts valid requests through both signed legs: 201 DelegatedKey ACTIVE, read back by id with the card, account and nickname sent', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: delegated-keys 202 -> 202 -> 201 DelegatedKey ACTIVE; GET /auth/delegated-keys/{id}');
    const { customerId, account, key } = await loggedInWallet();
    let cardId = '';
    await checkValidAccepted({
      spec: delegatedKeyCreate({ accountId: account.id }),
      // A card per request: one ACTIVE key per card and account.
      complete: async (b) => {
        cardId = (await issueCard(customerId, account.id)).id;
        return { ...b, cardId };
      },
      send: async (b) => {
        const call = { body: b };
        const first = await signatureRequest('POST', KEYS, call);
        const second = expectStatus(await signedRetryOf('POST', KEYS, call, stampHeaders(key, first)), 202, SignatureRequest, 'supplement §17: delegated-keys 202 -> 202 -> 201');
        return signedRetryOf('POST', KEYS, call, stampHeaders(key, second));
      },
      created: { status: 201, schema: DelegatedKey },
      readBack: (k) => api.get('/auth/delegated-keys/{delegatedKeyId}', { params: { delegatedKeyId: k.id } }),
      // The key names its account as accountId (the request's internalAccountId).
      aliases: { internalAccountId: () => [undefined] },
      then: async (sent, made) => {
        expect(made.status, 'supplement §17: the third leg answers the key ACTIVE').toBe('ACTIVE');
        expect(made.accountId, 'the key is of the internal account sent').toBe(sent.internalAccountId);
      },
    });
  });
});

describe(ACCOUNT_PATCH, () => {
  scenario({ area: AREA, operation: ACCOUNT_PATCH, section: 'Functional areas', basis: 'supplement' });
  const privateEnabledOf = async (customerId: string, accountId: string) => {
    const page = expectStatus(await api.get('/customers/internal-accounts', { query: { customerId, limit: 100 } }), 200, z.looseObject({ data: z.array(InternalAccount) }));
    return page.data.find((a) => a.id === accountId)?.privateEnabled;
  };

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg), and changes nothing', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: PATCH /internal-accounts/{id} {privateEnabled?} (≥1 field); generated');
    const { customerId, account, key } = await loggedInWallet();
    const before = await privateEnabledOf(customerId, account.id);
    await checkRulesRefused({
      spec: accountPatch(),
      send: (b) => refusalOnEitherLeg('PATCH', WALLET_ACCOUNT, { params: { internalAccountId: account.id }, body: b }, key),
      unchanged: async (rule) => expect(await privateEnabledOf(customerId, account.id), `requests breaking ${rule.id} were refused and left privateEnabled as it was`).toBe(before),
    });
  });

  it('accepts valid requests: 200 InternalAccount with privateEnabled as sent, and the account keeps it', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: PATCH 202 -> 200 InternalAccount');
    const { customerId, account, key } = await loggedInWallet();
    await checkValidAnswered({
      spec: accountPatch(),
      send: (b) => signed('PATCH', WALLET_ACCOUNT, { params: { internalAccountId: account.id }, body: b }, key),
      answered: { status: 200, schema: InternalAccount },
      echoed: ['privateEnabled'],
      then: async (sent) => {
        if (sent.privateEnabled === undefined) return;
        expect(await privateEnabledOf(customerId, account.id), 'supplement 17: PATCH /internal-accounts/{id} {privateEnabled?}: the account lists with privateEnabled as changed').toBe(sent.privateEnabled);
      },
    });
  });
});

describe(ACCOUNT_EXPORT, () => {
  scenario({ area: AREA, operation: ACCOUNT_EXPORT, section: 'Functional areas', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field (on either leg)', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: export {clientPublicKey*} uncompressed; generated');
    const { account, key } = await loggedInWallet();
    const before = await listSessions(account.id);
    await checkRulesRefused({
      spec: accountExport(),
      send: (b) => refusalOnEitherLeg('POST', WALLET_EXPORT, { params: { internalAccountId: account.id }, body: b }, key),
      unchanged: (rule) => expectSessionsUnchanged(account.id, before, `exports breaking ${rule.id} were refused and changed no session`),
    });
  });

  it('accepts valid uncompressed keys: 200 {id, encryptedWalletCredentials}', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: export 202 -> 200 {id*, encryptedWalletCredentials*}');
    const { account, key } = await loggedInWallet();
    await checkValidAnswered({
      spec: accountExport(),
      send: (b) => signed('POST', WALLET_EXPORT, { params: { internalAccountId: account.id }, body: b }, key),
      answered: { status: 200, schema: z.looseObject({ id: z.string().min(1), encryptedWalletCredentials: z.string().min(1) }) },
      then: async (_sent, exported) => expect(exported.id, 'the export names the account').toBe(account.id),
    });
  });
});
