// Assertions that assert AND record (DESIGN, "One run, as data flows" 5): a coverage id is
// recorded, and tagged on the Allure test, only after its assertion passed. Failures say which
// rule, which request, what came back and what was expected.
import { allureLabel, allureTag } from './allure.js';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { ApiResponse, Exchange } from './client.js';
import { recordCovered, recordNote } from './coverage/recorder.js';
import { redactor } from './redact.js';
import { ErrorBody } from './schemas/index.js';
import { fieldErrorsOf } from './schemas/errors.js';
import { codesForStatus, ids, SUPPLEMENT_CODES, type CoverageKind, type Machine } from './spec/catalog.js';

/** Ids already tagged on the running test: each shows once on it. */
const tagged = new Map<string, Set<string>>();

function tagCovered(kind: CoverageKind, id: string, label: string, value: string): void {
  recordCovered(kind, id);
  const test = `${expect.getState().testPath}#${expect.getState().currentTestName}`;
  const seen = tagged.get(test) ?? new Set<string>();
  tagged.set(test, seen);
  if (seen.has(id)) return;
  seen.add(id);
  allureTag(id);
  allureLabel(label, value);
}

export function describeExchange(ex: Exchange): string {
  const body = JSON.stringify(ex.response.body);
  return `${ex.method} ${ex.path} answered ${ex.status}: ${body === undefined ? '(no body)' : body.slice(0, 600)}`;
}

export function zodProblems(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** Parses `value` with `schema`, failing with the rule and the problems. */
export function expectSchema<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    expect.fail(`${what} does not match the interface's shape: ${zodProblems(parsed.error)}\nvalue: ${JSON.stringify(redactor.value(value))?.slice(0, 800)}`);
  }
  return parsed.data;
}

/** Records the operation and the status it answered (coverage kind `responses`): called once the answer's judgement passed. */
function recordOperation(res: ApiResponse): void {
  tagCovered('operations', ids.operation(res.exchange.method, res.exchange.template), 'operation', `${res.exchange.method} ${res.exchange.template}`);
  recordCovered('responses', ids.response(res.exchange.method, res.exchange.template, res.status));
}

/** Asserts a success status and, when given, the body's schema. Records the operation. */
export function expectStatus<S extends z.ZodType>(res: ApiResponse, status: number, schema?: S, rule?: string): z.infer<S> {
  // Each expectation is made when its check fails (the same matcher, the same message): a scenario
  // makes thousands that pass, and vitest's expect() costs far more than the comparison.
  if (res.status !== status) expect(res.status, `${rule ? `${rule}\n` : ''}expected ${status}; ${describeExchange(res.exchange)}`).toBe(status);
  const body = schema ? expectSchema(schema, res.body, `the ${status} body of ${res.exchange.method} ${res.exchange.template}`) : res.body;
  recordOperation(res);
  return body;
}

/**
 * Asserts an error answer: the HTTP status, the error body {status, code, message, details?}
 * (interface, Errors), body.status equal to the HTTP status, a code the interface enumerates for
 * that status, and, when given, the expected code (or one of several). `operation: false` records
 * the code only: for a request that is no interface operation (an unsupported method, 405), or one
 * refused before it reached the operation; `response: true` with it still records the status as a
 * documented answer of the operation (a 401 for rejected credentials).
 */
