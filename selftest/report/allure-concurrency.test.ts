// The conformance runs' Allure runner (helpers/report/allure-runner.ts) keeps each concurrent test's
// steps on that test's result, and puts no test under the async context once the concurrent tests
// have ended (on Node 20 the context slows every promise of its worker). The fixture run's own
// assertions check the context; this test checks the results it wrote.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../run-conformance.js';
import { VITEST } from '../../helpers/verdict/cli.js';

interface Step {
  name: string;
  steps?: Step[];
}
const names = (s: { steps?: Step[] }): string[] => (s.steps ?? []).flatMap((c) => [c.name, ...names(c)]);

function runFixture(resultsDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--config', 'selftest/report/allure-concurrency/vitest.config.ts'], {
      cwd: ROOT,
      env: { ...process.env, SVC_FIXTURE_RESULTS: resultsDir, CI: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('Allure results of concurrent tests', () => {
  it('holds each test\'s steps on its own result, and leaves no test under the async context after the concurrent ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-allure-concurrency-'));
    try {
      const run = await runFixture(dir);
      expect(run.code, run.output.slice(-3000)).toBe(0);
      const results = readdirSync(dir)
        .filter((f) => f.endsWith('-result.json'))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { name: string; status: string; steps?: Step[] });
      const byName = new Map(results.map((r) => [r.name, r]));
      // A test skipped outright may have a result or not (allure-vitest's choice); it holds no step.
      const ran = ['alpha', 'beta', 'delta', 'epsilon', 'eta', 'first', 'gamma', 'last', 'middle', 'zeta'];
      expect([...byName.keys()].filter((n) => n !== 'skipped outright').sort()).toEqual([...ran, 'skipped inside'].sort());
      for (const name of ran) {
        const result = byName.get(name)!;
        expect(result.status, name).toBe('passed');
        expect(names(result), `${name}: its own steps, and only those`).toEqual([0, 1, 2, 3].map((i) => `${name} ${i}`));
      }
      expect(names(byName.get('skipped inside')!)).toEqual(['skipped inside 0']);
      expect(names(byName.get('skipped outright') ?? {})).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
