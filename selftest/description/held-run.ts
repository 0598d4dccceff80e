// The sandbox answers as the service's public description describes, and the suite asks as it does:
// one full embedded run held to ../shared/spec/openapi.yaml (SVC_OPENAPI) must be conformant, with
// every response, every webhook notification and every request the sandbox accepted valid under the
// description (the interface's overrides applied), and every request the field rules send to break
// one rule breaking the description only there. A mismatch is listed by operation, status, path
// and kind, as reports/description.md lists it. Its records also check the index of the change
// history's scenarios. The run is the mutation run's baseline, held to the description
// (selftest/mutation/mutation.test.ts): one full run judges both, where two took the machine's time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_DESCRIPTION } from '../../helpers/description/document.js';
import type { DescriptionReport } from '../../helpers/description/tally.js';
import { readChangeIndex } from '../../helpers/coverage/changes.js';
import { runRecords } from '../../helpers/coverage/changes-index.js';
import type { ConformanceRun } from '../run-conformance.js';

/** What a run held to the description adds to its environment (with its reports kept). */
export const HELD_TO_DESCRIPTION = { SVC_OPENAPI: DEFAULT_DESCRIPTION };

/** A whole embedded run, held to the description, judged as the header says. */
export function expectHeldToDescription(run: ConformanceRun): void {
  const report = JSON.parse(readFileSync(join(run.reportsDir!, 'description.json'), 'utf8')) as DescriptionReport;
  const listed = report.groups.map((g) => `${g.count} x ${g.in} ${g.operation} ${g.status ?? ''} ${g.path || '(body)'} ${g.kind}: ${g.example.message} (${g.example.scenario ?? '?'})`).join('\n');
  const t = report.totals;
  // Every area runs: the figures are of a whole run, not of a few scenarios.
  expect(run.verdict?.counts.passed, run.output.slice(-3000)).toBeGreaterThan(600);
  expect(t.responses.total).toBeGreaterThan(5000);
  expect(t.webhooks.total).toBeGreaterThan(1000);
  expect(t.acceptedRequests.total).toBeGreaterThan(4000);
  expect(report.groups, `mismatches with the description:\n${listed}`).toEqual([]);
  expect(t.responses.valid).toBe(t.responses.total);
  expect(t.webhooks.valid).toBe(t.webhooks.total);
  expect(t.acceptedRequests.valid).toBe(t.acceptedRequests.total);
  // The field rules' refusals: each breaks the description at its rule's field and nowhere else.
  expect(t.refusedRequests.total).toBeGreaterThan(1000);
  expect(t.refusedRequests.valid).toBe(t.refusedRequests.total);
  expect(run.code, run.output.slice(-3000)).toBe(0);
  // The index of the change history's scenarios (npm run changes:index), which SVC_CHANGES selects by:
  // every scenario it names is one of this complete run's (a renamed or removed one makes it stale).
  // Which scenarios record a mark varies a little from run to run, so the sets are not held equal.
  const ran = new Set(runRecords(run.reportsDir!).outcomes.map((o) => `${o.file} > ${o.name}`));
  const unknown = Object.values(readChangeIndex()).flat().filter((k) => !ran.has(k));
  expect(unknown, 'helpers/spec/change-scenarios.json names scenarios this run does not have: run npm run conformance, then npm run changes:index').toEqual([]);
}
