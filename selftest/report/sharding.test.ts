// Sharded runs merge to the coverage of an unsharded run: two shards (`--shard=i/2`, each with its
// own reports directory) and `npm run merge` report the same covered ids, overall and per area, and
// the same coverage.html, as one run of everything, and one verdict with the shards' generated data.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVerdict } from '../../helpers/verdict/verdict.js';
import { ROOT, runConformance } from '../run-conformance.js';

const KINDS = ['operations', 'responses', 'errors', 'events', 'transitions'];
type Cell = { covered: number; total: number; coveredIds: string[] };
const covered = (dir: string) => {
  const c = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8')) as Record<string, Cell> & { areas: Record<string, Record<string, Cell>> };
  return {
    ...Object.fromEntries(KINDS.map((k) => [k, { covered: c[k].covered, total: c[k].total, ids: c[k].coveredIds }])),
    areas: Object.fromEntries(Object.entries(c.areas).map(([area, kinds]) => [area, Object.fromEntries(KINDS.map((k) => [k, kinds[k].coveredIds]))])),
  };
};

describe('sharding', () => {
  it('merges two shards into the same coverage, results and listener record as an unsharded run', async () => {
    // Provisioning slow enough that PENDING is observable on a loaded machine in every run.
    const env = { SVC_SEED: '777', SANDBOX_PROVISIONING_DELAY_MS: '600' };
    // Several areas, a dozen files and a platform-wide one split between the shards: the merge does
    // not depend on which scenarios run, and every area would add run time and nothing to the claim.
    const dirs = ['suites/customers/', 'suites/internal-accounts/', 'suites/kyc-verifications/', 'suites/webhooks/'];
    const [whole, one, two] = await Promise.all([
      runConformance({ keepReports: true, env, dirs }),
      runConformance({ keepReports: true, env, dirs, args: ['--shard=1/2'] }),
      runConformance({ keepReports: true, env, dirs, args: ['--shard=2/2'] }),
    ]);
    const merged = mkdtempSync(join(tmpdir(), 'svc-merged-'));
    try {
      for (const run of [whole, one, two]) expect(run.code, run.output.slice(-2000)).toBe(0);
      const merge = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'helpers/report/merge.ts', one.reportsDir!, two.reportsDir!], {
        cwd: ROOT,
        env: { ...process.env, SVC_REPORTS_DIR: merged },
        encoding: 'utf8',
      });
      expect(merge.status, merge.stdout + merge.stderr).toBe(0);
      expect(covered(merged)).toEqual(covered(whole.reportsDir!));
      const html = (dir: string) => readFileSync(join(dir, 'coverage.html'), 'utf8').replace(/Generated \S+Z\./, '');
      expect(html(merged)).toBe(html(whole.reportsDir!));
      const results = (dir: string) => (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { numTotalTests: number; numPassedTests: number });
      expect(results(merged).numTotalTests).toBe(results(whole.reportsDir!).numTotalTests);
      expect(results(merged).numPassedTests).toBe(results(whole.reportsDir!).numPassedTests);
      // One verdict for the merged run, ending the output: the shards' tally, and the seed they shared.
      const verdict = readVerdict(merged)!;
      expect(verdict.conformant).toBe(true);
      expect(verdict.counts).toEqual(readVerdict(whole.reportsDir!)!.counts);
      expect(verdict.generation).toEqual({ seed: 777, ruleRuns: 1 });
      expect(merge.stdout.trimEnd().split('\n').at(-1)).toBe(`verdict: conformant: ${verdict.counts.passed} passed, 0 failed, 0 skipped`);
      // A shard that left nothing (its job failed before the run) fails the merged run, named.
      const lost = join(merged, 'shard-2-lost');
      const partial = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'helpers/report/merge.ts', one.reportsDir!, lost], {
        cwd: ROOT,
        env: { ...process.env, SVC_REPORTS_DIR: join(merged, 'partial') },
        encoding: 'utf8',
      });
      expect(partial.status, partial.stdout + partial.stderr).toBe(1);
      expect(partial.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^verdict: NOT CONFORMANT: 1 shard wrote no verdict \\(it did not finish\\): \\S*shard-2-lost; \\d+ passed, 0 failed, 0 skipped$`));
      expect(readVerdict(join(merged, 'partial'))!.conformant).toBe(false);
    } finally {
      for (const dir of [merged, whole.reportsDir!, one.reportsDir!, two.reportsDir!]) rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
