// The run's one webhook listener. It receives deliveries (HTTP on 127.0.0.1, or HTTPS with a
// self-signed certificate), verifies X-Svc-Signature over the raw body, keeps every delivery,
// de-duplicates by envelope id, and can be armed to answer the next N deliveries about a
// resource with a chosen status. A second, loopback-only control server lets test workers
// long-poll for deliveries (event-driven, no sleeps) and arm failures.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnyDelivery } from '../schemas.js';
import { verifyWebhookSignature } from '../webhook-signature.js';

export interface Delivery {
  seq: number;
  /** Milliseconds since the epoch, with sub-millisecond precision. */
  receivedAt: number;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  signatureOk: boolean;
  /** Why the signature failed verification. */
  signatureProblem?: string;
  /** Envelope id, type and data.id when the body parsed. */
  eventId?: string;
  type?: string;
  dataId?: string;
  /** The key waiters and arming use: data.id, else the event type (TEST). */
  key?: string;
  /** Further keys the delivery is found under: data.cardId (a card's transactions are about the card too). */
  alsoKeys?: string[];
  /** Which delivery of this envelope id it is (1 = first). */
  attempt: number;
  /** An envelope id that had already been acknowledged. */
  duplicate: boolean;
  answered: number;
  body?: unknown;
}

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
}

export interface ListenerInfo {
  url: string;
  controlUrl: string;
  controlToken: string;
  caPem?: string;
}

interface Waiter {
  key: string;
  since: number;
  resolve: () => void;
}

export class WebhookListener {
  readonly deliveries: Delivery[] = [];
  readonly findings: Finding[] = [];
  private readonly acked = new Set<string>();
  private readonly attempts = new Map<string, number>();
  private readonly armed = new Map<string, { count: number; status: number }>();
  private waiters = new Set<Waiter>();
  private server?: http.Server | https.Server;
  private control?: http.Server;
  private readonly controlToken = randomUUID();
  private caPem?: string;
  duplicates = 0;

  constructor(private readonly opts: ListenerOptions) {}

  async start(): Promise<ListenerInfo> {
    const host = this.opts.bindHost ?? '127.0.0.1';
    const urlHost = this.opts.urlHost ?? host;
    const onDelivery = (req: IncomingMessage, res: ServerResponse) => void this.receive(req, res);
    if (this.opts.https) {
      const { key, cert } = selfSignedCertificate(urlHost);
      this.caPem = cert;
      this.server = https.createServer({ key, cert }, onDelivery);
    } else {
      this.server = http.createServer(onDelivery);
    }
    this.server.keepAliveTimeout = 5000;
    await listen(this.server, host);
    this.control = http.createServer((req, res) => void this.handleControl(req, res));
    await listen(this.control, '127.0.0.1');
    const port = (this.server.address() as AddressInfo).port;
    const controlPort = (this.control.address() as AddressInfo).port;
    return {
      url: `${this.opts.https ? 'https' : 'http'}://${urlHost}:${port}/webhooks`,
      controlUrl: `http://127.0.0.1:${controlPort}`,
      controlToken: this.controlToken,
      caPem: this.caPem,
    };
  }

  /**
   * Duplicates can occur (interface, Events 3), but a target that repeats acknowledged notifications
   * beyond `tolerance` (default: 10% of the acknowledged ones, at least 5) is recorded as a finding.
   */
  checkDuplicates(tolerance = Math.max(5, Math.ceil(this.acked.size / 10))): void {
    if (this.duplicates > tolerance) {
      this.findings.push({ kind: 'duplicates', message: `${this.duplicates} duplicate deliveries of acknowledged notifications (tolerance ${tolerance})`, seq: this.lastSeq });
    }
  }

  /**
   * Answer the next `count` deliveries about `key` (data.id, or TEST) with `status`. A key of the form
   * `<TYPE>@<customerId>` arms the deliveries of that type whose data.customerId is that customer (an
   * incoming payment's id is known only once the trigger that caused its first delivery answered).
   */
  arm(key: string, count: number, status: number): void {
    this.armed.set(key, { count, status });
  }

