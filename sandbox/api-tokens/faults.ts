// Named faults of sandbox/api-tokens/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const apiTokensFaults = {
  // Errors
  'token-refused-name-stored': {
    areas: ['api-tokens'],
    suites: ['api-tokens/field-rules.test.ts'],
    rule: 'Errors: a refused request (400 INVALID_INPUT) changes nothing; POST /tokens {name*} (supplement 20): a name of another type stores no token.',
  },
  // Errors / 404
  'token-not-found-wrong-code': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Errors / 404: TOKEN_NOT_FOUND (supplement 20: GET /tokens/{id} 404 TOKEN_NOT_FOUND).',
  },
  // openapi.yaml, GET /tokens
  'tokens-time-bounds-exclusive': {
    areas: ['api-tokens'],
    suites: ['api-tokens/lists.test.ts'],
    rule: 'openapi.yaml, GET /tokens: createdAfter, createdBefore, updatedAfter, updatedBefore each "(inclusive)" (under the fault a token exactly on a bound is left out).',
  },
  // Supplement 1 and 20
  'token-transact-not-enforced': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 1 and 20: quote create/execute need TRANSACT, else 403.',
  },
  'token-permission-wrong-code': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 1 and 20: a token without the permission is refused 403 FORBIDDEN (the one 403 code naming no other condition).',
  },
  // Supplement 20
  'token-secret-shown-again': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: 201 ApiToken with clientSecret (only time).',
  },
  'token-deleted-still-authenticates': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: DELETE /tokens/{id} 204; a created token authenticates as Basic clientId:clientSecret (a deleted one no longer does).',
  },
  'tokens-deleted-listed': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: DELETE /tokens/{id} 204: the token is gone, from GET /tokens as well.',
  },
  'tokens-name-filter-ignored': {
    areas: ['api-tokens'],
    suites: ['api-tokens/lists.test.ts'],
    rule: 'Supplement 20: GET /tokens name? narrows the list to the tokens of that name.',
  },
  'token-manage-not-customers': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: MANAGE manages config, tokens, customers (a MANAGE token creates a customer).',
  },
  'token-permissions-any': {
    areas: ['api-tokens'],
    suites: ['api-tokens/field-rules.test.ts'],
    rule: 'Supplement 20: POST /tokens {permissions*[VIEW|TRANSACT|MANAGE]}.',
  },
  'token-view-reads-config-only': {
    areas: ['api-tokens'],
    suites: ['api-tokens/tokens.test.ts'],
    rule: 'Supplement 20: VIEW reads all (a VIEW token reads a customer and the token list, not only the configuration).',
  },
} as const satisfies Record<string, FaultEntry>;
