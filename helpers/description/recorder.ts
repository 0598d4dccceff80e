// Records the API client's exchanges for `npm run description:check`: with SVC_RECORD_EXCHANGES=<file>
// set, each exchange is appended to the file as one JSON line; unset, nothing is recorded and no
// module is loaded. A record carries what the description judges (bodies, status, media types, the
// query) and no credential: of the request's headers only Content-Type is kept, and the bodies, the
// query and the URL go through the run's redaction layer (helpers/redact.ts) once more, so a secret
// the client sent or was issued is written as `[redacted]`, never in clear.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Exchange } from '../exchange.js';
import { redactor } from '../redact.js';

/** The file the exchanges go to; none when the variable is unset. */
const FILE = process.env.SVC_RECORD_EXCHANGES || undefined;

/** One recorded exchange (a line of the file). */
export interface RecordedExchange {
  method: string;
  url: string;
  /** The path below the base URL, as the client expanded it. */
  path: string;
  /** The client's own template for it (the harness's, not the description's). */
  template: string;
  query: Record<string, string | string[]>;
  requestHeaders: { 'content-type'?: string };
  /** json: the parsed body; multipart: its fields, a file part as a `(binary ...)` marker; raw: a body that is no JSON, as a marker. */
  requestBodyKind: 'none' | 'json' | 'multipart' | 'raw';
  requestBody?: unknown;
  status: number;
  responseContentType?: string;
  responseBody?: unknown;
  scenario?: string;
}

/** What the client sent besides the exchange it records: the URL, the query and a multipart form. */
export interface SentRequest {
  url: string;
  query: URLSearchParams;
  form?: FormData;
}

/**
 * The running scenario's name. Read through vitest's `expect` only inside a vitest process (VITEST is
 * set there), and only when recording: the client is also used by processes that never load vitest.
 */
let scenario: () => string | undefined = () => undefined;
if (FILE && process.env.VITEST) {
  void import('vitest').then(
    ({ expect }) => {
      scenario = () => {
        try {
          const state = expect.getState();
          return state.currentTestName === undefined ? undefined : `${relative(process.cwd(), state.testPath ?? '')} > ${state.currentTestName}`;
        } catch {
          return undefined;
        }
      };
    },
    () => undefined,
  );
}

/** Appends one exchange to SVC_RECORD_EXCHANGES (or to `file`); does nothing when there is none. */
export function recordExchange(exchange: Exchange, sent: SentRequest, file: string | undefined = FILE): void {
  if (!file) return;
  appendFileSync(file, `${JSON.stringify(toRecord(exchange, sent, scenario()))}\n`);
}

const header = (headers: Record<string, unknown>, name: string): string | undefined => {
  const v = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v);
};

/** The record of one exchange, redacted. */
export function toRecord(exchange: Exchange, sent: SentRequest, scenarioName?: string): RecordedExchange {
  const contentType = header(exchange.request.headers, 'content-type');
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(sent.query.keys())) {
    const all = sent.query.getAll(key);
    query[key] = all.length === 1 ? all[0] : all;
  }
  let requestBodyKind: RecordedExchange['requestBodyKind'] = 'none';
  let requestBody: unknown;
  if (sent.form) {
    requestBodyKind = 'multipart';
    const fields: Record<string, unknown> = {};
    for (const [name, value] of sent.form.entries()) {
      fields[name] = typeof value === 'string' ? value : `(binary ${value.name || 'blob'}, ${value.type || 'no type'}, ${value.size} bytes)`;
    }
    requestBody = fields;
  } else if (typeof exchange.request.body === 'string') {
    try {
      requestBody = JSON.parse(exchange.request.body);
      requestBodyKind = 'json';
    } catch {
      requestBodyKind = 'raw';
      requestBody = `(raw ${exchange.request.body.length} characters, no JSON)`;
    }
  } else if (exchange.request.body !== undefined) {
    requestBodyKind = 'json';
    // As it went on the wire: what JSON.stringify sent (undefined members dropped).
    requestBody = JSON.parse(JSON.stringify(exchange.request.body));
  }
  return {
    method: exchange.method,
    url: redactor.text(sent.url),
    path: redactor.text(exchange.path),
    template: exchange.template,
    query: redactor.value(query) as Record<string, string | string[]>,
    requestHeaders: contentType === undefined ? {} : { 'content-type': contentType },
    requestBodyKind,
    ...(requestBody === undefined ? {} : { requestBody: redactor.value(requestBody) }),
    status: exchange.status,
    responseContentType: header(exchange.response.headers, 'content-type'),
    ...(exchange.response.body === undefined ? {} : { responseBody: redactor.value(exchange.response.body) }),
    ...(scenarioName ? { scenario: scenarioName } : {}),
  };
}
