// The `changes` coverage kind: each entry of the interface's change history (helpers/spec/
// change-history.ts) as judged, judged partly or not judged by a run, with the scenarios that judged
// it and how they ended. An item of an entry is judged when a scenario that passed in full recorded
// one of its marks; an entry is judged when every item is. The scenarios of an entry are those that
// recorded a mark in this run, and those the index (helpers/spec/change-scenarios.json, from a full
// run) names for it: a scenario that failed before it could record its mark still counts against
// the entry it judges.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CHANGE_HISTORY, type ChangeEntry, type ChangeMark } from '../spec/change-history.js';
import type { CoverageRecord, RuleRecord, SkipRecord } from './recorder.js';
import type { ScenarioOutcome } from '../verdict/verdict.js';
import { exactName } from '../verdict/replay.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const CHANGE_INDEX_FILE = join(ROOT, 'helpers/spec/change-scenarios.json');

export type ChangeStatus = 'judged' | 'judged partly' | 'not judged';

export interface ChangeScenario {
  /** `file > describe > it`, the file relative to the project root. */
  scenario: string;
  state: ScenarioOutcome['state'] | 'not run';
  judgedPartly?: string;
}

export interface EntryCoverage {
  id: string;
  entry: string;
  status: ChangeStatus;
  /** failed: a scenario of the entry failed; passed: some ran and none failed; not run. */
  result: 'passed' | 'failed' | 'not run';
  items: { item: string; judged: boolean; by: string[]; why?: string }[];
  scenarios: ChangeScenario[];
}

export interface ChangeCoverage {
  covered: number;
  partly: number;
  total: number;
  entries: EntryCoverage[];
}

/** What a run's workers recorded, with the scenario each came from. */
export interface RunRecords {
  coverage: CoverageRecord[];
  rules: RuleRecord[];
  skips: SkipRecord[];
  outcomes: ScenarioOutcome[];
}

/** `file > describe > it`, the file relative to the project root. */
export const scenarioKey = (file: string | undefined, test: string | undefined) => `${relative(ROOT, resolve(ROOT, file ?? '?')).replace(/\\/g, '/')} > ${test ?? '?'}`;

function recorded(mark: ChangeMark, records: RunRecords): string[] {
  if ('id' in mark) return records.coverage.filter((r) => r.id === mark.id).map((r) => scenarioKey(r.file, r.test));
  if ('operation' in mark) return records.rules.filter((r) => r.operation === mark.operation && r.rule.startsWith(mark.field)).map((r) => scenarioKey(r.file, r.test));
  return records.outcomes.map((o) => scenarioKey(o.file, o.name)).filter((k) => mark.title.test(k));
}

/** The scenarios that judged each entry in a run (passed or not): what the index holds for a full run. */
export function scenariosByEntry(records: RunRecords, history: readonly ChangeEntry[] = CHANGE_HISTORY): Record<string, string[]> {
  return Object.fromEntries(history.map((e) => [e.id, [...new Set(e.items.flatMap((i) => i.marks.flatMap((m) => recorded(m, records))))].sort()]));
}

export function readChangeIndex(file = CHANGE_INDEX_FILE): Record<string, string[]> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  } catch {
    return {};
  }
}

