// The worker side of coverage (helpers/coverage/recorder.ts): a record per scenario and id, however
// often the scenario asserts it, each tagged once on the scenario's Allure test; each scenario's own
// record, so the report knows who exercised what.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const tags = vi.hoisted(() => [] as string[]);
vi.mock('../../helpers/allure.js', () => ({ allureTag: (id: string) => tags.push(id) }));
const dir = mkdtempSync(join(tmpdir(), 'svc-recorder-'));
vi.stubEnv('SVC_REPORTS_DIR', dir);
const { recordCovered } = await import('../../helpers/coverage/recorder.js');

/** The records this test wrote. */
const mine = () =>
  readdirSync(join(dir, '.raw'))
    .filter((f) => f.startsWith('coverage-'))
    .flatMap((f) => readFileSync(join(dir, '.raw', f), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { kind: string; id: string; test?: string; file?: string })
    .filter((r) => r.test === expect.getState().currentTestName && r.file === expect.getState().testPath)
    .map((r) => `${r.kind} ${r.id}`);

beforeEach(() => {
  tags.length = 0;
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('recordCovered', () => {
  it('writes one record per scenario and id, however often it is asserted, and tags it once', () => {
    for (let i = 0; i < 3; i++) recordCovered('operations', 'op:GET /customers');
    recordCovered('errors', 'error:400:INVALID_INPUT');
    expect(mine()).toEqual(['operations op:GET /customers', 'errors error:400:INVALID_INPUT']);
    expect(tags).toEqual(['op:GET /customers', 'error:400:INVALID_INPUT']);
  });

  it('writes an id for each scenario that asserts it', () => {
    recordCovered('operations', 'op:GET /customers');
    recordCovered('operations', 'op:GET /customers');
    expect(mine()).toEqual(['operations op:GET /customers']);
    expect(tags).toEqual(['op:GET /customers']);
  });
});
