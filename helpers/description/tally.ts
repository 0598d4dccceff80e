// What a run's exchanges come to against a description: each response judged against the schema
// its operation and status describe, each request the target accepted (2xx) against what the
// operation receives, each webhook notification against the description's webhook for its type;
// counted valid or not, and the mismatches grouped by operation, status, path (array positions as
// `*`) and kind with one example each. The live judge of a run (./live.ts) and the check of a
// recorded file (./check.ts) both end here, so the report reads the same whichever made it.
import { TARGET_OWN_TRIGGERS } from '../spec/catalog.js';
import type { DescriptionValidator, Mismatch } from './validator.js';

/** One exchange as the judge sees it: what was sent and what came back, the values as they went on the wire. */
export interface ExchangeToJudge {
  method: string;
  /** The URL (or the path below the base URL) the request went to. */
  url: string;
  /** The harness's template of the path (the name of a trigger the description lacks). */
  template: string;
  query: Record<string, string | string[]>;
  requestContentType?: string;
  /** The body sent: parsed JSON, a multipart form's fields, or undefined. */
  requestBody?: unknown;
  status: number;
  responseContentType?: string;
  responseBody?: unknown;
  /** The fields (dot paths) a request sent to be refused breaks on purpose: it must break the description there and nowhere else. */
  breaks?: readonly string[];
}

/** The judgement of one exchange. */
export interface JudgedExchange {
  /** The description's operation (`GET /customers/{customerId}`), or the harness's template where the description has none. */
  operation: string;
  status: number;
  url?: string;
  scenario?: string;
  /**
   * A trigger a target offers beyond the documents (helpers/spec/catalog.ts TARGET_OWN_TRIGGERS),
   * which the description does not have: nothing to judge it by, counted apart.
   */
  targetOwn?: true;
  response: Mismatch[];
  /** Judged only for a request the target accepted (2xx): one it refused was sent to be refused. */
  request?: Mismatch[];
  /** For a request sent to break named fields and refused: where it breaks the description elsewhere. */
  refused?: Mismatch[];
}

/** One webhook notification's judgement (its first delivery: notifications are judged, not deliveries). */
export interface JudgedPayload {
  type?: string;
  eventId?: string;
  mismatches: Mismatch[];
}

const isTargetOwn = (method: string, template: string) => TARGET_OWN_TRIGGERS.some((t) => t.method === method.toUpperCase() && t.path === template);

/** Judges one exchange: its response, and its request when the target accepted it. */
export function judgeExchange(validator: DescriptionValidator, x: ExchangeToJudge): JudgedExchange {
  const response = validator.validateResponse({ method: x.method, path: x.url, status: x.status, contentType: x.responseContentType, body: x.responseBody });
  const undocumented = response.find((m) => m.kind === 'operation-undocumented');
  if (undocumented && isTargetOwn(x.method, x.template)) {
    return { operation: `${x.method.toUpperCase()} ${x.template}`, status: x.status, targetOwn: true, response: [] };
  }
  const operation = undocumented ? `${x.method.toUpperCase()} ${x.template}` : (response[0]?.operation ?? validator.findOperation(x.method, x.url)?.key ?? `${x.method.toUpperCase()} ${x.template}`);
  const judged: JudgedExchange = { operation, status: x.status, response: undocumented ? [{ ...undocumented, operation }] : response };
  // An operation the description lacks is named once, by its response; its request is not judged again.
  if (x.status >= 200 && x.status < 300 && !undocumented) {
    judged.request = validator.validateRequest({ method: x.method, path: x.url, status: x.status, contentType: x.requestContentType, body: x.requestBody, query: x.query });
  } else if (x.breaks?.length && !undocumented) {
    // Sent to break the named fields alone: a mismatch at one of them, under one, or at an object holding one is the point; any other is a second rule broken.
    const pointers = x.breaks.map((f) => `/${f.split('.').map(escapePointer).join('/')}`);
    const meant = (path: string) => pointers.some((p) => path === p || path.startsWith(`${p}/`) || p.startsWith(`${path}/`));
    judged.refused = validator
      .validateRequest({ method: x.method, path: x.url, status: x.status, contentType: x.requestContentType, body: x.requestBody, query: x.query })
      .filter((m) => !meant(m.path))
      .map((m) => ({ ...m, message: `sent to break ${x.breaks!.join(', ')} alone, it also breaks ${m.path}: ${m.message}` }));
  }
  return judged;
}

const escapePointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

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

export interface Ratio {
  valid: number;
  total: number;
}

