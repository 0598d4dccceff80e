// The error bodies of the description (Error400 … Error503) and their field errors.
import { z } from 'zod';
import { IsoUtc } from './common.js';

/** Description: FieldConstraint, every member optional. */
export const FieldConstraint = z.looseObject({
  format: z.string().optional(),
  pattern: z.string().optional(),
  enum: z.array(z.string()).optional(),
  minLength: z.int().optional(),
  maxLength: z.int().optional(),
});

/** Description: FieldError {field*, constraint (FieldConstraint), message}. */
export const FieldError = z.looseObject({
  field: z.string(),
  constraint: FieldConstraint.optional(),
  message: z.string().optional(),
});
export type FieldError = z.infer<typeof FieldError>;

/** Description: an ErrorNNN {status* (NNN), code* (the status's codes), message*, details (object)}. */
const errorOf = <S extends number, D extends z.ZodType>(status: S, codes: readonly [string, ...string[]], details: D) =>
  z.looseObject({ status: z.literal(status), code: z.enum(codes), message: z.string(), details: details.optional() });
const anyDetails = z.looseObject({});

/** Description: Error400's codes. */
export const ERROR_400_CODES = [
  'INVALID_INPUT', 'END_USER_TERMS_VERSION_NOT_FOUND', 'MISSING_MANDATORY_USER_INFO', 'INVITATION_ALREADY_CLAIMED', 'INVITATIONS_NOT_CONFIGURED',
  'INVALID_UMA_ADDRESS', 'INVITATION_CANCELLED', 'QUOTE_REQUEST_FAILED', 'INVALID_PAYREQ_RESPONSE', 'INVALID_RECEIVER', 'PARSE_PAYREQ_RESPONSE_ERROR',
  'CERT_CHAIN_INVALID', 'CERT_CHAIN_EXPIRED', 'INVALID_PUBKEY_FORMAT', 'MISSING_REQUIRED_UMA_PARAMETERS', 'SENDER_NOT_ACCEPTED', 'AMOUNT_OUT_OF_RANGE',
  'INVALID_CURRENCY', 'INVALID_TIMESTAMP', 'INVALID_NONCE', 'INVALID_REQUEST_FORMAT', 'INVALID_BANK_ACCOUNT', 'SELF_PAYMENT', 'LOOKUP_REQUEST_FAILED',
  'PARSE_LNURLP_RESPONSE_ERROR', 'INVALID_AMOUNT', 'WEBHOOK_ENDPOINT_NOT_SET', 'WEBHOOK_DELIVERY_ERROR', 'LOW_QUALITY', 'DATA_MISMATCH', 'EXPIRED',
  'SUSPECTED_FRAUD', 'UNSUITABLE_DOCUMENT', 'INCOMPLETE', 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
  'PASSKEY_CREDENTIAL_ALREADY_EXISTS', 'STABLECOIN_PROVIDER_ACCOUNT_INVALID', 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED',
  'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', 'CARDHOLDER_KYC_NOT_APPROVED', 'TRANSACTION_SIZE_LIMIT_EXCEEDED', 'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED',
] as const;

/** Description: Error400; details.errors is an array of FieldError. */
export const Error400 = errorOf(400, ERROR_400_CODES, z.looseObject({ errors: z.array(FieldError).optional() }));
/**
 * Description: the 400 answers of POST /cards and PATCH /cards/{cardId}, whose text says "Returned
 * with `FUNDING_SOURCE_INELIGIBLE`", a code Error400's enum lacks (supplement 28 notes the gap).
 */
