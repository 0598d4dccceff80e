// Merges the workers' coverage records with the catalog (the denominator) into
// reports/coverage.json, reports/coverage.md and reports/coverage.html, per kind and per area, and
// prints the summary.
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS, catalogIdFor, catalogItems, COVERAGE_KINDS, ids, notExercisableItems, TARGET_OWN_TRIGGERS, type Area, type CoverageKind } from '../spec/catalog.js';
import { RAW_DIR, REPORTS_DIR } from '../paths.js';
import { declaredRules, undeclaredReasons } from '../field-rules/declared.js';
import type { CoverageRecord, NoteRecord, RequestRecord, RuleRecord, SkipRecord } from './recorder.js';
import { coverageHtml } from './html.js';
import type { AreaCoverage, AuthenticationCoverage, CellCoverage, Coverage, FieldRuleCoverage, KindCoverage, Missing } from './model.js';
import { authenticationRules } from '../spec/security.js';
import { changeCoverage, changesMarkdown } from './changes.js';
import type { ScenarioOutcome } from '../verdict/verdict.js';

export type { AreaCoverage, CellCoverage, Coverage, FieldRuleCoverage, KindCoverage, Missing } from './model.js';

const KINDS = COVERAGE_KINDS;

/** A run's records of one kind, from every worker's file in a raw folder. */
export function readNdjson<T>(dir: string, prefix: string): T[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.ndjson'))
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
    );
}

const cell = (ids: { id: string }[], observed: Set<string>, reasonFor: (id: string) => string, unexercisable: { id: string; reason: string }[]): CellCoverage => {
  const coveredIds = ids.filter((i) => observed.has(i.id)).map((i) => i.id).sort();
  return {
    covered: coveredIds.length,
    total: ids.length,
    coveredIds,
    missing: ids.filter((i) => !observed.has(i.id)).map((i) => ({ id: i.id, reason: reasonFor(i.id) })),
    notExercisable: unexercisable.map((i) => ({ id: i.id, reason: i.reason })),
  };
};

function fieldRuleCoverage(rawDirs: string[]): FieldRuleCoverage {
  const seen = new Set(rawDirs.flatMap((d) => readNdjson<RuleRecord>(d, 'rules')).map((r) => `${r.operation}\u0000${r.rule}`));
  const operations: FieldRuleCoverage['operations'] = {};
  const declared = declaredRules();
  const reasons = undeclaredReasons();
  const catalogOps = catalogItems().filter((i) => i.kind === 'operations').map((i) => i.id.replace(/^op:/, ''));
  // The catalog's order, then any operation declared beyond it.
  for (const op of [...catalogOps, ...Object.keys(declared).filter((o) => !catalogOps.includes(o))]) {
    const rules = declared[op] ?? [];
    const exercised = rules.filter((r) => seen.has(`${op}\u0000${r}`));
    operations[op] = { declared: rules.length, exercised, missing: rules.filter((r) => !exercised.includes(r)) };
    if (!rules.length) operations[op].reason = reasons[op] ?? 'no rule declared, and no reason given (helpers/field-rules/declared.ts)';
  }
  const all = Object.values(operations);
  return {
    declared: all.reduce((n, o) => n + o.declared, 0),
    exercised: all.reduce((n, o) => n + o.exercised.length, 0),
    operationsWithRules: all.filter((o) => o.declared > 0).length,
    operationsTotal: catalogOps.length,
    operations,
  };
}

function authenticationCoverage(rawDirs: string[]): AuthenticationCoverage {
  const seen = new Set(rawDirs.flatMap((d) => readNdjson<RuleRecord>(d, 'rules')).map((r) => `${r.operation}\u0000${r.rule}`));
  const declared = Object.entries(authenticationRules()).flatMap(([operation, rules]) => rules.map((rule) => ({ operation, rule })));
  const missing = declared.filter((d) => !seen.has(`${d.operation}\u0000${d.rule}`));
  return { declared: declared.length, exercised: declared.length - missing.length, operations: new Set(declared.map((d) => d.operation)).size, missing };
}

