// Worker side of the listener: long-polls the control interface for deliveries about one resource
// until a condition holds or a deadline passes. Event-driven: each poll returns as soon as a new
// delivery arrives. In the listener's own process the requests go by channel
// (helpers/listener/control-channel.ts), elsewhere to its control server.
import { HttpTransport } from '../http.js';
import { ControlChannel } from './control-channel.js';
import type { Delivery } from './server.js';

export interface ListenerEndpoint {
  controlUrl: string;
  controlToken: string;
  /** The listener's process: a client in it sends by channel. */
  pid?: number;
}

/** A long poll answers within its waitMs (30 s at most, helpers/listener/server.ts); a call's bound. */
const CALL_TIMEOUT_MS = 300_000;

export interface Gathered {
  deliveries: Delivery[];
  /** The condition held before the deadline. */
  done: boolean;
}

export class ListenerClient {
  /** When each mark was taken, on the listener's clock (the first mark of a sequence number wins). */
  private readonly markedAt = new Map<number, number>();
  /** The listener's latest (receipt time - envelope timestamp) lower bound; see WebhookListener.lagMs. */
  lagMs: number | undefined;
  /** No timestamp the listener verified has shown a fraction of a second yet (see WebhookListener.fractionSeen). */
  wholeSeconds = true;

  private readonly transport: HttpTransport | ControlChannel;

  constructor(private readonly endpoint: ListenerEndpoint) {
    this.transport = endpoint.pid === process.pid ? new ControlChannel(endpoint.controlToken) : new HttpTransport();
  }

  /** Whether requests go by channel (the listener is in this process) rather than over HTTP. */
  get byChannel(): boolean {
    return this.transport instanceof ControlChannel;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let statusCode: number;
    let text: string;
    if (this.transport instanceof ControlChannel) {
      ({ status: statusCode, text } = await this.transport.request(method, path, payload, CALL_TIMEOUT_MS));
    } else {
      ({ statusCode, text } = await this.transport.request(`${this.endpoint.controlUrl}${path}`, {
        method,
        headers: { 'x-control-token': this.endpoint.controlToken, 'content-type': 'application/json' },
        body: payload,
        timeoutMs: CALL_TIMEOUT_MS,
      }));
    }
    if (statusCode !== 200) throw new Error(`listener control ${method} ${path}: ${statusCode} ${text}`);
    const parsed = JSON.parse(text) as T & { lagMs?: number; wholeSeconds?: boolean };
    if (typeof parsed.lagMs === 'number') this.lagMs = parsed.lagMs;
    if (typeof parsed.wholeSeconds === 'boolean') this.wholeSeconds = parsed.wholeSeconds;
    return parsed;
  }

  /** The sequence number of the latest delivery: later waits can start after it. */
  async mark(): Promise<number> {
    const { lastSeq, at } = await this.call<{ lastSeq: number; at: number }>('GET', '/mark');
    if (!this.markedAt.has(lastSeq)) this.markedAt.set(lastSeq, at);
    return lastSeq;
  }

  /** When the mark `seq` was taken (listener clock), if this worker took it. */
  markTime(seq: number): number | undefined {
    return this.markedAt.get(seq);
  }

  /**
   * Answer the next `count` deliveries about `key` (a data.id, TEST, or `<TYPE>@<id>`: data.id or
   * data.customerId) with `status`; only notifications first delivered after the arm (the listener's arm).
   */
  async arm(key: string, count: number, status: number): Promise<void> {
    await this.call('POST', '/arm', { key, count, status });
  }

  async deliveries(key: string | string[], since = 0, waitMs = 0): Promise<Delivery[]> {
    const q = new URLSearchParams({ since: String(since), waitMs: String(waitMs) });
    for (const k of typeof key === 'string' ? [key] : key) q.append('key', k);
    return (await this.call<{ deliveries: Delivery[] }>('GET', `/deliveries?${q}`)).deliveries;
  }

