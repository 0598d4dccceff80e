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

// The sandbox image's start: from `podman run` to the first answer of its API (needs the image, npm run sandbox:image).
const { spawnSync } = await import('node:child_process');
const image = process.env.SVC_SANDBOX_IMAGE ?? 'localhost/svc-sandbox:latest';
if (spawnSync('podman', ['image', 'exists', image]).status === 0) {
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
} else {
  process.stdout.write('sandbox image: not built (npm run sandbox:image) or no podman; start time not measured\n');
}
