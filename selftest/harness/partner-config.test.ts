// Partner-safe configuration (README, "Against another target"): the platform-configuration suites
// change the platform-wide fee configuration and card branding of the target they run against, which
// may be a partner's. Against a standalone sandbox that already has a USD fee configuration and a
// branding of its own (every member set, so that nothing the scenarios change lacks a value to put
// back: no request of the description unsets one), a run of those suites leaves GET /config exactly as
// it found it (the branding's values put back, the fee configuration replaced by the one it had).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { ROOT, runConformance, SANDBOX_DECLARATIONS } from '../run-conformance.js';

const ORIGINAL_ENDPOINT = 'https://hooks.partner.example/svc-config';
const PARTNER_FEE = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 37, fixedFee: { amount: 15, currency: 'USD' } };
// Every member of CardTokenization2FAConfig set: the scenarios' valid changes each have a value to put back.
const PARTNER_BRANDING = {
  displayName: 'Partner Bank',
  logoUrl: 'https://partner.example/logo.png',
  email: { fromAddress: 'cards@partner.example', fromName: 'Partner Bank', replyToAddress: 'help@partner.example', subject: 'Your code', bodyText: 'Your Partner Bank code.' },
  sms: { templateSid: 'HXpartner', bodyText: 'Your Partner Bank code.' },
};

let sandboxProcess: ChildProcess | undefined;
let sandbox: { baseUrl: string; clientId: string; clientSecret: string; webhookPublicKey: string };
let client: ApiClient;
let dir: string;

beforeAll(async () => {
  sandboxProcess = spawn(process.execPath, [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', 'partner-config',
    '--client-secret', 'partner-config-secret', '--allow-insecure-loopback-webhooks',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: sandboxProcess.stdout! })) {
    sandbox = JSON.parse(line);
    break;
  }
  dir = mkdtempSync(join(tmpdir(), 'svc-partner-config-'));
  writeFileSync(join(dir, 'webhook-public.pem'), sandbox.webhookPublicKey);
  client = new ApiClient({ baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
  const seeded = await client.patch('/config', { body: { webhookEndpoint: ORIGINAL_ENDPOINT, feeConfigs: [PARTNER_FEE], cardTokenization2faConfig: PARTNER_BRANDING } });
  expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
}, 60_000);

afterAll(async () => {
  await client?.close();
  sandboxProcess?.kill('SIGTERM');
});

const configNow = async () => {
  const res = await client.get('/config');
  expect(res.status).toBe(200);
  const { updatedAt: _updatedAt, ...rest } = res.body as Record<string, unknown>;
  return rest;
};

describe('a partner target\'s platform configuration', () => {
  it('is as it was after the platform-configuration suites ran against it', async () => {
    const before = await configNow();
    expect(before.feeConfigs).toEqual([PARTNER_FEE]);
    expect(before.cardTokenization2faConfig).toEqual(PARTNER_BRANDING);
    const run = await runConformance({
      dirs: ['suites/platform-configuration/'],
      env: {
        ...SANDBOX_DECLARATIONS,
        SVC_BASE_URL: sandbox.baseUrl,
        SVC_CLIENT_ID: sandbox.clientId,
        SVC_CLIENT_SECRET: sandbox.clientSecret,
        SVC_WEBHOOK_PUBLIC_KEY: join(dir, 'webhook-public.pem'),
        SVC_STATE_DIR: join(dir, 'state'),
      },
    });
    expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(run.verdict?.counts.passed, 'the scenarios that change the configuration ran').toBeGreaterThan(0);
    expect(run.output, 'the run says nothing was left changed').not.toMatch(/could not be put back|cannot be unset/);
    expect(await configNow()).toEqual(before);
  }, 300_000);
});
