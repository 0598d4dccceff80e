// The run's one webhook listener. It receives deliveries (HTTP on 127.0.0.1, or HTTPS with a
// self-signed certificate), verifies X-Svc-Signature over the raw body, keeps every delivery,
// de-duplicates by envelope id, and can be armed to answer the next N deliveries about a
// resource with a chosen status. A second, loopback-only control server lets test workers
// long-poll for deliveries (event-driven, no sleeps) and arm failures.
//
// No request can end the run, whatever its shape or timing: only POST on the delivery path is a
// delivery (other paths 404, other methods 405, no finding); a body is read up to a limit (413
// beyond it, the rest never read); an aborted body is dropped; slow clients time out; connections are
// capped. Memory stays bounded over a long run: a rejected delivery (401) keeps no body, only its
// clipped metadata (the finding says what and why); raw bodies are kept only for the most recent
// deliveries; only the latest deliveries are held whole, older ones are spilled to a file and read
// back when a poll asks for them (delivery-store.ts); headers only for the signature and content
// type; findings are capped (the rest counted), exhausted armings removed, the oldest notifications'
// bookkeeping forgotten beyond a bound. `retainedBytes` measures what is held in memory. Polls read
// an index of deliveries by resource id, not the whole list.
//
// A signature is verified on libuv's thread pool (crypto.verify with a callback), so verifications
// run beside the HTTP work of the main thread, on every core; deliveries are still recorded one at a
// time, in the order they arrived.
import { execFileSync } from 'node:child_process';
import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { BroadcastChannel } from 'node:worker_threads';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenKey } from '../card-attribution.js';
import { AnyDelivery } from '../schemas/index.js';
import { controlChannelName, type ControlMessage, type ControlReply } from './control-channel.js';
import { platformPhase } from '../target/platform-phase.js';
import { readSetting, SETTINGS, settingDefault } from '../target/registry.js';
import { LagWindow, timestampPrecisionMs } from '../target-clock.js';
import { verifyWebhookSignatureAsync, type SignatureVerdict } from '../webhook-signature.js';
import { DeliveryStore, HELD_DELIVERIES, type Delivery } from './delivery-store.js';

export type { Delivery } from './delivery-store.js';

export interface Finding {
  kind: 'signature' | 'schema' | 'body' | 'duplicates';
  message: string;
  seq: number;
  eventId?: string;
  type?: string;
}

export interface ListenerOptions {
  publicKeyPem: string;
  https?: boolean;
  /** Address the delivery server binds (default 127.0.0.1; 0.0.0.0 to be reachable from containers). */
  bindHost?: string;
  /** Host name or address the target is given in the webhook URL (default the bind address). */
  urlHost?: string;
  /** Port of the delivery server (default: any free port). */
  port?: number;
  /** Largest delivery body read (default SVC_LISTENER_MAX_BODY_BYTES or 1 MiB); larger ones answer 413. */
  maxBodyBytes?: number;
  /** Time a client has to send a whole request (default SVC_LISTENER_REQUEST_TIMEOUT_MS or 10 s). */
  requestTimeoutMs?: number;
  /** Concurrent connections to the delivery server (default SVC_LISTENER_MAX_CONNECTIONS or 256); more are refused. */
  maxConnections?: number;
  /** How many of the latest deliveries keep their raw body (default 256). */
  rawBodyWindow?: number;
  /** How many of the latest deliveries are held whole in memory (default 4096); older ones are spilled to a temporary file. */
  heldDeliveries?: number;
  /** Redeliveries of one acknowledged notification tolerated (default SVC_DUPLICATES_PER_NOTIFICATION or 5). */
  duplicatesPerNotification?: number;
  /**
   * Sees each notification's payload once, at its first delivery whose signature verified (the
   * description judge of a run: notifications are judged, not deliveries). It must not throw.
   */
  onNotification?: (payload: unknown) => void;
}

export interface ListenerInfo {
  url: string;
  controlUrl: string;
  controlToken: string;
  /** The process the listener runs in: its threads may reach the control interface by channel (controlChannelName). */
  pid: number;
  caPem?: string;
}

