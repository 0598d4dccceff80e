// The embedded-wallet lists: GET /auth/credentials and GET /auth/sessions (accountId*, unpaged) and GET
// /auth/delegated-keys (accountId? / fundingSourceId?, at least one; unpaged): the required query is
// refused when missing, and each filter narrows to its own account or funding source, another's never
// showing. basis: supplement (section 17: "GET /auth/credentials accountId* ... 200 {data[AuthMethod]},
// unpaged; 400 INVALID_INPUT"; sessions "active only"; delegated keys "accountId? / fundingSourceId?
// (≥1) ... {data[]} incl. PENDING/REVOKED"; "Delegated key abandoned after leg 2 stays PENDING").
import { describe, expect, it } from 'vitest';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectQueryRefused, expectStatus } from '../../helpers/expect.js';
import { issueCard } from '../../helpers/flows/cards.js';
import { CREDENTIALS, SESSIONS, loggedInWallet, needEmbeddedWallet, signatureRequest, signedRetryOf, stampHeaders } from '../../helpers/flows/wallet.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { CREDENTIAL_LIST, DELEGATED_KEY_LIST, QUERY_ACCOUNT_REQUIRED, QUERY_ONE_FILTER_REQUIRED, SESSION_LIST } from '../../helpers/field-rules/wallet.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { AuthMethodList, AuthSessionList, DelegatedKeyList, SignatureRequest } from '../../helpers/schemas/wallet.js';

const KEYS = '/auth/delegated-keys';
const AREA = 'Embedded Wallet Auth';


for (const [op, path, schema, what] of [
  [CREDENTIAL_LIST, CREDENTIALS, AuthMethodList, 'credentials'],
  [SESSION_LIST, SESSIONS, AuthSessionList, 'sessions'],
] as const) {
  describe(op, () => {
    scenario({ area: AREA, operation: op, section: 'Functional areas', basis: 'supplement' });

    it(`refuses a list without accountId with 400 INVALID_INPUT, and lists each account's own ${what} only`, async (ctx) => {
      needEmbeddedWallet(ctx);
      await basisSupplement(`section 17: GET ${path} accountId*; 400 INVALID_INPUT`);
      expectQueryRefused(await api.get(path), 'accountId', `supplement §17: GET ${path} needs accountId*; 400 INVALID_INPUT`, 'INVALID_INPUT');
      recordRule(op, QUERY_ACCOUNT_REQUIRED);

      const a = await loggedInWallet();
      const b = await loggedInWallet();
      const own = (w: typeof a) => (op === CREDENTIAL_LIST ? w.emailOtp.id : w.session.id);
      for (const [w, other] of [[a, b], [b, a]] as const) {
        const listed = expectStatus(await api.get(path, { query: { accountId: w.account.id } }), 200, schema, `supplement §17: GET ${path}?accountId=`).data;
        expect(listed.map((x) => x.id), `accountId=${w.account.id} lists the account's own ${what}`).toContain(own(w));
        for (const x of listed) expect(x.accountId, `accountId=${w.account.id} lists ${what} of that account only; ${x.id} is of ${x.accountId}`).toBe(w.account.id);
        expect(listed.map((x) => x.id), `control: another account's ${what} (${own(other)}) never show`).not.toContain(own(other));
      }
      recordRule(op, LIST_RULES.filter('accountId'));
    });
  });
}

describe(DELEGATED_KEY_LIST, () => {
  scenario({ area: AREA, operation: DELEGATED_KEY_LIST, section: 'Functional areas', basis: 'supplement' });

  /** A wallet with a card and a delegated key left PENDING after leg 2 (supplement 17: it stays PENDING and is listed). */
  async function pendingKey() {
    const wallet = await loggedInWallet();
    const card = await issueCard(wallet.customerId, wallet.account.id);
    const call = { body: { cardId: card.id, internalAccountId: wallet.account.id, nickname: 'listed key' } };
    const first = await signatureRequest('POST', KEYS, call);
    expectStatus(await signedRetryOf('POST', KEYS, call, stampHeaders(wallet.key, first)), 202, SignatureRequest, 'supplement §17: delegated-keys 202 -> 202 -> 201');
    const [key] = expectStatus(await api.get(KEYS, { query: { accountId: wallet.account.id } }), 200, DelegatedKeyList).data;
    expect(key, `the key left after leg 2 is listed for ${wallet.account.id}`).toBeDefined();
    return { wallet, key: key! };
  }

  it('refuses a list with neither accountId nor fundingSourceId with 400, and each filter narrows to its own account or funding source', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: GET /auth/delegated-keys accountId? / fundingSourceId? (≥1); {data[]} incl. PENDING');
    expectError(await api.get(KEYS), 400, undefined, 'supplement §17: GET /auth/delegated-keys needs accountId or fundingSourceId (≥1)');
    recordRule(DELEGATED_KEY_LIST, QUERY_ONE_FILTER_REQUIRED);

    const a = await pendingKey();
    const b = await pendingKey();
    for (const [field, of] of [['accountId', (k: typeof a.key) => k.accountId], ['fundingSourceId', (k: typeof a.key) => k.fundingSourceId]] as const) {
      for (const [mine, other] of [[a, b], [b, a]] as const) {
        const value = of(mine.key);
        const listed = expectStatus(await api.get(KEYS, { query: { [field]: value } }), 200, DelegatedKeyList, `supplement §17: GET /auth/delegated-keys?${field}=`).data;
        expect(listed.map((k) => k.id), `${field}=${value} lists the key ${mine.key.id}`).toContain(mine.key.id);
        for (const k of listed) expect(of(k), `${field}=${value} lists keys of that ${field} only; ${k.id} has ${of(k)}`).toBe(value);
        expect(listed.map((k) => k.id), `control: ${field}=${value} leaves the other key ${other.key.id} out`).not.toContain(other.key.id);
      }
      recordRule(DELEGATED_KEY_LIST, LIST_RULES.filter(field));
    }
  });
});
