// Events are at least once and may arrive late or out of order (interface, Events 2-3): the suite's
// verdict must not change when the deliveries do, as long as the interface allows it, and must change
// when they break a rule. A relay stands between a standalone sandbox (`npm run sandbox`, external
// mode) and the run's listener:
//   - the run gives the target SVC_WEBHOOK_PUBLIC_URL as its webhookEndpoint: that is the relay;
//   - the run prints its listener URL ("webhook listener <url>"); the relay forwards there (until it
//     knows it, it answers 503, which the sandbox retries);
//   - the sandbox trusts the relay's self-signed certificate (--webhook-ca) and signs with a key the
//     test made (--webhook-key), so the relay can re-sign what it changes.
// Three relays, three runs in parallel (each against its own sandbox, since the webhook endpoint
// is platform-wide), of the suites in EVENT_SUITES: every suite whose scenarios await events (an
// event sequence, one event, or the funding and provisioning waits of the flows); field-rule and
// list files, which await none, are left out to keep the run time in the self-test budget:
//   (a) every notification three times (the same envelope id twice more after each acknowledgement):
//       green with no declaration (2 redeliveries of each notification, within the per-notification
//       tolerance whatever the number of notifications);
//   (b) every delivery reaching the listener 0 to 300 ms after the sandbox sent it, the relay
//       acknowledging the sandbox at once (so a resource's later events overtake earlier ones; the
//       relay counts the overtakings and the test requires some) and retrying on the sandbox's
//       schedule what the listener does not acknowledge; a TEST webhook and INCOMING_PAYMENT.PENDING,
//       whose answer means something to the sandbox, are delayed and answered in passing. Green;
//       during this run the listener also gets an aborted delivery, a 5 MiB delivery (413) and a
//       GET / (404), and the run stays green with listener.json written;
//   (c) a resource's later events given earlier timestamps, re-signed: the run (of the outgoing
//       payment lifecycle alone) fails, naming the order.
// The sandbox's retry base is 500 ms here, so that delivery latency (0-300 ms, and a loaded machine)
// does not hide its exponential backoff from the retry scenario.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { selfSignedCertificate } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';
import { ROOT, runConformance, type ConformanceRun } from '../run-conformance.js';

type Mode = 'triple' | 'delay' | 'reorder';

/**
 * The suites whose scenarios await events (an event sequence, one event, or the funding and
 * provisioning waits of the flows), field-rule and list files left out (they await none).
 */
const EVENT_SUITES = [
  // Quote execution and OUTGOING_PAYMENT sequences; the reorder run's named failure (helpers/flows/transfers.ts).
  'suites/cross-currency-transfers/quote-execution.test.ts',
  'suites/cross-currency-transfers/outgoing-lifecycle.test.ts',
  'suites/cross-currency-transfers/failure-reasons.test.ts',
  'suites/cross-currency-transfers/outgoing-authorization.test.ts',
  'suites/cross-currency-transfers/outgoing-expiry.test.ts',
  'suites/cross-currency-transfers/realtime-and-uma.test.ts',
  'suites/cross-currency-transfers/sca.test.ts',
  'suites/cross-currency-transfers/sca-balance.test.ts',
  'suites/same-currency-transfers/transfers.test.ts',
  // CARD_TRANSACTION sequences judged about data.cardId, ordered by timestamp; the card state matrix.
  'suites/cards/card-transactions.test.ts',
  'suites/cards/state-matrix.test.ts',
  'suites/cards/clearing-funds.test.ts',
  'suites/cards/funding-sources.test.ts',
  'suites/cards/pre-activation-states.test.ts',
  // INCOMING_PAYMENT sequences; a 202 answer and an approval window; refunds; cancel and confirm.
  'suites/transactions/incoming-payments.test.ts',
  'suites/transactions/incoming-approval-timeout.test.ts',
  'suites/transactions/transactions.test.ts',
  'suites/transactions/cancel.test.ts',
  'suites/transactions/confirm.test.ts',
  'suites/transactions/list-filters.test.ts',
  // INTERNAL_ACCOUNT.STATUS_UPDATED, and the waits for one event every funded scenario makes.
  'suites/internal-accounts/lifecycle.test.ts',
  'suites/internal-accounts/status-and-instructions.test.ts',
  // VERIFICATION and CUSTOMER.KYC_* events of one customer, in order.
  'suites/kyc-verifications/verification-lifecycle.test.ts',
  'suites/kyc-verifications/verification.test.ts',
  'suites/kyc-verifications/kyb-outcomes.test.ts',
  'suites/kyc-verifications/manual-review.test.ts',
  'suites/kyc-verifications/review-findings.test.ts',
  // INVITATION.CLAIMED, agent approvals, stablecoin operations, bulk upload jobs.
  'suites/invitations/invitations.test.ts',
  'suites/agent-management/approvals.test.ts',
  'suites/agent-operations/operations.test.ts',
  'suites/stablecoins/operations.test.ts',
  'suites/stablecoins/provider-accounts.test.ts',
  'suites/stablecoins/registration.test.ts',
  'suites/customers/bulk-upload.test.ts',
  // The retry schedule, duplicates within tolerance, and the TEST webhooks of the platform phase.
  'suites/webhooks/',
];

