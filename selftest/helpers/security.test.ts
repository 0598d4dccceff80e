// The scheme of each catalog operation, read from the description's `security`, and the
// authentication rules judged on every operation (helpers/spec/security.ts).
import { describe, expect, it } from 'vitest';
import { catalogIds } from '../../helpers/spec/catalog.js';
import { AUTH_RULES, authenticationRules, operationSchemes, WALLET_SIGNED_OPERATIONS } from '../../helpers/spec/security.js';

describe('operation schemes from the description', () => {
  const schemes = operationSchemes();

  it('gives every catalog operation a scheme', () => {
    expect([...schemes.keys()].sort()).toEqual(catalogIds().operations.map((id) => id.replace(/^op:/, '')).sort());
  });

  it('reads BasicAuth, AgentAuth and an empty security as the description gives them', () => {
    expect(schemes.get('GET /config')).toBe('basic');
    expect(schemes.get('POST /quotes')).toBe('basic');
    expect(schemes.get('GET /agents/me/transactions')).toBe('agent');
    expect(schemes.get('POST /agents/device-codes/{deviceCode}/redeem')).toBe('none');
    // Interface, Authentication 1: a platform call the description does not list takes Basic.
    expect(schemes.get('POST /webhooks/test')).toBe('basic');
  });

  it('declares the rules of its scheme for every operation that has one', () => {
    const rules = authenticationRules();
    expect(rules['POST /quotes']).toEqual(Object.values(AUTH_RULES.basic));
    expect(rules['GET /agents/me']).toEqual(Object.values(AUTH_RULES.agent));
    expect(rules['POST /agents/device-codes/{deviceCode}/redeem']).toBeUndefined();
    expect(Object.keys(rules).length).toBe(schemes.size - 1);
  });

  it('adds the wallet signature rules to each signed-retry operation, a body mismatch only where the operation has a body', () => {
    const rules = authenticationRules();
    const { bodyMismatch, ...withoutBody } = AUTH_RULES.wallet;
    expect(Object.keys(WALLET_SIGNED_OPERATIONS).filter((op) => !catalogIds().operations.includes(`op:${op}`)), 'every signed-retry operation is a catalog operation').toEqual([]);
    expect(Object.keys(WALLET_SIGNED_OPERATIONS)).toHaveLength(9);
    expect(rules['PATCH /internal-accounts/{internalAccountId}']).toEqual([...Object.values(AUTH_RULES.basic), ...Object.values(AUTH_RULES.wallet)]);
    expect(rules['DELETE /auth/sessions/{sessionId}']).toEqual([...Object.values(AUTH_RULES.basic), ...Object.values(withoutBody)]);
    expect(rules['DELETE /auth/credentials/{credentialId}']).not.toContain(bodyMismatch);
    // An operation outside the signed retry keeps its scheme's rules only.
    expect(rules['GET /auth/sessions']).toEqual(Object.values(AUTH_RULES.basic));
    expect(rules['POST /auth/credentials/{credentialId}/challenge']).toEqual(Object.values(AUTH_RULES.basic));
  });
});
