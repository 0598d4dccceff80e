// Request rules of the embedded-wallet operations (supplement sections 10 and 17; the interface names
// the area "Embedded Wallet Auth" and the wallet signature headers only). Where a field-rule refusal
// comes (on the first call, before the 202, or on the signed retry) is not stated: the scenarios take
// the refusal on either leg (helpers/flows/wallet.ts refusalOnEitherLeg). Only what section 17 states:
// the request table (`field*` = required), the credential types, the passkey nickname 1–100, the
// base64url challenge, the clientPublicKey pattern (an export's key uncompressed), a delegated key's
// nickname ≤256, a PATCH's "≥1 field" (privateEnabled is its only field).
import { p256 } from '../wallets/p256.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { LIST_RULES } from './lists.js';
import { ruleIds, type FieldSpec, type RequestSpec } from './rules.js';

const S17 = 'supplement §17';
export const CREDENTIAL_CREATE = 'POST /auth/credentials';
export const CREDENTIAL_LIST = 'GET /auth/credentials';
export const CREDENTIAL_CHALLENGE_OP = 'POST /auth/credentials/{credentialId}/challenge';
export const CREDENTIAL_VERIFY_OP = 'POST /auth/credentials/{credentialId}/verify';
export const SESSION_LIST = 'GET /auth/sessions';
export const SESSION_REFRESH_OP = 'POST /auth/sessions/{sessionId}/refresh';
export const DELEGATED_KEY_CREATE = 'POST /auth/delegated-keys';
export const DELEGATED_KEY_LIST = 'GET /auth/delegated-keys';
export const ACCOUNT_PATCH = 'PATCH /internal-accounts/{internalAccountId}';
export const ACCOUNT_EXPORT = 'POST /internal-accounts/{internalAccountId}/export';

export const CREDENTIAL_TYPES = ['OAUTH', 'EMAIL_OTP', 'SMS_OTP', 'PASSKEY'] as const;
/** Supplement 17: `clientPublicKey` `^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$`. */
export const CLIENT_PUBLIC_KEY = /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/;
const UNCOMPRESSED = /^04[0-9a-fA-F]{128}$/;
const KEY_CITE = `${S17}: clientPublicKey ^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$`;

const secretKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((b) => p256.utils.isValidSecretKey(b));
/** Real P-256 public keys (a target may check the point is on the curve), compressed or not. */
export const compressedKey = secretKey.map((k) => bytesToHex(p256.getPublicKey(k, true)));
export const uncompressedKey = secretKey.map((k) => bytesToHex(p256.getPublicKey(k, false)));

/**
 * A real key's point with its encoding prefix changed to one no point has (00, 01, 05, 06), its length
 * kept: a rule of its own beside the pattern's, so each request that judges it sends one.
 */
const prefixMiss = (keys: fc.Arbitrary<string>) => ({ name: 'point encoding prefix (02, 03 or 04)', invalid: fc.tuple(keys, fc.constantFrom('00', '01', '05', '06')).map(([k, p]) => `${p}${k.slice(2)}`) });

/** Values only the flow gives (an account, a sealed bundle, a card): the scenario's `complete` or these defaults. */
export interface WalletValues {
  accountId?: string;
  oidcToken?: string;
  cardId?: string;
}

