// `npm run bench`: performance is measured here, never asserted in tests. Measures the sandbox's
// request throughput and the webhook listener's delivery throughput on this machine.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { ApiClient } from '../../helpers/client.js';
import { WebhookListener } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair, signWebhookBody } from '../../helpers/webhook-signature.js';
import { buildSandbox } from '../../sandbox/app.js';

async function timed(label: string, n: number, fn: (i: number) => Promise<unknown>, width = 32) {
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) await fn(next++);
  }));
  const ms = performance.now() - started;
  process.stdout.write(`${label.padEnd(48)} ${n} in ${ms.toFixed(0)} ms  (${((n / ms) * 1000).toFixed(0)}/s)\n`);
}

const sandbox = await buildSandbox({ allowInsecureLoopbackWebhooks: true, provisioningDelayMs: 10 });
const client = new ApiClient({ baseUrl: await sandbox.listen(0), clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
await timed('sandbox GET /config', 2000, () => client.get('/config'));
await timed('sandbox POST /customers', 1000, (i) => client.post('/customers', { body: { customerType: 'INDIVIDUAL', platformCustomerId: `bench-${i}-${randomUUID()}` } }));
await client.close();
await sandbox.close();

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
