// The API client: HTTP/1.1 (helpers/http.ts), HTTP Basic (interface, Authentication 1), JSON bodies, the base URL
// with its version segment. Each exchange is recorded (method, path template, status, code,
// duration) with credentials and secrets redacted. A network failure is retried a bounded number of
// times only where a second attempt cannot act twice: an idempotent method, a request carrying an
// Idempotency-Key, or a failure before the request was written (the connection was refused). A 429
// with Retry-After is retried after the delay it names; nothing else is retried.
import { HttpTransport, type HttpResponse, type ResponseHeaders } from './http.js';
import { learnIssuedSecrets, redactor, Redactor } from './redact.js';
import { recordExchange } from './description/recorder.js';
import type { Exchange, WireExchange } from './exchange.js';

export type { Exchange } from './exchange.js';

export type Auth = 'basic' | 'none' | { authorization: string };

export interface RequestOptions {
  params?: Record<string, string>;
  /** An array repeats its parameter (`destinationCurrency=EUR&destinationCurrency=MXN`). */
  query?: Record<string, string | number | boolean | undefined | readonly (string | number)[]>;
  body?: unknown;
  /** A raw body sent as is (for malformed-input scenarios). */
  rawBody?: string;
  /** A multipart/form-data body (documents). */
  form?: FormData;
  auth?: Auth;
  headers?: Record<string, string>;
  /** Retry a 429 that carries Retry-After (default true). */
  honourRetryAfter?: boolean;
}


export interface ApiResponse<T = any> {
  status: number;
  headers: ResponseHeaders;
  body: T;
  text: string;
  exchange: Exchange;
}

export interface ApiClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  onExchange?: (exchange: Exchange) => void;
  /** Sees each exchange with its values unredacted, at once (helpers/description/live.ts); it must keep nothing in clear. */
  onWire?: (exchange: WireExchange) => void;
  connectRetries?: number;
  /** Longest Retry-After honoured, in seconds. */
  maxRetryAfterSeconds?: number;
}

/** Failures that may come after the request reached the server: retried only where that is harmless. */
const NETWORK_AFTER_WRITE = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ETIMEDOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** Failures before a byte of the request was written: the server saw nothing. */
const NETWORK_BEFORE_WRITE = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Methods that RFC 9110 makes idempotent: repeating them changes nothing more than the first did. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether a request that failed with network error `code` may be sent again without acting twice. */
export function mayRetry(method: string, headers: Record<string, string>, code: string): boolean {
  if (NETWORK_BEFORE_WRITE.has(code)) return true;
  if (!NETWORK_AFTER_WRITE.has(code)) return false;
  if (IDEMPOTENT_METHODS.has(method.toUpperCase())) return true;
  return Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key');
}
/** A value with secret-keyed members replaced and known secrets removed (helpers/redact.ts). */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  const r = secrets.length ? new Redactor(secrets) : redactor;
  for (const s of redactor.secrets) r.addSecret(s);
  return r.value(value);
}

export function expandTemplate(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`path ${template}: no value for {${name}}`);
    return encodeURIComponent(params[name]);
  });
}

export class ApiClient {
  private readonly transport: HttpTransport;
  private readonly basic: string;

  constructor(private readonly opts: ApiClientOptions) {
    this.transport = new HttpTransport({ connections: 32 });
    this.basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
    redactor.addCredential(opts.clientId, opts.clientSecret);
  }

  get baseUrl(): string {
    return this.opts.baseUrl;
  }

  get = (template: string, o: RequestOptions = {}) => this.request('GET', template, o);
  post = (template: string, o: RequestOptions = {}) => this.request('POST', template, o);
  patch = (template: string, o: RequestOptions = {}) => this.request('PATCH', template, o);
  put = (template: string, o: RequestOptions = {}) => this.request('PUT', template, o);
  delete = (template: string, o: RequestOptions = {}) => this.request('DELETE', template, o);

  async request<T = any>(method: string, template: string, o: RequestOptions = {}): Promise<ApiResponse<T>> {
    const path = expandTemplate(template, o.params);
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query ?? {})) {
      if (Array.isArray(v)) for (const x of v) query.append(k, String(x));
      else if (v !== undefined) query.set(k, String(v));
    }
    const url = `${this.opts.baseUrl.replace(/\/$/, '')}${path}${query.size ? `?${query}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json', ...(o.headers ?? {}) };
    const auth = o.auth ?? 'basic';
    if (auth === 'basic') headers.authorization = this.basic;
    else if (auth !== 'none') headers.authorization = auth.authorization;
    let payload: string | Buffer | undefined;
    if (o.form !== undefined) {
      // Serialised by the platform's fetch implementation, which sets the multipart boundary.
      const encoded = new Response(o.form);
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
      payload = Buffer.from(await encoded.arrayBuffer());
    } else if (o.rawBody !== undefined) payload = o.rawBody;
    else if (o.body !== undefined) payload = JSON.stringify(o.body);
    if (typeof payload === 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }

    const started = performance.now();
    let connectAttempts = 0;
    let retryAfterAttempts = 0;
    for (;;) {
      let res: HttpResponse;
      try {
        res = await this.transport.request(url, { method, headers, body: payload });
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (mayRetry(method, headers, code) && connectAttempts < (this.opts.connectRetries ?? 2)) {
          connectAttempts++;
          await new Promise((r) => setTimeout(r, 100 * connectAttempts));
          continue;
        }
        throw new Error(`${method} ${path}: network error ${code} ${(err as Error).message}`);
      }
      const text = res.text;
      const retryAfter = Number(res.headers['retry-after']);
      if (
        res.statusCode === 429 && o.honourRetryAfter !== false && Number.isFinite(retryAfter) &&
        retryAfter <= (this.opts.maxRetryAfterSeconds ?? 30) && retryAfterAttempts < 3
      ) {
        retryAfterAttempts++;
        await new Promise((r) => setTimeout(r, retryAfter * 1000));
        continue;
      }
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON: kept as text; schema assertions report it */
      }
      learnIssuedSecrets(redactor, body);
      const exchange: Exchange = {
        method,
        template,
        path: redactor.text(path),
        ...(query.size ? { query: redactor.text(query.toString()) } : {}),
        auth: auth === 'basic' ? 'platform' : auth === 'none' ? 'none' : 'other',
        status: res.statusCode,
        code: body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : undefined,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        request: { headers: redactor.headers(headers) as Record<string, string>, body: o.form ? '(multipart form)' : redactor.value(o.body ?? o.rawBody) },
        response: { headers: redactor.headers(res.headers) as Exchange['response']['headers'], body: redactor.value(body) },
      };
      this.opts.onExchange?.(exchange);
      recordExchange(exchange, { url, query, form: o.form });
      this.opts.onWire?.({ method, template, url, query, requestHeaders: headers, body: o.body, rawBody: o.rawBody, form: o.form, status: res.statusCode, responseHeaders: res.headers, responseBody: body });
      return { status: res.statusCode, headers: res.headers, body: body as T, text, exchange };
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
