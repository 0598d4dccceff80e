// One request and its response as the API client saw them: what failure messages, Allure
// attachments and the exchange recorder read. Apart from the client so that the recorder, which the
// client calls, can name it without importing the client back.
import type { ResponseHeaders } from './http.js';

/** One request and its response, as sent and received by the API client. */
export interface Exchange {
  method: string;
  template: string;
  path: string;
  status: number;
  code?: string;
  durationMs: number;
  request: { headers: Record<string, string>; body?: unknown };
  response: { headers: ResponseHeaders; body: unknown };
}
