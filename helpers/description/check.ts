// `npm run description:check -- [--openapi <file>] [--exchanges <file>]`: how far the target's answers
// and the requests it accepted hold to the service's public description. Without --exchanges, one
// embedded conformance run (`npm run conformance`) records its exchanges (helpers/description/recorder.ts)
// into a temporary file first. Every response is judged against the description's schema for its
// operation and status, every request the target accepted (2xx) against the operation's request body
// and query parameters. It writes reports/description.json and reports/description.md and exits 0
// whatever it finds: a measurement, not a verdict (the run's verdict stays the conformance run's).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { REPORTS_DIR } from '../paths.js';
import { REDACTED } from '../redact.js';
import { at, DEFAULT_DESCRIPTION } from './document.js';
import type { RecordedExchange } from './recorder.js';
import { DescriptionValidator, type Mismatch } from './validator.js';

/** One group of alike mismatches: one operation, status, body path (array positions as `*`) and kind. */
export interface MismatchGroup {
  in: Mismatch['in'];
  operation: string;
  status: number | null;
  path: string;
  kind: Mismatch['kind'];
  count: number;
  example: { message: string; url?: string; scenario?: string; schemaPath?: string };
}

export interface DescriptionReport {
  description: string;
  adjustments: string[];
  discriminatorsAsOneOf: string[];
  /** The exchanges file read, or `(recorded by this check)`. */
  exchanges: string;
  conformanceExit: number | null;
  totals: {
    exchanges: number;
    responses: { valid: number; total: number };
    acceptedRequests: { valid: number; total: number };
    mismatches: number;
    /** Mismatches on a value the recorder redacted, left out. */
    redactedNotJudged: number;
    byKind: Record<string, number>;
  };
  groups: MismatchGroup[];
}

/** Array positions in a body path, so one group holds a field's fault in every element of a list. */
const groupPath = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/*');

/** Judges recorded exchanges; `lines` are the recorder's JSON lines. */
export function checkExchanges(validator: DescriptionValidator, lines: readonly string[]): Pick<DescriptionReport, 'totals' | 'groups'> {
  const groups = new Map<string, MismatchGroup>();
  const byKind: Record<string, number> = {};
  const responses = { valid: 0, total: 0 };
  const acceptedRequests = { valid: 0, total: 0 };
  let exchanges = 0;
  let mismatches = 0;
  let redactedNotJudged = 0;
  /** Keeps the mismatches that judge a value as it was sent; returns how many are left. */
  const add = (found: Mismatch[], x: RecordedExchange): number => {
    let kept = 0;
    for (const m of found) {
      // A value the recorder redacted (helpers/redact.ts) is not the value sent: its format or pattern is not judged.
      const body = m.in === 'response' ? x.responseBody : m.in === 'query' ? x.query : x.requestBody;
      const value = m.path === '' ? undefined : at(body, m.path);
      if (typeof value === 'string' && value.includes(REDACTED) && m.kind !== 'missing-required') {
        redactedNotJudged++;
        continue;
      }
      kept++;
      mismatches++;
      byKind[m.kind] = (byKind[m.kind] ?? 0) + 1;
      const path = groupPath(m.path);
      // An operation the description lacks is named by the harness's template, so its exchanges are one group.
      const operation = m.kind === 'operation-undocumented' ? `${x.method.toUpperCase()} ${x.template}` : m.operation;
      const key = JSON.stringify([m.in, operation, m.status, path, m.kind]);
      const group = groups.get(key);
      if (group) group.count++;
      else groups.set(key, { in: m.in, operation, status: m.status, path, kind: m.kind, count: 1, example: { message: m.message, url: x.url, scenario: x.scenario, schemaPath: m.schemaPath } });
    }
    return kept;
  };
  for (const line of lines) {
    if (!line.trim()) continue;
    const x = JSON.parse(line) as RecordedExchange;
    exchanges++;
    const found = validator.validateResponse({ method: x.method, path: x.url, status: x.status, contentType: x.responseContentType, body: x.responseBody });
    responses.total++;
    if (!add(found, x)) responses.valid++;
    if (x.status >= 200 && x.status < 300) {
      const body = x.requestBodyKind === 'none' ? undefined : x.requestBody;
      const request = validator.validateRequest({ method: x.method, path: x.url, status: x.status, contentType: x.requestHeaders['content-type'], body, query: x.query });
      acceptedRequests.total++;
      // An undocumented operation is named once, by its response; its request counts as not valid.
      if (request.some((m) => m.kind === 'operation-undocumented')) continue;
      if (!add(request, x)) acceptedRequests.valid++;
    }
  }
  const sorted = [...groups.values()].sort((a, b) => b.count - a.count || a.operation.localeCompare(b.operation) || a.path.localeCompare(b.path));
  return { totals: { exchanges, responses, acceptedRequests, mismatches, redactedNotJudged, byKind }, groups: sorted };
}

