// SCA flows (supplement section 16): every /sca/* call names its customer with the query
// `customerId`; a TOTP factor enrolled with the target's TOTP code (its Key URI read and checked), a
// passkey enrolled by the suite's software authenticator; login with a factor.
import type { TestContext } from 'vitest';
import { expect } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { z } from 'zod';
import { expectSchema, expectStatus, noteInterface } from '../expect.js';
import { api, capabilities } from '../harness.js';
import { judgedPartly, requireCapability } from '../scenario.js';
import { keyFromUri, totp, type TotpKey } from '../authenticators/totp.js';
import { SoftwareAuthenticator, type CreationOptions } from '../authenticators/webauthn.js';
import { type AddressedCustomer, createCustomer } from './customers.js';
import { PasskeyConfirmation, PasskeyEnrollment, RecordEventResult, ScaFactorList, TotpConfirmation, TotpEnrollment } from '../schemas/strong-customer-authentication.js';

export const FACTORS = '/sca/factors';
export const CONFIRM = '/sca/factors/confirm';
export const FACTOR = '/sca/factors/{credentialId}';
export const RESET = '/sca/factors/reset';
export const RESET_STATUS = '/sca/factors/reset/{resetId}';
export const RESET_COMPLETE = '/sca/factors/reset/{resetId}/complete';
export const RECORD_EVENT = '/sca/record-event';
export const LOGIN_COMPLETE_PATH = '/sca/login/complete';

/** The end user's address a login names (supplement 16: login/complete {endUserIpAddress*}); TEST-NET-3, never a real host. */
export const END_USER_IP = '203.0.113.7';

/** A customer of the declared SCA region (capabilities.sca), or of another region when `region` says so. */
export async function scaRegionCustomer(region = capabilities.sca!.region): Promise<AddressedCustomer> {
  return createCustomer(individual({ region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } }));
}

/**
 * A customer of the declared region outside SCA (SVC_OUTSIDE_SCA_REGION), or undefined where the
 * target declares none: which providers require SCA is not stated (supplement 10), so the run cannot
 * choose one. `skip` makes an undeclared region skip the scenario; else the caller judges its other half.
 */
export async function outsideScaCustomer(ctx: TestContext, opts: { skip?: boolean; covers?: string[] } = {}): Promise<AddressedCustomer | undefined> {
  const region = capabilities.outsideScaRegion;
  const why = 'the target declares no region outside SCA (SVC_OUTSIDE_SCA_REGION)';
  if (opts.skip) requireCapability(ctx, region !== undefined, why, opts.covers ?? []);
  if (region === undefined) {
    judgedPartly(`${why}: the 409 outside SCA regions is not judged`);
    return undefined;
  }
  return scaRegionCustomer(region);
}

export const needSca = (ctx: TestContext, covers: string[] = []) =>
  requireCapability(ctx, Boolean(capabilities.sca), 'the target declares no SCA region (SVC_SCA_REGION)', covers);

export const sca = {
  get: (path: string, customerId: string, params?: Record<string, string>) => api.get(path, { query: { customerId }, params }),
  post: (path: string, customerId: string, body?: unknown, params?: Record<string, string>) => api.post(path, { query: { customerId }, body, params }),
  delete: (path: string, customerId: string, params?: Record<string, string>) => api.delete(path, { query: { customerId }, params }),
};

/**
 * Logs the customer in with an SMS code: supplement 16, POST /sca/login/complete `{factor*,
 * endUserIpAddress*, challengeId? (SMS), code?}`; the answer is the caller's to judge.
 */
export const LOGIN_START_PATH = '/sca/login/start';

/**
 * An SMS_OTP login as the supplement lays it out (section 16): `POST /sca/login/start {factor:
 * SMS_OTP}` (200 {factor, challengeId?, expiresAt?}), then `POST /sca/login/complete` with the code
 * and the challenge it started. Given a `challengeId`, the login already started: only the complete is
 * sent. A start the target refuses is answered as it came, for the caller to judge.
 */
export async function smsLogin(customerId: string, code: string, challengeId?: string) {
  if (challengeId === undefined) {
    const started = await sca.post(LOGIN_START_PATH, customerId, { factor: 'SMS_OTP' });
    if (started.status !== 200) return started;
    const id = (started.body as { challengeId?: unknown } | undefined)?.challengeId;
    challengeId = typeof id === 'string' ? id : undefined;
  }
  return sca.post(LOGIN_COMPLETE_PATH, customerId, { factor: 'SMS_OTP', endUserIpAddress: END_USER_IP, code, ...(challengeId ? { challengeId } : {}) });
}

/**
 * Locks the customer by five recorded failed logins (supplement 16: `POST /sca/record-event
 * {eventType: FAILED_LOGIN_ATTEMPT}`; "Lockout: failed logins 5 -> 15 min"). Each answers the count
 * (200); the fifth may answer the lock itself (423), which the caller judges where it matters.
 */