export function changeCoverage(records: RunRecords, index: Record<string, string[]> = readChangeIndex(), history: readonly ChangeEntry[] = CHANGE_HISTORY): ChangeCoverage {
  const outcome = new Map(records.outcomes.map((o) => [scenarioKey(o.file, o.name), o]));
  const skippedWith = new Set(records.skips.flatMap((s) => s.ids));
  const inFull = (key: string) => outcome.get(key)?.state === 'passed' && !outcome.get(key)?.judgedPartly;
  const entries = history.map((e): EntryCoverage => {
    const items = e.items.map((i) => {
      const by = [...new Set(i.marks.flatMap((m) => recorded(m, records)))].sort();
      const judged = by.some(inFull);
      const skipped = i.marks.some((m) => 'id' in m && skippedWith.has(m.id));
      const why = judged ? undefined : i.unjudgeable ?? (skipped ? 'skipped: the target lacks a capability its scenarios need' : by.length ? 'its scenarios did not pass in full' : 'no scenario of this run recorded it');
      return { item: i.item, judged, by, ...(why ? { why } : {}) };
    });
    const keys = [...new Set([...(index[e.id] ?? []), ...items.flatMap((i) => i.by)])].sort();
    const scenarios = keys.map((scenario): ChangeScenario => {
      const o = outcome.get(scenario);
      return { scenario, state: o?.state ?? 'not run', ...(o?.judgedPartly ? { judgedPartly: o.judgedPartly } : {}) };
    });
    const judgedItems = items.filter((i) => i.judged).length;
    const touched = items.some((i) => i.by.length);
    const status: ChangeStatus = judgedItems === items.length && items.length > 0 ? 'judged' : judgedItems > 0 || touched ? 'judged partly' : 'not judged';
    const ran = scenarios.filter((s) => s.state !== 'not run' && s.state !== 'skipped');
    const result = scenarios.some((s) => s.state === 'failed') ? 'failed' : ran.length ? 'passed' : 'not run';
    return { id: e.id, entry: e.entry, status, result, items, scenarios };
  });
  return {
    covered: entries.filter((e) => e.status === 'judged').length,
    partly: entries.filter((e) => e.status === 'judged partly').length,
    total: entries.length,
    entries,
  };
}

export function changesMarkdown(c: ChangeCoverage): string {
  const lines = [
    `## Change history: ${c.covered}/${c.total} entries judged${c.partly ? `, ${c.partly} judged partly` : ''}`,
    '',
    'Each entry of the interface\'s change history (interface, Versioning 2), newest first, with the scenarios that judge it. `SVC_CHANGES=<id,...>` runs only those of the named entries.',
    '',
    '| entry | id | status | result | scenarios |',
    '|---|---|---|---|---|',
    ...c.entries.map((e) => `| ${e.entry.replace(/\|/g, '\\|').slice(0, 90)}${e.entry.length > 90 ? '…' : ''} | \`${e.id}\` | ${e.status} | ${e.result} | ${e.scenarios.length} |`),
  ];
  for (const e of c.entries) {
    lines.push('', `### \`${e.id}\`: ${e.status}, ${e.result}`, '', `> ${e.entry}`, '');
    for (const i of e.items) lines.push(`- ${i.judged ? '✓' : '✗'} ${i.item}${i.why ? `: ${i.why}` : ''}`);
    if (e.scenarios.length) lines.push('', ...e.scenarios.map((s) => `- ${s.state}${s.judgedPartly ? ' (judged partly)' : ''}: ${s.scenario}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The vitest arguments that run only the scenarios judging the named entries (SVC_CHANGES): their
 * files and a name pattern that matches exactly their names (vitest joins a scenario's names with
 * spaces). An unknown entry, or one the index names no scenario for, is an error that says which.
 */
export function changeSelection(names: string[], index: Record<string, string[]> = readChangeIndex(), history: readonly ChangeEntry[] = CHANGE_HISTORY): string[] {
  const known = history.map((e) => e.id);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) throw new Error(`SVC_CHANGES names no entry of the change history: ${unknown.join(', ')} (the entries: ${known.join(', ')})`);
  const keys = [...new Set(names.flatMap((n) => index[n] ?? []))].sort();
  const empty = names.filter((n) => !(index[n] ?? []).length);
  if (empty.length) throw new Error(`SVC_CHANGES: no scenario judges ${empty.join(', ')} (helpers/spec/change-scenarios.json)`);
  const files = [...new Set(keys.map((k) => k.split(' > ')[0]))];
  const titles = keys.map((k) => exactName(k.split(' > ').slice(1).join(' > ')).slice(1, -1));
  return [...files, '-t', `^(?:${titles.join('|')})$`];
}
