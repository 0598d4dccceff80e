// Worker side of the listener: long-polls the control server for deliveries about one resource
// until a condition holds or a deadline passes. Event-driven: each poll returns as soon as a new
// delivery arrives.
import { request } from 'undici';
import type { Delivery } from './server.js';

export interface ListenerEndpoint {
  controlUrl: string;
  controlToken: string;
}

export class ListenerClient {
  constructor(private readonly endpoint: ListenerEndpoint) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await request(`${this.endpoint.controlUrl}${path}`, {
      method,
      headers: { 'x-control-token': this.endpoint.controlToken, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`listener control ${method} ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text) as T;
  }

  /** The sequence number of the latest delivery: later waits can start after it. */
  async mark(): Promise<number> {
    return (await this.call<{ lastSeq: number }>('GET', '/mark')).lastSeq;
  }

  /** Answer the next `count` deliveries about `key` (a data.id, or TEST) with `status`. */
  async arm(key: string, count: number, status: number): Promise<void> {
    await this.call('POST', '/arm', { key, count, status });
  }

  async deliveries(key: string, since = 0, waitMs = 0): Promise<Delivery[]> {
    const q = new URLSearchParams({ key, since: String(since), waitMs: String(waitMs) });
    return (await this.call<{ deliveries: Delivery[] }>('GET', `/deliveries?${q}`)).deliveries;
  }

  /**
   * Collects deliveries about `key` (after `since`) until `done(all)` holds; fails at the deadline
   * with what did arrive.
   */
  async waitFor(
    key: string,
    done: (all: Delivery[]) => boolean,
    opts: { timeoutMs: number; since?: number; what: string },
  ): Promise<Delivery[]> {
    const deadline = Date.now() + opts.timeoutMs;
    const all: Delivery[] = [];
    let cursor = opts.since ?? 0;
    for (;;) {
      if (done(all)) return all;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        const seen = all.map((d) => `${d.type ?? '?'}#${d.attempt}→${d.answered}`).join(', ') || 'nothing';
        throw new Error(`Timed out after ${opts.timeoutMs} ms waiting for ${opts.what} about ${key}; received: ${seen}`);
      }
      const batch = await this.deliveries(key, cursor, Math.min(remaining, 10_000));
      const forged = batch.find((d) => !d.signatureOk);
      if (forged) {
        throw new Error(
          `Authentication 5: a delivery of ${forged.type ?? '?'} about ${key} failed X-Svc-Signature verification (${forged.signatureProblem}); the listener answered 401`,
        );
      }
      for (const d of batch) {
        all.push(d);
        cursor = Math.max(cursor, d.seq);
      }
    }
  }
}
