// `npm run bench`: performance is measured here, never asserted in tests. The sandbox runs in a
// process of its own (`sandbox/cli.ts`, as a partner starts it) and autocannon sends the load from
// this one, 16 connections. Each route is measured on an empty store and again with 100,000 stored
// customers (the sandbox's `--seed-customers` option fills them at start), so a cost that grows with
// what is stored shows as a drop between the two columns. Then the webhook listener's delivery
// throughput and, where an image is built, the image's start time.
//   npm run bench [-- --seconds 5 --connections 16 --stored 100000 --only sandbox]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { WebhookListener } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    stored: { type: 'string', default: '100000' },
    only: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const STORED = Number(values.stored);

interface Started {
  child: ChildProcess;
  baseUrl: string;
  auth: string;
}

/** Starts `npm run sandbox`'s entry point in a child process and reads its one JSON line. */
async function startSandbox(seedCustomers: number): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--provisioning-delay-ms', '10', '--quote-velocity-count', '1000000000', ...(seedCustomers ? ['--seed-customers', String(seedCustomers)] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const { baseUrl, clientId, clientSecret } = JSON.parse(line) as { baseUrl: string; clientId: string; clientSecret: string };
  return { child, baseUrl, auth: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` };
}

async function stop(s: Started) {
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}

async function call(s: Started, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await request(`${s.baseUrl}${path}`, {
    method,
    headers: { authorization: s.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.body.json()) as Record<string, any>;
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
}

/** A quote request that the sandbox prices without executing: USD account to the customer's own EUR account. */
async function quoteRequest(s: Started) {
  const customer = await call(s, 'POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `bench-quoter-${randomUUID()}`,
    currencies: ['USD', 'EUR'],
    endUserTermsConsent: { acceptedAt: new Date().toISOString(), ipAddress: '127.0.0.1', termsVersion: 'V1', acceptanceMethod: 'CHECKBOX' },
  });
  const accounts = await call(s, 'GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`);
  const usd = accounts.data.find((a: any) => a.balance.currency.code === 'USD');
  const eur = accounts.data.find((a: any) => a.balance.currency.code === 'EUR');
  return {
    source: { sourceType: 'ACCOUNT', accountId: usd.id },
    destination: { destinationType: 'ACCOUNT', accountId: eur.id },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1000,
  };
}

interface Row {
  label: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(s: Started, label: string, method: 'GET' | 'POST', path: string, body?: () => string): Promise<Row> {
  let n = 0;
  const result = await autocannon({
    url: `${s.baseUrl}${path}`,
    method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: s.auth, 'content-type': 'application/json' },
    ...(body
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }),
            },
          ],
        }
      : {}),
  });
  n = result.requests.total;
  return { label, rps: Math.round(n / SECONDS), p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

async function measure(stored: number): Promise<Row[]> {
  const started = performance.now();
  const s = await startSandbox(stored);
  const ready = performance.now() - started;
  process.stdout.write(`sandbox with ${stored} stored customers: ready in ${ready.toFixed(0)} ms\n`);
  const quote = JSON.stringify(await quoteRequest(s));
  const rows: Row[] = [];
  try {
    // Warm-up: the first requests compile the routes' schemas.
    await load(s, 'warm-up', 'GET', '/config');
    rows.push(await load(s, 'GET /config', 'GET', '/config'));
    rows.push(await load(s, 'POST /customers', 'POST', '/customers', () => JSON.stringify({ customerType: 'INDIVIDUAL', platformCustomerId: `bench-${randomUUID()}` })));
    rows.push(await load(s, 'GET /customers?limit=20', 'GET', '/customers?limit=20'));
    rows.push(await load(s, 'POST /quotes', 'POST', '/quotes', () => quote));
  } finally {
    await stop(s);
  }
  return rows;
}

if (!values.only || values.only === 'sandbox') {
  process.stdout.write(`machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, node ${process.version}; load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  const empty = await measure(0);
  const full = await measure(STORED);
  process.stdout.write(`\n${'route'.padEnd(28)}${'empty req/s'.padStart(12)}${`${STORED} req/s`.padStart(14)}${'ratio'.padStart(8)}${'p99 ms'.padStart(14)}${'non-2xx'.padStart(9)}\n`);
  for (let i = 0; i < empty.length; i++) {
    const a = empty[i];
    const b = full[i];
    process.stdout.write(
      `${a.label.padEnd(28)}${String(a.rps).padStart(12)}${String(b.rps).padStart(14)}${(b.rps / a.rps).toFixed(2).padStart(8)}${`${a.p99}/${b.p99}`.padStart(14)}${String(a.non2xx + b.non2xx + a.errors + b.errors).padStart(9)}\n`,
    );
  }
  process.stdout.write(`(${CONNECTIONS} connections, ${SECONDS} s each; load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n\n`);
}

if (values.only && values.only !== 'listener') process.exit(0);

async function timed(label: string, n: number, fn: (i: number) => Promise<unknown>, width = 32) {
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) await fn(next++);
  }));
  const ms = performance.now() - started;
  process.stdout.write(`${label.padEnd(48)} ${n} in ${ms.toFixed(0)} ms  (${((n / ms) * 1000).toFixed(0)}/s)\n`);
}

const keys = generateWebhookKeyPair();
const listener = new WebhookListener({ publicKeyPem: keys.publicKeyPem });
const { url } = await listener.start();
const agent = new Agent({ connections: 64 });
await timed('listener signed deliveries (verify + record)', 3000, async () => {
  const body = JSON.stringify({ id: `Webhook:${randomUUID()}`, type: 'TEST', timestamp: new Date().toISOString(), test: true });
  const res = await request(url, { method: 'POST', body, headers: { 'x-svc-signature': signWebhookBody(body, keys.privateKeyPem) }, dispatcher: agent });
  await res.body.text();
});
await agent.close();
await listener.close();

// The sandbox image's start: from `podman run` to the first answer of its API (needs the image, npm run sandbox:image).
const image = process.env.SVC_SANDBOX_IMAGE ?? 'localhost/svc-sandbox:latest';
if (!values.only && spawnSync('podman', ['image', 'exists', image]).status === 0) {
  const started = performance.now();
  const run = spawnSync('podman', ['run', '--rm', '-d', '-p', '127.0.0.1::4010', '-e', 'SANDBOX_CLIENT_ID=bench', '-e', 'SANDBOX_CLIENT_SECRET=bench', image], { encoding: 'utf8' });
  const id = run.stdout.trim();
  const port = spawnSync('podman', ['port', id, '4010'], { encoding: 'utf8' }).stdout.trim().split(':').pop();
  let ready = 0;
  for (let i = 0; i < 200 && !ready; i++) {
    try {
      const res = await request(`http://127.0.0.1:${port}/2025-10-13/config`);
      await res.body.text();
      if (res.statusCode === 401) ready = performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const stopAt = performance.now();
  spawnSync('podman', ['stop', '-t', '5', id]);
  process.stdout.write(`${'sandbox image: podman run to first API answer'.padEnd(48)} ${ready.toFixed(0)} ms; SIGTERM to exit ${(performance.now() - stopAt).toFixed(0)} ms\n`);
} else if (!values.only) {
  process.stdout.write('sandbox image: not built (npm run sandbox:image) or no podman; start time not measured\n');
}
