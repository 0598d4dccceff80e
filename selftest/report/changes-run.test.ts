// `SVC_CHANGES=<entry>` through `npm run conformance`'s entry point runs exactly the scenarios that
// judge the entry (helpers/spec/change-scenarios.json), nothing skipped, and the run's coverage of
// the change history reports the entry judged by them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChangeIndex, type ChangeCoverage } from '../../helpers/coverage/changes.js';
import { CHANGE_HISTORY } from '../../helpers/spec/change-history.js';
import { readVerdict } from '../../helpers/verdict/verdict.js';
import { runEntryPoint } from '../run-conformance.js';

const conformance = (env: Record<string, string>) => runEntryPoint(['--reporter=dot'], env);

describe('SVC_CHANGES', () => {
  it('runs only the scenarios that judge the named entry, and reports the entry judged by them', async () => {
    const index = readChangeIndex();
    // The fully judgeable entry with the fewest scenarios, to keep the run short.
    const [entry] = CHANGE_HISTORY.filter((e) => e.items.every((i) => i.marks.length) && index[e.id]?.length).sort((a, b) => index[a.id].length - index[b.id].length);
    expect(entry, 'an entry of the change history whose every item has marks').toBeDefined();

    const run = await conformance({ SVC_CHANGES: entry.id });

    expect(run.code, run.output.slice(-3000)).toBe(0);
    const verdict = readVerdict(run.reports)!;
    expect(verdict.counts).toEqual({ passed: index[entry.id].length, failed: 0, skipped: 0, pending: 0 });
    const coverage = JSON.parse(readFileSync(join(run.reports, 'coverage.json'), 'utf8')) as { changes: ChangeCoverage };
    const judged = coverage.changes.entries.find((e) => e.id === entry.id)!;
    expect(judged, JSON.stringify(judged.items)).toMatchObject({ status: 'judged', result: 'passed' });
    expect(judged.scenarios.map((s) => s.scenario)).toEqual(index[entry.id]);
    expect(judged.scenarios.every((s) => s.state === 'passed')).toBe(true);
  }, 180_000);

  it('refuses an entry the change history does not hold, naming the ones it does', async () => {
    const run = await conformance({ SVC_CHANGES: 'no-such-entry' });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`verdict: NOT CONFORMANT: the run did not start: SVC_CHANGES names no entry of the change history: no-such-entry (the entries: ${CHANGE_HISTORY.map((e) => e.id).join(', ')})`);
  }, 60_000);
});
