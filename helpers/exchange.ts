// One request and its response as the API client saw them: what failure messages, Allure
// attachments and the exchange recorder read. Apart from the client so that the recorder, which the
// client calls, can name it without importing the client back.
import type { ResponseHeaders } from './http.js';

/** One request and its response, as sent and received by the API client. */
export interface Exchange {
  method: string;
  template: string;
  path: string;
  /** The query string as sent (encoded), secrets redacted; absent without one. */
  query?: string;
  /** The credential sent: the platform's (HTTP Basic), another (a token of the run), or none. */
  auth?: 'platform' | 'other' | 'none';
  status: number;
  code?: string;
  durationMs: number;
  request: { headers: Record<string, string>; body?: unknown };
  response: { headers: ResponseHeaders; body: unknown };
}

/**
 * The same exchange with its values as they went on the wire, unredacted: only for a judge that
 * reads them at once in the client's process and keeps nothing in clear (helpers/description/live.ts).
 */
export interface WireExchange {
  method: string;
  template: string;
  url: string;
  query: URLSearchParams;
  requestHeaders: Record<string, string>;
  /** A JSON body as given (before JSON.stringify), a raw body's text, or a multipart form. */
  body?: unknown;
  rawBody?: string;
  form?: FormData;
  status: number;
  responseHeaders: ResponseHeaders;
  /** The response body parsed as JSON, or its text where it is no JSON. */
  responseBody: unknown;
}
