// Webhook delivery (interface, Events): envelope {id, type, timestamp, data} signed with
// X-Svc-Signature; a 200 acknowledges; failures and 5xx are retried with exponential backoff and
// the same envelope id; the receiver has 30 seconds to answer. Deliveries about one resource are
// sent one after another so that they arrive in the order they were emitted.
// Sent with Node's own http and https modules over kept-alive connections: undici cost the
// embedded run about 1.3 ms of CPU per delivery (its parser and dispatcher, beside the signature).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { generateWebhookKey, loadWebhookKey, signWebhookBody, verifyWebhookBody, type WebhookSigningKey } from '../crypto/webhook-signing.js';
import { isoNow, type Clock } from '../clock.js';
import type { Choices } from '../choices.js';
import type { Faults } from '../faults.js';

/**
 * Redeliveries of each acknowledged notification under the fault webhook-duplicates-beyond-tolerance:
 * more than the harness's default per-notification tolerance (5, README "SVC_DUPLICATES_PER_NOTIFICATION").
 */
const DUPLICATES_BEYOND_TOLERANCE = 8;

/** The alternate's jitter: each retry's wait lengthened by up to this share of it (./profile.ts declares the bound). */
export const WEBHOOK_RETRY_JITTER = 0.5;

/** A kept-alive connection unused this long is closed. */
const IDLE_MS = 4_000;

export interface DeliveryOptions {
  privateKeyPem: string;
  /** Delay before the first retry; each further retry doubles it. */
  retryBaseDelayMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** How long the receiver may take to answer (interface Limits: 30 seconds). */
  timeoutMs: number;
  /** Extra CA certificate (PEM) trusted for HTTPS endpoints, for a listener with a self-signed certificate. */
  caPem?: string;
}

export interface DeliveryAttempt {
  attempt: number;
  status?: number;
  error?: string;
  body?: string;
}

export type Envelope = Record<string, unknown> & { id: string; type: string; timestamp: string };

export class WebhookDelivery {
  private readonly chains = new Map<string, Promise<void>>();
  /** Retries waiting for their time, each with what ends its wait. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  /** Deliveries under way, ended by close(). */
  private readonly requests = new Set<http.ClientRequest>();
  /** Kept-alive connections to the endpoint, per scheme; an extra CA is trusted for HTTPS. */
  private readonly agents: { http: http.Agent; https: https.Agent };
  private readonly key: WebhookSigningKey;
  private readonly otherKey = generateWebhookKey();
  private closed = false;

  constructor(
    private readonly opts: DeliveryOptions,
    private readonly endpoint: () => string | null,
    private readonly faults: Faults,
    private readonly clock: Clock,
    private readonly choices?: Choices,
  ) {
    this.key = loadWebhookKey(opts.privateKeyPem);
    // Idle connections close after 4 s, before a receiver's own idle timeout (Node's is 5 s) can close one under a delivery.
    const kept = { keepAlive: true, timeout: IDLE_MS };
    this.agents = { http: new http.Agent(kept), https: new https.Agent({ ...kept, ...(opts.caPem ? { ca: opts.caPem } : {}) }) };
  }

  /** Whether a base64 signature was made over the raw body with the service's webhook key. */
  verifies(rawBody: Uint8Array, signatureB64: string): boolean {
    return verifyWebhookBody(rawBody, signatureB64, this.key.publicKey);
  }

  /** Queues a resource event; returns at once. */
  emit(type: string, data: { id: string } & Record<string, unknown>, timestamp = isoNow(this.clock)): Envelope {
    // The resource as it is now: later changes to the record must not leak into a queued delivery.
    const envelope: Envelope = { id: `Webhook:${randomUUID()}`, type, timestamp, data: structuredClone(data) };
    // A card's own events and its transactions' events share one ordered chain.
    const key = typeof data.cardId === 'string' ? data.cardId : data.id;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.deliverWithRetries(envelope)).catch(() => undefined);
    this.chains.set(key, next);
    void next.then(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
    return envelope;
  }