export function expectError(res: ApiResponse, status: number, code?: string | readonly string[], rule?: string, options: { operation?: boolean; response?: boolean } = {}): ErrorBody {
  const context = () => `${rule ? `${rule}\n` : ''}${describeExchange(res.exchange)}`;
  // As in expectStatus: each expectation is made when its check fails.
  if (res.status !== status) expect(res.status, `expected HTTP ${status}; ${context()}`).toBe(status);
  const body = expectSchema(ErrorBody, res.body, `the error body of ${res.exchange.method} ${res.exchange.template} (Errors: status, code, message, details)`);
  if (body.status !== status) expect(body.status, `Errors: "status (integer, the HTTP status)"; ${context()}`).toBe(status);
  const enumerated = codesForStatus(status) ?? SUPPLEMENT_CODES[status];
  if (enumerated && !enumerated.includes(body.code)) {
    expect(enumerated, `Errors: code is "enumerated per status"; ${body.code} is not among the codes for ${status}; ${context()}`).toContain(body.code);
  }
  if (code !== undefined) {
    const allowed = typeof code === 'string' ? [code] : code;
    if (!allowed.includes(body.code)) expect(allowed, `expected code ${allowed.join(' or ')}; ${context()}`).toContain(body.code);
  }
  if (options.operation !== false) recordOperation(res);
  else if (options.response) recordCovered('responses', ids.response(res.exchange.method, res.exchange.template, res.status));
  tagCovered('errors', ids.error(status, body.code), 'errorCode', body.code);
  return body;
}

/**
 * A request refused for a query parameter (missing or malformed): 400 with the error body, and the
 * code where the documents give one for it. FieldErrors are described for submit endpoints' fields
 * (interface, Errors: "On 400 field-validation errors from submit endpoints, details.errors is an
 * array of FieldError"), not for query parameters: a target need not give them; where it does, a
 * FieldError's `field` is "the dot-notation path to the offending field" (description, FieldError),
 * so one names the parameter.
 */
export function expectQueryRefused(
  res: ApiResponse,
  parameter: string,
  rule: string,
  code?: string | readonly string[],
  /** Another status the operation documents for this refusal (a 404 "Customer not found" for a customer the query does not name), with its sentence: accepted beside 400, and noted. */
  or?: { status: number; sentence: string },
): ErrorBody {
  if (or && res.status === or.status) {
    const body = expectError(res, or.status, undefined, `${rule} (or ${or.status}: ${or.sentence})`);
    noteInterface(`query-refusal:${or.status}`, [rule, or.sentence], `${parameter} missing: ${or.status} ${body.code}, not 400`);
    return body;
  }
  const body = expectError(res, 400, code, rule);
  const named = (fieldErrorsOf(body) ?? []).map((e) => e.field);
  if (named.length) expect(named, `description, FieldError: field is the path to the offending field; a FieldError given for this refusal names the query parameter ${parameter}; ${rule}`).toContain(parameter);
  return body;
}

/**
 * A client error whose status the documents leave among several (a 4xx of the interface's error shape,
 * never a success or a 5xx): the error body, its code enumerated for the status answered.
 */
export function expectClientError(res: ApiResponse, rule: string): ErrorBody {
  return expectError(res, res.status >= 400 && res.status < 500 ? res.status : 400, undefined, rule);
}

/** The two client errors that say something else than a refusal of what was asked, unless the documents give them for the case. */
const NOT_A_REFUSAL: Readonly<Record<number, string>> = {
  401: 'Authentication 3: "A 401 means the platform\'s own credentials were rejected" (the request carried them)',
  404: 'Errors, 404: its codes name what is not found (TRANSACTION_NOT_FOUND, USER_NOT_FOUND, REFERENCE_NOT_FOUND, ...), and the request named what exists',
};

/**
 * A refusal whose status and code neither the interface nor the supplement state (for example "Frozen
 * and failed accounts cannot send or receive payments"): a client error (4xx, never a success or a
 * 5xx), but not a 401 or a 404, which say the credentials were rejected or a resource is missing
 * (NOT_A_REFUSAL), unless `documented` gives them for the case; the error body {status, code, message,
 * details?} with body.status the HTTP status, and a code enumerated for that status. What the target
 * answered is recorded as an interface note.
 */
