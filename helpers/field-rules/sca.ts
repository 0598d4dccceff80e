// Request rules of the SCA operations with a body (supplement sections 10 and 16; interface: area
// Strong Customer Authentication, "POST /sca/login/complete ... response carries sessionExpiresAt").
// Every /sca/* call names its customer with the query `customerId`* (supplement §16: "query customerId*
// on all /sca/*"): judged by a scenario of its own (a query string carries no types to break), declared
// here as QUERY_CUSTOMER_REQUIRED per operation, those without a body included. The documents give no length or format for a code, a
// secret, an origin, an IP address or a mobile number: none is declared.
import fc from 'fast-check';
import { matching, ruleIds, type FieldSpec, type RequestSpec } from './rules.js';

const S16 = 'supplement §16';
export const FACTOR_ADD = 'POST /sca/factors';
export const FACTOR_CONFIRM = 'POST /sca/factors/confirm';
export const LOGIN_START = 'POST /sca/login/start';
export const LOGIN_COMPLETE = 'POST /sca/login/complete';
export const RECORD_EVENT_OP = 'POST /sca/record-event';
export const RESET_START = 'POST /sca/factors/reset';
export const RESET_COMPLETE_OP = 'POST /sca/factors/reset/{resetId}/complete';

export const FACTOR_LIST = 'GET /sca/factors';
export const FACTOR_DELETE = 'DELETE /sca/factors/{credentialId}';
export const RESET_READ = 'GET /sca/factors/reset/{resetId}';

export const QUERY_CUSTOMER_REQUIRED = 'query customerId required';
/** The /sca/* operations without a body: their one declared rule is the query customerId*. */
export const SCA_QUERY_ONLY_OPERATIONS = [FACTOR_LIST, FACTOR_DELETE, RESET_READ] as const;
export const SCA_BODY_OPERATIONS = [FACTOR_ADD, FACTOR_CONFIRM, LOGIN_START, LOGIN_COMPLETE, RECORD_EVENT_OP, RESET_START, RESET_COMPLETE_OP] as const;

const FACTORS = ['SMS_OTP', 'TOTP', 'PASSKEY'] as const;
const one = (operation: string, fields: FieldSpec[]): RequestSpec => ({ operation, part: 'body', variants: [{ name: 'request', fixed: {}, fields }] });

/** POST /sca/factors `{type*: TOTP|PASSKEY}`. */
export const factorAdd = (): RequestSpec => one(FACTOR_ADD, [
  // Not SMS_OTP as a near miss: that factor is always present (GET /sca/factors), so a target may answer
  // it as one already enrolled (409) as well as one outside the enum (400).
  { path: 'type', type: 'string', required: true, enum: ['TOTP', 'PASSKEY'], cite: `${S16}: POST /sca/factors {type*: TOTP|PASSKEY}` },
]);

/** Values a confirmation carries that only an enrollment gives (the scenario's `complete` puts the real ones in). */
export interface ConfirmValues {
  secret?: string;
  code?: string;
  origin?: string;
  credential?: Record<string, unknown>;
}

/** POST /sca/factors/confirm: TOTP `{type, secret*, code*}`; PASSKEY `{type, origin*, credential*}`. */
export function factorConfirm(v: ConfirmValues = {}): RequestSpec {
  const type = (t: string): FieldSpec => ({ path: 'type', type: 'string', required: true, enum: ['TOTP', 'PASSKEY'], valid: fc.constant(t), cite: `${S16}: POST /sca/factors/confirm TOTP {type, …}; PASSKEY {type, …}` });
  return {
    operation: FACTOR_CONFIRM,
    part: 'body',
    variants: [
      {
        name: 'TOTP',
        fixed: { type: 'TOTP' },
        fields: [
          type('TOTP'),
          { path: 'secret', type: 'string', required: true, valid: fc.constant(v.secret ?? '00'), cite: `${S16}: confirm TOTP {secret*}` },
          { path: 'code', type: 'string', required: true, valid: fc.constant(v.code ?? '000000'), cite: `${S16}: confirm TOTP {code*}` },
        ],
      },
      {
        name: 'PASSKEY',
        fixed: { type: 'PASSKEY' },
        fields: [
          type('PASSKEY'),
          { path: 'origin', type: 'string', required: true, valid: fc.constant(v.origin ?? 'https://example.com'), cite: `${S16}: confirm PASSKEY {origin*}` },
          { path: 'credential', type: 'object', required: true, valid: fc.constant(v.credential ?? {}), cite: `${S16}: confirm PASSKEY {credential*}` },
        ],
      },
    ],
  };
}

