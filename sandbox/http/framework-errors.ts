// Answers the framework (Fastify, Node's HTTP parser) would otherwise give in its own shape: every
// answer of status 400 or above carries the interface's error body {status, code, message, details?}
// (interface, Errors) with a code of the interface or the supplement. The HTTP status stays the
// framework's (413 too large, 415 unsupported type, 431 headers too large), except for an over-long
// path parameter, which names no resource (404); the code is INVALID_INPUT for a malformed request,
// REFERENCE_NOT_FOUND for 404, METHOD_NOT_ALLOWED for 405 (sandbox/README.md).
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply } from 'fastify';
import { ApiError, errorBody } from './errors.js';
import type { Faults } from '../faults.js';

/** Longest path parameter routed (ids are far shorter); a longer one names no resource: 404 with the error body. */
export const MAX_PARAM_LENGTH = 500;
/** Most of an unread body read (and dropped) before answering; past it the connection is closed. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

const MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body exceeds the 1 MiB this sandbox accepts',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be application/json (multipart/form-data where an operation takes files)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_MAX_PARAM_LENGTH: `No resource has an id of over ${MAX_PARAM_LENGTH} characters`,
  FST_ERR_BAD_URL: 'The request path is not a valid URL',
};

/** The interface's error for a framework error of status 4xx. */
export function frameworkError(error: FastifyError): ApiError {
  // An id longer than any id names no resource: the operation's described 404 (the description has no
  // 414 for any operation), not the framework's 414.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new ApiError(404, 'REFERENCE_NOT_FOUND', MESSAGES[error.code]);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const code = status === 404 ? 'REFERENCE_NOT_FOUND' : status === 405 ? 'METHOD_NOT_ALLOWED' : 'INVALID_INPUT';
  return new ApiError(status, code, MESSAGES[error.code] ?? error.message ?? 'The request is not valid');
}

/** Fastify's frameworkErrors option: errors raised before routing (bad URL, over-long parameter). */
export function frameworkErrors(error: FastifyError, reply: FastifyReply, faults: Faults): void {
  const apiError = frameworkError(error);
  // The fault answers in the framework's own shape ({error, code, message, statusCode}), as Fastify does.
  const body = faults.has('framework-errors-own-shape')
    ? { error: STATUS_CODES[apiError.status], code: error.code, message: error.message, statusCode: apiError.status }
    : errorBody(apiError, faults);
  void drainRequest(reply.request.raw, reply).then(() => reply.status(apiError.status).send(body));
}

/**
 * Reads what is left of the request body and drops it, so that the answer reaches a client that is
 * still sending. A body past MAX_DRAIN_BYTES (or one that stalls) gets its answer with the
 * connection closed after it.
 */
export function drainRequest(raw: IncomingMessage, reply: FastifyReply): Promise<void> {
  if (raw.readableEnded || raw.destroyed || raw.complete) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = (close: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onEnd);
      raw.off('close', onEnd);
      if (close) void reply.header('connection', 'close');
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAIN_BYTES) done(true);
    };
    const onEnd = () => done(false);
    const timer = setTimeout(() => done(true), DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onEnd);
    raw.once('close', onEnd);
    raw.resume();
  });
}

/** Node's HTTP parser refused the request (not HTTP, an unknown method, headers too large). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ status, code: 'INVALID_INPUT', message: status === 431 ? 'The request headers are too large' : status === 408 ? 'The request was not received in time' : 'The request is not valid HTTP' });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * An error the multipart parser raised reading a body (no boundary, a broken part, an early end):
 * the client's mistake, 400, where the parser gives it no status of its own.
 */
export function unreadableMultipart(contentType: string | undefined, error: { statusCode?: number }): boolean {
  return /^multipart\//i.test(contentType ?? '') && !error.statusCode;
}
