// The harness's HTTP/1.1 transport, on Node's own http and https modules: the API client
// (helpers/client.ts) and the listener's control client (helpers/listener/client.ts) send through it.
// Node's modules cost a worker nothing to load, and less per request than undici.
// Connections are kept alive per client (an Agent each) and closed after 4 s unused, before a
// server's or proxy's own idle timeout can close one under a request.
import http from 'node:http';
import https from 'node:https';

/** Headers as undici gives them: names lower-cased, a repeated header as the list of its values. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface HttpResponse {
  statusCode: number;
  headers: ResponseHeaders;
  text: string;
}

export interface HttpRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Longest wait for the answer's headers, and then between parts of its body (default 60 s). */
  timeoutMs?: number;
}

/** An idle connection is closed after this long (undici's default keep-alive timeout). */
const IDLE_MS = 4_000;

/** The error of a request that had no answer in time; its `code` reads as undici's. */
function timeoutError(ms: number): Error & { code: string } {
  return Object.assign(new Error(`no answer within ${ms} ms`), { code: 'UND_ERR_HEADERS_TIMEOUT' });
}

export class HttpTransport {
  private readonly agents: { http: http.Agent; https: https.Agent };

  /** `connections`: the most open at once to one origin (undici's Agent default: no limit). */
  constructor(opts: { connections?: number } = {}) {
    const options = { keepAlive: true, maxSockets: opts.connections ?? Infinity, timeout: IDLE_MS };
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  request(url: string, o: HttpRequest): Promise<HttpResponse> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') return Promise.reject(new Error(`${url}: only http and https URLs are supported`));
    const headers: Record<string, string | number> = { ...o.headers };
    // A body goes with its length (never chunked), as undici sends a string or a Buffer.
    if (o.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
      headers['content-length'] = Buffer.byteLength(o.body);
    }
    const timeoutMs = o.timeoutMs ?? 60_000;
    return new Promise<HttpResponse>((resolve, reject) => {
      const req = (secure ? https : http).request(
        target,
        { method: o.method, headers, agent: secure ? this.agents.https : this.agents.http },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('close', () => {
            if (!res.complete) reject(Object.assign(new Error('the connection closed before the answer ended'), { code: 'UND_ERR_SOCKET' }));
          });
          res.on('end', () => {
            const headers: ResponseHeaders = {};
            const raw = res.rawHeaders;
            for (let i = 0; i < raw.length; i += 2) {
              const name = raw[i].toLowerCase();
              const had = headers[name];
              headers[name] = had === undefined ? raw[i + 1] : Array.isArray(had) ? [...had, raw[i + 1]] : [had, raw[i + 1]];
            }
            resolve({ statusCode: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(timeoutError(timeoutMs)));
      req.on('error', reject);
      req.end(o.body);
    });
  }

  /** Closes every connection; requests still in flight fail. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
