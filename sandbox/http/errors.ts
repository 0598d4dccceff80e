// The error body of the interface (section Errors): {status, code, message, details?};
// field-validation failures carry details.errors[], one FieldError per invalid field.
import type { ZodError } from 'zod';
import type { Faults } from '../faults.js';

/**
 * openapi.yaml, FieldConstraint: a machine-readable hint of the rule the value broke, with only
 * these five members; a FieldError whose rule none of them states carries no constraint.
 */
export interface FieldConstraint {
  format?: string;
  pattern?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
}

export interface FieldError {
  field: string;
  constraint?: FieldConstraint;
  message: string;
}

/** A JavaScript regex without its slashes and flags, as FieldConstraint.pattern gives it. */
const patternSource = (pattern: string) => /^\/(.*)\/[a-z]*$/s.exec(pattern)?.[1] ?? pattern;

// zod's format names, where the description names the same format otherwise (FieldConstraint.format: `e.164`; date-time is the description's own format).
const FORMAT_NAMES: Record<string, string> = { e164: 'e.164', datetime: 'date-time' };

/** The FieldConstraint a zod issue states, or undefined where its rule is none of the five members. */
function constraintOf(issue: ZodError['issues'][number]): FieldConstraint | undefined {
  const i = issue as unknown as Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_value': {
      const values = i.values as unknown[];
      return values.length && values.every((v) => typeof v === 'string') ? { enum: values as string[] } : undefined;
    }
    case 'too_small':
      if (i.origin !== 'string') return undefined;
      return i.exact ? { minLength: Number(i.minimum), maxLength: Number(i.minimum) } : { minLength: Number(i.minimum) };
    case 'too_big':
      if (i.origin !== 'string') return undefined;
      return i.exact ? { minLength: Number(i.maximum), maxLength: Number(i.maximum) } : { maxLength: Number(i.maximum) };
    case 'invalid_format': {
      const pattern = typeof i.pattern === 'string' ? patternSource(i.pattern) : undefined;
      const format = i.format === 'regex' || typeof i.format !== 'string' ? undefined : (FORMAT_NAMES[i.format] ?? i.format);
      // starts_with, ends_with, includes, lowercase... state no pattern and no format of the description.
      if (!pattern) return undefined;
      return { ...(format ? { format } : {}), pattern };
    }
    default:
      return undefined;
  }
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
    const constraint = constraintOf(issue);
    return { field: path || 'body', ...(constraint ? { constraint } : {}), message: issue.message };
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
  if (faults.has('field-error-constraint-not-object') && Array.isArray(err.details?.errors)) {
    // The fault: the constraint is the name of the broken rule, a string where the description gives a FieldConstraint object.
    body.details = {
      ...err.details,
      errors: (err.details.errors as FieldError[]).map((e) => ({ ...e, constraint: e.constraint ? Object.keys(e.constraint).join(',') : 'invalid' })),
    };
  }
  if (faults.has('field-errors-not-dot-path') && Array.isArray(err.details?.errors)) {
    body.details = {
      ...err.details,
      errors: (err.details.errors as FieldError[]).map((e) => ({ ...e, field: e.field.replaceAll('.', '/') })),
    };
  }
  return body;
}
