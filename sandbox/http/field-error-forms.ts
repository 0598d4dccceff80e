// The form a refusal is answered in (sandbox/README.md, General): where the alternate sandbox leaves FieldErrors out (the
// description gives FieldError for "submit endpoints (e.g. `POST /customers`, `PATCH /customers/{id}`)"
// and does not say which others are, nor gives query refusals any; the status stays), and where it answers a refused bank identifier INVALID_BANK_ACCOUNT.
import type { Choices } from '../choices.js';
import { INTERFACE_VERSION } from '../constants.js';
import { ApiError } from './errors.js';

/** The submit endpoints openapi.yaml's FieldError names. */
const SUBMIT_ENDPOINTS = new Set([`POST /${INTERFACE_VERSION}/customers`, `PATCH /${INTERFACE_VERSION}/customers/:customerId`]);

/** The members of an account's details that identify a bank account (openapi.yaml's account infos). */
const BANK_IDENTIFIER = /(?:^|\.)(?:iban|routingNumber|accountNumber|clabeNumber|swiftCode|sortCode|bankCode|branchCode|ifsc|pixKey)$/;

/**
 * The refusal as the sandbox answers it: without details.errors where its alternate leaves them out;
 * with the alternate `bank-identifier-code`, a refusal naming only bank identifiers is
 * INVALID_BANK_ACCOUNT (the interface's 400 list; supplement 28.3: which operation answers it is not stated).
 */
export function answeredRefusal(choices: Choices, method: string, route: string | undefined, err: ApiError): ApiError {
  const named = Array.isArray(err.details?.errors) ? (err.details.errors as { field?: unknown }[]).map((e) => String(e.field)) : [];
  const bank = err.status === 400 && err.code === 'INVALID_INPUT' && named.length > 0 && named.every((f) => BANK_IDENTIFIER.test(f)) && choices.alternate('bank-identifier-code');
  const answered = formOf(choices, method, route, err);
  return bank ? new ApiError(answered.status, 'INVALID_BANK_ACCOUNT', answered.message, answered.details) : answered;
}

function formOf(choices: Choices, method: string, route: string | undefined, err: ApiError): ApiError {
  if (err.code !== 'INVALID_INPUT' || !err.details?.errors) return err;
  // A refused query names no FieldErrors.
  if (choices.alternate('query-refusal-plain') && method === 'GET') return new ApiError(err.status, err.code, err.message);
  // FieldErrors only on the submit endpoints the description names.
  if (choices.alternate('field-errors-submit-only') && !SUBMIT_ENDPOINTS.has(`${method} ${route}`)) {
    const { errors: _named, ...rest } = err.details;
    return new ApiError(err.status, err.code, err.message, Object.keys(rest).length ? rest : undefined);
  }
  return err;
}