/** POST /sca/login/start `{factor*}` (supplement §10: `{factor: SMS_OTP|TOTP|PASSKEY}`). */
export const loginStart = (factors: readonly string[] = FACTORS): RequestSpec => one(LOGIN_START, [
  { path: 'factor', type: 'string', required: true, enum: FACTORS, valid: fc.constantFrom(...factors), cite: `${S16}: POST /sca/login/start {factor*}; supplement §10: {factor: SMS_OTP|TOTP|PASSKEY}` },
]);

const ipv4 = fc.tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })).map((p) => p.join('.'));

/** POST /sca/login/complete `{factor*, endUserIpAddress*, challengeId? (SMS), code? | passkeyAssertion+origin}`. */
export function loginComplete(): RequestSpec {
  const factor = (f: string): FieldSpec => ({ path: 'factor', type: 'string', required: true, enum: FACTORS, valid: fc.constant(f), cite: `${S16}: POST /sca/login/complete {factor*}` });
  const ip: FieldSpec = { path: 'endUserIpAddress', type: 'string', required: true, valid: ipv4, cite: `${S16}: POST /sca/login/complete {endUserIpAddress*}` };
  const code: FieldSpec = { path: 'code', type: 'string', valid: fc.constant('000000'), cite: `${S16}: POST /sca/login/complete {code?}` };
  return {
    operation: LOGIN_COMPLETE,
    part: 'body',
    variants: [
      { name: 'SMS_OTP', fixed: { factor: 'SMS_OTP' }, fields: [factor('SMS_OTP'), ip, { path: 'challengeId', type: 'string', cite: `${S16}: POST /sca/login/complete {challengeId? (SMS)}` }, code] },
      { name: 'TOTP', fixed: { factor: 'TOTP' }, fields: [factor('TOTP'), ip, code] },
      {
        name: 'PASSKEY',
        fixed: { factor: 'PASSKEY' },
        fields: [
          factor('PASSKEY'), ip,
          { path: 'passkeyAssertion', type: 'object', cite: `${S16}: POST /sca/login/complete {passkeyAssertion+origin}` },
          { path: 'origin', type: 'string', valid: fc.constant('https://example.com'), cite: `${S16}: POST /sca/login/complete {passkeyAssertion+origin}` },
        ],
      },
    ],
  };
}

/** POST /sca/record-event `{eventType*: RESET_PASSWORD_COMPLETED|FAILED_LOGIN_ATTEMPT}`. */
export const recordEvent = (): RequestSpec => one(RECORD_EVENT_OP, [
  { path: 'eventType', type: 'string', required: true, enum: ['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT'], cite: `${S16}: POST /sca/record-event {eventType*: RESET_PASSWORD_COMPLETED|FAILED_LOGIN_ATTEMPT}` },
]);

/** POST /sca/factors/reset `{factor*}` (the factors of section 16: SMS_OTP, TOTP, PASSKEY). */
export const resetStart = (factors: readonly string[] = FACTORS): RequestSpec => one(RESET_START, [
  { path: 'factor', type: 'string', required: true, enum: FACTORS, valid: fc.constantFrom(...factors), cite: `${S16}: POST /sca/factors/reset {factor*}; factors SMS_OTP, TOTP, PASSKEY (GET /sca/factors, login)` },
]);

/** POST /sca/factors/reset/{resetId}/complete `{mobile?{countryCode*, number*}}` (SMS reset). */
export const resetComplete = (): RequestSpec => one(RESET_COMPLETE_OP, [
  { path: 'mobile', type: 'object', cite: `${S16}: reset complete {mobile?{countryCode*, number*}} (SMS reset)` },
  { path: 'mobile.countryCode', type: 'string', required: true, valid: fc.constantFrom('+1', '+44', '+49', '+34'), cite: `${S16}: reset complete mobile {countryCode*}` },
  { path: 'mobile.number', type: 'string', required: true, valid: matching(/^[1-9][0-9]{7,10}$/), cite: `${S16}: reset complete mobile {number*}` },
]);

export function scaRules(): Record<string, string[]> {
  const body: Record<string, string[]> = {
    [FACTOR_ADD]: ruleIds(factorAdd()),
    [FACTOR_CONFIRM]: ruleIds(factorConfirm()),
    [LOGIN_START]: ruleIds(loginStart()),
    [LOGIN_COMPLETE]: ruleIds(loginComplete()),
    [RECORD_EVENT_OP]: ruleIds(recordEvent()),
    [RESET_START]: ruleIds(resetStart()),
    [RESET_COMPLETE_OP]: ruleIds(resetComplete()),
  };
  return {
    ...Object.fromEntries(Object.entries(body).map(([op, ids]) => [op, [QUERY_CUSTOMER_REQUIRED, ...ids]])),
    ...Object.fromEntries(SCA_QUERY_ONLY_OPERATIONS.map((op) => [op, [QUERY_CUSTOMER_REQUIRED]])),
  };
}
