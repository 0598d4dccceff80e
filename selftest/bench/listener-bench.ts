// The webhook listener in `npm run bench`: signed deliveries from a process of their own
// (send-deliveries.ts) to a listener in this one, as a run's listener takes a target's deliveries.
//   - throughput: deliveries verified and recorded per second, from the sender's first request to
//     its last answer (each answer comes after its delivery was verified and recorded);
//   - soak (`--only soak`, a command of its own): a million deliveries, this process's memory
//     sampled throughout, against a fixed bound; then a poll for the first resource's deliveries,
//     most of them spilled, read back whole.
// Both report lines, never assert.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { WebhookListener } from '../../helpers/listener/server.js';
import { generateWebhookKeyPair } from '../../helpers/webhook-signature.js';

/** The deliveries per second the listener is to take from another process on two cores. */
export const THROUGHPUT_TARGET = 5000;
/** The listener process's retained heap and resident memory over a soak stay below these. */
export const SOAK_HEAP_BOUND = 128 * 1024 * 1024;
export const SOAK_RSS_BOUND = 384 * 1024 * 1024;

interface Sent {
  sent: number;
  ok: number;
  other: number;
  sendingMs: number;
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
const load = () => loadavg()[0].toFixed(1);

/** V8's collector, called to read what is retained (the heap after a full collection), not what awaits collection. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Runs the sender against a fresh listener; samples this process's memory every 200 ms meanwhile
 * (resident and heap in use), and every 2 s the heap retained after a full collection.
 */
async function sendTo(count: number, resources: number) {
  const gc = collector();
  const keys = generateWebhookKeyPair();
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-listener-'));
  const keyFile = join(dir, 'key.pem');
  writeFileSync(keyFile, keys.privateKeyPem, { mode: 0o600 });
  const listener = new WebhookListener({ publicKeyPem: keys.publicKeyPem });
  const { url } = await listener.start();
  const peak = { heap: 0, rss: 0, retained: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.rss = Math.max(peak.rss, m.rss);
  };
  const retained = () => {
    gc();
    peak.retained = Math.max(peak.retained, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, 200);
  const collecting = setInterval(retained, 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'selftest/bench/send-deliveries.ts', '--url', url, '--key', keyFile, '--count', String(count), '--resources', String(resources)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => (code ? reject(new Error(`send-deliveries exited with ${code}`)) : undefined));
  });
  clearInterval(sampler);
  clearInterval(collecting);
  sample();
  retained();
  rmSync(dir, { recursive: true, force: true });
  return { listener, sent: JSON.parse(line) as Sent, peak };
}

export async function listenerThroughput(count = 30_000): Promise<void> {
  const before = load();
  const { listener, sent } = await sendTo(count, 5000);
  const rate = (sent.ok / sent.sendingMs) * 1000;
  const verified = listener.lastSeq - listener.findings.filter((f) => f.kind === 'signature').length;
  await listener.close();
  process.stdout.write(
    `${'listener: signed deliveries from another process'.padEnd(48)} ${sent.ok} in ${sent.sendingMs} ms  (${rate.toFixed(0)}/s; ${verified} verified and recorded, ${sent.other} refused; load average ${before} before, ${load()} after)\n` +
      `listener: ${rate >= THROUGHPUT_TARGET ? 'meets' : 'does not meet'} its target of ${THROUGHPUT_TARGET} signed deliveries per second on two cores\n`,
  );
}

export async function listenerSoak(count = 1_000_000): Promise<void> {
  const before = load();
  const started = performance.now();
  const { listener, sent, peak } = await sendTo(count, 20_000);
  // The first resource's deliveries, nearly all of them spilled long ago, read back whole.
  const first = listener.deliveryAt(1);
  const probeStarted = performance.now();
  const probe = await listener.poll(first?.key ?? '*', 0, 0);
  const probeMs = performance.now() - probeStarted;
  const whole = probe.filter((d) => d.body !== undefined && d.eventId !== undefined).length;
  const after = process.memoryUsage();
  await listener.close();
  const meets = peak.retained < SOAK_HEAP_BOUND && peak.rss < SOAK_RSS_BOUND;
  process.stdout.write(
    `listener soak: ${sent.ok} signed deliveries in ${((performance.now() - started) / 1000).toFixed(0)} s (${((sent.ok / sent.sendingMs) * 1000).toFixed(0)}/s while sending); ${sent.other} refused; load average ${before} before, ${load()} after\n` +
      `listener soak: memory peak ${mib(peak.retained)} heap retained (after a full collection, every 2 s), ${mib(peak.heap)} heap in use, ${mib(peak.rss)} resident; at the end ${mib(after.heapUsed)} heap, ${mib(after.rss)} resident\n` +
      `listener soak: one resource's ${probe.length} deliveries read back whole in ${probeMs.toFixed(0)} ms (${whole} with body and envelope id)\n` +
      `listener soak: ${meets ? 'meets' : 'does not meet'} its bound of ${mib(SOAK_HEAP_BOUND)} heap retained and ${mib(SOAK_RSS_BOUND)} resident\n`,
  );
}
