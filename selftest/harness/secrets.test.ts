// Secrets never reach reports or output (README, "Secrets"): a fake target in front of a standalone
// sandbox echoes the credentials it receives, sets a cookie, returns a token and the client secret in
// bodies and error messages, and leaks a PEM private key in its error messages. After a run against
// it, no file under the run's reports and no line of the captured output holds the secret, its base64
// forms, the token, the cookie or the private key.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../run-conformance.js';

const SECRET = `Leaky-S3cret-${randomUUID()}`;
const CLIENT_ID = 'leaky-demo';
const TOKEN = `tok_${randomUUID().replace(/-/g, '')}`;
const COOKIE = `ck${randomUUID().replace(/-/g, '')}`;
const PEM = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PEM_BODY = PEM.split('\n')[1];

let sandbox: ChildProcess | undefined;
let proxy: http.Server | undefined;
afterAll(() => {
  sandbox?.kill('SIGTERM');
  proxy?.close();
});

async function startSandbox(): Promise<{ baseUrl: string; webhookPublicKey: string }> {
  sandbox = spawn(process.execPath, [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', CLIENT_ID, '--client-secret', SECRET,
    '--allow-insecure-loopback-webhooks', '--provisioning-delay-ms', '300',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
  for await (const line of createInterface({ input: sandbox.stdout! })) return JSON.parse(line);
  throw new Error('the sandbox printed nothing');
}

/** The leaky target: the sandbox behind a proxy that adds every kind of secret to what it answers. */
async function startLeakyProxy(upstream: string): Promise<string> {
  const up = new URL(upstream);
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url!.replace(/^\/2025-10-13/, `${up.pathname}`);
      const forward = http.request({ host: up.hostname, port: up.port, method: req.method, path, headers: { ...req.headers, host: up.host } }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          let text = Buffer.concat(body).toString();
          try {
            const json = JSON.parse(text);
            if (json && typeof json === 'object' && !Array.isArray(json)) {
              json.token = TOKEN;
              json.clientSecret = SECRET;
              if (typeof json.message === 'string') {
                json.message += ` (you sent ${req.headers.authorization ?? 'nothing'}; secret ${SECRET}; token ${TOKEN}; debug key ${PEM})`;
              }
              text = JSON.stringify(json);
            }
          } catch {
            /* not JSON: passed on as it is */
          }
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)), 'set-cookie': [`svcsession=${COOKIE}; Path=/; HttpOnly`], 'x-echo-authorization': req.headers.authorization ?? '' };
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(text);
        });
      });
      forward.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/2025-10-13`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('secrets in reports and output', () => {
  it('leave no trace: not the secret in any encoding, the token, the cookie or a private key', async () => {
    const started = await startSandbox();
    const baseUrl = await startLeakyProxy(started.baseUrl);
    const dir = mkdtempSync(join(tmpdir(), 'svc-secrets-run-'));
    writeFileSync(join(dir, 'webhook.pem'), started.webhookPublicKey);
    const reports = join(dir, 'reports');
    const run = spawn(process.execPath, ['--import', 'tsx', 'helpers/verdict/cli.ts', 'suites/authentication/', 'suites/customers/create-customer.test.ts', 'suites/platform-configuration/'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SVC_BASE_URL: baseUrl,
        SVC_CLIENT_ID: CLIENT_ID,
        SVC_CLIENT_SECRET: SECRET,
        SVC_WEBHOOK_PUBLIC_KEY: join(dir, 'webhook.pem'),
        SVC_REPORTS_DIR: reports,
        SVC_STATE_DIR: join(dir, 'state'),
        SVC_EVENT_TIMEOUT_MS: '5000',
        SANDBOX_FAULTS: '',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.stdout!.on('data', (c: Buffer) => (output += c));
    run.stderr!.on('data', (c: Buffer) => (output += c));
    await new Promise<void>((r) => run.on('close', () => r()));

    expect(output, 'the run reached its verdict').toMatch(/^verdict: /m);
    const written = filesUnder(reports);
    expect(written.some((f) => f.endsWith('junit.xml')), 'the run wrote its reports').toBe(true);
    const forbidden: Record<string, string> = {
      'the client secret': SECRET,
      'the client secret in base64': Buffer.from(SECRET).toString('base64'),
      'the Basic credential': Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64'),
      'the token': TOKEN,
      'the cookie': COOKIE,
      'the private key': PEM_BODY,
    };
    const leaks: string[] = [];
    for (const [what, value] of Object.entries(forbidden)) {
      if (output.includes(value)) leaks.push(`${what} in the output`);
      for (const file of written) if (readFileSync(file).includes(value)) leaks.push(`${what} in ${file.slice(reports.length + 1)}`);
    }
    expect(leaks).toEqual([]);
  }, 180_000);
});