export function computeCoverage(rawDirs: string[] = [RAW_DIR]): Coverage {
  const records = rawDirs.flatMap((d) => readNdjson<CoverageRecord>(d, 'coverage'));
  const skips = rawDirs.flatMap((d) => readNdjson<SkipRecord>(d, 'skips'));
  const items = catalogItems();
  const reasonFor = (id: string) => {
    const skip = skips.find((s) => s.ids.includes(id));
    return skip ? `skipped: ${skip.reason}` : 'not exercised by any scenario';
  };
  const observed = new Set<string>();
  const beyond: Record<CoverageKind, Set<string>> = { operations: new Set(), responses: new Set(), errors: new Set(), events: new Set(), transitions: new Set() };
  for (const r of records) {
    const id = catalogIdFor(r.kind, r.id);
    if (id) observed.add(id);
    else beyond[r.kind]?.add(r.id);
  }
  const changes = changeCoverage({
    coverage: records,
    rules: rawDirs.flatMap((d) => readNdjson<RuleRecord>(d, 'rules')),
    skips,
    outcomes: rawDirs.flatMap((d) => readNdjson<ScenarioOutcome>(d, 'outcomes')),
  });
  const result = { areas: {}, fieldRules: fieldRuleCoverage(rawDirs), authentication: authenticationCoverage(rawDirs), changes } as Coverage;
  const unexercisable = notExercisableItems();
  for (const kind of KINDS) {
    result[kind] = { ...cell(items.filter((i) => i.kind === kind), observed, reasonFor, unexercisable.filter((i) => i.kind === kind)), beyondCatalog: [...beyond[kind]].sort() };
  }
  for (const area of AREAS) {
    const of = (kind: CoverageKind) => (i: { kind: CoverageKind; area: Area }) => i.kind === kind && i.area === area;
    result.areas[area] = Object.fromEntries(KINDS.map((kind) => [kind, cell(items.filter(of(kind)), observed, reasonFor, unexercisable.filter(of(kind)))])) as AreaCoverage;
  }
  return result;
}

const ownTriggers = new Set(TARGET_OWN_TRIGGERS.map((t) => ids.operation(t.method, t.path)));
/** A target's own trigger, as an operation id or as one of its responses. */
const isOwnTrigger = (id: string) => ownTriggers.has(id) || ownTriggers.has(`op:${id.replace(/^response:/, '').replace(/ \d{3}$/, '')}`);
const pct = (c: { covered: number; total: number }) => (c.total ? `${Math.round((100 * c.covered) / c.total)}%` : '-');