/** Requests the listener refused without recording a delivery (written to listener.json by those who ask). */
export interface Refusals {
  notFound: number;
  /** Of those, POSTs: deliveries sent to another path than DELIVERY_PATH (a forwarder's path wrong). */
  notFoundPosts: number;
  methodNotAllowed: number;
  tooLarge: number;
  aborted: number;
}

interface Waiter {
  keys: string[];
  since: number;
  resolve: () => void;
}

const DELIVERY_PATH = '/webhooks';

function parsedKey(pem: string): KeyObject | string {
  try {
    return createPublicKey(pem);
  } catch {
    return pem;
  }
}
/** How many recent deliveries the clock comparison looks at (see `lagMs`). */
const LAG_WINDOW = 256;
/** Redeliveries of one acknowledged notification tolerated unless the target declares otherwise. */
export const DEFAULT_DUPLICATES_PER_NOTIFICATION = settingDefault(SETTINGS.duplicatesPerNotification, 'embedded')!;
/** Notifications whose deliveries are tracked by envelope id (duplicates, first seq); the oldest are forgotten beyond. */
export const MAX_TRACKED_NOTIFICATIONS = 100_000;
/** Findings kept in full; further ones are only counted (findingsDropped). */
export const MAX_FINDINGS = 200;
const KEPT_HEADERS = ['x-svc-signature', 'content-type', 'user-agent', 'content-length'];

export class WebhookListener {
  /** Every delivery, the latest held in memory and the older ones spilled to a file (delivery-store.ts). */
  private readonly store: DeliveryStore;
  /** The raw size of each held delivery's body, which `retainedBytes` counts it at. */
  private readonly rawSize = new WeakMap<Delivery, number>();
  /** Deliveries are recorded in arrival order, each once its signature is verified. */
  private recording: Promise<void> = Promise.resolve();
  readonly findings: Finding[] = [];
  readonly refusals: Refusals = { notFound: 0, notFoundPosts: 0, methodNotAllowed: 0, tooLarge: 0, aborted: 0 };
  /** Per envelope id: deliveries, the first one's seq, redeliveries after the acknowledgement, and `latestAt`: the latest moment on our clock it can have happened (its timestamp, precision and the clock-offset bound at its first delivery) (the oldest forgotten beyond MAX_TRACKED_NOTIFICATIONS). */
  private readonly attempts = new Map<string, { count: number; firstSeq: number; duplicates: number; acked: boolean; latestAt?: number }>();
  /** Whether a verified delivery's timestamp showed a non-zero fraction of a second: until one does, a target's clock may count whole seconds however many digits it writes. */
  private fractionSeen = false;
  /** Armings still to answer (an exhausted one is removed). */
  private readonly armed = new Map<string, { count: number; status: number; afterSeq: number; armedAt: number }>();
  /** Deliveries by the keys they are found under (data.id or type, data.cardId), in seq order: a poll reads its key's list. */
  /** What the listener holds of deliveries and findings (bodies, raw bodies, kept headers and metadata, messages), in bytes. */
  private bytes = 0;
  private readonly lags = new LagWindow(LAG_WINDOW);
  private waiters = new Set<Waiter>();
  private server?: http.Server | https.Server;
  private control?: http.Server;
  private readonly controlToken = randomUUID();
  /** Control requests from the threads of this process, and the channels their answers go back on. */
  private channel?: BroadcastChannel;
  private readonly replyChannels = new Map<string, BroadcastChannel>();
  private closed = false;
  private caPem?: string;
  private readonly maxBodyBytes: number;
  private readonly rawBodyWindow: number;
  readonly duplicatesPerNotification: number;
  duplicates = 0;
  /** Findings beyond MAX_FINDINGS, counted and not kept (the first ones say what went wrong). */
  findingsDropped = 0;

  /** The service's public key, parsed once (a PEM that does not parse is kept: each delivery then fails to verify, saying why). */
  private readonly publicKey: KeyObject | string;

  constructor(private readonly opts: ListenerOptions) {
    this.publicKey = parsedKey(opts.publicKeyPem);
    this.maxBodyBytes = opts.maxBodyBytes ?? readSetting(SETTINGS.listenerMaxBodyBytes)!;
    this.rawBodyWindow = opts.rawBodyWindow ?? 256;
    this.store = new DeliveryStore(Math.max(opts.heldDeliveries ?? HELD_DELIVERIES, this.rawBodyWindow + 1), (d) => retained(d, this.rawSize.get(d) ?? 0));
    this.duplicatesPerNotification = opts.duplicatesPerNotification ?? readSetting(SETTINGS.duplicatesPerNotification)!;
  }

