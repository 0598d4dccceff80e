// The interface's error body (Errors) and its field errors.
import { z } from 'zod';

/** openapi.yaml, FieldConstraint: a validator hint, every member optional, extras tolerated ("Fields are additive"). */
export const FieldConstraint = z.looseObject({
  format: z.string().optional(),
  pattern: z.string().optional(),
  enum: z.array(z.string()).optional(),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
});

/** Interface, Errors: FieldError {field (required, dot path), constraint, message}; openapi.yaml, FieldError: constraint is an optional FieldConstraint. */
export const FieldError = z.looseObject({
  field: z.string().min(1).regex(/^[A-Za-z0-9_\[\]]+(\.[A-Za-z0-9_\[\]]+)*$/, 'a dot-notation path'),
  constraint: FieldConstraint.optional(),
  message: z.string().optional(),
});

/** Interface, Errors: {status (integer), code (string), message (string), details (object, optional)}. */
export const ErrorBody = z.looseObject({
  status: z.number().int(),
  code: z.string().min(1),
  message: z.string(),
  details: z.looseObject({ errors: z.array(FieldError).optional() }).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
