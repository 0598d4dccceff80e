// `npm run merge -- <shard reports dir> ...`: merges sharded runs (each run with its own
// SVC_REPORTS_DIR and `--shard=i/n`) into SVC_REPORTS_DIR (default reports/): vitest's blob
// reports (JUnit and JSON results), Allure results, the listener's findings and the coverage,
// which is computed from every shard's raw records exactly as an unsharded run computes it, and the
// shards' verdicts into one (helpers/verdict/verdict.ts mergeVerdicts), whose lines end the output
// and which decides the exit status with the merge of the results. The merged run's scenarios, its
// diff against SVC_BASELINE and its line of SVC_HISTORY are written as one run writes them.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { writeCoverageReports } from '../coverage/report.js';
import { REPORTS_DIR } from '../paths.js';
import { lockReportsFolder } from './folder-lock.js';
import { mergeVerdicts, readVerdict, VERDICT_FILE, verdictLines } from '../verdict/verdict.js';
import { recordRun } from '../verdict/run-record.js';
import { readSnapshot, SCENARIOS_FILE, type ScenarioLine } from './diff.js';
import { environmentWithProfile } from '../target/profile.js';
import { readSetting, SETTINGS } from '../target/registry.js';

const ROOT = resolve(import.meta.dirname, '../..');
const shards = process.argv.slice(2).map((d) => resolve(d));
if (!shards.length) {
  process.stderr.write('usage: npm run merge -- <shard reports dir> [<shard reports dir> ...] (every shard of the run: one that left no folder is a shard that wrote no verdict)\n');
  process.exit(2);
}
for (const d of shards.filter((d) => !existsSync(d))) process.stderr.write(`${d} does not exist: its shard left nothing, and the merged run is not conformant\n`);
// No run writes the folder the shards merge into meanwhile (./folder-lock.ts); mkdir included.
try {
  lockReportsFolder(REPORTS_DIR);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}

const copyAll = (from: string, to: string) => {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const f of readdirSync(from)) copyFileSync(join(from, f), join(to, f));
};

const allure = join(REPORTS_DIR, 'allure-results');
rmSync(allure, { recursive: true, force: true });
const blobs = join(REPORTS_DIR, 'blobs');
rmSync(blobs, { recursive: true, force: true });
mkdirSync(blobs, { recursive: true });
const findings: unknown[] = [];
let deliveries = 0;
shards.forEach((dir, i) => {
  copyAll(join(dir, 'allure-results'), allure);
  if (existsSync(join(dir, 'blob.json'))) copyFileSync(join(dir, 'blob.json'), join(blobs, `blob-${i + 1}.json`));
  const listener = join(dir, 'listener.json');
  if (existsSync(listener)) {
    const l = JSON.parse(readFileSync(listener, 'utf8')) as { deliveries: number; findings: unknown[] };
    deliveries += l.deliveries;
    findings.push(...l.findings);
  }
});
writeFileSync(join(REPORTS_DIR, 'listener.json'), `${JSON.stringify({ deliveries, findings }, null, 2)}\n`);
const coverage = writeCoverageReports({ print: true, rawDirs: shards.map((d) => join(d, '.raw')) });

let resultsExit = 0;
if (readdirSync(blobs).length) {
  const merged = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), '--merge-reports', blobs, '--reporter=default', '--reporter=junit', `--outputFile.junit=${join(REPORTS_DIR, 'junit.xml')}`, '--reporter=json', `--outputFile.json=${join(REPORTS_DIR, 'results.json')}`],
    { cwd: ROOT, stdio: 'inherit' },
  );
  resultsExit = merged.status ?? 1;
}
if (findings.length) process.stderr.write(`The webhook listeners recorded ${findings.length} finding(s) across the shards\n`);
const verdicts = shards.map((dir) => ({ name: relative(process.cwd(), dir) || dir, verdict: readVerdict(dir) }));
let verdict = mergeVerdicts(verdicts);
// What the shards' verdicts do not account for fails the run too, as concludeRun has it for one run: vitest's
// merge of the results failing on its own (an error outside the scenarios), a finding only the listener files hold.
// Failed scenarios the verdicts accept (known failures, failures the baseline had too) make the merge exit 1 by themselves.
const accepted = (verdict.known?.length ?? 0) + (verdict.stillFailing?.length ?? 0);
const resultsExplained = resultsExit === 1 && accepted > 0 && verdicts.every((s) => s.verdict?.unhandledErrors === 0);
const judgedFindings = verdict.findings.length + (verdict.findingsInBaseline?.length ?? 0);
const unaccounted = [
  ...(resultsExit !== 0 && !resultsExplained ? [`merging the shards' results exited with code ${resultsExit} (see above)`] : []),
  ...(findings.length > judgedFindings ? [`the listeners recorded ${findings.length} finding(s), the verdicts ${judgedFindings}`] : []),
];
if (verdict.conformant && unaccounted.length) verdict = mergeVerdicts(verdicts, unaccounted);
// What the runs after this one read, as one run writes it: the scenarios of every shard, the diff
// against a baseline (SVC_BASELINE), the line of the history (SVC_HISTORY).
const scenarios = shards.flatMap((dir) => {
  const file = join(dir, SCENARIOS_FILE);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as ScenarioLine[]).map((l) => {
    const at = l.scenario.indexOf(' > ');
    return { file: l.scenario.slice(0, at), name: l.scenario.slice(at + 3), state: l.state, ...(l.flaky ? { flaky: [] } : {}) };
  });
});
writeFileSync(join(REPORTS_DIR, VERDICT_FILE), `${JSON.stringify(verdict, null, 2)}\n`);
// The run's time from its earliest shard's start; the history as the shards read it (variable or profile).
const started = Math.min(...verdicts.flatMap((s) => (s.verdict?.startedAt ? [Date.parse(s.verdict.startedAt)] : [])), Date.now());
const settings = environmentWithProfile(process.env);
try {
  const baselineDir = readSetting(SETTINGS.baseline, settings);
  const recorded = recordRun({ reportsDir: REPORTS_DIR, verdict, scenarios, coverage, startedAt: started, historyFile: readSetting(SETTINGS.history, settings), ...(baselineDir ? { baseline: { name: baselineDir, snapshot: readSnapshot(resolve(baselineDir)) } } : {}) });
  if (recorded.length) process.stdout.write(`${recorded.join('\n')}\n`);
  writeFileSync(join(REPORTS_DIR, VERDICT_FILE), `${JSON.stringify(verdict, null, 2)}\n`);
} catch (err) {
  process.stderr.write(`The merged run's record for later runs (scenarios.json, SVC_BASELINE's diff, SVC_HISTORY) was not written: ${(err as Error).message}\n`);
}
// Every shard wrote a verdict, yet the merged one has no generated data: the shards' differed (mergeVerdicts).
if (!verdict.generation && verdicts.every((s) => s.verdict)) {
  const each = verdicts.map(({ name, verdict: v }) => `${name}: ${v!.generation ? `SVC_SEED=${v!.generation.seed} SVC_RULE_RUNS=${v!.generation.ruleRuns}` : 'unrecorded'}`);
  process.stdout.write(`The shards generated their data differently (${each.join('; ')}): the merged run has no one replay; give every shard one SVC_SEED and SVC_RULE_RUNS\n`);
}
process.stdout.write(`${verdictLines(verdict).join('\n')}\n`);
process.exitCode = verdict.conformant ? 0 : 1;