  get lastSeq(): number {
    return this.deliveries.length;
  }

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const seq = this.deliveries.length + 1;
    const verdict = verifyWebhookSignature(raw, req.headers['x-svc-signature'], this.opts.publicKeyPem);
    const delivery: Delivery = {
      seq,
      receivedAt: performance.timeOrigin + performance.now(),
      headers: { ...req.headers },
      rawBody: raw.toString('utf8'),
      signatureOk: verdict.ok,
      signatureProblem: verdict.ok ? undefined : verdict.reason,
      attempt: 1,
      duplicate: false,
      answered: 200,
    };
    let body: unknown;
    try {
      body = JSON.parse(delivery.rawBody);
      delivery.body = body;
    } catch {
      this.findings.push({ kind: 'body', message: 'delivery body is not JSON', seq });
    }
    if (body && typeof body === 'object') {
      const b = body as { id?: unknown; type?: unknown; data?: { id?: unknown; cardId?: unknown } };
      if (typeof b.id === 'string') delivery.eventId = b.id;
      if (typeof b.type === 'string') delivery.type = b.type;
      if (b.data && typeof b.data.id === 'string') delivery.dataId = b.data.id;
      delivery.key = delivery.dataId ?? delivery.type;
      if (b.data && typeof b.data.cardId === 'string' && b.data.cardId !== delivery.dataId) delivery.alsoKeys = [b.data.cardId];
      const shape = AnyDelivery.safeParse(body);
      if (!shape.success && verdict.ok) {
        this.findings.push({
          kind: 'schema',
          message: `delivery does not have the interface's envelope {id, type, timestamp, data}: ${shape.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ')}`,
          seq,
          eventId: delivery.eventId,
          type: delivery.type,
        });
      }
    }

    if (!verdict.ok) {
      delivery.answered = 401;
      this.findings.push({ kind: 'signature', message: verdict.reason, seq, eventId: delivery.eventId, type: delivery.type });
    } else if (delivery.eventId) {
      const n = (this.attempts.get(delivery.eventId) ?? 0) + 1;
      this.attempts.set(delivery.eventId, n);
      delivery.attempt = n;
      const customerId = (body as { data?: { customerId?: unknown } } | undefined)?.data?.customerId;
      const byCustomer = delivery.type && typeof customerId === 'string' ? this.armed.get(`${delivery.type}@${customerId}`) : undefined;
      const armed = (delivery.key ? this.armed.get(delivery.key) : undefined) ?? (byCustomer && byCustomer.count > 0 ? byCustomer : undefined);
      if (this.acked.has(delivery.eventId)) {
        delivery.duplicate = true;
        this.duplicates++;
      } else if (armed && armed.count > 0) {
        armed.count--;
        delivery.answered = armed.status;
      }
      if (delivery.answered >= 200 && delivery.answered < 300) this.acked.add(delivery.eventId);
    }
    this.deliveries.push(delivery);
    res.writeHead(delivery.answered, { 'content-type': 'application/json' });
    res.end(JSON.stringify(delivery.answered === 401 ? { error: 'invalid signature' } : { received: true }));
    this.notify(delivery);
  }

  private notify(delivery: Delivery): void {
    for (const w of this.waiters) {
      if (delivery.seq > w.since && matches(delivery, w.key)) {
        this.waiters.delete(w);
        w.resolve();
      }
    }
  }

  /** Deliveries about `key` after `since`; waits up to `waitMs` for the first one. */
  async poll(key: string, since: number, waitMs: number): Promise<Delivery[]> {
    const pick = () => this.deliveries.filter((d) => d.seq > since && matches(d, key));
    let found = pick();
    if (found.length || waitMs <= 0) return found;
    await new Promise<void>((resolve) => {
      const waiter: Waiter = { key, since, resolve };
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
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-control-token'] !== this.controlToken) return send(403, { error: 'control token' });
    const url = new URL(req.url ?? '/', 'http://control');
    try {
      if (req.method === 'GET' && url.pathname === '/deliveries') {
        const key = url.searchParams.get('key') ?? '*';
        const since = Number(url.searchParams.get('since') ?? 0);
        const waitMs = Math.min(Number(url.searchParams.get('waitMs') ?? 0), 30_000);
        return send(200, { deliveries: await this.poll(key, since, waitMs), lastSeq: this.lastSeq });
      }
      if (req.method === 'GET' && url.pathname === '/mark') return send(200, { lastSeq: this.lastSeq });
      if (req.method === 'GET' && url.pathname === '/findings') return send(200, { findings: this.findings, duplicates: this.duplicates });
      if (req.method === 'POST' && url.pathname === '/arm') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const { key, count, status } = JSON.parse(Buffer.concat(chunks).toString()) as { key: string; count: number; status: number };
        this.arm(key, count, status);
        return send(200, { armed: { key, count, status } });
      }
      return send(404, { error: 'unknown control path' });
    } catch (err) {
      return send(400, { error: (err as Error).message });
    }
  }

  async close(): Promise<void> {
    for (const w of this.waiters) w.resolve();
    this.waiters.clear();
    await Promise.all([closeServer(this.server), closeServer(this.control)]);
  }
}

function matches(d: Delivery, key: string): boolean {
  return key === '*' || d.key === key || (d.alsoKeys?.includes(key) ?? false);
}

function listen(server: http.Server | https.Server, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
}

function closeServer(server?: http.Server | https.Server): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A throwaway self-signed certificate for the listener's HTTPS mode (openssl from the OS). */
function selfSignedCertificate(urlHost: string): { key: string; cert: string } {
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
