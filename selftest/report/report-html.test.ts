// `npm run report` renders HTML that a person can read: headless Chromium (Debian's package) opens
// the report, finds the coverage figures and a test with its coverage tags, and takes a screenshot.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runConformance } from '../run-conformance.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const run = promisify(execFile);
let server: http.Server | undefined;
let reportsDir: string | undefined;

afterAll(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  if (reportsDir) rmSync(reportsDir, { recursive: true, force: true });
});

function serve(dir: string): Promise<string> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml' };
  server = http.createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`)));
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--virtual-time-budget=10000'];

async function pageText(url: string): Promise<string> {
  const profile = join(tmpdir(), `svc-chromium-${process.pid}-${Date.now()}`);
  const { stdout } = await run(CHROMIUM!, [...FLAGS, `--user-data-dir=${profile}`, '--dump-dom', url], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  rmSync(profile, { recursive: true, force: true });
  const text = stdout.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<script[^>]*>[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
  return text.replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

describe('the HTML report', () => {
  it('shows the coverage figures and a test with its coverage tags in headless Chromium', async (ctx) => {
    if (!CHROMIUM) {
      process.stdout.write('SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium); the HTML report was not looked at\n');
      ctx.skip('no Chromium installed (apt-get install chromium)');
    }
    const conformance = await runConformance({ dirs: ['suites/cards/state-matrix.test.ts', 'suites/authentication/'], keepReports: true });
    reportsDir = conformance.reportsDir!;
    expect(conformance.code, conformance.output.slice(-2000)).toBe(0);
    const render = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'helpers/report/render.ts'], { cwd: ROOT, env: { ...process.env, SVC_REPORTS_DIR: reportsDir }, encoding: 'utf8' });
    expect(render.status, render.stderr).toBe(0);
    const report = join(reportsDir, 'allure-report');
    const base = await serve(report);

    const summary = await pageText(`${base}/index.html`);
    expect(summary).toMatch(/Interface errors covered \d+\/\d+/);
    expect(summary).toMatch(/Interface transitions covered \d+\/\d+/);

    const withTransition = readdirSync(join(report, 'data/test-results'))
      .map((f) => JSON.parse(readFileSync(join(report, 'data/test-results', f), 'utf8')) as { id: string; name: string; labels: { name: string; value: string }[] })
      .find((t) => t.labels.some((l) => l.name === 'tag' && l.value.startsWith('transition:card:')));
    expect(withTransition, 'a test tagged with a card transition').toBeDefined();
    const page = await pageText(`${base}/index.html#/${withTransition!.id}`);
    expect(page).toContain(withTransition!.name);
    const tag = withTransition!.labels.find((l) => l.name === 'tag' && l.value.startsWith('transition:'))!.value;
    expect(page).toContain(tag);

    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    const shot = join(ROOT, 'reports/report-screenshot.png');
    const profile = join(tmpdir(), `svc-chromium-shot-${process.pid}`);
    await run(CHROMIUM!, [...FLAGS, `--user-data-dir=${profile}`, '--window-size=1280,900', `--screenshot=${shot}`, `${base}/index.html#/${withTransition!.id}`], { timeout: 60_000 });
    rmSync(profile, { recursive: true, force: true });
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe('PNG');
  }, 180_000);
});
