// Request rules of the API-token operations (supplement sections 11 and 20; the interface names the
// area "API Tokens" and nothing of its requests). POST /tokens {name*, permissions*[VIEW|TRANSACT|MANAGE]};
// GET /tokens filters name?, createdAfter/Before?, updatedAfter/Before?, paging. The documents give
// no length for `name` and no minimum count of permissions: none is declared.
import fc from 'fast-check';
import { LIST_RULES } from './lists.js';
import { matching, ruleIds, type RequestSpec } from './rules.js';

export const TOKEN_CREATE = 'POST /tokens';
export const TOKEN_LIST = 'GET /tokens';
export const PERMISSIONS = ['VIEW', 'TRANSACT', 'MANAGE'] as const;

/** POST /tokens: supplement 20 `{name*, permissions*[VIEW|TRANSACT|MANAGE]}` → 201 ApiToken, 400. */
export function tokenCreate(): RequestSpec {
  return {
    operation: TOKEN_CREATE,
    part: 'body',
    variants: [{
      name: 'token',
      fixed: {},
      fields: [
        { path: 'name', type: 'string', required: true, valid: matching(/^[a-z][a-z0-9-]{3,30}$/).map((s) => `rules-${s}`), cite: 'supplement §20: POST /tokens {name*}' },
        {
          path: 'permissions', type: 'array', required: true, itemEnum: PERMISSIONS,
          valid: fc.subarray([...PERMISSIONS], { minLength: 1 }),
          cite: 'supplement §20: POST /tokens {permissions*[VIEW|TRANSACT|MANAGE]}',
        },
      ],
    }],
  };
}

export const TOKEN_LIST_FILTERS = ['name', 'createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore'] as const;

export function tokenRules(): Record<string, string[]> {
  return {
    [TOKEN_CREATE]: ruleIds(tokenCreate()),
    [TOKEN_LIST]: [LIST_RULES.pagingOnce, LIST_RULES.limitRange, ...TOKEN_LIST_FILTERS.map(LIST_RULES.filter)],
  };
}