export interface DescriptionTotals {
  exchanges: number;
  responses: Ratio;
  acceptedRequests: Ratio;
  /** Requests sent to break named fields alone (the field rules): valid where they break nothing else. */
  refusedRequests: Ratio;
  webhooks: Ratio;
  /** Notifications of a type none of the description's webhooks names: not judged (interface: the list of event types is not shown whole). */
  webhooksUndescribed: number;
  undescribedTypes: Record<string, number>;
  /** Exchanges with a trigger the target offers beyond the documents: not judged. */
  targetOwn: number;
  mismatches: number;
  /** Mismatches on a value a recorder redacted, left out (only a recorded file has them). */
  redactedNotJudged: number;
  byKind: Record<string, number>;
}

/** What the target itself answered or sent against the description (a finding against the target), and what the suite sent. */
export interface DescriptionFindings {
  /** Mismatches in responses and webhook payloads: the target's. */
  target: number;
  /** Mismatches in requests the target accepted: the suite's own. */
  requests: number;
}

/** Array positions in a body path, so one group holds a field's fault in every element of a list. */
const groupPath = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/*');

export class DescriptionTally {
  readonly totals: DescriptionTotals = {
    exchanges: 0,
    responses: { valid: 0, total: 0 },
    acceptedRequests: { valid: 0, total: 0 },
    refusedRequests: { valid: 0, total: 0 },
    webhooks: { valid: 0, total: 0 },
    webhooksUndescribed: 0,
    undescribedTypes: {},
    targetOwn: 0,
    mismatches: 0,
    redactedNotJudged: 0,
    byKind: {},
  };
  private readonly groups = new Map<string, MismatchGroup>();

  addExchange(x: JudgedExchange): void {
    this.totals.exchanges++;
    if (x.targetOwn) {
      this.totals.targetOwn++;
      return;
    }
    this.totals.responses.total++;
    if (!this.add(x.response, x)) this.totals.responses.valid++;
    if (x.request) {
      this.totals.acceptedRequests.total++;
      if (!this.add(x.request, x)) this.totals.acceptedRequests.valid++;
    }
    if (x.refused) {
      this.totals.refusedRequests.total++;
      if (!this.add(x.refused, x)) this.totals.refusedRequests.valid++;
    }
  }

  addPayload(p: JudgedPayload): void {
    // A type the description names no webhook for has no schema to judge it by, and the interface
    // leaves the list open ("Complete list of event types: not shown"): counted apart, not judged.
    if (p.mismatches.length && p.mismatches.every((m) => m.kind === 'event-undescribed')) {
      this.totals.webhooksUndescribed++;
      const type = p.type ?? '?';
      this.totals.undescribedTypes[type] = (this.totals.undescribedTypes[type] ?? 0) + 1;
      return;
    }
    this.totals.webhooks.total++;
    if (!this.add(p.mismatches, {})) this.totals.webhooks.valid++;
  }

  /** Counts mismatches on redacted values that were left out. */
  leftOutRedacted(n: number): void {
    this.totals.redactedNotJudged += n;
  }

  /** Merges another tally's counts and groups into this one (the workers' files of one run). */
  merge(other: { totals: DescriptionTotals; groups: MismatchGroup[] }): void {
    const t = this.totals;
    t.exchanges += other.totals.exchanges;
    for (const k of ['responses', 'acceptedRequests', 'refusedRequests', 'webhooks'] as const) {
      t[k].valid += other.totals[k].valid;
      t[k].total += other.totals[k].total;
    }
    t.targetOwn += other.totals.targetOwn;
    t.webhooksUndescribed += other.totals.webhooksUndescribed;
    for (const [k, n] of Object.entries(other.totals.undescribedTypes)) t.undescribedTypes[k] = (t.undescribedTypes[k] ?? 0) + n;
    t.mismatches += other.totals.mismatches;
    t.redactedNotJudged += other.totals.redactedNotJudged;
    for (const [k, n] of Object.entries(other.totals.byKind)) t.byKind[k] = (t.byKind[k] ?? 0) + n;
    for (const g of other.groups) {
      const key = groupKey(g);
      const mine = this.groups.get(key);
      if (mine) mine.count += g.count;
      else this.groups.set(key, structuredClone(g));
    }
  }

  /** The groups, largest first. */
  sortedGroups(): MismatchGroup[] {
    return [...this.groups.values()].sort((a, b) => b.count - a.count || a.operation.localeCompare(b.operation) || a.path.localeCompare(b.path));
  }

  findings(): DescriptionFindings {
    let target = 0;
    let requests = 0;
    for (const g of this.groups.values()) {
      if (g.in === 'response' || g.in === 'webhook') target += g.count;
      else requests += g.count;
    }
    return { target, requests };
  }

  private add(found: readonly Mismatch[], x: { url?: string; scenario?: string }): number {
    for (const m of found) {
      this.totals.mismatches++;
      this.totals.byKind[m.kind] = (this.totals.byKind[m.kind] ?? 0) + 1;
      const group: MismatchGroup = { in: m.in, operation: m.operation, status: m.status, path: groupPath(m.path), kind: m.kind, count: 1, example: { message: m.message, url: x.url, scenario: x.scenario, schemaPath: m.schemaPath } };
      const key = groupKey(group);
      const mine = this.groups.get(key);
      if (mine) mine.count++;
      else this.groups.set(key, group);
    }
    return found.length;
  }
}