  /** Deliveries about `key` after `since` with their raw body (the latest ones keep it) and X-Svc-Signature header. */
  async rawDeliveries(key: string, since = 0): Promise<(Delivery & { signatureHeader?: string | string[] })[]> {
    const q = new URLSearchParams({ key, since: String(since), waitMs: '0', raw: '1' });
    return (await this.call<{ deliveries: (Delivery & { signatureHeader?: string | string[] })[] }>('GET', `/deliveries?${q}`)).deliveries;
  }

  /**
   * Waits until the platform-wide scenario file `file` may start (helpers/target/platform-phase.ts):
   * every other file of the run has ended and no other platform-wide file is running. Fails after
   * `timeoutMs`, naming the files it still waited for, or at once when the run was cancelled.
   */
  async enterPlatformPhase(file: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const waitMs = Math.max(0, Math.min(deadline - Date.now(), 10_000));
      const q = new URLSearchParams({ file, waitMs: String(waitMs) });
      const { entered, waitingOn } = await this.call<{ entered: boolean; waitingOn: string[] }>('GET', `/platform-phase?${q}`);
      if (entered) return;
      if (Date.now() >= deadline) {
        throw new Error(`${file} waited ${timeoutMs} ms to run alone, after the other scenario files; still running: ${waitingOn.join(', ')}`);
      }
    }
  }

  /** The listener's findings so far and its duplicate tolerance per notification. */
  async findings(): Promise<{ duplicates: number; duplicatesPerNotification: number; findings: { kind: string; message: string }[] }> {
    return this.call('GET', '/findings');
  }

  /**
   * Collects deliveries about `key` (after `since`) until `done(all)` holds or the deadline passes,
   * then, when `quietMs` is given, until no further delivery about `key` arrived for `quietMs`
   * (bounded by `quietMs` past the deadline). Never throws at the deadline: says whether `done` held.
   * Fails at once on a delivery about `key` whose signature failed verification.
   */
  async gather(
    key: string | string[],
    done: (all: Delivery[]) => boolean,
    opts: { timeoutMs: number; since?: number; quietMs?: number },
  ): Promise<Gathered> {
    const deadline = Date.now() + opts.timeoutMs;
    const all: Delivery[] = [];
    let cursor = opts.since ?? 0;
    const take = (batch: Delivery[]) => {
      const forged = batch.find((d) => !d.signatureOk);
      if (forged) {
        throw new Error(
          `Authentication 5: a delivery of ${forged.type ?? '?'} about ${[key].flat().join(' or ')} failed X-Svc-Signature verification (${forged.signatureProblem}); the listener answered 401`,
        );
      }
      for (const d of batch) {
        all.push(d);
        cursor = Math.max(cursor, d.seq);
      }
    };
    // The first poll waits unless `done([])` already holds: the listener answers a waiting poll at once
    // when it has anything after `cursor`, so this costs nothing over an immediate poll. A deadline
    // already past still asks once, without waiting.
    let held = done(all);
    do {
      take(await this.deliveries(key, cursor, held ? 0 : Math.max(0, Math.min(deadline - Date.now(), 10_000))));
      held = done(all);
    } while (!held && deadline - Date.now() > 0);
    if (opts.quietMs && opts.quietMs > 0) {
      const quietEnd = Math.max(deadline, Date.now()) + opts.quietMs;
      for (;;) {
        const wait = Math.min(opts.quietMs, quietEnd - Date.now());
        if (wait <= 0) break;
        const batch = await this.deliveries(key, cursor, wait);
        if (!batch.length) break;
        take(batch);
      }
    }
    return { deliveries: all, done: held };
  }

  /**
   * Collects deliveries about `key` (after `since`) until `done(all)` holds; fails at the deadline
   * with what did arrive.
   */
  async waitFor(
    key: string | string[],
    done: (all: Delivery[]) => boolean,
    opts: { timeoutMs: number; since?: number; what: string },
  ): Promise<Delivery[]> {
    const got = await this.gather(key, done, opts);
    if (!got.done) {
      const seen = got.deliveries.map((d) => `${d.type ?? '?'}#${d.attempt}→${d.answered}`).join(', ') || 'nothing';
      throw new Error(`Timed out after ${opts.timeoutMs} ms waiting for ${opts.what} about ${[key].flat()[0]}; received: ${seen}`);
    }
    return got.deliveries;
  }
}
