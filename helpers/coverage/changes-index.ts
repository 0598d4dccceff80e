// `npm run changes:index [-- <reports folder>]`: writes helpers/spec/change-scenarios.json, the
// scenarios that judge each entry of the interface's change history, from a complete conformant
// run's records (its reports folder; default the run's own). SVC_CHANGES selects by it, and the
// coverage of the change history holds an indexed scenario that failed before it recorded its mark
// against its entry. Run it after a change to the scenarios or to helpers/spec/change-history.ts;
// selftest/report/changes.test.ts checks it against a full run.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPORTS_DIR } from '../paths.js';
import { readVerdict } from '../verdict/verdict.js';
import { CHANGE_INDEX_FILE, scenariosByEntry, type RunRecords } from './changes.js';
import { readNdjson } from './report.js';

/** A run's records, from its reports folder. */
export function runRecords(reportsDir: string): RunRecords {
  const raw = join(reportsDir, '.raw');
  return { coverage: readNdjson(raw, 'coverage'), rules: readNdjson(raw, 'rules'), skips: readNdjson(raw, 'skips'), outcomes: readNdjson(raw, 'outcomes') };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dir = resolve(process.argv[2] ?? REPORTS_DIR);
  const verdict = readVerdict(dir);
  const records = runRecords(dir);
  if (!verdict?.conformant || verdict.counts.skipped || !records.outcomes.length) {
    process.stderr.write(`${dir} holds no complete conformant run with nothing skipped: run \`npm run conformance\` (all suites) first\n`);
    process.exit(1);
  }
  const index = scenariosByEntry(records);
  writeFileSync(CHANGE_INDEX_FILE, `${JSON.stringify(index, null, 2)}\n`);
  process.stdout.write(`${CHANGE_INDEX_FILE}: ${Object.entries(index).map(([id, s]) => `${id} ${s.length}`).join(', ')}\n`);
}
