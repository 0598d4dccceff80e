// Which credentials each catalog operation takes, from the description's own `security` of the
// operation (openapi.yaml: BasicAuth for platform calls, AgentAuth for /agents/me/*, none for the
// device-code redemption), and the authentication rules the suite judges on every operation
// (interface, Authentication 1 and 3; suites/authentication/every-operation.test.ts), and the wallet
// signature rules judged on every signed-retry operation of the embedded wallet (interface,
// Authentication 4; supplement 17 "Where"; suites/embedded-wallet-auth/every-signed-operation.test.ts). An operation the
// description does not list is a platform call (interface, Authentication 1: "Platform calls use HTTP
// Basic authentication").
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DEFAULT_DESCRIPTION } from '../description/document.js';
import { catalogIdFor, catalogItems } from './catalog.js';

export type Scheme = 'basic' | 'agent' | 'none';

let schemes: Map<string, Scheme> | undefined;

/** The scheme of each catalog operation (`POST /quotes`), read once from the description. */
export function operationSchemes(file = DEFAULT_DESCRIPTION): ReadonlyMap<string, Scheme> {
  if (schemes) return schemes;
  const doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as { security?: unknown[]; paths: Record<string, Record<string, { security?: Record<string, unknown>[]; responses?: unknown }>> };
  const described = new Map<string, Scheme>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const security = (op.security ?? doc.security ?? []) as Record<string, unknown>[];
      const names = security.flatMap((s) => Object.keys(s));
      const scheme: Scheme = names.includes('BasicAuth') ? 'basic' : names.includes('AgentAuth') ? 'agent' : 'none';
      const id = catalogIdFor('operations', `op:${method.toUpperCase()} ${path}`);
      if (id) described.set(id.replace(/^op:/, ''), scheme);
    }
  }
  schemes = new Map(
    catalogItems()
      .filter((i) => i.kind === 'operations')
      .map((i) => i.id.replace(/^op:/, ''))
      .map((op) => [op, described.get(op) ?? 'basic'] as const),
  );
  return schemes;
}

/** The authentication rules judged per operation: the coverage's denominator. */
export const AUTH_RULES = {
  basic: {
    missing: 'auth: no credentials answer 401 UNAUTHORIZED',
    wrong: 'auth: a wrong client secret answers 401 UNAUTHORIZED',
    scheme: 'auth: a credential of another scheme (Bearer) answers 401 UNAUTHORIZED',
  },
  agent: {
    missing: 'auth: no agent credential answers 401',
    wrong: 'auth: an agent credential that was never issued answers 401',
    revoked: "auth: a deleted agent's credential answers 401",
  },
  wallet: {
    missing: 'auth: a signed retry with Request-Id and no Svc-Wallet-Signature answers 401 WALLET_SIGNATURE_MISSING',
    malformed: 'auth: a Svc-Wallet-Signature that is no stamp answers 401 WALLET_SIGNATURE_MALFORMED',
    bodyMismatch: 'auth: a stamp requested for another body answers 401 WALLET_SIGNATURE_BODY_MISMATCH',
    invalid: "auth: a well-formed stamp by a key that is not the operation's signer answers 401 WALLET_SIGNATURE_INVALID",
    requestIdMissing: 'auth: a stamp without Request-Id answers 401 REQUEST_ID_MISSING',
  },
} as const;

/**
 * The operations of the embedded-wallet signed retry (supplement 10, "Where": "credential add/revoke/OTP
 * verify, session revoke/refresh, delegated-key create, internal-account PATCH/export, customer contact
 * PATCH"), as catalog operation ids, each with whether it has a body (a body mismatch needs one).
 */
export const WALLET_SIGNED_OPERATIONS: Readonly<Record<string, { body: boolean }>> = {
  'POST /auth/credentials': { body: true },
  'DELETE /auth/credentials/{credentialId}': { body: false },
  'POST /auth/credentials/{credentialId}/verify': { body: true },
  'DELETE /auth/sessions/{sessionId}': { body: false },
  'POST /auth/sessions/{sessionId}/refresh': { body: true },
  'POST /auth/delegated-keys': { body: true },
  'PATCH /internal-accounts/{internalAccountId}': { body: true },
  'POST /internal-accounts/{internalAccountId}/export': { body: true },
  'PATCH /customers/{customerId}': { body: true },
};

/** The wallet signature rules of a signed-retry operation: all five, but a body mismatch for one without a body. */
export function walletRules(op: string): string[] {
  const signed = WALLET_SIGNED_OPERATIONS[op];
  if (!signed) return [];
  return Object.values(AUTH_RULES.wallet).filter((rule) => signed.body || rule !== AUTH_RULES.wallet.bodyMismatch);
}

/**
 * Per catalog operation, the authentication rules that apply to it (none for an operation without
 * security): its scheme's, and on a signed-retry operation the wallet signature rules after them.
 */
export function authenticationRules(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [op, scheme] of operationSchemes()) if (scheme !== 'none') out[op] = [...Object.values(AUTH_RULES[scheme]), ...walletRules(op)];
  return out;
}
