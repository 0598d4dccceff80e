// Response schemas of the customer operations new to the suite. basis: supplement (sections 1, 4,
// 14, 15): the interface shows the Customer only as seen in events (helpers/schemas.ts).
import { z } from 'zod';
import { Customer, IsoUtc, typedId } from '../schemas.js';
import { pageOf } from './page.js';

/** Supplement 4: kycStatus / kybStatus values. */
export const KycStatus = z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD']);

/** Supplement 4: the customer response (umaAddress always; isDeleted; contactVerification states). */
export const CustomerRecord = Customer.extend({
  customerType: z.enum(['INDIVIDUAL', 'BUSINESS']),
  umaAddress: z.string().min(1),
  kycStatus: KycStatus.optional(),
  kybStatus: KycStatus.optional(),
  isDeleted: z.boolean().optional(),
  contactVerification: z
    .looseObject({ email: z.enum(['PENDING', 'VERIFIED']).optional(), phone: z.enum(['PENDING', 'VERIFIED']).optional() })
    .optional(),
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

export const CustomerPage = pageOf(CustomerRecord);

/** Supplement 14: 201 {kycUrl*, expiresAt*, provider*, token?}. */
export const KycLink = z.looseObject({
  kycUrl: z.url(),
  expiresAt: IsoUtc,
  provider: z.string().min(1),
  token: z.string().optional(),
});

/** Supplement 24: 202 {jobId* (Job:<uuid>), status*: PENDING|PROCESSING}. */
export const BulkUploadAccepted = z.looseObject({ jobId: typedId('Job'), status: z.enum(['PENDING', 'PROCESSING']) });

/** Supplement 24: Job {id*, status*, progress*{total*, processed*, successful*, failed*}, errors?[{correlationId*, code?, message?, details?}], completedAt?}. */
export const BulkUploadJob = z.looseObject({
  id: typedId('Job'),
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']),
  progress: z.looseObject({ total: z.number().int().min(0), processed: z.number().int().min(0), successful: z.number().int().min(0), failed: z.number().int().min(0) }),
  errors: z.array(z.looseObject({ correlationId: z.string().min(1), code: z.string().optional(), message: z.string().optional(), details: z.unknown().optional() })).optional(),
  completedAt: IsoUtc.optional(),
});
export type BulkUploadJob = z.infer<typeof BulkUploadJob>;
