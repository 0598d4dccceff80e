// Merges the workers' coverage records with the catalog (the denominator) into
// reports/coverage.json and reports/coverage.md, and prints the summary.
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { catalogIdFor, catalogIds, type CoverageKind } from '../spec/catalog.js';
import { RAW_DIR, REPORTS_DIR } from '../paths.js';
import type { CoverageRecord, NoteRecord, SkipRecord } from './recorder.js';

export interface KindCoverage {
  covered: number;
  total: number;
  coveredIds: string[];
  missing: { id: string; reason: string }[];
  /** Observed ids the catalog does not name (for example supplement-only codes). */
  beyondCatalog: string[];
}

export type Coverage = Record<CoverageKind, KindCoverage>;

const KINDS: CoverageKind[] = ['errors', 'transitions', 'events', 'operations'];

function readNdjson<T>(dir: string, prefix: string): T[] {
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

export function computeCoverage(rawDirs: string[] = [RAW_DIR]): Coverage {
  const records = rawDirs.flatMap((d) => readNdjson<CoverageRecord>(d, 'coverage'));
  const skips = rawDirs.flatMap((d) => readNdjson<SkipRecord>(d, 'skips'));
  const catalog = catalogIds();
  const result = {} as Coverage;
  for (const kind of KINDS) {
    const observed = new Set<string>();
    const beyond = new Set<string>();
    for (const r of records.filter((r) => r.kind === kind)) {
      const id = catalogIdFor(kind, r.id);
      if (id) observed.add(id);
      else beyond.add(r.id);
    }
    const missing = catalog[kind]
      .filter((id) => !observed.has(id))
      .map((id) => {
        const skip = skips.find((s) => s.ids.includes(id));
        return { id, reason: skip ? `skipped: ${skip.reason}` : 'not exercised by any scenario' };
      });
    result[kind] = {
      covered: observed.size,
      total: catalog[kind].length,
      coveredIds: [...observed].sort(),
      missing,
      beyondCatalog: [...beyond].sort(),
    };
  }
  return result;
}

export function coverageMarkdown(c: Coverage): string {
  const lines = ['# Coverage of the interface', '', '| kind | covered | total |', '|---|---|---|'];
  for (const k of KINDS) lines.push(`| ${k} | ${c[k].covered} | ${c[k].total} |`);
  for (const k of KINDS) {
    lines.push('', `## ${k}: not covered (${c[k].missing.length})`, '');
    for (const m of c[k].missing) lines.push(`- \`${m.id}\`: ${m.reason}`);
    if (c[k].beyondCatalog.length) {
      lines.push('', `Observed beyond the interface's catalog: ${c[k].beyondCatalog.map((id) => `\`${id}\``).join(', ')}`);
    }
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

export function writeCoverageReports({ print, rawDirs }: { print: boolean; rawDirs?: string[] }): Coverage {
  const coverage = computeCoverage(rawDirs);
  mkdirSync(REPORTS_DIR, { recursive: true });
  const json = Object.fromEntries(
    KINDS.map((k) => [k, { covered: coverage[k].covered, total: coverage[k].total, coveredIds: coverage[k].coveredIds, missing: coverage[k].missing, beyondCatalog: coverage[k].beyondCatalog }]),
  );
  writeFileSync(join(REPORTS_DIR, 'coverage.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(REPORTS_DIR, 'coverage.md'), coverageMarkdown(coverage));
  const notes = interfaceNotesMarkdown(rawDirs);
  if (notes) writeFileSync(join(REPORTS_DIR, 'interface-notes.md'), notes);
  if (print) {
    const parts = KINDS.map((k) => `${k} ${coverage[k].covered}/${coverage[k].total}`);
    process.stdout.write(`\nInterface coverage: ${parts.join(', ')} (reports/coverage.md)\n`);
  }
  return coverage;
}