export const Error400Cards = errorOf(400, [...ERROR_400_CODES, 'FUNDING_SOURCE_INELIGIBLE'], z.looseObject({ errors: z.array(FieldError).optional() }));
/** Description: Error401. */
export const Error401 = errorOf(401, ['UNAUTHORIZED', 'INVALID_SIGNATURE', 'WALLET_SIGNATURE_MISSING', 'WALLET_SIGNATURE_MALFORMED', 'WALLET_SIGNATURE_BODY_MISMATCH', 'WALLET_SIGNATURE_INVALID', 'REQUEST_ID_MISSING'], anyDetails);
/** Description: Error403. */
export const Error403 = errorOf(403, ['FORBIDDEN', 'USER_NOT_READY', 'COUNTERPARTY_NOT_ALLOWED', 'VELOCITY_LIMIT_EXCEEDED', 'END_USER_TERMS_NOT_ACCEPTED'], anyDetails);
/** Description: Error404. */
export const Error404 = errorOf(404, ['TRANSACTION_NOT_FOUND', 'INVITATION_NOT_FOUND', 'USER_NOT_FOUND', 'QUOTE_NOT_FOUND', 'LOOKUP_REQUEST_NOT_FOUND', 'TOKEN_NOT_FOUND', 'BULK_UPLOAD_JOB_NOT_FOUND', 'REFERENCE_NOT_FOUND', 'UMA_NOT_FOUND', 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND'], anyDetails);
/** Description: Error405. */
export const Error405 = errorOf(405, ['METHOD_NOT_ALLOWED'], anyDetails);
/** Description: Error409. */
export const Error409 = errorOf(409, ['TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', 'TRANSACTION_NOT_CANCELLABLE', 'UMA_ADDRESS_EXISTS', 'EMAIL_OTP_EMAIL_ALREADY_EXISTS', 'EMAIL_OTP_CREDENTIAL_SET_CHANGED', 'PASSKEY_ALREADY_ENROLLED', 'SCA_SESSION_REQUIRED', 'BENEFICIARY_TRUSTED', 'INVALID_STATE_TRANSITION', 'CARD_ALREADY_CLOSED', 'CARD_NOT_MUTABLE', 'CONFLICT'], anyDetails);
/** Description: Error410. */
export const Error410 = errorOf(410, ['CUSTOMER_DELETED'], anyDetails);
/** Description: Error412. */
export const Error412 = errorOf(412, ['UNSUPPORTED_UMA_VERSION'], anyDetails);
/** Description: Error423; details {suspended, lockedUntil (date-time or null), failedAttempts}. Interface, Resources: timestamps in UTC. */
export const Error423Details = z.looseObject({ suspended: z.boolean().optional(), lockedUntil: IsoUtc.nullable().optional(), failedAttempts: z.int().optional() });
export const Error423 = errorOf(423, ['ACCOUNT_LOCKED'], Error423Details);
/** Description: Error424. */
export const Error424 = errorOf(424, ['PAYREQ_REQUEST_FAILED', 'COUNTERPARTY_PUBKEY_FETCH_ERROR', 'NO_COMPATIBLE_UMA_VERSION', 'LNURLP_REQUEST_FAILED', 'EMAIL_OTP_CREDENTIAL_SYNC_FAILED'], anyDetails);
/** Description: Error429. */
export const Error429 = errorOf(429, ['RATE_LIMITED', 'DAILY_VOLUME_LIMIT_EXCEEDED'], anyDetails);
/** Description: Error500. */
export const Error500 = errorOf(500, ['SVC_SWITCH_ERROR', 'INTERNAL_ERROR'], anyDetails);
/** Description: Error501. */
export const Error501 = errorOf(501, ['UNRECOGNIZED_MANDATORY_PAYEE_DATA_KEY', 'NOT_IMPLEMENTED'], anyDetails);
/** Description: Error503. */
export const Error503 = errorOf(503, ['SERVICE_UNAVAILABLE'], anyDetails);

/**
 * Any error answer the description gives: one of its error schemas, told apart by `status` (every
 * error response of every operation refers to one of them; the 400 one with the cards' extra code).
 */
const DESCRIBED_STATUSES = new Set([400, 401, 403, 404, 405, 409, 410, 412, 423, 424, 429, 500, 501, 503]);
const OTHER_STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i).filter((s) => !DESCRIBED_STATUSES.has(s));
/**
 * An error of a status the description gives no schema for (a 415, a 422): the interface's shape,
 * Errors: "Every error body has: status (integer, the HTTP status), code (string ...), message
 * (string), details (object, optional)" (the description validator's generic ErrorNNN likewise).
 */
const OtherErrorBody = z.looseObject({
  status: z.literal(OTHER_STATUSES as [number, ...number[]]),
  code: z.string(),
  message: z.string(),
  details: anyDetails.optional(),
});
export const ErrorBody = z.discriminatedUnion('status', [
  Error400Cards, Error401, Error403, Error404, Error405, Error409, Error410, Error412, Error423, Error424, Error429, Error500, Error501, Error503, OtherErrorBody,
]);
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The FieldErrors of an error body: details.errors of a 400 (Error400) when given; no other status describes them. */
export const fieldErrorsOf = (body: ErrorBody): FieldError[] | undefined => (body.status === 400 ? (body as z.infer<typeof Error400Cards>).details?.errors : undefined);