  async start(): Promise<ListenerInfo> {
    const host = this.opts.bindHost ?? '127.0.0.1';
    const urlHost = this.opts.urlHost ?? host;
    const onDelivery = (req: IncomingMessage, res: ServerResponse) => {
      this.receive(req, res).catch(() => abandon(req, res));
    };
    const requestTimeoutMs = this.opts.requestTimeoutMs ?? readSetting(SETTINGS.listenerRequestTimeoutMs)!;
    // A client has requestTimeoutMs to send its whole request, checked often enough to matter.
    const timing = {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeoutMs / 2))),
      keepAliveTimeout: 5000,
    };
    if (this.opts.https) {
      const { key, cert } = selfSignedCertificate(urlHost);
      this.caPem = cert;
      this.server = https.createServer({ key, cert, ...timing }, onDelivery);
    } else {
      this.server = http.createServer(timing, onDelivery);
    }
    // An idle socket (a client that connects and sends nothing, or stops mid-body) is closed.
    this.server.setTimeout(requestTimeoutMs, (socket: Socket) => socket.destroy());
    this.server.maxConnections = this.opts.maxConnections ?? readSetting(SETTINGS.listenerMaxConnections)!;
    this.server.on('clientError', (_err, socket: Socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    });
    await listen(this.server, host, this.opts.port ?? 0);
    this.control = http.createServer((req, res) => {
      this.handleControl(req, res).catch(() => abandon(req, res));
    });
    this.control.on('clientError', (_err, socket: Socket) => socket.destroy());
    await listen(this.control, '127.0.0.1', 0);
    this.channel = new BroadcastChannel(controlChannelName(this.controlToken));
    this.channel.onmessage = (event) => void this.answerByChannel((event as { data: unknown }).data);
    // It takes requests while the run goes on; it alone keeps no process alive.
    this.channel.unref();
    const port = (this.server.address() as AddressInfo).port;
    const controlPort = (this.control.address() as AddressInfo).port;
    return {
      url: `${this.opts.https ? 'https' : 'http'}://${urlHost}:${port}${DELIVERY_PATH}`,
      controlUrl: `http://127.0.0.1:${controlPort}`,
      controlToken: this.controlToken,
      pid: process.pid,
      caPem: this.caPem,
    };
  }

  /**
   * Duplicates can occur (interface, Events 3), so any number of notifications may each be delivered
   * again after their acknowledgement (a target that delivers every notification three times is
   * conformant). The tolerance is per notification, the way a retry schedule is bounded: one
   * notification delivered again more than `duplicatesPerNotification` times after it was
   * acknowledged is recorded as a finding, one per such notification.
   */
  checkDuplicates(): void {
    for (const [id, a] of this.attempts) {
      if (a.duplicates <= this.duplicatesPerNotification) continue;
      this.addFinding({
        kind: 'duplicates',
        message: `notification ${id} was delivered ${a.duplicates} more time(s) after it was acknowledged (tolerance ${this.duplicatesPerNotification} per notification)`,
        seq: this.lastSeq,
        eventId: id,
      });
    }
  }

  private addFinding(finding: Finding): void {
    if (this.findings.length >= MAX_FINDINGS) {
      this.findingsDropped++;
      return;
    }
    const kept = { ...finding, message: clip(finding.message, 2000), eventId: clipOpt(finding.eventId), type: clipOpt(finding.type) };
    this.bytes += Buffer.byteLength(kept.message) + Buffer.byteLength(kept.eventId ?? '') + Buffer.byteLength(kept.type ?? '');
    this.findings.push(kept);
  }

  /**
   * Bytes the listener retains for deliveries and findings: the raw bodies still in the window, the
   * parsed bodies of accepted deliveries (counted at their raw size), kept headers, ids and messages.
   * A rejected delivery keeps no body, so this stays bounded whatever is posted to it.
   */
  get retainedBytes(): number {
    return this.bytes;
  }

  /**
   * Answer the next `count` deliveries about `key` (data.id, or TEST) with `status`. A key of the form
   * `<TYPE>@<id>` arms the deliveries of that type whose data.id or data.customerId is that id (an
   * incoming payment's id is known only once the trigger that caused its first delivery answered).
   * Only notifications first delivered after the arm, and not stamped before it, answer to it, their
   * retries included: a late retry, or a late first delivery, of an earlier notification (events may
   * arrive late: interface, Events 3) is acknowledged as usual and leaves the arm to the notification
   * the scenario causes. "Stamped before" is decided once per notification, at its first delivery, as
   * events.ts decides it for a mark but with the listener's own clock-offset bound (`lagMs`; the workers'
   * bound from API answers is not known here, and a looser bound only keeps more notifications armed):
   * the envelope timestamp, plus that bound and the timestamps' observed precision (`fractionSeen`), is
   * still earlier than the arm.
   */
  arm(key: string, count: number, status: number): void {
    if (typeof key !== 'string' || !key) throw new TypeError('arm: key must be a non-empty string');
    if (!Number.isInteger(count) || count < 0 || count > 10_000) throw new TypeError('arm: count must be an integer from 0 to 10000');
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new TypeError('arm: status must be an integer HTTP status from 200 to 599');
    if (count === 0) this.armed.delete(key);
    else this.armed.set(key, { count, status, afterSeq: this.store.size, armedAt: Date.now() });
  }

  get lastSeq(): number {
    return this.store.size;
  }

  /** The delivery of `seq`, read back from the spill file when it is no longer held. */
  deliveryAt(seq: number): Delivery | undefined {
    return this.store.at(seq);
  }

  /** The deliveries held in memory (the latest ones; every one in a short run), in seq order. */
  get deliveries(): readonly Delivery[] {
    return this.store.held;
  }

  /**
   * The smallest (receipt time - envelope timestamp) over the latest deliveries: the target's clock
   * offset plus the quickest delivery. An envelope timestamp plus this lag is never later than the
   * moment the event happened on the listener's clock, so it places an event before or after a mark.
   * Lags more than a second below the median are left out: a delivery stamped in the future
   * (a target's mistake, judged elsewhere) must not move every other event before its mark. Leaving
   * samples out only raises the bound, which can only keep more events, never drop one wrongly.
   */
  get lagMs(): number | undefined {
    return this.lags.min;
  }

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== DELIVERY_PATH) {
      this.refusals.notFound++;
      if (req.method === 'POST') this.refusals.notFoundPosts++;
      return reply(res, 404, { error: `not found: deliveries are POSTed to ${DELIVERY_PATH}` }, req);
    }
    if (req.method !== 'POST') {
      this.refusals.methodNotAllowed++;
      res.setHeader('allow', 'POST');
      return reply(res, 405, { error: 'method not allowed: deliveries are POSTed' }, req);
    }
    const announced = Number(req.headers['content-length']);
    if (Number.isFinite(announced) && announced > this.maxBodyBytes) return this.tooLarge(req, res);
    const raw = await readBounded(req, this.maxBodyBytes);
    if (raw === 'aborted') {
      this.refusals.aborted++;
      return abandon(req, res);
    }
    if (raw === 'too-large') return this.tooLarge(req, res);
    const receivedAt = Date.now();
    const verdict = verifyWebhookSignatureAsync(raw, req.headers['x-svc-signature'], this.publicKey);
    const recorded = this.recording.then(async () => this.record(req, res, raw, await verdict, receivedAt));
    // One delivery that could not be recorded (its connection is abandoned) leaves the next ones recorded.
    this.recording = recorded.catch(() => undefined);
    await recorded;
  }

  /**
   * 413 at once, then the rest of the body is read and thrown away (up to a bound, within the request
   * timeout) so that the client, still sending, sees the answer rather than a reset connection.
   */
  private tooLarge(req: IncomingMessage, res: ServerResponse): void {
    this.refusals.tooLarge++;
    reply(res, 413, { error: `body larger than ${this.maxBodyBytes} bytes` }, req, false);
    const bound = Math.max(16 * 1024 * 1024, 4 * this.maxBodyBytes);
    let discarded = 0;
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > bound) abandon(req, res);
    });
    req.on('error', () => abandon(req, res));
    req.resume();
  }

  private record(req: IncomingMessage, res: ServerResponse, raw: Buffer, verdict: SignatureVerdict, receivedAt: number): void {
    const seq = this.store.size + 1;
    const headers: Delivery['headers'] = {};
    for (const h of KEPT_HEADERS) if (req.headers[h] !== undefined) headers[h] = req.headers[h];
    const delivery: Delivery = {
      seq,
      receivedAt,
      headers,
      rawBody: raw.toString('utf8'),
      signatureOk: verdict.ok,
      signatureProblem: verdict.ok ? undefined : verdict.reason,
      attempt: 1,
      duplicate: false,
      answered: 200,
    };
    let body: unknown;
    try {
      body = JSON.parse(delivery.rawBody!);
      delivery.body = body;
    } catch {
      this.addFinding({ kind: 'body', message: 'delivery body is not JSON', seq });
    }
    if (body && typeof body === 'object') {
      const b = body as { id?: unknown; type?: unknown; timestamp?: unknown; data?: { id?: unknown; cardId?: unknown; issuerTransactionToken?: unknown } };
      if (typeof b.id === 'string') delivery.eventId = b.id;
      if (typeof b.type === 'string') delivery.type = b.type;
      if (b.data && typeof b.data.id === 'string') delivery.dataId = b.data.id;
      delivery.key = delivery.dataId ?? delivery.type;
      if (b.data && typeof b.data.cardId === 'string' && b.data.cardId !== delivery.dataId) delivery.alsoKeys = [b.data.cardId];
      else if (b.data && b.data.cardId === undefined && typeof b.data.issuerTransactionToken === 'string') delivery.alsoKeys = [tokenKey(b.data.issuerTransactionToken)];
      const shape = AnyDelivery.safeParse(body);
      if (!shape.success && verdict.ok) {
        this.addFinding({
          kind: 'schema',
          message: `delivery does not have the interface's envelope {id, type, timestamp, data}: ${shape.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ')}`,
          seq,
          eventId: delivery.eventId,
          type: delivery.type,
        });
      }
      const stamped = typeof b.timestamp === 'string' ? Date.parse(b.timestamp) : NaN;
      if (verdict.ok && Number.isFinite(stamped) && stamped % 1000 !== 0) this.fractionSeen = true;
      if (verdict.ok && Number.isFinite(stamped)) {
        this.lags.push(delivery.receivedAt - stamped);
      }
    }

    if (!verdict.ok) {
      delivery.answered = 401;
      // A rejected delivery keeps its metadata only (the finding says what and why), clipped: no body.
      delivery.rawBody = undefined;
      delivery.body = undefined;
      delivery.eventId = clipOpt(delivery.eventId);
      delivery.type = clipOpt(delivery.type);
      delivery.dataId = clipOpt(delivery.dataId);
      delivery.key = clipOpt(delivery.key);
      delivery.alsoKeys = delivery.alsoKeys?.map((k) => clip(k));
      for (const [h, v] of Object.entries(delivery.headers)) delivery.headers[h] = Array.isArray(v) ? v.map((x) => clip(x)) : clipOpt(v);
      this.addFinding({ kind: 'signature', message: verdict.reason, seq, eventId: delivery.eventId, type: delivery.type });
    } else if (delivery.eventId) {
      let seen = this.attempts.get(delivery.eventId);
      if (!seen) {
        // Whether it was stamped before an arm is decided at its first delivery, once: its retries are judged alike.
        const timestamp = (body as { timestamp?: unknown }).timestamp;
        const stamp = typeof timestamp === 'string' ? Date.parse(timestamp) + timestampPrecisionMs(timestamp, !this.fractionSeen) : NaN;
        const lag = this.lagMs;
        seen = { count: 0, firstSeq: seq, duplicates: 0, acked: false, ...(Number.isFinite(stamp) && lag !== undefined ? { latestAt: stamp + lag } : {}) };
        this.attempts.set(delivery.eventId, seen);
        this.forgetOldest();
        this.opts.onNotification?.(body);
      }
      seen.count++;
      delivery.attempt = seen.count;
      delivery.firstSeq = seen.firstSeq;
      // Armed by resource id, by `<TYPE>@<id>`, or by `<TYPE>@<customerId>` for a resource whose id is
      // known only from its first delivery; only for a notification first delivered after the arm.
      const customerId = (body as { data?: { customerId?: unknown } } | undefined)?.data?.customerId;
      const armedFor = (key: string | undefined) => {
        const a = key === undefined ? undefined : this.armed.get(key);
        return a && a.count > 0 && seen.firstSeq > a.afterSeq && !((seen.latestAt ?? Infinity) < a.armedAt) ? a : undefined;
      };
      const armed =
        armedFor(delivery.key) ??
        (delivery.type && delivery.dataId ? armedFor(`${delivery.type}@${delivery.dataId}`) : undefined) ??
        (delivery.type && typeof customerId === 'string' ? armedFor(`${delivery.type}@${customerId}`) : undefined);
      if (seen.acked) {
        delivery.duplicate = true;
        seen.duplicates++;
        this.duplicates++;
      } else if (armed) {
        armed.count--;
        delivery.answered = armed.status;
        if (armed.count === 0) for (const [k, a] of this.armed) if (a === armed) this.armed.delete(k);
      }
      if (delivery.answered >= 200 && delivery.answered < 300) seen.acked = true;
    }
    this.bytes += retained(delivery, raw.length);
    this.rawSize.set(delivery, raw.length);
    // Memory over a long run: only the latest deliveries keep their raw body, and only the latest are held at all.
    this.bytes -= this.store.add(delivery, [delivery.key, ...(delivery.alsoKeys ?? [])]);
    const held = this.store.held;
    const old = held[held.length - 1 - this.rawBodyWindow];
    if (old?.rawBody !== undefined) {
      this.bytes -= Buffer.byteLength(old.rawBody);
      old.rawBody = undefined;
    }
    reply(res, delivery.answered, delivery.answered === 401 ? { error: 'invalid signature' } : { received: true }, req);
    this.notify(delivery);
  }

  private notify(delivery: Delivery): void {
    for (const w of this.waiters) {
      if (delivery.seq > w.since && w.keys.some((k) => matches(delivery, k))) {
        this.waiters.delete(w);
        w.resolve();
      }
    }
  }

  /**
   * Forgets the oldest notification's bookkeeping beyond MAX_TRACKED_NOTIFICATIONS (a redelivery of
   * it would then count as a first delivery); one redelivered beyond the tolerance is recorded first.
   */
  private forgetOldest(): void {
    if (this.attempts.size <= MAX_TRACKED_NOTIFICATIONS) return;
    const [id, a] = this.attempts.entries().next().value!;
    if (a.duplicates > this.duplicatesPerNotification) {
      this.addFinding({
        kind: 'duplicates',
        message: `notification ${id} was delivered ${a.duplicates} more time(s) after it was acknowledged (tolerance ${this.duplicatesPerNotification} per notification)`,
        seq: this.lastSeq,
        eventId: id,
      });
    }
    this.attempts.delete(id);
  }

  /** Deliveries about `key` (or any of several keys) after `since`, in seq order; waits up to `waitMs` for the first one. */
  async poll(key: string | string[], since: number, waitMs: number): Promise<Delivery[]> {
    const keys = typeof key === 'string' ? [key] : key.length ? key : ['*'];
    // Deliveries are in seq order (seq = index + 1 in the whole list), so the ones after `since` are a tail.
    const one = (k: string) => (k === '*' ? this.store.all(since) : this.store.after(k, since));
    const pick = () => {
      if (keys.length === 1) return one(keys[0]);
      const bySeq = new Map<number, Delivery>();
      for (const k of keys) for (const d of one(k)) bySeq.set(d.seq, d);
      return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
    };
    let found = pick();
    if (found.length || waitMs <= 0) return found;
    await new Promise<void>((resolve) => {
      const waiter: Waiter = { keys, since, resolve };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve();
      }, waitMs);
      waiter.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.add(waiter);
    });
    found = pick();
    return found;
  }

  private async handleControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => reply(res, status, body, req);
    if (req.headers['x-control-token'] !== this.controlToken) return send(403, { error: 'control token' });
    let body: string | undefined;
    // Only /arm takes a body (any other POST answers 404 without reading one).
    if (req.method === 'POST' && (req.url ?? '').split('?')[0] === '/arm') {
      const raw = await readBounded(req, 64 * 1024);
      if (raw === 'aborted') return abandon(req, res);
      if (raw === 'too-large') return send(413, { error: 'control body too large' });
      body = raw.toString('utf8');
    }
    const answer = await this.controlAnswer(req.method ?? 'GET', req.url ?? '/', body);
    return send(answer.status, answer.body);
  }

  /** A control request by channel, answered on its own reply channel; a message of another shape is ignored. */
  private async answerByChannel(data: unknown): Promise<void> {
    const m = data as Partial<ControlMessage> | null;
    if (!m || typeof m.id !== 'number' || typeof m.replyTo !== 'string' || !m.replyTo.startsWith(`${controlChannelName(this.controlToken)}:`)) return;
    if (typeof m.method !== 'string' || typeof m.path !== 'string' || (m.body !== undefined && typeof m.body !== 'string')) return;
    let answer: { status: number; body: unknown };
    try {
      answer = await this.controlAnswer(m.method, m.path, m.body);
    } catch (err) {
      answer = { status: 500, body: { error: (err as Error).message } };
    }
    // A long poll woken by close() has nobody left to answer.
    if (this.closed) return;
    const { status, body } = answer;
    let back = this.replyChannels.get(m.replyTo);
    if (!back) {
      back = new BroadcastChannel(m.replyTo);
      back.unref();
      this.replyChannels.set(m.replyTo, back);
    }
    const reply: ControlReply = { id: m.id, status, text: JSON.stringify(body) };
    back.postMessage(reply);
  }

  /** The control interface's answer to `method path` (with its query) and, for a POST, its body text. */
  private async controlAnswer(method: string, path: string, bodyText: string | undefined): Promise<{ status: number; body: unknown }> {
    const send = (status: number, body: unknown) => ({ status, body });
    try {
      const url = new URL(path, 'http://control');
      if (method === 'GET' && url.pathname === '/deliveries') {
        const key = url.searchParams.getAll('key');
        const since = Number(url.searchParams.get('since') ?? 0);
        const waitMs = Math.min(Number(url.searchParams.get('waitMs') ?? 0), 30_000);
        if (!Number.isFinite(since) || !Number.isFinite(waitMs)) return send(400, { error: 'since and waitMs must be numbers' });
        // Raw bodies and headers stay here (the workers judge the parsed body), unless raw=1 asks for
        // the raw body and its X-Svc-Signature (a scenario that hands a delivery to the target).
        const withRaw = url.searchParams.get('raw') === '1';
        const deliveries = (await this.poll(key, since, waitMs)).map(({ rawBody, headers, ...d }) =>
          withRaw ? { ...d, rawBody, signatureHeader: headers['x-svc-signature'] } : d,
        );
        return send(200, { deliveries, lastSeq: this.lastSeq, lagMs: this.lagMs, wholeSeconds: !this.fractionSeen });
      }
      if (method === 'GET' && url.pathname === '/platform-phase') {
        // Whether a platform-wide scenario file may start (helpers/target/platform-phase.ts).
        const file = url.searchParams.get('file') ?? '';
        const waitMs = Math.min(Number(url.searchParams.get('waitMs') ?? 0), 30_000);
        if (!file || !Number.isFinite(waitMs)) return send(400, { error: 'file and a numeric waitMs are required' });
        try {
          return send(200, await platformPhase().enter(file, waitMs));
        } catch (err) {
          return send(409, { error: (err as Error).message });
        }
      }
      if (method === 'GET' && url.pathname === '/mark') return send(200, { lastSeq: this.lastSeq, at: Date.now(), lagMs: this.lagMs, wholeSeconds: !this.fractionSeen });
      if (method === 'GET' && url.pathname === '/findings') {
        return send(200, { findings: this.findings, findingsDropped: this.findingsDropped, duplicates: this.duplicates, duplicatesPerNotification: this.duplicatesPerNotification, refusals: this.refusals });
      }
      if (method === 'POST' && url.pathname === '/arm') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(bodyText ?? '');
        } catch {
          return send(400, { error: 'arm: the body is not JSON' });
        }
        const { key, count, status } = (parsed ?? {}) as { key: string; count: number; status: number };
        this.arm(key, count, status);
        return send(200, { armed: { key, count, status } });
      }
      return send(404, { error: 'unknown control path' });
    } catch (err) {
      return send(400, { error: (err as Error).message });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters) w.resolve();
    this.waiters.clear();
    this.channel?.close();
    for (const back of this.replyChannels.values()) back.close();
    this.replyChannels.clear();
    await Promise.all([closeServer(this.server), closeServer(this.control)]);
    await this.recording;
    this.store.close();
  }
}

