// Response schemas of the SCA resources, as the description gives them; what the interface or the
// supplement add beyond them is stated where a scenario relies on it.
import { z } from 'zod';
import { IsoUtc } from './common.js';
import { ScaChallenge, ScaFactor } from './external-accounts.js';
import { Quote } from './quotes.js';

/** Description: ScaLoginComplete {status* (string), sessionExpiresAt (date-time or null)}. */
export const ScaLoginResult = z.looseObject({ status: z.string(), sessionExpiresAt: IsoUtc.nullable().optional() });
/** Interface, Strong Customer Authentication: "POST /sca/login/complete ... response carries sessionExpiresAt": the login's answer with it. */
export const ScaSession = ScaLoginResult.extend({ sessionExpiresAt: IsoUtc });

/**
 * A quote awaiting its customer's SCA: supplement 16 (authorization loop: "execute for an SCA customer
 * -> 200 quote PENDING_AUTHORIZATION + scaChallenge"), section 8 (Quote scaChallenge?{id, expiresAt,
 * factor, availableFactors[], purpose?, passkeyAssertionOptions?}) and section 12 (ScaChallenge: id*,
 * expiresAt*, factor* SMS_OTP|TOTP|PASSKEY, availableFactors*[]).
 */
export const QuoteAwaitingSca = Quote.extend({ status: z.literal('PENDING_AUTHORIZATION'), scaChallenge: ScaChallenge });
export type QuoteAwaitingSca = z.infer<typeof QuoteAwaitingSca>;

/** Description: ScaFactorView {factor* (ScaFactor), credentialId, name}. */
export const ScaFactorView = z.looseObject({ factor: ScaFactor, credentialId: z.string().optional(), name: z.string().optional() });
/** Description: ScaFactorList {factors*}. */
export const ScaFactorList = z.looseObject({ factors: z.array(ScaFactorView) });

/** Description: TotpEnrollmentStart {type* (TOTP), secret*, secretBase32Encoded*, totpUri*}. */
export const TotpEnrollment = z.looseObject({
  type: z.literal('TOTP'),
  secret: z.string(),
  secretBase32Encoded: z.string(),
  totpUri: z.string(),
});

/** Description: PasskeyEnrollmentStart {type* (PASSKEY), options* (object), allowedOrigins*[], relyingPartyId*}. */
export const PasskeyEnrollment = z.looseObject({
  type: z.literal('PASSKEY'),
  options: z.looseObject({}),
  allowedOrigins: z.array(z.string()),
  relyingPartyId: z.string(),
});

/** Description: TotpEnrollmentConfirmResponse {type* (TOTP), recoveryCodes*[]}; PasskeyEnrollmentConfirmResponse {type* (PASSKEY), factor* (ScaFactorView)}. */
export const TotpConfirmation = z.looseObject({ type: z.literal('TOTP'), recoveryCodes: z.array(z.string()) });
export const PasskeyConfirmation = z.looseObject({ type: z.literal('PASSKEY'), factor: ScaFactorView });

/** Description: RecordSecurityEventResponse {eventType*, suspended*, lockedUntil (date-time or null), failedAttempts* (integer)}. */
export const RecordEventResult = z.looseObject({
  eventType: z.enum(['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT']),
  suspended: z.boolean(),
  lockedUntil: IsoUtc.nullable().optional(),
  failedAttempts: z.int(),
});

/** Supplement 1: 423 ACCOUNT_LOCKED details {lockedUntil?, failedAttempts, suspended}. */
export const LockedDetails = z.looseObject({ lockedUntil: IsoUtc.nullish(), failedAttempts: z.number().int().min(0), suspended: z.boolean() });

export const ResetStatus = z.enum(['INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED']);

/** Description: TwoFactorResetStart {resetId*, livenessAccessToken, verificationLink, expiresAt (date-time)}, the three nullable. */
export const FactorResetStarted = z.looseObject({
  resetId: z.string(),
  livenessAccessToken: z.string().nullable().optional(),
  verificationLink: z.string().nullable().optional(),
  expiresAt: IsoUtc.nullable().optional(),
});

/** Description: TwoFactorResetStatus {status*, factor*, enrollmentStatus (PENDING | COMPLETED | null), expiresAt*, completedAt (date-time or null)}. */
export const FactorReset = z.looseObject({
  status: ResetStatus,
  factor: ScaFactor,
  enrollmentStatus: z.enum(['PENDING', 'COMPLETED']).nullable().optional(),
  expiresAt: IsoUtc,
  completedAt: IsoUtc.nullable().optional(),
});