  /**
   * A resource event delivered once, without retry (supplement section 3: none for
   * INCOMING_PAYMENT.PENDING), in the resource's order; resolves with the receiver's answer.
   */
  emitOnce(type: string, data: { id: string } & Record<string, unknown>): Promise<DeliveryAttempt | undefined> {
    const envelope: Envelope = { id: `Webhook:${randomUUID()}`, type, timestamp: isoNow(this.clock), data };
    const key = data.id;
    let answer: DeliveryAttempt | undefined;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const url = this.endpoint();
        if (url && !this.closed) answer = await this.send(url, envelope, 1);
      })
      .catch(() => undefined);
    this.chains.set(key, next);
    void next.then(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
    return next.then(() => answer);
  }

  /** The TEST event: one attempt, no retry (supplement section 3), answered synchronously. */
  async sendTest(): Promise<{ url: string; attempt: DeliveryAttempt }> {
    const url = this.endpoint();
    if (!url) throw new Error('no endpoint');
    const id = `Webhook:${randomUUID()}`;
    const timestamp = isoNow(this.clock);
    const envelope: Record<string, unknown> = { test: true, timestamp, id, type: 'TEST', ...(this.choices?.alternate('test-webhook-data') ? { data: {} } : {}) };
    return { url, attempt: await this.send(url, envelope, 1) };
  }

  private async deliverWithRetries(envelope: Envelope): Promise<void> {
    let current = envelope;
    for (let attempt = 1; attempt <= this.opts.maxAttempts && !this.closed; attempt++) {
      const url = this.endpoint();
      if (!url) return;
      const result = await this.send(url, current, attempt);
      // Closed while it was sent: the delivery ends (the sandbox is going away).
      if (this.closed) return;
      // The alternate retries every answer but an acknowledgement and a 409 (supplement 3: a duplicate id stops retries).
      const retryable = result.error !== undefined || (result.status !== undefined && (result.status >= 500 || result.status === 429 || result.status === 408 ||
        (this.choices?.alternate('webhook-retry-client-errors') === true && result.status !== 409)));
      if (result.status !== undefined && result.status >= 200 && result.status < 300) {
        // A 200 acknowledges (Events 2): an acknowledged notification is not sent again.
        if (this.faults.has('webhook-duplicates-beyond-tolerance')) {
          for (let copy = 0; copy < DUPLICATES_BEYOND_TOLERANCE && !this.closed; copy++) await this.send(url, current, attempt);
        }
        // The alternate sends an acknowledged notification once more (delivery is at least once).
        if (this.choices?.alternate('acknowledged-sent-twice') && !this.closed) await this.send(url, current, attempt);
        return;
      }
      if (!retryable) return;
      if (this.faults.has('webhook-no-retry-after-5xx') && result.status !== undefined) return;
      if (attempt === this.opts.maxAttempts) return;
      const delay = this.faults.has('webhook-constant-backoff')
        ? this.opts.retryBaseDelayMs
        : this.opts.retryBaseDelayMs * 2 ** (attempt - 1);
      // The alternate lengthens each wait by a random share of up to half of it (jitter).
      await this.wait(this.choices?.alternate('webhook-retry-jitter') ? delay * (1 + Math.random() * WEBHOOK_RETRY_JITTER) : delay);
      if (this.faults.has('webhook-new-id-on-retry')) current = { ...current, id: `Webhook:${randomUUID()}` };
      if (this.choices?.alternate('retry-restamp')) current = { ...current, timestamp: isoNow(this.clock) };
    }
  }

  /** A retry's pause; ended early, and the retry with it, when the sender closes. */
  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.set(t, resolve);
    });
  }

  private async send(url: string, envelope: Record<string, unknown>, attempt: number): Promise<DeliveryAttempt> {
    const raw = Buffer.from(JSON.stringify(envelope));
    const signedBody = this.faults.has('webhook-signed-over-other-body') ? Buffer.from(JSON.stringify(envelope, null, 1)) : raw;
    const key = this.faults.has('webhook-signed-by-other-key') ? this.otherKey : this.key;
    try {
      const headers = { 'content-type': 'application/json', 'content-length': raw.length, 'x-svc-signature': signWebhookBody(signedBody, key, this.choices?.alternate('webhook-low-s')) };
      const { status, body } = await this.post(new URL(url), raw, headers);
      return { attempt, status, body: body.slice(0, 2000) };
    } catch (err) {
      return { attempt, error: (err as Error).message };
    }
  }

  /**
   * One POST; resolves with the answer, rejects on a connection failure, when the answer's headers
   * have not come within timeoutMs of the start (connecting included), or when timeoutMs pass
   * between two parts of the answer.
   */
  private post(target: URL, body: Buffer, headers: Record<string, string | number>): Promise<{ status: number; body: string }> {
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') return Promise.reject(new Error(`${target.protocol} endpoints are not supported`));
    const timeoutMs = this.opts.timeoutMs;
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(target, { method: 'POST', headers, agent: secure ? this.agents.https : this.agents.http }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('the connection closed before the answer ended'));
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      const late = () => req.destroy(plainError(`no answer within ${timeoutMs} ms`));
      const headersBound = setTimeout(late, timeoutMs);
      req.once('response', () => clearTimeout(headersBound));
      this.requests.add(req);
      req.on('close', () => {
        clearTimeout(headersBound);
        this.requests.delete(req);
      });
      // A new connection's socket carries the agent's idle timeout (4 s) until it connects: the
      // receiver's bound applies from the start. The agent sets its own again once the socket is free.
      req.once('socket', (socket) => {
        if (socket.connecting) socket.setTimeout(timeoutMs);
      });
      req.setTimeout(timeoutMs, late);
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Resolves once every queued delivery has finished (used at shutdown and by self-tests). */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [t, resolve] of this.timers) {
      clearTimeout(t);
      resolve();
    }
    this.timers.clear();
    // A delivery under way ends now (it is not retried: the delivery is closed), and so do idle connections.
    for (const req of this.requests) req.destroy(plainError('the sandbox is closing'));
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/**
 * An error whose stack is its message alone, formatted by no one. Node reads the stack of the error a
 * socket is destroyed with, and a host process may format stacks with a function of its own that can
 * throw (vitest's module runner, for a frame of its global setup, throws a TypeError): the throw then
 * left destroy(), and a close() ended before its connections did, holding the host process open.
 */
function plainError(message: string): Error {
  const err = new Error(message);
  err.stack = `Error: ${message}`;
  return err;
}
