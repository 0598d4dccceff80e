// The interface's error body (Errors) and its field errors.
import { z } from 'zod';

/** Interface, Errors: FieldError {field (required, dot path), constraint, message}. */
export const FieldError = z.looseObject({
  field: z.string().min(1).regex(/^[A-Za-z0-9_\[\]]+(\.[A-Za-z0-9_\[\]]+)*$/, 'a dot-notation path'),
  // "Allowed values of constraint: not shown"; the supplement says it may be an object.
  constraint: z.unknown().optional(),
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