/** Reads a body up to `limit` bytes; beyond it stops reading. Never throws. */
function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | 'aborted' | 'too-large'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (v: Buffer | 'aborted' | 'too-large') => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.socket?.off('end', onSocketEnd);
      resolve(v);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        return settle('too-large');
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    // A client that half-closes (FIN) before its body is complete will send no more.
    // (A complete request's body is settled by its own 'end', once every chunk was read.)
    // Removed once settled: a keep-alive socket carries many requests, and a listener per request
    // left on it would pile up over a long run.
    const onSocketEnd = () => {
      if (!req.complete) settle('aborted');
    };
    req.socket.once('end', onSocketEnd);
    req.once('end', () => settle(req.complete ? Buffer.concat(chunks) : 'aborted'));
    req.once('aborted', () => settle('aborted'));
    req.once('error', () => settle('aborted'));
    req.once('close', () => {
      if (!req.complete) settle('aborted');
    });
  });
}

/**
 * Answers and, when the request body was not read to its end, closes the connection after the answer
 * (at once, unless `destroyUnread` is false: the caller then reads the rest away).
 */
function reply(res: ServerResponse, status: number, body: unknown, req: IncomingMessage, destroyUnread = true): void {
  if (res.headersSent || res.destroyed) return;
  const unread = !req.complete;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // A body still to be read away keeps the connection open until it is (closing it would reset a
  // client that is still sending, which then never sees the answer).
  if (unread && destroyUnread) headers.connection = 'close';
  try {
    res.writeHead(status, headers);
    res.end(JSON.stringify(body), () => {
      if (unread && destroyUnread) req.socket?.destroy();
    });
  } catch {
    abandon(req, res);
  }
}