/** POST /auth/credentials `{type*, accountId*}` + OAUTH `oidcToken*`; PASSKEY `nickname*` (1–100), `challenge*` (base64url), `attestation*{credentialId*, clientDataJson*, attestationObject*, transports?}`. */
export function credentialCreate(v: WalletValues = {}): RequestSpec {
  const type = (t: string): FieldSpec => ({ path: 'type', type: 'string', required: true, enum: CREDENTIAL_TYPES, valid: fc.constant(t), cite: `${S17}: POST /auth/credentials {type*} (OAUTH|EMAIL_OTP|SMS_OTP|PASSKEY)` });
  const account: FieldSpec = { path: 'accountId', type: 'string', required: true, valid: fc.constant(v.accountId ?? 'InternalAccount:x'), cite: `${S17}: POST /auth/credentials {accountId*}` };
  return {
    operation: CREDENTIAL_CREATE,
    part: 'body',
    variants: [
      ...(['EMAIL_OTP', 'SMS_OTP'] as const).map((t) => ({ name: t, fixed: { type: t }, fields: [type(t), account] })),
      {
        name: 'OAUTH',
        fixed: { type: 'OAUTH' },
        fields: [type('OAUTH'), account, { path: 'oidcToken', type: 'string', required: true, valid: fc.constant(v.oidcToken ?? 'x.y.z'), cite: `${S17}: OAUTH {oidcToken*}` }],
      },
      {
        name: 'PASSKEY',
        fixed: { type: 'PASSKEY' },
        fields: [
          type('PASSKEY'), account,
          { path: 'nickname', type: 'string', required: true, minLength: 1, maxLength: 100, cite: `${S17}: PASSKEY {nickname* (1–100)}` },
          { path: 'challenge', type: 'string', required: true, pattern: /^[A-Za-z0-9_-]+$/, valid: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), cite: `${S17}: PASSKEY {challenge* (base64url, single use)}` },
          { path: 'attestation', type: 'object', required: true, cite: `${S17}: PASSKEY {attestation*{credentialId*, clientDataJson*, attestationObject*, transports?}}` },
          { path: 'attestation.credentialId', type: 'string', required: true, valid: fc.constant('AAAA'), cite: `${S17}: attestation {credentialId*}` },
          { path: 'attestation.clientDataJson', type: 'string', required: true, valid: fc.constant('e30'), cite: `${S17}: attestation {clientDataJson*}` },
          { path: 'attestation.attestationObject', type: 'string', required: true, valid: fc.constant('oA'), cite: `${S17}: attestation {attestationObject*}` },
        ],
      },
    ],
  };
}

/** POST /auth/credentials/{id}/challenge `{clientPublicKey?}` (PASSKEY). Valid keys here are compressed: a client that keeps its session key (recommended). */
export const credentialChallenge = (): RequestSpec => ({
  operation: CREDENTIAL_CHALLENGE_OP,
  part: 'body',
  variants: [{ name: 'challenge', fixed: {}, fields: [{ path: 'clientPublicKey', type: 'string', pattern: CLIENT_PUBLIC_KEY, valid: compressedKey, format: prefixMiss(compressedKey), cite: `${S17}: challenge {clientPublicKey?} (PASSKEY); ${KEY_CITE}` }] }],
});

/**
 * POST /auth/credentials/{id}/verify, one variant per credential kind: OTP `{type, encryptedOtpBundle*}`
 * (the bundle's `{encappedPublic, ciphertext}` JSON, a string); OAUTH `{type, oidcToken*, clientPublicKey*}`; PASSKEY
 * `{type, assertion*{credentialId*, clientDataJson*, authenticatorData*, signature*, userHandle?}}` (+ Request-Id).
 */
export function credentialVerify(): RequestSpec {
  const TYPE = `${S17}: verify OTP {type, …}; OAUTH {type, …}; PASSKEY {type, …}`;
  const type = (t: string): FieldSpec => ({ path: 'type', type: 'string', enum: CREDENTIAL_TYPES, valid: fc.constant(t), cite: TYPE });
  const assertion = (name: string, required = true): FieldSpec => ({ path: `assertion.${name}`, type: 'string', required, valid: fc.constant('AAAA'), cite: `${S17}: PASSKEY assertion {credentialId*, clientDataJson*, authenticatorData*, signature*, userHandle?}` });
  return {
    operation: CREDENTIAL_VERIFY_OP,
    part: 'body',
    variants: [
      {
        name: 'OTP',
        fixed: { type: 'EMAIL_OTP' },
        fields: [
          type('EMAIL_OTP'),
          {
            // The scenario seals a real attempt in place of this placeholder (its `complete`).
            path: 'encryptedOtpBundle', type: 'string', required: true, valid: fc.constant('<sealed>'),
            format: { name: 'the {encappedPublic, ciphertext} JSON', invalid: fc.constantFrom('sealed', '{"encappedPublic":', '[]', '{}', '{"ciphertext":"00"}') },
            cite: `${S17}: verify OTP {encryptedOtpBundle*} ({encappedPublic, ciphertext}); openapi.yaml, EmailOtpCredentialVerifyRequestFields: encryptedOtpBundle a string, "the {encappedPublic, ciphertext} JSON an HPKE library produces"`,
          },
        ],
      },
      {
        name: 'OAUTH',
        fixed: { type: 'OAUTH' },
        fields: [
          type('OAUTH'),
          { path: 'oidcToken', type: 'string', required: true, valid: fc.constant('x.y.z'), cite: `${S17}: verify OAUTH {oidcToken*}` },
          { path: 'clientPublicKey', type: 'string', required: true, pattern: CLIENT_PUBLIC_KEY, valid: compressedKey, format: prefixMiss(compressedKey), cite: `${S17}: verify OAUTH {clientPublicKey*}; ${KEY_CITE}` },
        ],
      },
      {
        name: 'PASSKEY',
        fixed: { type: 'PASSKEY' },
        fields: [
          type('PASSKEY'),
          { path: 'assertion', type: 'object', required: true, cite: `${S17}: verify PASSKEY {assertion*}` },
          assertion('credentialId'), assertion('clientDataJson'), assertion('authenticatorData'), assertion('signature'), assertion('userHandle', false),
        ],
      },
    ],
  };
}

