// A full run against a remote target in `npm run bench -- --only remote`: a standalone sandbox
// (`npm run sandbox`, its printed profile) behind a proxy that adds 0, 50 and 150 ms to every answer
// (latency-proxy.ts), one `npm run conformance` each, external mode, as a partner runs it. Each
// reports its wall time, its verdict line, its request figures and its coverage line; the runs'
// verdicts and coverage are compared with the one without latency. Reported, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { EMBEDDED_TIMINGS } from '../../sandbox/profile.js';
import { startLatencyProxy } from './latency-proxy.js';

/** A run against a target 150 ms away is to take no longer than this on two cores. */
export const REMOTE_BUDGET_S = 180;

/** The standalone sandbox with the embedded run's timings, its profile printed to `profileFile`. */
async function standaloneSandbox(profileFile: string) {
  const child = spawn(process.execPath, [
    'node_modules/tsx/dist/cli.mjs', 'sandbox/cli.ts', '--port', '0', '--allow-insecure-loopback-webhooks', '--print-profile', profileFile,
    '--challenge-ttl-ms', String(EMBEDDED_TIMINGS.challengeTtlMs), '--wallet-session-ttl-ms', String(EMBEDDED_TIMINGS.walletSessionTtlMs),
    '--device-code-ttl-ms', String(EMBEDDED_TIMINGS.deviceCodeTtlMs), '--provisioning-delay-ms', '400', '--webhook-retry-base-ms', '500',
    '--realtime-quote-ttl-ms', '3000', '--card-activation-delay-ms', '1000', '--incoming-approval-window-ms', '2000', '--uma-lookup-ttl-ms', '3000',
  ], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
  });
  return { child, baseUrl: (JSON.parse(line) as { baseUrl: string }).baseUrl };
}

/** The five files that took longest, from vitest's JSON results. */
function slowestFiles(results: string): string {
  try {
    const r = JSON.parse(readFileSync(results, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
    return r.testResults
      .map((t) => ({ name: t.name.replace(/.*\/suites\//, ''), s: (t.endTime - t.startTime) / 1000 }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 5)
      .map((t) => `${t.name} ${t.s.toFixed(0)} s`)
      .join(', ');
  } catch {
    return '(no results.json)';
  }
}

const lineOf = (out: string, prefix: string) => out.split('\n').filter((l) => l.startsWith(prefix)).pop() ?? `(no ${prefix.trim()} line)`;

export async function remoteRuns(delays: readonly number[] = [0, 50, 150]): Promise<void> {
  process.stdout.write(`\nremote target: a standalone sandbox behind a proxy adding latency to every answer; npm run conformance in external mode\n`);
  const seen: { delay: number; verdict: string; coverage: string }[] = [];
  for (const delay of delays) {
    const dir = mkdtempSync(join(tmpdir(), 'svc-bench-remote-'));
    const printed = join(dir, 'printed.json');
    const sandbox = await standaloneSandbox(printed);
    const proxy = await startLatencyProxy(sandbox.baseUrl, delay);
    const profile = JSON.parse(readFileSync(printed, 'utf8')) as Record<string, unknown>;
    const profileFile = join(dir, 'profile.json');
    writeFileSync(profileFile, JSON.stringify({ ...profile, baseUrl: proxy.baseUrl }));
    const before = loadavg()[0].toFixed(1);
    const started = performance.now();
    const run = await new Promise<{ status: number | null; out: string }>((resolve) => {
      const child = spawn('npm', ['run', '-s', 'conformance'], { env: { ...process.env, SVC_TARGET_PROFILE: profileFile, SVC_REPORTS_DIR: join(dir, 'reports'), SVC_BASE_URL: '' } });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.on('close', (status) => resolve({ status, out }));
    });
    const wall = (performance.now() - started) / 1000;
    const verdict = lineOf(run.out, 'verdict:');
    const coverage = lineOf(run.out, 'Interface coverage:');
    // What a target's timing may change without a rule at stake is left out: how many scenarios judged
    // partly (a stablecoin operation already past CREATED when its answer arrives, say).
    seen.push({ delay, verdict: verdict.replace(/; judged partly.*$|\(reports.*$/, ''), coverage });
    process.stdout.write(
      `  +${delay} ms: ${wall.toFixed(0)} s wall (load average ${before} before, ${loadavg()[0].toFixed(1)} after); ${proxy.requests()} requests through the proxy\n` +
        `    ${verdict}\n    ${lineOf(run.out, 'Requests:')}\n    ${coverage}\n` +
        (delay === 150 ? `    ${wall <= REMOTE_BUDGET_S ? 'meets' : 'does not meet'}: a run against a target 150 ms away within ${REMOTE_BUDGET_S} s\n` : ''),
    );
    for (const failed of run.out.split('\n').filter((l) => l.trimStart().startsWith('failed:')).slice(0, 5)) process.stdout.write(`    ${failed.trim().slice(0, 300)}\n`);
    process.stdout.write(`    slowest files: ${slowestFiles(join(dir, 'reports', 'results.json'))}\n`);
    await proxy.close();
    sandbox.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  const [first, ...rest] = seen;
  for (const r of rest) {
    const same = r.verdict === first.verdict && r.coverage === first.coverage;
    process.stdout.write(`  +${r.delay} ms against +${first.delay} ms: ${same ? 'the same verdict and coverage' : 'a different verdict or coverage (above)'}\n`);
  }
}
