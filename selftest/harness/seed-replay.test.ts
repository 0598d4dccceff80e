// A run with a fixed seed reproduces the same request bodies: two runs of the customer scenarios
// with SVC_SEED set send the same POST /customers bodies, test by test (read from each test's Allure
// attachment of its exchanges). The same results show the scenarios' steps are their exchanges,
// not every expect() call (helpers/report/allure-steps.ts).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../run-conformance.js';

interface Node {
  name?: string;
  attachments?: { source: string; name: string }[];
  steps?: Node[];
}
const stepNames = (n: Node): string[] => (n.steps ?? []).flatMap((s) => [s.name ?? '', ...stepNames(s)]);
/** Attachments of a result and of its steps (allure-vitest wraps each runtime attachment in a step), in order. */
const attachmentsOf = (n: Node): { source: string; name: string }[] => [...(n.attachments ?? []), ...(n.steps ?? []).flatMap(attachmentsOf)];

function customerBodies(reportsDir: string): Record<string, unknown[]> {
  const dir = join(reportsDir, 'allure-results');
  const out: Record<string, unknown[]> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('-result.json'))) {
    const result = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Node & { fullName: string };
    expect(stepNames(result).filter((name) => name.startsWith('expect(')), `${result.fullName}: matcher steps`).toEqual([]);
    // One attachment per test lists its exchanges in order (helpers/harness.ts).
    const bodies = attachmentsOf(result)
      .filter((a) => a.name.startsWith('exchanges: '))
      .flatMap((a) => JSON.parse(readFileSync(join(dir, a.source), 'utf8')) as { exchange?: string; request?: { body: unknown } }[])
      .filter((e) => e.exchange?.startsWith('POST /customers →'))
      .map((e) => e.request!.body);
    if (bodies.length) out[result.fullName] = bodies;
  }
  return out;
}

describe('seeded data', () => {
  it('sends the same request bodies in two runs with the same SVC_SEED', async () => {
    const runs = await Promise.all([1, 2].map(() => runConformance({ dirs: ['suites/customers/'], env: { SVC_SEED: '424242' }, keepReports: true })));
    try {
      for (const run of runs) expect(run.code, run.output.slice(-2000)).toBe(0);
      const [a, b] = runs.map((r) => customerBodies(r.reportsDir!));
      expect(Object.keys(a).length).toBeGreaterThan(5);
      expect(a).toEqual(b);
      const other = await runConformance({ dirs: ['suites/customers/'], env: { SVC_SEED: '424243' }, keepReports: true });
      expect(customerBodies(other.reportsDir!)).not.toEqual(a);
      rmSync(other.reportsDir!, { recursive: true, force: true });
    } finally {
      for (const run of runs) rmSync(run.reportsDir!, { recursive: true, force: true });
    }
  }, 120_000);
});