const groupKey = (g: Pick<MismatchGroup, 'in' | 'operation' | 'status' | 'path' | 'kind'>) => JSON.stringify([g.in, g.operation, g.status, g.path, g.kind]);

/** The report of a run against a description (reports/description.json). */
export interface DescriptionReport {
  description: string;
  /** The interface's overrides and the readings of the description's own text applied to it. */
  adjustments: string[];
  discriminatorsAsOneOf: string[];
  /** What was judged: `(this run)`, or the recorded file read. */
  exchanges: string;
  totals: DescriptionTotals;
  findings: DescriptionFindings;
  groups: MismatchGroup[];
}

const pct = (n: Ratio) => (n.total ? `${((100 * n.valid) / n.total).toFixed(1)} %` : 'n/a');
const cell = (s: unknown) => String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The figures in one line, as the console and the check print them. */
export function summaryLine(r: Pick<DescriptionReport, 'totals' | 'groups'>): string {
  const t = r.totals;
  return (
    `responses valid ${t.responses.valid}/${t.responses.total} (${pct(t.responses)}), ` +
    `webhook notifications valid ${t.webhooks.valid}/${t.webhooks.total} (${pct(t.webhooks)}), ` +
    `accepted requests valid ${t.acceptedRequests.valid}/${t.acceptedRequests.total} (${pct(t.acceptedRequests)}), ` +
    `refused requests breaking only their rule ${t.refusedRequests.valid}/${t.refusedRequests.total} (${pct(t.refusedRequests)}); ` +
    `${t.mismatches} mismatches in ${r.groups.length} groups`
  );
}

export function renderMarkdown(r: DescriptionReport): string {
  const t = r.totals;
  const table = (groups: MismatchGroup[]) =>
    groups.length
      ? [
          '| count | in | operation | status | path | kind | example | scenario |',
          '| ---: | --- | --- | --- | --- | --- | --- | --- |',
          ...groups.map((g) => `| ${g.count} | ${g.in} | ${cell(g.operation)} | ${g.status ?? ''} | ${cell(g.path || '(body)')} | ${g.kind} | ${cell(g.example.message)} | ${cell(g.example.scenario)} |`),
        ]
      : ['None.'];
  const lines = [
    '# Exchanges against the description',
    '',
    `Description: ${r.description}. Exchanges: ${r.exchanges}.`,
    '',
    `- Responses valid: ${t.responses.valid} / ${t.responses.total} (${pct(t.responses)})`,
    `- Webhook notifications valid: ${t.webhooks.valid} / ${t.webhooks.total} (${pct(t.webhooks)})`,
    `- Accepted requests (2xx) valid: ${t.acceptedRequests.valid} / ${t.acceptedRequests.total} (${pct(t.acceptedRequests)})`,
    `- Requests sent to break one field rule, refused, that break the description only there: ${t.refusedRequests.valid} / ${t.refusedRequests.total} (${pct(t.refusedRequests)})`,
    `- Triggers the target offers beyond the documents, not judged: ${t.targetOwn}`,
    `- Notifications of types the description names no webhook for, not judged: ${t.webhooksUndescribed}${t.webhooksUndescribed ? ` (${Object.entries(t.undescribedTypes).map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
    `- Mismatches: ${t.mismatches} in ${r.groups.length} groups${t.redactedNotJudged ? ` (and ${t.redactedNotJudged} on values the recorder redacted, not judged)` : ''}; by kind: ${Object.entries(t.byKind).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    '',
    'Applied to the description before judging (the interface overrides it where its header says so; where its own text names an error code its schema lacks, the text is taken):',
    '',
    ...r.adjustments.map((a) => `- ${a}`),
    ...(r.discriminatorsAsOneOf.length ? ['', 'Discriminators judged as plain oneOf:', '', ...r.discriminatorsAsOneOf.map((d) => `- ${d}`)] : []),
    '',
    `## The target's answers and notifications: ${r.findings.target} findings`,
    '',
    ...table(r.groups.filter((g) => g.in === 'response' || g.in === 'webhook')),
    '',
    `## The suite's requests: ${r.findings.requests} mismatches`,
    '',
    'A request a scenario sends as valid that the description does not allow, or one sent to break one field rule that breaks another too, is a fault of the suite, not of the target.',
    '',
    ...table(r.groups.filter((g) => g.in !== 'response' && g.in !== 'webhook')),
    '',
  ];
  return lines.join('\n');
}
