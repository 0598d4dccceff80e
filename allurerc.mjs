// Allure 3 configuration for `npm run report`: the tree by area, then operation, then scenario;
// failures grouped by the rule they break; the coverage matrix (coverage.html, .md, .json) and the
// interface notes and the change history's entries with their scenarios (changes.md) attached to the
// report; the coverage figures as report variables; each scenario labelled with the entries it judges.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const reports = resolve(process.env.SVC_REPORTS_DIR ?? 'reports');
const coverageFile = resolve(reports, 'coverage.json');
const coverage = existsSync(coverageFile) ? JSON.parse(readFileSync(coverageFile, 'utf8')) : undefined;
const KINDS = ['operations', 'responses', 'errors', 'events', 'transitions'];
const variables = coverage
  ? Object.fromEntries(KINDS.filter((kind) => coverage[kind]).map((kind) => [`Interface ${kind} covered`, `${coverage[kind].covered}/${coverage[kind].total}`]))
  : {};
// A run diffed against its baseline (SVC_BASELINE, reports/diff.md): what changed, as report variables.
const diffFile = resolve(reports, 'diff.json');
const diff = existsSync(diffFile) ? JSON.parse(readFileSync(diffFile, 'utf8')) : undefined;
if (diff) {
  const s = diff.scenarios;
  variables['Since the baseline'] = `${s.newFailures.length} new failure(s), ${s.stillFailing.length} still failing, ${s.fixed.length} fixed, ${s.newlySkipped.length} newly skipped, ${s.flaky.length} flaky`;
}
if (coverage?.changes) variables['Change history judged'] = `${coverage.changes.covered}/${coverage.changes.total}${coverage.changes.partly ? ` (${coverage.changes.partly} partly)` : ''}`;

const failed = ['failed', 'broken'];

export default {
  name: 'Svc conformance',
  output: resolve(reports, 'allure-report'),
  // Allure 3's own history (trends, each scenario's earlier results, flaky marks): one line per report
  // rendered. A nightly keeps the file between runs (SVC_ALLURE_HISTORY; .github/workflows/conformance.yml).
  historyPath: resolve(process.env.SVC_ALLURE_HISTORY ?? resolve(reports, 'allure-history.jsonl')),
  globalAttachments: [resolve(reports, 'coverage.html'), resolve(reports, 'coverage.md'), resolve(reports, 'coverage.json'), resolve(reports, 'changes.md'), resolve(reports, 'diff.md'), resolve(reports, 'interface-notes.md')],
  variables,
  // The tree: the area (epic), then the operation (feature), then the scenario (helpers/scenario.ts).
  plugins: {
    awesome: { options: { groupBy: ['epic', 'feature'] } },
  },
  // Runner plumbing stays out of the way of the labels that matter (epic, feature, story, tags).
  hideLabels: ['framework', 'language', 'host', 'thread', 'package', 'parentSuite', '_fallbackTestCaseId'],
  categories: {
    rules: [
      { name: 'Webhook signatures (X-Svc-Signature)', matchers: { statuses: failed, message: /X-Svc-Signature|Authentication 5/ }, groupBy: [{ label: 'feature' }] },
      { name: 'Events: missing, late or out of order', matchers: { statuses: failed, message: /Events|Timed out .* waiting for/ }, groupBy: [{ label: 'feature' }] },
      { name: 'State transitions', matchers: { statuses: failed, message: /transition |States|state\b/ }, groupBy: [{ label: 'epic' }] },
      { name: 'Error codes and error bodies', matchers: { statuses: failed, message: /Errors|error body|expected code|expected HTTP/ }, groupBy: [{ label: 'feature' }] },
      { name: 'Shapes (schemas)', matchers: { statuses: failed, message: /does not match the interface's shape/ }, groupBy: [{ label: 'feature' }] },
      { name: 'Other failures', matchers: { statuses: failed }, groupByMessage: true },
      { name: 'Skipped: capability the target lacks', matchers: { statuses: ['skipped'] }, groupBy: [{ label: 'skipReason' }] },
    ],
  },
};