export function coverageMarkdown(c: Coverage): string {
  const lines = ['# Coverage of the interface', '', '| kind | covered | total | share |', '|---|---|---|---|'];
  for (const k of KINDS) lines.push(`| ${k} | ${c[k].covered} | ${c[k].total} | ${pct(c[k])} |`);
  lines.push('', '## By area', '', `| area | ${KINDS.join(' | ')} |`, `|---|${KINDS.map(() => '---').join('|')}|`);
  for (const area of AREAS) {
    lines.push(`| ${area} | ${KINDS.map((k) => { const x = c.areas[area][k]; return x.total ? `${x.covered}/${x.total}` : '-'; }).join(' | ')} |`);
  }
  lines.push('', 'The report as a picture: `coverage.html`.');
  const fr = c.fieldRules;
  lines.push('', `## Field rules: ${fr.exercised}/${fr.declared} exercised, in ${fr.operationsWithRules} of ${fr.operationsTotal} operations`, '');
  lines.push('Documented request rules (required, type, enum, pattern, format, length, range, one-of, forbidden; list filters, scopes, paging), each broken alone by generated requests or judged on a list (helpers/field-rules).', '');
  lines.push('Every operation of the catalog is listed; one that declares no rule says why.', '');
  lines.push('| operation | exercised | declared | why none |', '|---|---|---|---|');
  for (const [op, o] of Object.entries(fr.operations)) lines.push(`| ${op} | ${o.exercised.length} | ${o.declared} | ${o.declared ? '' : o.reason ?? ''} |`);
  for (const [op, o] of Object.entries(fr.operations)) {
    if (!o.declared) continue;
    lines.push('', `### ${op}`, '', ...o.exercised.map((r) => `- ✓ ${r}`), ...o.missing.map((r) => `- ✗ ${r}: not exercised by any scenario`));
  }
  const au = c.authentication;
  lines.push('', `## Authentication rules: ${au.exercised}/${au.declared} judged, on ${au.operations} operations`, '');
  lines.push("Every operation refuses the credentials its scheme (the description's `security`) does not take: none, a wrong one, another scheme, a deleted agent's; every signed-retry operation of the embedded wallet refuses a retry without its stamp, with one that is no stamp, for another body, by a key not its signer's, or without Request-Id (helpers/spec/security.ts).", '');
  if (au.missing.length) lines.push(...au.missing.map((m) => `- ✗ ${m.operation}: ${m.rule}: not judged by any scenario`));
  lines.push('', changesMarkdown(c.changes).trimEnd());
  for (const area of AREAS) {
    const missing = KINDS.flatMap((k) => c.areas[area][k].missing);
    const total = KINDS.reduce((n, k) => n + c.areas[area][k].total, 0);
    lines.push('', `## ${area}: ${total - missing.length}/${total}`, '');
    if (!missing.length) {
      lines.push('Everything covered.');
      continue;
    }
    for (const k of KINDS) {
      const m = c.areas[area][k].missing;
      if (m.length) lines.push(`${k} not covered (${m.length}):`, '', ...m.map((x) => `- \`${x.id}\`: ${x.reason}`), '');
    }
  }
  lines.push('', '## Documented but not exercisable', '', 'Answers the documents give that no request of a conforming client can cause on the target; listed with the reason, not counted in the figures above.', '');
  for (const k of KINDS) {
    const n = c[k].notExercisable;
    if (n.length) lines.push(`${k} (${n.length}):`, '', ...n.map((x) => `- \`${x.id}\`: ${x.reason}`), '');
  }
  for (const k of KINDS) {
    const beyond = c[k].beyondCatalog;
    if (!beyond.length) continue;
    const own = beyond.filter(isOwnTrigger);
    const other = beyond.filter((id) => !isOwnTrigger(id));
    if (own.length) lines.push('', `The target's own triggers, not interface operations (not counted): ${own.map((id) => `\`${id}\``).join(', ')}`);
    if (other.length) lines.push('', `${k} observed beyond the catalog${k === 'responses' ? ' (statuses the description does not document for the operation, which a scenario judged on a sentence of the interface or the supplement)' : ''}: ${other.map((id) => `\`${id}\``).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

export function interfaceNotesMarkdown(rawDirs: string[] = [RAW_DIR]): string | undefined {
  const notes = rawDirs.flatMap((d) => readNdjson<NoteRecord>(d, 'notes'));
  if (!notes.length) return undefined;
  const byId = new Map<string, NoteRecord[]>();
  for (const n of notes) byId.set(n.id, [...(byId.get(n.id) ?? []), n]);
  const lines = ['# Interface notes', '', 'Places where the interface is ambiguous or silent and the suite accepted alternatives.', ''];
  for (const [id, list] of byId) {
    lines.push(`## ${id}`, '', ...list[0].sentences.map((s) => `> ${s}`), '', 'Observed:');
    for (const observed of new Set(list.map((n) => n.observed))) lines.push(`- ${observed}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** coverage.json: the overall kinds at the top level (as other tools read them) and `areas`. */
export function coverageJson(c: Coverage): object {
  return {
    ...Object.fromEntries(KINDS.map((k) => [k, { covered: c[k].covered, total: c[k].total, coveredIds: c[k].coveredIds, missing: c[k].missing, notExercisable: c[k].notExercisable, beyondCatalog: c[k].beyondCatalog }])),
    areas: c.areas,
    fieldRules: c.fieldRules,
    authentication: c.authentication,
    changes: c.changes,
  };
}

/**
 * The requests the run made to the target: how many, their median and p99 time to an answer, and the
 * rate over the span they took (first answer to last). A line for the run's output; empty when none.
 */
export function requestFigures(rawDirs: string[]): string {
  const records = rawDirs.flatMap((d) => readNdjson<RequestRecord>(d, 'requests'));
  if (!records.length) return '';
  const times = records.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  const spanS = Math.max(1, Math.max(...records.map((r) => r.at)) - Math.min(...records.map((r) => r.at))) / 1000;
  return `Requests: ${records.length} to the target, answered in ${at(0.5).toFixed(1)} ms (median), ${at(0.99).toFixed(1)} ms (p99); ${(records.length / spanS).toFixed(0)} requests/s over ${spanS.toFixed(1)} s\n`;
}

export function writeCoverageReports({ print, rawDirs }: { print: boolean; rawDirs?: string[] }): Coverage {
  const coverage = computeCoverage(rawDirs);
  mkdirSync(REPORTS_DIR, { recursive: true });
  writeFileSync(join(REPORTS_DIR, 'coverage.json'), `${JSON.stringify(coverageJson(coverage), null, 2)}\n`);
  writeFileSync(join(REPORTS_DIR, 'coverage.md'), coverageMarkdown(coverage));
  writeFileSync(join(REPORTS_DIR, 'coverage.html'), coverageHtml(coverage));
  writeFileSync(join(REPORTS_DIR, 'changes.md'), `# Change history of the interface\n\n${changesMarkdown(coverage.changes).replace(/^## /, '')}`);
  const notes = interfaceNotesMarkdown(rawDirs);
  if (notes) writeFileSync(join(REPORTS_DIR, 'interface-notes.md'), notes);
  if (print) {
    const parts = KINDS.map((k) => `${k} ${coverage[k].covered}/${coverage[k].total}`);
    const complete = AREAS.filter((a) => KINDS.every((k) => coverage.areas[a][k].covered === coverage.areas[a][k].total));
    const begun = AREAS.filter((a) => KINDS.some((k) => coverage.areas[a][k].covered > 0));
    const cellText = (x: CellCoverage) => (x.total ? `${x.covered}/${x.total}` : '-').padStart(12);
    const rows = AREAS.map((a) => `  ${a.padEnd(32)}${KINDS.map((k) => cellText(coverage.areas[a][k])).join('')}`);
    process.stdout.write(
      `\nInterface coverage by area:\n  ${''.padEnd(32)}${KINDS.map((k) => k.padStart(12)).join('')}\n${rows.join('\n')}\n` +
        `Interface coverage: ${parts.join(', ')}; areas complete ${complete.length}/${AREAS.length}, begun ${begun.length}/${AREAS.length} (reports/coverage.md, reports/coverage.html)\n` +
        `Field rules: ${coverage.fieldRules.exercised}/${coverage.fieldRules.declared} exercised, in ${coverage.fieldRules.operationsWithRules} of ${coverage.fieldRules.operationsTotal} operations (reports/coverage.md)\n` +
        `Authentication rules: ${coverage.authentication.exercised}/${coverage.authentication.declared} judged, on ${coverage.authentication.operations} operations (reports/coverage.md)\n` +
        `Change history: ${coverage.changes.covered}/${coverage.changes.total} entries judged${coverage.changes.partly ? `, ${coverage.changes.partly} judged partly` : ''} (reports/coverage.md)\n` +
        requestFigures(rawDirs ?? [RAW_DIR]),
    );
  }
  return coverage;
}