function abandon(req: IncomingMessage, res: ServerResponse): void {
  res.destroy();
  req.socket?.destroy();
}

/** Longest id, type or header a rejected delivery keeps. */
const META_MAX = 256;
const clip = (v: string, max = META_MAX) => (v.length > max ? `${v.slice(0, max)}…(${v.length} chars)` : v);
const clipOpt = (v: string | undefined) => (v === undefined ? undefined : clip(v));

/** Bytes a recorded delivery holds: its raw body, its parsed body (at the raw size), kept headers and metadata. */
function retained(d: Delivery, rawBytes: number): number {
  let n = (d.rawBody !== undefined ? rawBytes : 0) + (d.body !== undefined ? rawBytes : 0);
  for (const v of [d.eventId, d.type, d.dataId, d.key, d.signatureProblem, ...(d.alsoKeys ?? [])]) n += v ? Buffer.byteLength(v) : 0;
  for (const v of Object.values(d.headers)) n += Array.isArray(v) ? v.reduce((m, x) => m + Buffer.byteLength(x), 0) : v ? Buffer.byteLength(v) : 0;
  return n;
}

function matches(d: Delivery, key: string): boolean {
  return key === '*' || d.key === key || (d.alsoKeys?.includes(key) ?? false);
}

function listen(server: http.Server | https.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function closeServer(server?: http.Server | https.Server): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A throwaway self-signed certificate for the listener's HTTPS mode (openssl from the OS). */
export function selfSignedCertificate(urlHost: string): { key: string; cert: string } {
  const names = new Set(['localhost', 'host.containers.internal', 'host.docker.internal']);
  const ips = new Set(['127.0.0.1']);
  (/^[\d.]+$/.test(urlHost) ? ips : names).add(urlHost);
  const san = [...[...names].map((n) => `DNS:${n}`), ...[...ips].map((i) => `IP:${i}`)].join(',');
  const dir = mkdtempSync(join(tmpdir(), 'svc-listener-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=svc-conformance-listener', '-addext', `subjectAltName=${san}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