/** The sandbox's retry schedule (startSandbox), which the delaying relay keeps for what it has taken over. */
const RETRY_BASE_MS = 500;
const ATTEMPTS = 5;

const children: ChildProcess[] = [];
const relays: Relay[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(relays.map((r) => r.close()));
});

class Relay {
  listenerUrl?: string;
  url = '';
  readonly caPem: string;
  forwarded = 0;
  onFirstForward?: () => void;
  private closed = false;
  /** Deliveries forwarded after a later-stamped delivery about the same resource. */
  overtaken = 0;
  private readonly latestSent = new Map<string, number>();
  private readonly server: https.Server;
  /** reorder: the timestamp given to each envelope id, and the last one given per resource. */
  private readonly given = new Map<string, string>();
  private readonly lastOf = new Map<string, number>();

  constructor(private readonly mode: Mode, private readonly privateKeyPem: string) {
    const { key, cert } = selfSignedCertificate('127.0.0.1');
    this.caPem = cert;
    this.server = https.createServer({ key, cert }, (req, res) => {
      this.handle(req, res).catch((err: Error) => {
        if (!res.headersSent) res.writeHead(502).end(err.message);
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  close(): Promise<void> {
    this.closed = true;
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body = Buffer.concat(chunks).toString('utf8');
    let signature = String(req.headers['x-svc-signature'] ?? '');
    if (!this.listenerUrl) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"relay: listener not known yet"}');
      return;
    }
    if (this.mode === 'delay' && !answerMatters(body)) {
      // A queueing hop: the sandbox has its 200 at once (so it sends the resource's next event
      // without waiting), and the delivery reaches the listener 0-300 ms later, in the background,
      // retried on the sandbox's own schedule until acknowledged. A resource's events overtake
      // one another.
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      this.forwardLater(body, signature).catch(() => undefined);
      return;
    }
    if (this.mode === 'delay') await sleep(Math.random() * 300);
    if (this.mode === 'reorder') ({ body, signature } = this.reorder(body, signature));
    const first = await this.forward(body, signature);
    // The target has the first delivery's answer at once; its two redeliveries follow on their own.
    res.writeHead(first.status, { 'content-type': 'application/json' }).end(first.text);
    if (this.mode === 'triple' && first.status >= 200 && first.status < 300) {
      await this.forward(body, signature);
      await this.forward(body, signature);
    }
  }

  /** After 0-300 ms, forwards; a failure is retried after RETRY_BASE_MS * 2^(n-1) (and 0-300 ms more), ATTEMPTS in all. */
  private async forwardLater(body: string, signature: string): Promise<void> {
    for (let attempt = 1; attempt <= ATTEMPTS && !this.closed; attempt++) {
      await sleep(Math.random() * 300);
      const answer = await this.forward(body, signature).catch(() => undefined);
      if (answer && answer.status >= 200 && answer.status < 300) return;
      await sleep(RETRY_BASE_MS * 2 ** (attempt - 1));
    }
  }

  /** Counts a delivery sent after a later-stamped one about the same resource (its arrival is out of order). */
  private countOvertaking(body: string): void {
    try {
      const envelope = JSON.parse(body) as { timestamp?: string; data?: { id?: string } };
      const resource = envelope.data?.id;
      const at = Date.parse(envelope.timestamp ?? '');
      if (!resource || !Number.isFinite(at)) return;
      const latest = this.latestSent.get(resource) ?? -Infinity;
      if (at < latest) this.overtaken++;
      else this.latestSent.set(resource, at);
    } catch {
      // not JSON: nothing to order
    }
  }

  /** A resource's later events get earlier timestamps (each 1 ms before the previous one given), re-signed. */
  private reorder(body: string, signature: string): { body: string; signature: string } {
    const envelope = JSON.parse(body) as { id: string; type: string; timestamp: string; data?: { id?: string } };
    const resource = envelope.data?.id;
    if (envelope.type === 'TEST' || !resource) return { body, signature };
    let timestamp = this.given.get(envelope.id);
    if (!timestamp) {
      const previous = this.lastOf.get(resource);
      const at = previous === undefined ? Date.parse(envelope.timestamp) : previous - 1;
      timestamp = new Date(at).toISOString();
      this.given.set(envelope.id, timestamp);
      this.lastOf.set(resource, at);
    }
    const changed = JSON.stringify({ ...envelope, timestamp });
    return { body: changed, signature: signWebhookBody(changed, this.privateKeyPem) };
  }

  private async forward(body: string, signature: string): Promise<{ status: number; text: string }> {
    this.countOvertaking(body);
    const res = await request(this.listenerUrl!, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-svc-signature': signature } });
    const text = await res.body.text();
    if (this.forwarded++ === 0) this.onFirstForward?.();
    return { status: res.statusCode, text };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deliveries whose answer the interface gives a meaning beyond "received": a TEST webhook (POST
 * /webhooks/test reports whether it was acknowledged) and INCOMING_PAYMENT.PENDING (supplement 3:
 * 200 approves, 202 defers, 403 rejects, 422 asks for data). The delaying relay passes the listener's
 * answer to these back to the sandbox, after the same 0-300 ms delay.
 */
function answerMatters(body: string): boolean {
  try {
    const type = (JSON.parse(body) as { type?: unknown }).type;
    return type === 'TEST' || type === 'INCOMING_PAYMENT.PENDING';
  } catch {
    return true;
  }
}

async function startSandbox(keyFile: string, caFile: string, profileFile: string): Promise<{ baseUrl: string; clientId: string; clientSecret: string }> {
  const child = spawn(process.execPath, [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', 'relay-demo', '--client-secret', 'relay-demo-secret',
    '--webhook-key', keyFile, '--webhook-ca', caFile, '--challenge-ttl-ms', '2500', '--provisioning-delay-ms', '600',
    '--webhook-retry-base-ms', String(RETRY_BASE_MS), '--webhook-attempts', String(ATTEMPTS),
    '--realtime-quote-ttl-ms', '3000', '--card-activation-delay-ms', '1000', '--incoming-approval-window-ms', '2000', '--uma-lookup-ttl-ms', '3000',
    // What the sandbox declares about itself (triggers, limits, timings): the run reads it from here.
    '--print-profile', profileFile,
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  for await (const line of createInterface({ input: child.stdout! })) return JSON.parse(line);
  throw new Error('the sandbox printed nothing');
}

/** A run of EVENT_SUITES through a relay of `mode`; `during` is called once the relay has forwarded its first delivery. */
async function runThrough(
  mode: Mode,
  extraEnv: Record<string, string>,
  during?: (listenerUrl: string) => Promise<void>,
  dirs: string[] = EVENT_SUITES,
  bail = false,
): Promise<{ run: ConformanceRun; relay: Relay; duringDone?: Promise<void>; sandbox: { baseUrl: string; clientId: string; clientSecret: string } }> {
  const dir = mkdtempSync(join(tmpdir(), `svc-relay-${mode}-`));
  const keys = generateWebhookKeyPair();
  const relay = new Relay(mode, keys.privateKeyPem);
  relays.push(relay);
  await relay.start();
  writeFileSync(join(dir, 'webhook-private.pem'), keys.privateKeyPem);
  writeFileSync(join(dir, 'webhook-public.pem'), keys.publicKeyPem);
  writeFileSync(join(dir, 'relay-ca.pem'), relay.caPem);
  const sandbox = await startSandbox(join(dir, 'webhook-private.pem'), join(dir, 'relay-ca.pem'), join(dir, 'sandbox-profile.json'));
  let duringDone: Promise<void> | undefined;
  if (during) relay.onFirstForward = () => (duringDone = during(relay.listenerUrl!));
  const run = await runConformance({
    json: true,
    keepReports: true,
    dirs,
    bail,
    env: {
      SVC_SEED: '20261123',
      SVC_EVENT_TIMEOUT_MS: '8000',
      SVC_WAIT_BUDGET_MS: '20000',
      SVC_WEBHOOK_RETRY_WITHIN_MS: '5000',
      SVC_BASE_URL: sandbox.baseUrl,
      SVC_CLIENT_ID: sandbox.clientId,
      SVC_CLIENT_SECRET: sandbox.clientSecret,
      SVC_WEBHOOK_PUBLIC_KEY: join(dir, 'webhook-public.pem'),
      SVC_WEBHOOK_PUBLIC_URL: relay.url,
      SVC_TARGET_PROFILE: join(dir, 'sandbox-profile.json'),
      ...extraEnv,
    },
    onOutput: (chunk) => {
      // The run's output as it comes, for a run that does not end (kept in the relay's directory).
      appendFileSync(join(dir, 'run.log'), chunk);
      const m = /webhook listener (https?:\/\/[^;\s]+)/.exec(chunk);
      if (m && !relay.listenerUrl) relay.listenerUrl = m[1];
    },
  });
  return { run, relay, duringDone, sandbox };
}

const failed = (run: ConformanceRun) => [...(run.statuses ?? new Map()).entries()].filter(([, s]) => s !== 'passed').map(([n, s]) => `${s}: ${n}`);

/** An aborted delivery, a 5 MiB delivery and a GET /, sent straight to the run's listener. */
async function hostileRequests(listenerUrl: string): Promise<{ oversized: number | string; getRoot: number }> {
  const { hostname, port, pathname } = new URL(listenerUrl);
  await new Promise<void>((resolve) => {
    const s = connect(Number(port), hostname, () => {
      s.write(`POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"id":"Web`);
      s.end();
    });
    // Read what the listener answers, so that its closing the connection is seen.
    s.resume();
    s.on('error', () => resolve());
    s.on('close', () => resolve());
  });
  const big = await request(listenerUrl, { method: 'POST', body: Buffer.alloc(5 * 1024 * 1024, 0x20), headers: { 'content-type': 'application/json' } })
    .then(async (r) => {
      await r.body.text().catch(() => undefined);
      return r.statusCode;
    })
    .catch((e: Error & { code?: string }) => `${e.code ?? ''} ${e.message}`);
  const root = await request(new URL('/', listenerUrl).toString()).then(async (r) => {
    await r.body.text();
    return r.statusCode;
  });
  return { oversized: big, getRoot: root };
}

describe.concurrent('events through a relay between a standalone sandbox and the run', () => {
  it('stays green when every notification is delivered three times with the same envelope id', async () => {
    const { run } = await runThrough('triple', {});
    expect(run.code, `${failed(run).join('\n')}\n${run.output.slice(-4000)}`).toBe(0);
    expect(run.statuses!.size, 'the scenarios of every suite that awaits events ran').toBeGreaterThan(100);
    expect(failed(run)).toEqual([]);
    const listener = JSON.parse(readFileSync(join(run.reportsDir!, 'listener.json'), 'utf8')) as { duplicates: number };
    expect(listener.duplicates, 'the relay did deliver duplicates').toBeGreaterThan(30);
  }, 400_000);

  it('stays green when each delivery takes 0 to 300 ms, and when the listener gets an aborted delivery, a 5 MiB delivery and a GET /', async () => {
    let answers: { oversized: number | string; getRoot: number } | undefined;
    // The relay adds up to 300 ms to each delivery: a change's events may come that much later than the
    // sandbox's declared quiet period (100 ms) allows, so the run declares the relay's bound with it.
    const { run, relay, duringDone, sandbox } = await runThrough('delay', { SVC_EVENT_QUIET_MS: '700' }, async (url) => {
      answers = await hostileRequests(url);
    });
    await duringDone;
    expect(run.code, `${failed(run).join('\n')}\n${run.output.slice(-4000)}`).toBe(0);
    expect(run.statuses!.size, 'the scenarios of every suite that awaits events ran').toBeGreaterThan(100);
    expect(failed(run)).toEqual([]);
    console.info(`delaying relay: ${run.statuses!.size} scenarios in ${Math.round(run.durationMs / 1000)} s; ${relay.overtaken} deliveries reached the listener after a later-stamped event of their resource`);
    expect(relay.overtaken, 'some deliveries reached the listener after a later event of the same resource').toBeGreaterThan(0);
    expect(answers, 'the hostile requests were sent during the run').toEqual({ oversized: 413, getRoot: 404 });
    const file = join(run.reportsDir!, 'listener.json');
    expect(existsSync(file), 'listener.json is written').toBe(true);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { findings: unknown[] }).findings).toEqual([]);
    const client = new ApiClient(sandbox);
    const config = await client.get('/config');
    await client.close();
    // A new sandbox has no endpoint (GET /config leaves it out); the run gives that back through its declared unset trigger.
    expect(config.body.webhookEndpoint, 'the run restored the webhook endpoint the target had before it: none').toBeUndefined();
  }, 400_000);

  it('fails when a resource\'s later events carry earlier timestamps, naming the order', async () => {
    // One suite of payment sequences shows it; in every other suite the reordered events would only
    // make scenarios wait out their event deadline, each one failing late for the same reason. Each of
    // its scenarios fails so, after waiting out that deadline (about 17 s each): the run stops at the
    // first, whose failure must name the order.
    const { run } = await runThrough('reorder', {}, undefined, ['suites/cross-currency-transfers/outgoing-lifecycle.test.ts'], true);
    expect(run.code, 'the run fails').not.toBe(0);
    expect(run.output, 'a failure names the envelope-timestamp order').toMatch(/envelope-timestamp order|OUTGOING_PAYMENT\.<STATUS> in the order the payment changed; by timestamp/);
  }, 400_000);
});
