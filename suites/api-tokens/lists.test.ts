// GET /tokens: every documented filter narrows, paging visits every item once, limit outside 1–100 is
// refused. basis: supplement (section 20: filters name?, createdAfter/Before?, updatedAfter/Before?,
// paging; section 1: limit 1–100, cursor = the previous nextCursor). openapi.yaml, GET /tokens: each
// time bound is "(inclusive)", so a token exactly on the bound is listed.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { createToken, TOKENS, type CreatedToken } from '../../helpers/flows/wallet.js';
import { api } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { TOKEN_LIST } from '../../helpers/field-rules/tokens.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ApiToken } from '../../helpers/schemas/wallet.js';

const at = (s: string) => Date.parse(s);

/** Tokens made one after the other, each with a later createdAt than the one before (a new token is made until the clock has moved). */
async function tokensInTime(count: number): Promise<CreatedToken[]> {
  const made: CreatedToken[] = [await createToken(['VIEW'])];
  for (let tries = 0; made.length < count; tries++) {
    expect(tries, 'tokens created one after another get later createdAt values').toBeLessThan(50);
    const next = await createToken(['VIEW']);
    if (at(next.createdAt) > at(made[made.length - 1]!.createdAt)) made.push(next);
  }
  return made;
}

const ids = async (query: Record<string, string>, limit = 100) => (await walkPages(TOKENS, ApiToken, { query, limit })).map((t) => t.id);

describe(TOKEN_LIST, () => {
  scenario({ area: 'API Tokens', operation: TOKEN_LIST, section: 'Functional areas', basis: 'supplement' });

  it('name narrows the list to the tokens of that name, and paging by one visits each once', async () => {
    await basisSupplement('section 20: GET /tokens name?');
    const name = `named-${randomUUID()}`;
    const mine = [await createToken(['VIEW'], name), await createToken(['MANAGE'], name)];
    // How name matches (exact, prefix, part, case) is not stated: the other name shares no part with
    // this one, so every reading lists the same tokens.
    const other = await createToken(['VIEW'], `other-${randomUUID()}`);
    // Paged by one over the two tokens of a name no other token has: each page holds one, a page that
    // says hasMore is followed by one, and the walk sees each once (supplement §1).
    const listed = await walkPages(TOKENS, ApiToken, { query: { name }, limit: 1, settled: true });
    expect(listed.map((t) => t.id).sort(), `supplement §20: name=${name} lists exactly the two tokens of that name, each once, paged by one`).toEqual(mine.map((t) => t.id).sort());
    expect(await ids({ name: other.name }), `control: name=${other.name} lists that token and none of the first two`).toEqual([other.id]);
    recordRule(TOKEN_LIST, LIST_RULES.filter('name'));
    recordRule(TOKEN_LIST, LIST_RULES.pagingOnce);
    const byPart = await ids({ name: name.slice(0, -6) });
    noteInterface('api-tokens:name-match', ['supplement 20: GET /tokens name? (how a name matches is not stated)'], `name=<the first part of a name> lists ${byPart.filter((id) => mine.some((t) => t.id === id)).length} of the 2 tokens of the whole name`);
  });

  it('createdAfter/createdBefore and updatedAfter/updatedBefore bound the list by time, a token on the bound included', async () => {
    await basisSupplement('section 20: GET /tokens createdAfter/Before?, updatedAfter/Before?; section 1 paging; openapi.yaml (inclusive)');
    const [first, middle, last] = await tokensInTime(3);
    for (const [field, stamp] of [['created', 'createdAt'], ['updated', 'updatedAt']] as const) {
      const after = await walkPages(TOKENS, ApiToken, { query: { [`${field}After`]: middle![stamp] }, limit: field === 'created' ? 1 : 100 });
      for (const t of after) expect(at(t[stamp]), `supplement §20: ${field}After=${middle![stamp]} lists no token with an earlier ${stamp}; ${t.id} has ${t[stamp]}`).toBeGreaterThanOrEqual(at(middle![stamp]));
      expect(after.map((t) => t.id), `${field}After=${middle![stamp]} lists the later token ${last!.id}`).toContain(last!.id);
      expect(after.map((t) => t.id), `${field}After=${middle![stamp]} leaves out the earlier token ${first!.id}`).not.toContain(first!.id);
      // Description: GET /tokens ${field}After: "Filter customers ${field} after this timestamp (inclusive)".
      expect(after.map((t) => t.id), `Description: GET /tokens ${field}After "(inclusive)": ${field}After=${middle![stamp]} lists the token ${middle!.id} whose ${stamp} is that instant`).toContain(middle!.id);
      recordRule(TOKEN_LIST, LIST_RULES.filter(`${field}After`));

      const before = await ids({ [`${field}Before`]: middle![stamp] });
      expect(before, `${field}Before=${middle![stamp]} lists the earlier token ${first!.id}`).toContain(first!.id);
      expect(before, `${field}Before=${middle![stamp]} leaves out the later token ${last!.id}`).not.toContain(last!.id);
      // Description: GET /tokens ${field}Before: "Filter customers ${field} before this timestamp (inclusive)".
      expect(before, `Description: GET /tokens ${field}Before "(inclusive)": ${field}Before=${middle![stamp]} lists the token ${middle!.id} whose ${stamp} is that instant`).toContain(middle!.id);
      recordRule(TOKEN_LIST, LIST_RULES.filter(`${field}Before`));
    }
  });

  it.for([0, 101])('refuses limit=%s with 400 (limit is 1 to 100), and accepts 1 and 100', async (limit) => {
    await basisSupplement('section 1: limit 1–100; section 20: GET /tokens 400');
    expectError(await api.get(TOKENS, { query: { limit } }), 400, undefined, 'supplement §1: limit is 1 to 100');
    expectStatus(await api.get(TOKENS, { query: { limit: 1 } }), 200);
    expectStatus(await api.get(TOKENS, { query: { limit: 100 } }), 200);
    recordRule(TOKEN_LIST, LIST_RULES.limitRange);
  });
});
