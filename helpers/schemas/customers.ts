// The customer: as the interface shows it (as seen in events), and the supplement's fuller response
// records and the customer operations' answers. basis: supplement (sections 1, 4, 14, 15).
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';

/** basis: supplement (section 4): kycStatus / kybStatus values. */
export const KycStatus = z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD']);

/** Interface, Customer (as seen in events). */
export const Customer = z.looseObject({
  id: typedId('Customer'),
  platformCustomerId: z.string(),
  // Interface: "INDIVIDUAL seen; business customers emit KYB events"; basis: supplement (section 4).
  customerType: z.enum(['INDIVIDUAL', 'BUSINESS']),
  // Interface: "APPROVED seen"; basis: supplement (section 4) for the whole enum.
  kycStatus: KycStatus.optional(),
  fullName: z.string().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type Customer = z.infer<typeof Customer>;

/** Interface: GET /customers/end-user-terms "returns the current end-user terms URL and version"; supplement (section 4): both required, url a URI. */
export const EndUserTerms = z.looseObject({ version: z.string().min(1), url: z.url() });

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
  // Description: KycLinkResponse.provider is a KycProvider, enum [SUMSUB].
  provider: z.enum(['SUMSUB']),
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
