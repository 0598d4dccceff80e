// The certification says "not certifiable", and why, for a failure, a listener finding or a skipped
// scenario of a required area; it hashes the results so that a copy can be checked.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCertification, certificationMarkdown, REQUIRED_AREAS } from '../../helpers/report/certify.js';

const file = (area: string, statuses: string[]) => ({
  name: resolve('suites', area, 'x.test.ts'),
  assertionResults: statuses.map((status, i) => ({ fullName: `${area} scenario ${i}`, status, failureMessages: status === 'failed' ? ['AssertionError: expected 409'] : [] })),
});

function certify(files: ReturnType<typeof file>[], extra: Partial<{ findings: number; exitCode: number; generation: { seed: number; ruleRuns: number } }> = {}) {
  const results = { success: true, numTotalTests: 0, testResults: files };
  const resultsText = JSON.stringify(results);
  return buildCertification({
    results, resultsText, coverage: { errors: { covered: 1, total: 2 } }, skips: [{ test: 'scenario 1', reason: 'no sandbox triggers', ids: [] }],
    findings: extra.findings ?? 0, exitCode: extra.exitCode ?? 0, startedAt: 't0', finishedAt: 't1', baseUrl: 'https://x.example/2025-10-13', mode: 'external', generation: extra.generation, commit: 'abc', version: '0.1.0',
  });
}

describe('certification', () => {
  const allPassing = REQUIRED_AREAS.map((a) => file(a, ['passed', 'passed']));

  it('is certifiable when every required area passed, and hashes the results', () => {
    const c = certify(allPassing);
    expect(c.certifiable).toBe(true);
    expect(c.resultsSha256).toBe(createHash('sha256').update(JSON.stringify({ success: true, numTotalTests: 0, testResults: allPassing })).digest('hex'));
    expect(JSON.stringify(c)).not.toMatch(/secret/i);
    expect(certificationMarkdown(c)).toContain('CERTIFIABLE');
  });

  it('names the generated data of its run, so that its requests can be replayed', () => {
    const c = certify(allPassing, { generation: { seed: 1234, ruleRuns: 3 } });
    expect(c.generation).toEqual({ seed: 1234, ruleRuns: 3 });
    expect(certificationMarkdown(c)).toContain('- Generated data: seed 1234, 3 request(s) per field rule (replay with `SVC_SEED=1234 SVC_RULE_RUNS=3`)');
    const unknown = certify(allPassing);
    expect(unknown.generation).toBeNull();
    expect(certificationMarkdown(unknown)).toContain('- Generated data: unknown (the run wrote no verdict)');
  });

  it('is not certifiable with a failed scenario, naming the area', () => {
    const c = certify([...allPassing.slice(1), file(REQUIRED_AREAS[0], ['passed', 'failed'])], { exitCode: 1 });
    expect(c.certifiable).toBe(false);
    expect(c.reasons.join('\n')).toContain(`${REQUIRED_AREAS[0]}: 1 scenario(s) failed`);
  });

  it('is not certifiable with a skipped scenario in a required area, giving the skip reason', () => {
    const c = certify([...allPassing.slice(1), file(REQUIRED_AREAS[0], ['passed', 'skipped'])]);
    expect(c.certifiable).toBe(false);
    expect(c.reasons.join('\n')).toContain('no sandbox triggers');
  });

  it('is not certifiable with a listener finding or an area that ran nothing', () => {
    expect(certify(allPassing, { findings: 2 }).reasons.join('\n')).toContain('2 finding(s)');
    expect(certify(allPassing.slice(1)).reasons.join('\n')).toContain(`${REQUIRED_AREAS[0]}: no scenario ran`);
  });
});
