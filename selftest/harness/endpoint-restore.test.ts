// The target's webhook endpoint survives runs that die and runs that overlap (README, "Against
// another target"): after a run killed by SIGINT, SIGTERM or SIGKILL at a random point, the next run
// leaves the endpoint the target had before the first; two runs started together against one target
// both end with a verdict and leave the original endpoint.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { ROOT, SANDBOX_DECLARATIONS } from '../run-conformance.js';

const ORIGINAL = 'https://hooks.partner.example/svc-original';
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
// A small area keeps each run short; the lease does not depend on which scenarios run.
const DIRS = ['suites/exchange-rates/', 'suites/customers/'];

let sandboxProcess: ChildProcess | undefined;
let sandbox: { baseUrl: string; clientId: string; clientSecret: string; webhookPublicKey: string };
let env: Record<string, string>;
let client: ApiClient;

beforeAll(async () => {
  sandboxProcess = spawn(process.execPath, [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', 'lease-demo',
    '--client-secret', 'lease-demo-secret', '--allow-insecure-loopback-webhooks', '--provisioning-delay-ms', '300',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: sandboxProcess.stdout! })) {
    sandbox = JSON.parse(line);
    break;
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-lease-'));
  writeFileSync(join(dir, 'webhook-public.pem'), sandbox.webhookPublicKey);
  env = {
    SVC_BASE_URL: sandbox.baseUrl,
    SVC_CLIENT_ID: sandbox.clientId,
    SVC_CLIENT_SECRET: sandbox.clientSecret,
    SVC_WEBHOOK_PUBLIC_KEY: join(dir, 'webhook-public.pem'),
    SVC_STATE_DIR: join(dir, 'state'),
    SVC_EVENT_TIMEOUT_MS: '8000',
    SVC_WEBHOOK_RETRY_WITHIN_MS: '3000',
    ...SANDBOX_DECLARATIONS,
  };
  client = new ApiClient({ baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
  expect((await client.patch('/config', { body: { webhookEndpoint: ORIGINAL } })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await client?.close();
  sandboxProcess?.kill('SIGTERM');
});

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the run has pointed the target at its listener. */
  started: Promise<void>;
  exited: Promise<number | null>;
}

function startRun(): Run {
  const reports = mkdtempSync(join(tmpdir(), 'svc-lease-run-'));
  const child = spawn(process.execPath, [VITEST, 'run', '--project', 'conformance', '--project', 'conformance-platform', '--reporter=dot', ...DIRS], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_FAULTS: '', SVC_REPORTS_DIR: reports, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let markStarted: () => void;
  const started = new Promise<void>((r) => (markStarted = r));
  const take = (chunk: Buffer) => {
    output += chunk;
    if (/svc-conformance: target external/.test(output)) markStarted();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, output: () => output, started, exited };
}

async function endpoint(): Promise<string | null> {
  const res = await client.get('/config');
  expect(res.status).toBe(200);
  return res.body.webhookEndpoint ?? null;
}

describe('the target webhook endpoint across runs', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
    it(`is the original again after a run killed by ${signal} at a random point and the next run`, async () => {
      const killed = startRun();
      await Promise.race([killed.started, killed.exited]);
      expect(killed.child.exitCode, `the run ended before it leased the target:\n${killed.output().slice(-2000)}`).toBeNull();
      // A random point of the run: while it holds the target.
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 2500)));
      killed.child.kill(signal);
      await killed.exited;

      const next = startRun();
      const code = await next.exited;
      expect(code, next.output().slice(-3000)).toBe(0);
      expect(await endpoint(), `after a run killed by ${signal} and the next run`).toBe(ORIGINAL);
    }, 120_000);
  }

  it('is the original after two runs started together, both of which end with a verdict', async () => {
    const [a, b] = [startRun(), startRun()];
    const [codeA, codeB] = await Promise.all([a.exited, b.exited]);
    expect(codeA, a.output().slice(-3000)).toBe(0);
    expect(codeB, b.output().slice(-3000)).toBe(0);
    expect(`${a.output()}${b.output()}`, 'the later run waited for the one that held the target').toMatch(/in use by run .*waiting for it to end/);
    expect(await endpoint()).toBe(ORIGINAL);
  }, 120_000);
});
