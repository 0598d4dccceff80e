// Response schemas of the external-account resources new to the suite: paged lists and beneficiary
// trust. basis: supplement (sections 1, 7 and 12): required fields and enums as the supplement gives them.
import { z } from 'zod';
import { ExternalAccount, IsoUtc, typedId } from '../schemas.js';

/** Supplement 1: list body {data[]*, hasMore*: bool, nextCursor?: string (only if hasMore), totalCount?: int}. */
export const pageOf = <S extends z.ZodType>(item: S) =>
  z
    .looseObject({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().min(1).optional(), totalCount: z.number().int().min(0).optional() })
    .refine((p) => p.hasMore === (p.nextCursor !== undefined), 'nextCursor is present only if hasMore');

export const ExternalAccountPage = pageOf(ExternalAccount);

export const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']);

/** Supplement 12: ScaChallenge {id* (ScaChallenge:<uuid>), expiresAt*, factor*, availableFactors*[], purpose?, ...}. */
export const ScaChallenge = z.looseObject({
  id: typedId('ScaChallenge'),
  expiresAt: IsoUtc,
  factor: ScaFactor,
  availableFactors: z.array(ScaFactor),
  purpose: z.string().optional(),
  passkeyAssertionOptions: z.looseObject({}).optional(),
  passkeyAllowedOrigins: z.array(z.string()).optional(),
});
export type ScaChallenge = z.infer<typeof ScaChallenge>;

/** Supplement 12: trust and untrust answer 200 {scaChallenge?}. */
export const TrustRequestResult = z.looseObject({ scaChallenge: ScaChallenge.optional() });

/** Supplement 12: trust/confirm answers {trusted*: true}; untrust/confirm {trusted*: false}. */
export const TrustConfirmation = z.looseObject({ trusted: z.boolean() });