export async function lockByFailedLogins(customerId: string): Promise<void> {
  for (let n = 1; n <= 5; n++) {
    const res = await sca.post(RECORD_EVENT, customerId, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    if (!(n === 5 && res.status === 423)) expectStatus(res, 200, RecordEventResult, `supplement 16: failed login ${n} of 5 recorded`);
  }
}

export async function listFactors(customerId: string) {
  return expectStatus(await sca.get(FACTORS, customerId), 200, ScaFactorList, 'supplement 16: GET /sca/factors answers {factors}');
}

/** Starts TOTP enrollment and returns the key its totpUri describes, checked against secretBase32Encoded. */
export async function startTotp(customerId: string): Promise<{ secret: string; key: TotpKey }> {
  const enrollment = expectStatus(await sca.post(FACTORS, customerId, { type: 'TOTP' }), 200, TotpEnrollment, 'supplement 16: POST /sca/factors {type: TOTP} answers {type, secret, secretBase32Encoded, totpUri}');
  const key = keyFromUri(enrollment.totpUri);
  expect(key.key.equals(keyFromUri(`otpauth://totp/x?secret=${enrollment.secretBase32Encoded}`).key), 'totpUri and secretBase32Encoded name the same secret').toBe(true);
  return { secret: enrollment.secret, key };
}

/**
 * The TOTP code the target takes: its declared SCA code (capabilities.sca.code). openapi.yaml,
 * confirmScaFactorEnrollment: "In sandbox, the TOTP code is always `123456`"; completeScaLogin: "In
 * sandbox, the SMS/TOTP code is always `123456`". No document says a code computed from the secret is
 * taken, so none is sent as the right one.
 */
export const totpCode = () => capabilities.sca!.code;

/** A six-digit code that is neither the TOTP code nor the key's RFC 6238 code near now: wrong whether or not a target also takes real codes. */
export function notTheTotpCode(key: TotpKey): string {
  const now = Date.now();
  const near = new Set([totpCode(), ...[-2, -1, 0, 1, 2].map((step) => totp(key, now + step * key.period * 1000))]);
  for (let n = 0; ; n++) {
    const code = String((271_828 + n * 104_729) % 1_000_000).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

export async function enrolTotp(customerId: string): Promise<TotpKey> {
  const { secret, key } = await startTotp(customerId);
  const res = await sca.post(CONFIRM, customerId, { type: 'TOTP', secret, code: totpCode() });
  const confirmed = expectStatus(res, 200, TotpConfirmation, 'supplement 16: POST /sca/factors/confirm (TOTP) answers {type, recoveryCodes}');
  // openapi.yaml, TotpEnrollmentConfirmResponse.recoveryCodes: a required array, no minimum length: an empty list is noted, not failed.
  if (confirmed.recoveryCodes.length === 0) noteInterface('sca:totp-recovery-codes', ['openapi.yaml, TotpEnrollmentConfirmResponse.recoveryCodes: required array, no minItems'], 'a TOTP confirmation answered no recovery codes');
  return key;
}

/** WebAuthn creation options carry the challenge a registration signs (the description types PasskeyEnrollmentStart.options as any object). */
const WebAuthnCreationOptions = z.looseObject({ challenge: z.string().min(1) });

/** Starts passkey enrollment: the answer, its options read as WebAuthn creation options, and at least one origin to register at. */
export async function startPasskey(customerId: string) {
  const enrollment = expectStatus(await sca.post(FACTORS, customerId, { type: 'PASSKEY' }), 200, PasskeyEnrollment, 'supplement 16: POST /sca/factors {type: PASSKEY} answers {type, options, allowedOrigins, relyingPartyId}');
  const options = expectSchema(WebAuthnCreationOptions, enrollment.options, 'PasskeyEnrollmentStart.options: the WebAuthn creation options, with the challenge a registration signs') as CreationOptions;
  if (enrollment.allowedOrigins.length === 0) expect(enrollment.allowedOrigins, 'PasskeyEnrollmentStart.allowedOrigins: the origins a registration may be made at; a passkey needs one').not.toEqual([]);
  return { ...enrollment, options };
}

/** Enrols a passkey made by a new software authenticator; returns it and the credentialId the target lists. */
export async function enrolPasskey(customerId: string): Promise<{ authenticator: SoftwareAuthenticator; credentialId: string; origin: string; relyingPartyId: string }> {
  const enrollment = await startPasskey(customerId);
  const authenticator = new SoftwareAuthenticator();
  const origin = enrollment.allowedOrigins[0];
  const credential = authenticator.register(enrollment.options, origin, enrollment.relyingPartyId);
  const res = await sca.post(CONFIRM, customerId, { type: 'PASSKEY', origin, credential });
  expectStatus(res, 200, PasskeyConfirmation, 'supplement 16: POST /sca/factors/confirm (PASSKEY) answers {type, factor}');
  const listed = (await listFactors(customerId)).factors.find((f) => f.factor === 'PASSKEY');
  expect(listed, 'GET /sca/factors lists the enrolled passkey').toBeDefined();
  expect(listed!.credentialId, 'supplement 16: a PASSKEY factor is listed with its credentialId').toBeTruthy();
  return { authenticator, credentialId: listed!.credentialId!, origin, relyingPartyId: enrollment.relyingPartyId };
}

