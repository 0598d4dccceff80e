// The suite against a sandbox started on its own (`npm run sandbox`) and reached through the profile
// it prints (SVC_TARGET_PROFILE, nothing declared by hand) gives the same result as embedded mode,
// and the run leaves the target's webhook configuration as it found it. The sandbox takes its alternate
// choices (sandbox/choices.ts, `--choices alternate`): the whole suite must be conformant against the
// second reference behaviour too, with nothing skipped (a scenario that passes against only one of
// the two asserts a choice, not a rule), and one run judges both.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { EMBEDDED_TIMINGS } from '../../sandbox/profile.js';
import { expectEveryScenarioPassed, ROOT, runConformance } from '../run-conformance.js';

const TIMINGS = { challenge: '2500', provisioning: '600', retryBase: '100', attempts: '5' };
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGTERM');
});

async function startSandbox(profileFile: string): Promise<{ baseUrl: string; clientId: string; clientSecret: string }> {
  child = spawn(process.execPath, [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', 'external-demo',
    '--client-secret', 'external-demo-secret', '--allow-insecure-loopback-webhooks', '--choices', 'alternate', '--challenge-ttl-ms', TIMINGS.challenge,
    '--provisioning-delay-ms', TIMINGS.provisioning, '--webhook-retry-base-ms', TIMINGS.retryBase, '--webhook-attempts', TIMINGS.attempts,
    '--print-profile', profileFile,
    '--realtime-quote-ttl-ms', '3000', '--card-activation-delay-ms', '1000', '--incoming-approval-window-ms', '2000',
    '--uma-lookup-ttl-ms', '3000', '--wallet-session-ttl-ms', String(EMBEDDED_TIMINGS.walletSessionTtlMs), '--device-code-ttl-ms', String(EMBEDDED_TIMINGS.deviceCodeTtlMs),
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) return JSON.parse(line);
  throw new Error('the sandbox printed nothing');
}

describe('external target mode', () => {
  it('gives the same result as embedded mode against a sandbox started with npm run sandbox, and restores its webhook endpoint', async () => {
    const profileFile = join(mkdtempSync(join(tmpdir(), 'svc-profile-')), 'sandbox-profile.json');
    const sandbox = await startSandbox(profileFile);
    // One seed and one request count: both runs send the same generated requests.
    const common = { SVC_SEED: '20261122', SVC_RULE_RUNS: '1', SVC_EVENT_TIMEOUT_MS: '8000', SVC_WAIT_BUDGET_MS: '20000' };

    const external = await runConformance({
      json: true,
      // The sandbox's printed profile alone: base URL, credentials, key, triggers, limits, retry bound.
      // The embedded sandbox's variables mean nothing to an external target: one it could not read
      // does not stop the run.
      env: { ...common, SVC_TARGET_PROFILE: profileFile, SANDBOX_QUOTE_VELOCITY_COUNT: 'not-a-count' },
    });
    expect(external.code, external.output.slice(-3000)).toBe(0);
    // Embedded mode passes every scenario with nothing skipped (the mutation run's baseline and the
    // alternate run judge it): the same result here is every scenario of the suite passed, nothing
    // skipped for a capability the printed profile failed to declare.
    expect(external.verdict?.counts, external.output.slice(-2000)).toMatchObject({ failed: 0, skipped: 0 });
    expectEveryScenarioPassed(external.statuses!);

    const client = new ApiClient({ baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    const config = await client.get('/config');
    // A new sandbox has no endpoint (GET /config leaves it out); the run gives that back through the
    // trigger its profile declares (SVC_WEBHOOK_ENDPOINT_UNSET_TRIGGER): no request of the description unsets one.
    expect(config.body.webhookEndpoint, 'the run restored the webhook endpoint the target had before it: none').toBeUndefined();
    await client.close();
  }, 360_000);
});
