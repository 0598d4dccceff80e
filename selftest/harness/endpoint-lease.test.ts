// The lease a run that died left behind (helpers/target/endpoint-lease.ts): the next run, or the entry
// point that started it, gives the endpoint back only while it is still the dead run's own, and says
// "restored" only when it did give it back. A target whose endpoint is already the original is left
// as it is and nothing is logged; one changed by someone else since is left as it is and the log says
// so; neither says "restored".
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { EndpointLease, leaseFile, recoverLeaseOf, type LeaseRecord } from '../../helpers/target/endpoint-lease.js';

const ORIGINAL = 'https://partner.example/webhooks';
const OURS = 'http://127.0.0.1:1/webhooks';
const OTHER = 'https://someone-else.example/hooks';

/** A target's /config alone: its webhookEndpoint, and the PATCHes it was sent. */
let endpoint: string | null = null;
const patches: unknown[] = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'PATCH') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { webhookEndpoint?: string | null };
        patches.push(body);
        endpoint = body.webhookEndpoint ?? null;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ webhookEndpoint: endpoint }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
/** The state folders the cases made, removed at the end. */
const dirs: string[] = [];
const stateDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lease-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** A lease left by a dead run of this host, which had found ORIGINAL and pointed the target at OURS. */
function deadRunLease(stateDir: string, pid: number): string {
  const file = leaseFile(stateDir, baseUrl, 'lease-test');
  const record: LeaseRecord = { version: 1, target: baseUrl, runId: 'dead-run', pid, host: hostname(), startedAt: new Date().toISOString(), original: ORIGINAL, ours: OURS };
  writeFileSync(file, JSON.stringify(record));
  return file;
}

describe('the endpoint a dead run leased', () => {
  const cases: { name: string; current: string | null; restored: boolean; after: string | null; logged: RegExp | undefined }[] = [
    { name: "is given back while it is still the run's own, and the log says restored", current: OURS, restored: true, after: ORIGINAL, logged: /restored the webhookEndpoint left by run dead-run/ },
    { name: 'is left alone when it is already the original, and the log does not say restored', current: ORIGINAL, restored: false, after: ORIGINAL, logged: undefined },
    { name: 'is left alone when someone else changed it, and the log says so, not restored', current: OTHER, restored: false, after: OTHER, logged: /changed during run dead-run .*left as it is/ },
  ];

  for (const c of cases) {
    it(`${c.name} (the entry point's recovery)`, async () => {
      const dir = stateDir();
      const pid = deadPid();
      const file = deadRunLease(dir, pid);
      endpoint = c.current;
      patches.length = 0;
      const lines: string[] = [];
      const api = new ApiClient({ baseUrl, clientId: 'lease-test', clientSecret: 'lease-test-secret' });
      try {
        expect(await recoverLeaseOf(api, { baseUrl, clientId: 'lease-test', pid, stateDir: dir, log: (l) => lines.push(l) })).toBe(true);
      } finally {
        await api.close();
      }
      expect(endpoint).toBe(c.after);
      expect(patches).toEqual(c.restored ? [{ webhookEndpoint: ORIGINAL }] : []);
      expect(lines.some((l) => /restored/.test(l)), `log: ${JSON.stringify(lines)}`).toBe(c.restored);
      if (c.logged) expect(lines.some((l) => c.logged!.test(l)), `log: ${JSON.stringify(lines)}`).toBe(true);
      else expect(lines).toEqual([]);
      expect(existsSync(file), 'the dead run\'s lease is dropped').toBe(false);
    });

    it(`${c.name} (the next run's lease)`, async () => {
      const dir = stateDir();
      deadRunLease(dir, deadPid());
      endpoint = c.current;
      patches.length = 0;
      const lines: string[] = [];
      const api = new ApiClient({ baseUrl, clientId: 'lease-test', clientSecret: 'lease-test-secret' });
      try {
        const lease = await EndpointLease.acquire(api, { baseUrl, clientId: 'lease-test', runId: 'next-run', ours: 'http://127.0.0.1:2/webhooks', stateDir: dir, waitMs: 5_000, log: (l) => lines.push(l) });
        // The next run found what the recovery left, and gives it back at its end.
        expect(lease.original).toBe(c.after);
        await lease.release();
      } finally {
        await api.close();
      }
      expect(endpoint).toBe(c.after);
      expect(lines.some((l) => /restored/.test(l)), `log: ${JSON.stringify(lines)}`).toBe(c.restored);
      if (c.logged) expect(lines.some((l) => c.logged!.test(l)), `log: ${JSON.stringify(lines)}`).toBe(true);
    });
  }
});