const pct = (n: { valid: number; total: number }) => (n.total ? `${((100 * n.valid) / n.total).toFixed(1)} %` : 'n/a');
const cell = (s: unknown) => String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(r: DescriptionReport): string {
  const t = r.totals;
  const lines = [
    '# Exchanges against the description',
    '',
    `Description: ${r.description}. Exchanges: ${r.conformanceExit === null ? r.exchanges : `recorded by one embedded conformance run (npm run conformance, exit ${r.conformanceExit})`}.`,
    'A measurement: the run passes or fails on its own verdict, not on this.',
    '',
    `- Responses valid: ${t.responses.valid} / ${t.responses.total} (${pct(t.responses)})`,
    `- Accepted requests (2xx) valid: ${t.acceptedRequests.valid} / ${t.acceptedRequests.total} (${pct(t.acceptedRequests)})`,
    `- Mismatches: ${t.mismatches} in ${r.groups.length} groups (and ${t.redactedNotJudged} on values the recorder redacted, not judged); by kind: ${Object.entries(t.byKind).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    '',
    'Interface overrides applied to the description (its header names them; the interface wins):',
    '',
    ...r.adjustments.map((a) => `- ${a}`),
    ...(r.discriminatorsAsOneOf.length ? ['', 'Discriminators judged as plain oneOf:', '', ...r.discriminatorsAsOneOf.map((d) => `- ${d}`)] : []),
    '',
    '## Mismatches, grouped by operation, status, path and kind',
    '',
    '| count | in | operation | status | path | kind | example | scenario |',
    '| ---: | --- | --- | --- | --- | --- | --- | --- |',
    ...r.groups.map((g) => `| ${g.count} | ${g.in} | ${cell(g.operation)} | ${g.status ?? ''} | ${cell(g.path || '(body)')} | ${g.kind} | ${cell(g.example.message)} | ${cell(g.example.scenario)} |`),
    '',
  ];
  return lines.join('\n');
}

interface Args {
  openapi: string;
  exchanges?: string;
  out: string;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { openapi: DEFAULT_DESCRIPTION, out: REPORTS_DIR };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return resolve(v);
    };
    if (a === '--openapi') args.openapi = value();
    else if (a === '--exchanges') args.exchanges = value();
    else if (a === '--out') args.out = value();
    else if (a === '--help' || a === '-h') {
      process.stdout.write('npm run description:check -- [--openapi <file>] [--exchanges <file>] [--out <folder>]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

/** One embedded conformance run with its exchanges recorded into `file`; its exit status. */
function recordConformanceRun(file: string): number {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'conformance'], { stdio: 'inherit', env: { ...process.env, SVC_RECORD_EXCHANGES: file } });
  return run.status ?? 1;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const validator = DescriptionValidator.load(args.openapi);
  let exchanges = args.exchanges;
  let conformanceExit: number | null = null;
  let temp: string | undefined;
  if (!exchanges) {
    temp = mkdtempSync(join(tmpdir(), 'svc-exchanges-'));
    exchanges = join(temp, 'exchanges.ndjson');
    writeFileSync(exchanges, '');
    conformanceExit = recordConformanceRun(exchanges);
  }
  try {
    const lines = readFileSync(exchanges, 'utf8').split('\n');
    const report: DescriptionReport = {
      description: relative(process.cwd(), args.openapi) || args.openapi,
      adjustments: validator.description.adjustments,
      discriminatorsAsOneOf: validator.description.discriminatorsAsOneOf,
      exchanges: temp ? '(recorded by this check)' : relative(process.cwd(), exchanges),
      conformanceExit,
      ...checkExchanges(validator, lines),
    };
    mkdirSync(args.out, { recursive: true });
    writeFileSync(join(args.out, 'description.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(args.out, 'description.md'), renderMarkdown(report));
    const t = report.totals;
    process.stdout.write(
      `description check: responses valid ${t.responses.valid}/${t.responses.total} (${pct(t.responses)}), ` +
        `accepted requests valid ${t.acceptedRequests.valid}/${t.acceptedRequests.total} (${pct(t.acceptedRequests)}), ` +
        `${t.mismatches} mismatches in ${report.groups.length} groups: ${relative(process.cwd(), join(args.out, 'description.md'))}\n`,
    );
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((err: unknown) => {
    process.stderr.write(`description check: ${(err as Error).message}\n`);
    process.exit(2);
  });
}
