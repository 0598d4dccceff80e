// The worker side of coverage (helpers/coverage/recorder.ts): a record per scenario and id, however
// often the scenario asserts it; each scenario's own record, so the report knows who exercised what.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'svc-recorder-'));
vi.stubEnv('SVC_REPORTS_DIR', dir);
const { recordCovered } = await import('../../helpers/coverage/recorder.js');
const records = () =>
  readdirSync(join(dir, '.raw'))
    .filter((f) => f.startsWith('coverage-'))
    .flatMap((f) => readFileSync(join(dir, '.raw', f), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { kind: string; id: string; test?: string });

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('recordCovered', () => {
  it('writes one record per scenario and id, however often it is asserted', () => {
    for (let i = 0; i < 3; i++) recordCovered('operations', 'op:GET /customers');
    recordCovered('errors', 'error:400:INVALID_INPUT');
    const mine = records().filter((r) => r.test === expect.getState().currentTestName);
    expect(mine.map((r) => `${r.kind} ${r.id}`)).toEqual(['operations op:GET /customers', 'errors error:400:INVALID_INPUT']);
  });

  it('writes the same id again for another scenario', () => {
    recordCovered('operations', 'op:GET /customers');
    const byTest = records().filter((r) => r.id === 'op:GET /customers').map((r) => r.test);
    expect(byTest).toEqual(['recordCovered > writes one record per scenario and id, however often it is asserted', 'recordCovered > writes the same id again for another scenario']);
  });
});
