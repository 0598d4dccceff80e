// The webhook listener's load in `npm run bench`: signed deliveries sent from a process of their own,
// as a target sends them. Each body is a notification of the interface's envelope {id, type,
// timestamp, data} with a payment's data (some 600 bytes), a fresh envelope id each, about
// `--resources` resources in turn; each is signed with the given key (X-Svc-Signature, bare base64
// DER) before it is sent, a chunk at a time, so the signing is not timed. Prints one JSON line:
// what was sent, what was answered 2xx, and the wall time of the sending alone.
//   node --import tsx selftest/bench/send-deliveries.ts --url <listener> --key <private key PEM file>
//     [--count 20000] [--connections 32] [--resources 5000] [--chunk 20000]
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    key: { type: 'string' },
    count: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '32' },
    resources: { type: 'string', default: '5000' },
    chunk: { type: 'string', default: '20000' },
  },
});
if (!values.url || !values.key) {
  process.stderr.write('send-deliveries: --url and --key are required\n');
  process.exit(2);
}
const url = new URL(values.url);
const key = createPrivateKey(readFileSync(values.key, 'utf8'));
const count = Number(values.count);
const connections = Number(values.connections);
const resources = Array.from({ length: Math.max(1, Number(values.resources)) }, () => randomUUID());
const chunk = Math.max(1, Number(values.chunk));

const money = (amount: number, code: string, name: string, symbol: string) => ({ amount, currency: { code, name, symbol, decimals: 2 } });
function body(i: number): string {
  const resource = resources[i % resources.length];
  const at = new Date().toISOString();
  return JSON.stringify({
    id: `Webhook:${randomUUID()}`,
    type: 'OUTGOING_PAYMENT.COMPLETED',
    timestamp: at,
    data: {
      id: `Transaction:${resource}`,
      status: 'COMPLETED',
      type: 'OUTGOING',
      customerId: `Customer:${resources[(i * 7) % resources.length]}`,
      platformCustomerId: `bench-${i % 997}`,
      source: { sourceType: 'ACCOUNT', accountId: `InternalAccount:${resource}` },
      destination: { destinationType: 'ACCOUNT', accountId: `ExternalAccount:${resource}` },
      sentAmount: money(10_000 + (i % 5000), 'USD', 'United States Dollar', '$'),
      receivedAmount: money(9_200 + (i % 4600), 'EUR', 'Euro', '€'),
      exchangeRate: 0.92,
      createdAt: at,
      settledAt: at,
    },
  });
}

const pool = new Pool(url.origin, { connections, pipelining: 1 });
let sent = 0;
let ok = 0;
let other = 0;
let sendingMs = 0;
for (let from = 0; from < count; from += chunk) {
  const n = Math.min(chunk, count - from);
  const signed = Array.from({ length: n }, (_, j) => {
    const raw = body(from + j);
    return { raw, signature: sign('sha256', Buffer.from(raw), key).toString('base64') };
  });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let j = next++; j < n; j = next++) {
        const res = await pool.request({ path: url.pathname, method: 'POST', body: signed[j].raw, headers: { 'content-type': 'application/json', 'x-svc-signature': signed[j].signature } });
        await res.body.dump();
        sent++;
        if (res.statusCode >= 200 && res.statusCode < 300) ok++;
        else other++;
      }
    }),
  );
  sendingMs += performance.now() - started;
}
await pool.close();
process.stdout.write(`${JSON.stringify({ sent, ok, other, sendingMs: Math.round(sendingMs) })}\n`);