/** POST /auth/sessions/{id}/refresh `{clientPublicKey*}`; valid keys of either form, or of the one given. */
export const sessionRefresh = (validKey: fc.Arbitrary<string> = fc.oneof(compressedKey, uncompressedKey)): RequestSpec => ({
  operation: SESSION_REFRESH_OP,
  part: 'body',
  variants: [{ name: 'refresh', fixed: {}, fields: [{ path: 'clientPublicKey', type: 'string', required: true, pattern: CLIENT_PUBLIC_KEY, valid: validKey, format: prefixMiss(compressedKey), cite: `${S17}: refresh {clientPublicKey*}; ${KEY_CITE}` }] }],
});

/** POST /auth/delegated-keys `{cardId*, internalAccountId*, nickname* ≤256}`. */
export const delegatedKeyCreate = (v: WalletValues = {}): RequestSpec => ({
  operation: DELEGATED_KEY_CREATE,
  part: 'body',
  variants: [{
    name: 'key',
    fixed: {},
    fields: [
      { path: 'cardId', type: 'string', required: true, valid: fc.constant(v.cardId ?? 'Card:x'), cite: `${S17}: delegated-keys {cardId*}` },
      { path: 'internalAccountId', type: 'string', required: true, valid: fc.constant(v.accountId ?? 'InternalAccount:x'), cite: `${S17}: delegated-keys {internalAccountId*}` },
      { path: 'nickname', type: 'string', required: true, maxLength: 256, cite: `${S17}: delegated-keys {nickname* ≤256}` },
    ],
  }],
});

/** PATCH /internal-accounts/{id} `{privateEnabled?}` (≥1 field): the only field, so it is required. */
export const accountPatch = (): RequestSpec => ({
  operation: ACCOUNT_PATCH,
  part: 'body',
  variants: [{ name: 'patch', fixed: {}, fields: [{ path: 'privateEnabled', type: 'boolean', required: true, cite: `${S17}: PATCH /internal-accounts/{id} {privateEnabled?} (≥1 field)` }] }],
});

/** POST /internal-accounts/{id}/export `{clientPublicKey*}` uncompressed, fresh. */
export const accountExport = (): RequestSpec => ({
  operation: ACCOUNT_EXPORT,
  part: 'body',
  variants: [{ name: 'export', fixed: {}, fields: [{ path: 'clientPublicKey', type: 'string', required: true, pattern: UNCOMPRESSED, valid: uncompressedKey, format: { name: 'uncompressed: a compressed key of the documented pattern is not one', invalid: compressedKey }, cite: `${S17}: export {clientPublicKey*} uncompressed, fresh; ${KEY_CITE}` }] }],
});

export const QUERY_ACCOUNT_REQUIRED = 'query accountId required';
/** GET /auth/delegated-keys: "accountId? / fundingSourceId? (≥1)". */
export const QUERY_ONE_FILTER_REQUIRED = 'query accountId or fundingSourceId required';

export function walletRules(): Record<string, string[]> {
  return {
    [CREDENTIAL_CREATE]: ruleIds(credentialCreate()),
    [CREDENTIAL_LIST]: [QUERY_ACCOUNT_REQUIRED, LIST_RULES.filter('accountId')],
    [CREDENTIAL_CHALLENGE_OP]: ruleIds(credentialChallenge()),
    [CREDENTIAL_VERIFY_OP]: ruleIds(credentialVerify()),
    [SESSION_LIST]: [QUERY_ACCOUNT_REQUIRED, LIST_RULES.filter('accountId')],
    [SESSION_REFRESH_OP]: ruleIds(sessionRefresh()),
    [DELEGATED_KEY_CREATE]: ruleIds(delegatedKeyCreate()),
    [DELEGATED_KEY_LIST]: [QUERY_ONE_FILTER_REQUIRED, LIST_RULES.filter('accountId'), LIST_RULES.filter('fundingSourceId')],
    [ACCOUNT_PATCH]: ruleIds(accountPatch()),
    [ACCOUNT_EXPORT]: ruleIds(accountExport()),
  };
}
