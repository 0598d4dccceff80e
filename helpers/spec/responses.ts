// The response statuses the description documents for each operation (openapi.yaml: `responses` of
// each path item's operation): the denominator of the coverage kind `responses`
// (`response:POST /quotes 401`). A status is exercised when a scenario asserted it on that operation
// and its judgement passed (helpers/expect.ts). A status no request of a conforming client can cause
// on the target, and no declared trigger causes, is listed as not exercisable with its reason
// (NOT_EXERCISABLE), not counted.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DEFAULT_DESCRIPTION } from '../description/document.js';

export interface DescribedOperation {
  method: string;
  path: string;
  security?: Record<string, unknown>[];
  /** Each documented status with its description's first sentence. */
  responses: { status: number; description: string }[];
  /** The query parameters the operation requires (its own and its path's). */
  requiredQuery: string[];
}

let described: { operations: DescribedOperation[]; security: Record<string, unknown>[] } | undefined;

/** The description's operations, read once (the parsed YAML, without the validator's preparation). */
export function describedOperations(file = DEFAULT_DESCRIPTION): { operations: DescribedOperation[]; security: Record<string, unknown>[] } {
  if (described) return described;
  type Parameter = { name?: string; in?: string; required?: boolean };
  type Op = { security?: Record<string, unknown>[]; parameters?: Parameter[]; responses?: Record<string, { description?: string }> };
  const doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as { security?: Record<string, unknown>[]; paths: Record<string, Record<string, Op> & { parameters?: Parameter[] }> };
  const required = (list: Parameter[] | undefined) => (list ?? []).filter((p) => p.in === 'query' && p.required === true && typeof p.name === 'string').map((p) => p.name!);
  const operations: DescribedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters' || !op || typeof op !== 'object' || !('responses' in op) || !op.responses) continue;
      const responses = Object.entries(op.responses)
        .filter(([status]) => /^\d{3}$/.test(status))
        .map(([status, r]) => ({ status: Number(status), description: (r?.description ?? '').split(/(?<=\.)\s/)[0] }));
      operations.push({ method: method.toUpperCase(), path, security: op.security, responses, requiredQuery: [...new Set([...required(item.parameters), ...required(op.parameters)])] });
    }
  }
  described = { operations, security: doc.security ?? [] };
  return described;
}

/**
 * Statuses no scenario can cause on a conforming target, with the reason. Keyed by status, or by
 * `METHOD /path status` for one operation's (the description's own path templates).
 */
const CARDS_501 = 'answered by "environments without a configured card issuer" (the description): a target that serves cards, as this run\'s does, cannot be made to answer it by any request';
const NO_CONDITION_501 = 'documented as "Not implemented" with no condition: no document names a request that causes it';
const PRODUCTION_403 = 'answered to "a production platform token": the run holds a sandbox platform\'s credentials (its scenarios drive the /sandbox triggers), and no document names a production token a run could hold';

const RATE_LIMITED = 'RATE_LIMITED, answered when requests come "too frequently": interface, Limits: "Request rate limits: not shown", so no number of requests is known to cause it, and a target that answers none within a run breaks no stated rule (where one is answered, expectError judges it)';
const ACCOUNT_COUNTERPARTY = 'a counterparty\'s failure on the lookup of an external account: no document says which external account\'s lookup reaches a counterparty, or names one that fails (supplement 18: "No sandbox UMA addresses that force these codes are given"), and the profile\'s declared counterparty triggers name UMA addresses, not accounts';
const NO_INPUT_400 = 'documented as a bad request with no condition, on an operation that takes no body and no query to make invalid (its path id unknown is the documented 404)';
export const NOT_EXERCISABLE: Readonly<Record<string, string>> = {
  500: 'an internal server error: the description documents it on every operation, but no request a conforming client sends is meant to cause it, and no document declares a trigger for it',
  'POST /customers 501': NO_CONDITION_501,
  'POST /quotes 501': NO_CONDITION_501,
  'POST /cards 501': CARDS_501,
  'GET /cards 501': CARDS_501,
  'GET /cards/{id} 501': CARDS_501,
  'PATCH /cards/{id} 501': CARDS_501,
  'POST /cards/{id}/reveal 501': CARDS_501,
  'POST /cards/{id}/reveal 403': 'answered to "a session with no attributable actor" (an impersonated dashboard session): no API credential is such a session',
  'POST /invitations/{invitationCode}/cancel 403': 'answered to a platform other than the one that created the invitation: a run holds one platform\'s credentials',
  'POST /quotes/{quoteId}/authorize 429': RATE_LIMITED,
  'POST /quotes/{quoteId}/authorize/resend 429': RATE_LIMITED,
  'POST /auth/credentials/{id}/verify 429': RATE_LIMITED,
  'POST /auth/credentials/{id}/challenge 429': RATE_LIMITED,
  'POST /customers/external-accounts/{externalAccountId}/trust 400': NO_INPUT_400,
  'POST /customers/external-accounts/{externalAccountId}/untrust 400': NO_INPUT_400,
  'DELETE /tokens/{tokenId} 400': NO_INPUT_400,
  'DELETE /auth/sessions/{id} 400': NO_INPUT_400,
  'POST /agents/{agentId}/device-codes 400': NO_INPUT_400,
  'POST /agents/{agentId}/actions/{actionId}/approve 400': 'documented as "Action cannot be approved" with no condition; the one condition the documents give a refused approval, an action not pending approval, is the same operation\'s 409 (supplement 23), judged in suites/agent-management/approvals.test.ts',
  'POST /agents/me/quotes/{quoteId}/execute 400': 'documented as "Quote cannot be executed" with no condition; the conditions the documents give a refused execution (already executed, expired, in invalid state) are the same operation\'s 409, judged in suites/agent-operations/operations.test.ts',
  'GET /receiver/external-account/{accountId} 412': ACCOUNT_COUNTERPARTY,
  'GET /receiver/external-account/{accountId} 424': ACCOUNT_COUNTERPARTY,
  'POST /sca/record-event 423': 'answered "after too many failed attempts", but supplement 16 also gives the 200 {…, lockedUntil?, failedAttempts} for an event recorded while locked: a target that always answers 200 conforms, so no request is known to cause it (where one is answered, suites/strong-customer-authentication/record-event.test.ts judges it)',
};

/** Reasons that follow from a response's own description, whatever the operation. */
const BY_DESCRIPTION: readonly (readonly [RegExp, string])[] = [[/production platform token/i, PRODUCTION_403]];

/** Why a documented response cannot be exercised, or undefined where a scenario can. */
export function notExercisableReason(method: string, path: string, status: number, description = ''): string | undefined {
  return NOT_EXERCISABLE[`${method} ${path} ${status}`] ?? NOT_EXERCISABLE[status] ?? BY_DESCRIPTION.find(([re]) => re.test(description))?.[1];
}
