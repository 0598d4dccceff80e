// Response schemas of the SCA resources. basis: supplement (sections 10 and 16): required fields and
// enums as the supplement gives them.
import { z } from 'zod';
import { IsoUtc } from './common.js';
import { ScaChallenge, ScaFactor } from './external-accounts.js';
import { Quote } from './quotes.js';

/** Interface: POST /sca/login/complete "response carries sessionExpiresAt"; supplement (section 10): {status: "SUCCESS", sessionExpiresAt}. */
export const ScaLoginResult = z.looseObject({ status: z.literal('SUCCESS').optional(), sessionExpiresAt: IsoUtc });

/**
 * A quote awaiting its customer's SCA: supplement 16 (authorization loop: "execute for an SCA customer
 * -> 200 quote PENDING_AUTHORIZATION + scaChallenge"), section 8 (Quote scaChallenge?{id, expiresAt,
 * factor, availableFactors[], purpose?, passkeyAssertionOptions?}) and section 12 (ScaChallenge: id*,
 * expiresAt*, factor* SMS_OTP|TOTP|PASSKEY, availableFactors*[]).
 */
export const QuoteAwaitingSca = Quote.extend({ status: z.literal('PENDING_AUTHORIZATION'), scaChallenge: ScaChallenge });
export type QuoteAwaitingSca = z.infer<typeof QuoteAwaitingSca>;

/** GET /sca/factors: 200 {factors*[{factor*, credentialId? (PASSKEY), name?}]}; SMS_OTP always present. */
export const ScaFactorList = z.looseObject({
  factors: z.array(z.looseObject({ factor: ScaFactor, credentialId: z.string().min(1).optional(), name: z.string().optional() })),
});

/** POST /sca/factors {type: TOTP}: 200 {type, secret*, secretBase32Encoded*, totpUri*}. */
export const TotpEnrollment = z.looseObject({
  type: z.literal('TOTP'),
  secret: z.string().min(1),
  secretBase32Encoded: z.string().regex(/^[A-Z2-7]+=*$/i, 'base32'),
  totpUri: z.string().startsWith('otpauth://totp/'),
});

/** POST /sca/factors {type: PASSKEY}: 200 {type, options*, allowedOrigins*[], relyingPartyId*}. */
export const PasskeyEnrollment = z.looseObject({
  type: z.literal('PASSKEY'),
  options: z.looseObject({ challenge: z.string().min(1) }),
  allowedOrigins: z.array(z.string().min(1)).min(1),
  relyingPartyId: z.string().min(1),
});

/** POST /sca/factors/confirm: TOTP {type, recoveryCodes*[]}; PASSKEY {type, factor*}. */
export const TotpConfirmation = z.looseObject({ type: z.literal('TOTP'), recoveryCodes: z.array(z.string().min(1)) });
export const PasskeyConfirmation = z.looseObject({ type: z.literal('PASSKEY'), factor: z.unknown().refine((v) => v !== undefined && v !== null, 'factor is required') });

/** POST /sca/record-event: 200 {eventType*, suspended*, lockedUntil?, failedAttempts*}. */
export const RecordEventResult = z.looseObject({
  eventType: z.enum(['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT']),
  suspended: z.boolean(),
  lockedUntil: IsoUtc.nullish(),
  failedAttempts: z.number().int().min(0),
});

/** Supplement 1: 423 ACCOUNT_LOCKED details {lockedUntil?, failedAttempts, suspended}. */
export const LockedDetails = z.looseObject({ lockedUntil: IsoUtc.nullish(), failedAttempts: z.number().int().min(0), suspended: z.boolean() });

export const ResetStatus = z.enum(['INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED']);

/** POST /sca/factors/reset: 201 {resetId*, livenessAccessToken?, verificationLink?, expiresAt?}. */
export const FactorResetStarted = z.looseObject({
  resetId: z.string().min(1),
  livenessAccessToken: z.string().optional(),
  verificationLink: z.string().url().optional(),
  expiresAt: IsoUtc.optional(),
});

/** GET /sca/factors/reset/{resetId}: 200 {status*, factor*, enrollmentStatus?, expiresAt*, completedAt?}. */
export const FactorReset = z.looseObject({
  status: ResetStatus,
  factor: ScaFactor,
  enrollmentStatus: z.enum(['PENDING', 'COMPLETED']).nullish(),
  expiresAt: IsoUtc,
  completedAt: IsoUtc.optional(),
});
