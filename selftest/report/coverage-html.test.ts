// What a run's reports show, made from a real run of a few suites: every coverage id a scenario
// recorded is a tag of its Allure test; the Allure tree's first level is the area, then the
// operation, then the scenario; coverage.html is attached to the report and opens in headless
// Chromium (Debian's package), which finds the matrix and takes a screenshot
// (reports/coverage-screenshot.png).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverageRecord } from '../../helpers/coverage/recorder.js';
import { AREAS, COVERAGE_KINDS } from '../../helpers/spec/catalog.js';
import { ROOT, runConformance, type ConformanceRun } from '../run-conformance.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const run = promisify(execFile);

interface AllureResult {
  name: string;
  fullName: string;
  labels: { name: string; value: string }[];
}
interface Tree {
  root: { groups?: string[]; leaves?: string[] };
  groupsById: Record<string, { name: string; groups?: string[]; leaves?: string[] }>;
  leavesById: Record<string, { name: string }>;
}

let conformance: ConformanceRun;
let reports: string;

beforeAll(async () => {
  conformance = await runConformance({ dirs: ['suites/cards/state-matrix.test.ts', 'suites/authentication/', 'suites/webhooks/'], keepReports: true });
  reports = conformance.reportsDir!;
}, 180_000);
afterAll(() => {
  if (reports) rmSync(reports, { recursive: true, force: true });
});

const results = (): AllureResult[] =>
  readdirSync(join(reports, 'allure-results'))
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(reports, 'allure-results', f), 'utf8')) as AllureResult);

describe('the reports of a run', () => {
  it('tags every coverage id a scenario recorded on its Allure test', () => {
    expect(conformance.code, conformance.output.slice(-2000)).toBe(0);
    const raw = join(reports, '.raw');
    const records = readdirSync(raw)
      .filter((f) => f.startsWith('coverage-'))
      .flatMap((f) => readFileSync(join(raw, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as CoverageRecord));
    expect(records.some((r) => r.id === 'event:TEST'), 'the test webhook scenario records event:TEST').toBe(true);
    const all = results();
    const untagged: string[] = [];
    for (const r of records) {
      const file = relative(ROOT, r.file!);
      const test = all.find((t) => t.fullName.includes(`${file}#`) && r.test!.endsWith(t.name));
      expect(test, `an Allure result for ${file} ${r.test}`).toBeDefined();
      if (!test!.labels.some((l) => l.name === 'tag' && l.value === r.id)) untagged.push(`${r.id} on ${r.test}`);
    }
    expect(untagged, 'coverage ids recorded but not tagged').toEqual([]);
    for (const t of all) {
      const tags = t.labels.filter((l) => l.name === 'tag').map((l) => l.value);
      expect(new Set(tags).size, `each tag once on ${t.name}`).toBe(tags.length);
    }
  });

  it('renders the Allure tree by area, then operation, then scenario, with coverage.html attached', () => {
    const render = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'helpers/report/render.ts'], { cwd: ROOT, env: { ...process.env, SVC_REPORTS_DIR: reports }, encoding: 'utf8' });
    expect(render.status, render.stderr).toBe(0);
    const report = join(reports, 'allure-report');
    const tree = JSON.parse(readFileSync(join(report, 'widgets/tree.json'), 'utf8')) as Tree;
    const first = (tree.root.groups ?? []).map((id) => tree.groupsById[id]);
    expect(tree.root.leaves ?? [], 'no scenario outside an area').toEqual([]);
    expect(first.map((g) => g.name).sort()).toEqual(['Agent Operations', 'Cards', 'External Accounts', 'Platform Configuration', 'Webhooks']);
    for (const area of first) {
      expect(AREAS).toContain(area.name);
      expect(area.leaves ?? [], `${area.name}: scenarios sit under an operation`).toEqual([]);
      for (const op of (area.groups ?? []).map((id) => tree.groupsById[id])) {
        const scenarios = (op.leaves ?? []).map((id) => tree.leavesById[id].name);
        expect(scenarios.length, `${area.name} > ${op.name} holds scenarios`).toBeGreaterThan(0);
        for (const name of scenarios) {
          const t = results().find((r) => r.name === name && r.labels.some((l) => l.name === 'feature' && l.value === op.name));
          expect(t?.labels.find((l) => l.name === 'epic')?.value, `${name}`).toBe(area.name);
        }
      }
    }
    const cards = first.find((g) => g.name === 'Cards')!;
    expect((cards.groups ?? []).map((id) => tree.groupsById[id].name)).toContain('PATCH /cards/{cardId}');
    const globals = JSON.parse(readFileSync(join(report, 'widgets/globals.json'), 'utf8')) as { attachments: { name: string; missed: boolean }[] };
    expect(globals.attachments.find((a) => a.name === 'coverage.html')).toMatchObject({ missed: false });
  }, 120_000);

  it('opens coverage.html in headless Chromium: the 23 areas by the four kinds, and a screenshot', async (ctx) => {
    if (!CHROMIUM) {
      process.stdout.write('SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium); coverage.html was not looked at\n');
      ctx.skip('no Chromium installed (apt-get install chromium)');
    }
    const page = `file://${join(reports, 'coverage.html')}`;
    const profile = join(tmpdir(), `svc-chromium-coverage-${process.pid}`);
    try {
      const { stdout } = await run(CHROMIUM!, [...FLAGS, `--user-data-dir=${profile}`, '--dump-dom', page], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
      const rows = [...stdout.matchAll(/<th scope="row" class="area"[^>]*>([^<]+)</g)].map((m) => m[1].replace('&amp;', '&'));
      expect(rows).toEqual([...AREAS]);
      expect(stdout.match(/<td class="cell[^"]*" data-area=/g)).toHaveLength(AREAS.length * COVERAGE_KINDS.length);
      expect(stdout).toMatch(/<li class="covered" data-id="transition:card:ACTIVE-(&gt;|>)FROZEN"/);
      expect(stdout).toMatch(/<li class="covered" data-id="event:TEST"/);
      expect(stdout).toMatch(/<li class="missing" data-id="op:POST \/cards\/\{cardId\}\/reveal"/);

      mkdirSync(join(ROOT, 'reports'), { recursive: true });
      const shot = join(ROOT, 'reports/coverage-screenshot.png');
      rmSync(shot, { force: true });
      await run(CHROMIUM!, [...FLAGS, `--user-data-dir=${profile}`, '--window-size=1280,1400', `--screenshot=${shot}`, page], { timeout: 60_000 });
      expect(readFileSync(shot).subarray(1, 4).toString()).toBe('PNG');
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }, 120_000);
});
