// Every documented field rule of POST /tokens, both ways, with generated data (helpers/field-rules/tokens.ts
// holds the rules and their citations). Interface: functional area "API Tokens", Errors (FieldError dot
// paths); basis: supplement (section 20: {name*, permissions*[VIEW|TRANSACT|MANAGE]}, 201 ApiToken, 400).
import { describe, expect, it } from 'vitest';
import { createToken, TOKEN, TOKENS } from '../../helpers/flows/wallet.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted, StrayValues } from '../../helpers/field-rules/check.js';
import { TOKEN_CREATE, tokenCreate } from '../../helpers/field-rules/tokens.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ApiToken, CreatedApiToken } from '../../helpers/schemas/wallet.js';

/** Every order of the permissions sent: the documents do not say the array keeps its order. */
const permutations = (xs: unknown[]): unknown[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest])));

describe(TOKEN_CREATE, () => {
  scenario({ area: 'API Tokens', operation: TOKEN_CREATE, section: 'Functional areas', basis: 'supplement' });
  const send = (body: Record<string, unknown>) => api.post(TOKENS, { body });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and creates no token', async () => {
    await basisSupplement('section 20: POST /tokens {name*, permissions*[VIEW|TRANSACT|MANAGE]}, 400; generated, one rule broken per request');
    // The anchor's createdAt bounds the tokens made after it; each refused request carries a marked name,
    // unless its rule is about the name: then the name it sent (or, for a missing one, what a target that
    // stored it anyway could have made of none) marks it, as a target that coerced it would store it.
    const anchor = await createToken(['VIEW']);
    const marker = `refused-${anchor.id.slice(-8)}`;
    const strays = new StrayValues('name', (name: unknown) => typeof name === 'string' && name.startsWith(marker));
    let n = 0;
    await checkRulesRefused({
      independent: true,
      spec: tokenCreate(),
      complete: (b) => ({ ...b, name: `${marker}-${n++}` }),
      send: (body) => send(strays.collect(body)),
      unchanged: async (rule) => {
        const made = (await walkPages(TOKENS, ApiToken, { query: { createdAfter: anchor.createdAt }, limit: 100 })).filter((t) => t.name.startsWith(marker) || strays.holds(t.name));
        expect(made.map((t) => `${t.id} (name ${JSON.stringify(t.name)})`), `requests breaking ${rule.id} were refused and created no token`).toEqual([]);
      },
    });
  });

  it('accepts valid requests, answers the clientSecret once, and reads the token back as sent', async () => {
    await basisSupplement('section 20: 201 ApiToken with clientSecret (only time); GET /tokens/{id}');
    await checkValidAccepted({
      spec: tokenCreate(),
      send,
      created: { status: 201, schema: ApiToken },
      readBack: (t) => api.get(TOKEN, { params: { tokenId: t.id } }),
      aliases: { permissions: (sent) => permutations(sent as unknown[]) },
      then: async (_sent, created) => {
        expect(CreatedApiToken.safeParse(created).success, `supplement §20: the 201 answer carries the clientSecret (${created.id})`).toBe(true);
      },
    });
  });
});
