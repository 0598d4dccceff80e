// Named faults of the shared HTTP layer (sandbox/app.ts, sandbox/http/): each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const httpFaults = {
  // Errors
  'field-errors-name-extra': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'Errors: details.errors is an array of FieldError, one per invalid field: a valid field is not named.',
  },
  'framework-errors-own-shape': {
    areas: ['authentication'],
    suites: ['authentication/error-bodies.test.ts'],
    rule: 'Errors: every error body has status, code, message (the answers the HTTP framework makes included).',
  },
  'error-body-without-code': {
    areas: ['authentication'],
    rule: 'Errors: every error body has status, code, message.',
  },
  'field-errors-not-dot-path': {
    areas: ['platform-configuration', 'customers'],
    rule: 'Errors: FieldError.field is a dot-notation path to the offending field.',
  },
  'invalid-json-500': {
    areas: ['platform-configuration'],
    rule: 'Errors: INVALID_INPUT is a 400 code; a malformed body is the client\'s mistake, never a 5xx.',
  },
  'field-error-constraint-not-object': {
    areas: ['customers'],
    suites: ['customers/field-rules.test.ts'],
    rule: 'openapi.yaml, FieldError: constraint is a FieldConstraint object (format, pattern, enum, minLength, maxLength), never a bare string.',
  },
  'field-errors-first-only': {
    areas: ['customers'],
    rule: 'Errors: on 400 field-validation errors, details.errors is an array of FieldError, one per invalid field.',
  },
  'error-status-mismatch': {
    areas: ['authentication'],
    rule: 'Errors: status (integer, the HTTP status).',
  },
  // Authentication 1
  'auth-accepts-bearer': {
    areas: ['authentication'],
    rule: 'Authentication 1: platform calls use HTTP Basic authentication.',
  },
  // Authentication 3
  'auth-not-enforced': {
    areas: ['authentication'],
    rule: 'Authentication 3: rejected platform credentials answer 401 with code UNAUTHORIZED.',
  },
  'auth-open-on-reads': {
    areas: ['authentication'],
    suites: ['authentication/every-operation.test.ts'],
    rule: 'Authentication 1 and 3: every platform call takes Basic credentials; reads of customers, quotes and transactions without them answer 401 UNAUTHORIZED.',
  },
  'auth-wrong-code': {
    areas: ['authentication'],
    rule: 'Authentication 3: rejected platform credentials answer 401 with code UNAUTHORIZED.',
  },
} as const satisfies Record<string, FaultEntry>;
