// `npm run init` against the standalone sandbox: it observes the credentials, the triggers the sandbox
// serves and the webhook key it is given, asks about every other declaration with its meaning, changes
// nothing on the target, and the profile it writes runs conformant unchanged.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { parseProfile } from '../../helpers/target/profile.js';
import { readVerdict } from '../../helpers/verdict/verdict.js';
import { ROOT } from '../run-conformance.js';

let sandbox: ChildProcess | undefined;
afterAll(() => {
  sandbox?.kill('SIGTERM');
});

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, SVC_BASE_URL: '', SVC_CLIENT_ID: '', SVC_CLIENT_SECRET: '', SVC_TARGET_PROFILE: '', SANDBOX_FAULTS: '', SANDBOX_CHOICES: '', FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b));
  child.stderr!.on('data', (b: Buffer) => (output += b));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

describe('npm run init', () => {
  it('writes a profile from what the target answers, asks about the rest, changes nothing, and the profile runs conformant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-init-'));
    const printed = join(dir, 'printed.json');
    sandbox = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', 'init-demo', '--client-secret', 'init-demo-secret-value', '--allow-insecure-loopback-webhooks', '--print-profile', printed], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    for await (const _ of createInterface({ input: sandbox.stdout! })) break;
    const { baseUrl, webhook } = JSON.parse(readFileSync(printed, 'utf8')) as { baseUrl: string; webhook: { publicKey: string } };
    const key = join(dir, 'webhook.pem');
    writeFileSync(key, webhook.publicKey);
    const api = new ApiClient({ baseUrl, clientId: 'init-demo', clientSecret: 'init-demo-secret-value' });
    const reads = ['/config', '/customers', '/cards', '/platform/external-accounts'];
    const state = async () => Promise.all(reads.map(async (path) => (await api.get(path)).body));
    const before = await state();

    const out = join(dir, 'target.json');
    const init = await run(['helpers/target/init.ts', '--base-url', baseUrl, '--client-id', 'init-demo', '--client-secret-env', 'INIT_SECRET', '--webhook-public-key', key, '--out', out], { INIT_SECRET: 'init-demo-secret-value' });

    expect(init.code, init.output).toBe(0);
    expect(init.output).toContain('observed: GET /config answered 200: the credentials hold');
    expect(init.output).toContain('The probe changed nothing on the target');
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('init-demo-secret-value');
    const profile = parseProfile(JSON.parse(text)) as Record<string, any>;
    expect(profile.credentials).toEqual({ clientId: 'init-demo', clientSecretVariable: 'INIT_SECRET' });
    expect(profile.capabilities?.sandboxTriggers).toBe(true);
    expect(profile.webhook?.publicKey).toBe('webhook.pem');
    expect(profile.triggers?.scaFactorReset).toBe(true);
    // What it could not observe: asked, with the meaning the registry gives, and left to the run's default.
    expect(profile.questions['timings.eventTimeoutMs']).toMatch(/SVC_EVENT_TIMEOUT_MS/);
    expect(profile.timings).toBeUndefined();
    expect(await state(), 'the probe changed nothing the target answers').toEqual(before);
    await api.close();

    const reports = join(dir, 'reports');
    const conformance = await run(['helpers/verdict/cli.ts', '--reporter=dot', 'suites/exchange-rates/', 'suites/errors/', 'suites/sandbox/'], { SVC_TARGET_PROFILE: out, INIT_SECRET: 'init-demo-secret-value', SVC_REPORTS_DIR: reports });

    expect(conformance.code, conformance.output.slice(-3000)).toBe(0);
    expect(readVerdict(reports)).toMatchObject({ conformant: true, mode: 'external', counts: { failed: 0, skipped: 0 } });
  }, 120_000);
});