export function expectRefusal(res: ApiResponse, rule: string, note: { id: string; sentences: string[] }, documented?: { statuses: readonly number[]; sentence: string }): ErrorBody {
  const context = `${rule}\n${describeExchange(res.exchange)}`;
  expect(res.status >= 400 && res.status < 500, `a refusal is a client error (4xx); ${context}`).toBe(true);
  if (NOT_A_REFUSAL[res.status] && !documented?.statuses.includes(res.status)) {
    expect.fail(`a refusal of what was asked, not ${res.status}: ${NOT_A_REFUSAL[res.status]}; ${context}`);
  }
  const body = expectSchema(ErrorBody, res.body, `the error body of ${res.exchange.method} ${res.exchange.template} (Errors: status, code, message, details)`);
  expect(body.status, `Errors: "status (integer, the HTTP status)"; ${context}`).toBe(res.status);
  // A status the documents enumerate no codes for (422, say) leaves the code unjudged, as expectError does.
  const enumerated = codesForStatus(res.status);
  if (enumerated) expect(enumerated, `Errors: code is "enumerated per status"; ${body.code} is not among the codes for ${res.status}; ${context}`).toContain(body.code);
  recordOperation(res);
  tagCovered('errors', ids.error(res.status, body.code), 'errorCode', body.code);
  noteInterface(note.id, note.sentences, `${res.exchange.method} ${res.exchange.template}: ${res.status} ${body.code}`);
  return body;
}

/** Asserts that a field-validation error names every given field in details.errors[] (FieldError dot paths). */
export function expectFieldErrors(body: ErrorBody, fields: string[], rule = 'Errors: details.errors is an array of FieldError, one per invalid field'): void {
  const named = (fieldErrorsOf(body) ?? []).map((e) => e.field);
  for (const field of fields) {
    expect(named, `${rule}; expected a FieldError for ${field}; got ${JSON.stringify(body.details)}`).toContain(field);
  }
}

/** Why FieldErrors are judged only where given outside POST and PATCH /customers. */
export const FIELD_ERRORS_UNSTATED = [
  'Interface, Errors: "On 400 field-validation errors from submit endpoints, details.errors is an array of FieldError, one per invalid field"',
  'openapi.yaml, FieldError: "Field-validation errors on submit endpoints (e.g. `POST /customers`, `PATCH /customers/{id}`) emit an array of these"; which operations are submit endpoints is not stated',
];

/**
 * FieldErrors outside the submit endpoints openapi.yaml's FieldError names (POST /customers, PATCH
 * /customers/{id}): which other operations are submit endpoints is not stated, so a refusal without
 * details.errors is noted; where given, they name the fields (expectFieldErrors). Says whether they were given.
 */
export function expectFieldErrorsIfGiven(body: ErrorBody, fields: string[], operation: string, rule?: string): boolean {
  if ((fieldErrorsOf(body) ?? []).length) {
    expectFieldErrors(body, fields, rule);
    return true;
  }
  noteInterface('field-errors:absent', FIELD_ERRORS_UNSTATED, `${operation}: 400 ${body.code} naming ${fields.join(', ')} came without details.errors`);
  return false;
}

/** Asserts a state change (before → after) and records the transition. */
export function expectTransition(machine: Machine, before: string, after: string, from: string, to: string): void {
  expect(before, `transition ${machine}: the resource was expected to start in ${from}`).toBe(from);
  expect(after, `transition ${machine}: ${from} → ${to} expected; the resource is ${after}`).toBe(to);
  tagCovered('transitions', ids.transition(machine, from, to), 'transition', `${machine}:${from}->${to}`);
}

/** Asserts a refused transition left the state unchanged, and records the refused transition as exercised. */
export function expectRefusedTransition(machine: Machine, from: string, requested: string, after: string): void {
  expect(after, `transition ${machine}: the refused ${from} → ${requested} must change nothing; the resource is ${after}`).toBe(from);
  tagCovered('transitions', ids.transition(machine, from, requested), 'transition', `${machine}:${from}->${requested} (refused)`);
}

/**
 * Records that a scenario met a place where the interface is ambiguous or silent and accepted
 * alternatives; listed in reports/interface-notes.md and on the Allure test.
 */
export function noteInterface(id: string, sentences: string[], observed: string): void {
  recordNote(id, sentences, observed);
  allureLabel('interfaceNote', id);
}
