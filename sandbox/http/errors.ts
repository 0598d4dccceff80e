// The error body of the interface (section Errors): {status, code, message, details?};
// field-validation failures carry details.errors[], one FieldError per invalid field.
import type { ZodError } from 'zod';
import type { Faults } from '../faults.js';

export interface FieldError {
  field: string;
  constraint: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new ApiError(400, code, message, details);
export const invalidInput = (errors: FieldError[]) =>
  new ApiError(400, 'INVALID_INPUT', `${errors.length} invalid field(s): ${errors.map((e) => e.field).join(', ')}`, { errors });
export const unauthorized = (message = 'Credentials rejected') => new ApiError(401, 'UNAUTHORIZED', message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new ApiError(409, code, message, details);

/** Dot-notation path of a zod issue (`accountInfo.address`, `beneficiaries.0.fullName`). */
export function fieldErrors(error: ZodError, prefix = ''): FieldError[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return { field: path || 'body', constraint: issue.code, message: issue.message };
  });
}

export function errorBody(err: ApiError, faults: Faults): Record<string, unknown> {
  const body: Record<string, unknown> = {
    status: faults.has('error-status-mismatch') ? (err.status === 400 ? 422 : 400) : err.status,
    code: err.code,
    message: err.message,
  };
  if (faults.has('error-body-without-code')) delete body.code;
  if (err.details) body.details = err.details;
  if (faults.has('field-errors-first-only') && Array.isArray(err.details?.errors)) {
    body.details = { ...err.details, errors: (err.details.errors as FieldError[]).slice(0, 1) };
  }
  if (faults.has('field-errors-name-extra') && Array.isArray(err.details?.errors) && err.details.errors.length) {
    // The fault: a field the request got right is named beside the one it got wrong.
    const named = new Set((err.details.errors as FieldError[]).map((e) => e.field));
    const extra = ['customerType', 'currency', 'name', 'type'].find((f) => !named.has(f)) ?? 'request';
    body.details = { ...err.details, errors: [...(err.details.errors as FieldError[]), { field: extra, message: `${extra} is not valid here` }] };
  }
  if (faults.has('field-errors-not-dot-path') && Array.isArray(err.details?.errors)) {
    body.details = {
      ...err.details,
      errors: (err.details.errors as FieldError[]).map((e) => ({ ...e, field: e.field.replaceAll('.', '/') })),
    };
  }
  return body;
}
