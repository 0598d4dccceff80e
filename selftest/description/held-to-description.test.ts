// A run held to a description (SVC_OPENAPI, profile `openapi`): the target's responses and webhook
// notifications that break it are findings that fail the verdict, named per operation, status, path
// and kind, in the console and in reports/description.md; the suite's own requests that break it are
// reported apart and do not fail the target. The rules of the verdict first, then one short embedded
// run against a copy of the description made stricter than the sandbox answers (a member of the
// VASP list required that no target sends), which must fail naming it, and the same run against the
// description itself, which must not.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEFAULT_DESCRIPTION } from '../../helpers/description/document.js';
import { profileValue } from '../../helpers/target/profile.js';
import { judgeRun, verdictLines, type DescriptionVerdict, type ScenarioOutcome } from '../../helpers/verdict/verdict.js';
import { runConformance } from '../run-conformance.js';

const passed: ScenarioOutcome = { file: 'suites/a/a.test.ts', name: 'x', state: 'passed' };
const described = (over: Partial<DescriptionVerdict>): DescriptionVerdict => ({ file: 'openapi.yaml', summary: 'responses valid 9/10', findings: 0, requests: 0, groups: [], groupsLeftOut: 0, ...over });
const group = { in: 'response', operation: 'GET /vasps', status: 200, path: '/data/*/code', kind: 'missing-required', count: 3, message: 'required property code is missing' };

describe('the verdict of a run held to a description', () => {
  it('fails on a mismatch of a response or notification, naming its operation, status, path and kind', () => {
    const v = judgeRun({ mode: 'embedded', runId: 'r', scenarios: [passed], findings: [], description: described({ findings: 3, groups: [group] }) });
    expect(v.conformant).toBe(false);
    const lines = verdictLines(v);
    expect(lines.at(-1)).toMatch(/^verdict: NOT CONFORMANT: 3 description findings against openapi\.yaml: GET \/vasps 200 \/data\/\*\/code missing-required; 1 passed/);
    expect(lines).toContain('  description: GET /vasps 200 response /data/*/code missing-required x3: required property code is missing');
  });

  it("does not fail the target on the suite's own requests, and says how many there were", () => {
    const v = judgeRun({ mode: 'embedded', runId: 'r', scenarios: [passed], findings: [], description: described({ requests: 2 }) });
    expect(v.conformant).toBe(true);
    expect(verdictLines(v)).toEqual([
      "description (openapi.yaml): responses valid 9/10; the suite's own requests that break it: 2 (reports/description.md)",
      'verdict: conformant: 1 passed, 0 failed, 0 skipped',
    ]);
  });

  it('reads a profile\'s openapi relative to the profile', () => {
    expect(profileValue('openapi', { openapi: 'spec/openapi.yaml' } as never, {}, '/etc/targets')).toBe('/etc/targets/spec/openapi.yaml');
  });
});

describe('an embedded run held to a description', () => {
  const dirs = ['suites/vasps/'];

  it('fails, naming the operation, status, path and kind, where the description asks what the target does not send', async () => {
    const doc = parse(readFileSync(DEFAULT_DESCRIPTION, 'utf8'), { maxAliasCount: -1 });
    const list = doc.components.schemas.VaspListResponse;
    expect(list, 'the description has the VASP list').toBeDefined();
    list.required = [...(list.required ?? []), 'retentionPolicy'];
    list.properties = { ...list.properties, retentionPolicy: { type: 'string' } };
    const file = join(mkdtempSync(join(tmpdir(), 'svc-openapi-')), 'stricter.yaml');
    writeFileSync(file, stringify(doc, { aliasDuplicateObjects: false }));

    const run = await runConformance({ dirs, env: { SVC_OPENAPI: file }, keepReports: true });
    expect(run.verdict?.counts.failed, run.output.slice(-3000)).toBe(0);
    expect(run.code).not.toBe(0);
    expect(run.verdict?.description?.groups).toContainEqual(expect.objectContaining({ operation: 'GET /vasps', status: 200, path: '/retentionPolicy', kind: 'missing-required' }));
    expect(run.output).toMatch(/\n {2}description: GET \/vasps 200 response \/retentionPolicy missing-required x\d+: required property retentionPolicy is missing\n/);
    expect(run.output.trimEnd().split('\n').at(-1)).toMatch(/^verdict: NOT CONFORMANT: \d+ description findings against .*stricter\.yaml: GET \/vasps 200 \/retentionPolicy missing-required/);
    expect(readFileSync(join(run.reportsDir!, 'description.md'), 'utf8')).toContain('| GET /vasps | 200 | /retentionPolicy | missing-required |');
  }, 180_000);

  it('is conformant against the description itself, and prints its figures', async () => {
    const run = await runConformance({ dirs, env: { SVC_OPENAPI: DEFAULT_DESCRIPTION } });
    expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(run.verdict?.description?.findings).toBe(0);
    expect(run.output).toMatch(/\ndescription \(.*openapi\.yaml\): responses valid (\d+)\/\1 \(100\.0 %\)/);
  }, 180_000);
});
