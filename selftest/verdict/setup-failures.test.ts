// A run whose setup fails ends with one plain line saying what went wrong and the one thing to do,
// and a non-zero exit, without the framework's report of the same failure ("No test files found", a
// stack trace): helpers/verdict/cli.ts holds the run's output until it names its target. Each case
// a user meets first: a missing setting, an unknown profile field, an unreachable target, rejected
// credentials, a target that refuses the listener's URL, a reports folder in use.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runEntryPoint } from '../run-conformance.js';

const DIRS = ['suites/exchange-rates/'];
const PUBLIC_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

let sandbox: ChildProcess | undefined;
let profile = '';

beforeAll(async () => {
  // A standalone sandbox as `npm run sandbox` starts it: without --allow-insecure-loopback-webhooks it refuses the listener's http URL.
  const dir = mkdtempSync(join(tmpdir(), 'svc-setup-'));
  profile = join(dir, 'profile.json');
  sandbox = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--print-profile', profile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const _ of createInterface({ input: sandbox.stdout! })) break;
}, 60_000);

afterAll(() => {
  sandbox?.kill('SIGTERM');
});

/** `npm run conformance` (its entry point) on DIRS with `env`: its exit code and everything it printed. */
const conformance = (env: Record<string, string>) => runEntryPoint(['--reporter=dot', ...DIRS], { SVC_REPORTS_DIR: mkdtempSync(join(tmpdir(), 'svc-setup-reports-')), ...env });

/** Runs with `env` and asserts the setup failure's form; returns the verdict line. */
async function failsToStart(env: Record<string, string>): Promise<string> {
  const run = await conformance(env);
  expect(run.code, run.output).not.toBe(0);
  expect(run.output, 'no framework report of the failure').not.toMatch(/No test files found|Startup Error|TypeError|^\s+at /m);
  const last = run.output.trimEnd().split('\n').at(-1)!;
  expect(last).toMatch(/^verdict: NOT CONFORMANT: the run did not start: /);
  return last;
}

describe('a run whose setup fails', () => {
  it('names a setting it misses, and says to set it', async () => {
    const line = await failsToStart({ SVC_BASE_URL: 'http://127.0.0.1:9/2025-10-13', SVC_CLIENT_ID: 'x', SVC_CLIENT_SECRET: 'y' });
    expect(line).toMatch(/missing: SVC_WEBHOOK_PUBLIC_KEY\. Set SVC_WEBHOOK_PUBLIC_KEY/);
  }, 60_000);

  it('names a profile field it does not know, and points at the profile schema', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-setup-')), 'bad.json');
    writeFileSync(file, JSON.stringify({ notAField: 1 }));
    const line = await failsToStart({ SVC_TARGET_PROFILE: file });
    expect(line).toMatch(/is not valid: .*notAField.*\. Correct the profile: target-profile\.schema\.json/);
  }, 60_000);

  it('says a target that does not answer is unreachable, and to check its base URL', async () => {
    const line = await failsToStart({ SVC_BASE_URL: 'http://127.0.0.1:9/2025-10-13', SVC_CLIENT_ID: 'x', SVC_CLIENT_SECRET: 'y', SVC_WEBHOOK_PUBLIC_KEY: PUBLIC_KEY });
    expect(line).toMatch(/ECONNREFUSED.*\. Check SVC_BASE_URL/);
  }, 60_000);

  it('says the target rejected the credentials, and to check them', async () => {
    const line = await failsToStart({ SVC_TARGET_PROFILE: profile, SVC_CLIENT_SECRET: 'not-the-secret' });
    expect(line).toMatch(/answered 401.*\. Check SVC_CLIENT_ID and SVC_CLIENT_SECRET/);
  }, 60_000);

  it("says the target refused the listener's URL, and how to give it one it takes", async () => {
    const line = await failsToStart({ SVC_TARGET_PROFILE: profile });
    expect(line).toMatch(/PATCH \/config \{webhookEndpoint: http:.*answered 400\. .*SVC_LISTENER_HTTPS=1.*SVC_WEBHOOK_PUBLIC_URL/);
  }, 60_000);

  it('says the reports folder is in use, and to give the run its own', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'svc-setup-reports-'));
    // A holder that lives while the run tries: this process, named in the lock.
    writeFileSync(join(reports, '.run-lock'), JSON.stringify({ pid: process.pid, token: 'held', startedAt: new Date().toISOString(), command: 'another run' }));
    const run = await conformance({ SVC_REPORTS_DIR: reports });
    expect(run.code).not.toBe(0);
    expect(run.output).not.toMatch(/No test files found|Startup Error|^\s+at /m);
    expect(run.output).toMatch(/is in use by another run .*SVC_REPORTS_DIR/);
    expect(run.output.trimEnd().split('\n').at(-1)).toMatch(/^verdict: NOT CONFORMANT: the run did not start: another run is writing/);
  }, 60_000);
});
