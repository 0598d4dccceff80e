// A run held to a description (SVC_OPENAPI), on the global setup's side: it checks at the start that
// the description loads, judges each webhook notification the listener receives, and at the end
// tallies the workers' judgement files (./live.ts) with the notifications into
// reports/description.json and reports/description.md, and gives the verdict what it needs to count
// the target's mismatches as findings.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { redactor } from '../redact.js';
import type { DescriptionVerdict } from '../verdict/verdict.js';
import type { LiveDescription } from './live.js';
import { DescriptionTally, renderMarkdown, summaryLine, type DescriptionReport, type JudgedExchange, type JudgedPayload } from './tally.js';
import { DescriptionValidator } from './validator.js';

/** Groups the verdict names in full; the report has them all. */
const VERDICT_GROUPS = 50;

export class DescriptionRun {
  readonly live: LiveDescription;
  private readonly payloads = new DescriptionTally();

  private constructor(
    private readonly validator: DescriptionValidator,
    dir: string,
  ) {
    this.live = { file: validator.description.file, dir };
  }

  /** Loads the description (a clear error where it cannot be read) and makes the judgements' folder. */
  static start(file: string, dir: string): DescriptionRun {
    const path = resolve(file);
    if (!existsSync(path)) throw new Error(`SVC_OPENAPI: no such file: ${file}`);
    let validator: DescriptionValidator;
    try {
      validator = DescriptionValidator.load(path);
    } catch (err) {
      throw new Error(`SVC_OPENAPI: ${file} cannot be read as an OpenAPI 3.1 description: ${(err as Error).message}`);
    }
    mkdirSync(dir, { recursive: true });
    return new DescriptionRun(validator, dir);
  }

  /** The listener's hook: one notification's payload, judged against the description's webhooks. */
  readonly onNotification = (payload: unknown): void => {
    let judged: JudgedPayload;
    try {
      const type = payload && typeof payload === 'object' ? (payload as { type?: unknown }).type : undefined;
      judged = { ...(typeof type === 'string' ? { type } : {}), mismatches: this.validator.validateWebhook(payload) };
    } catch (err) {
      judged = { mismatches: [{ operation: 'webhook', status: null, in: 'webhook', path: '', kind: 'other', message: `the description could not judge this notification: ${(err as Error).message}` }] };
    }
    this.payloads.addPayload({ ...judged, mismatches: judged.mismatches.map((m) => ({ ...m, message: redactor.text(m.message) })) });
  };

  /** Tallies the run's judgements, writes the reports into `reportsDir`, and returns what the verdict counts. */
  finish(reportsDir: string): DescriptionVerdict {
    const tally = new DescriptionTally();
    for (const name of existsSync(this.live.dir) ? readdirSync(this.live.dir) : []) {
      for (const line of readFileSync(join(this.live.dir, name), 'utf8').split('\n')) {
        if (line.trim()) tally.addExchange(JSON.parse(line) as JudgedExchange);
      }
    }
    tally.merge({ totals: this.payloads.totals, groups: this.payloads.sortedGroups() });
    const groups = tally.sortedGroups();
    const report: DescriptionReport = {
      description: relative(process.cwd(), this.live.file) || this.live.file,
      adjustments: this.validator.description.adjustments,
      discriminatorsAsOneOf: this.validator.description.discriminatorsAsOneOf,
      exchanges: 'judged as this run made them',
      totals: tally.totals,
      findings: tally.findings(),
      groups,
    };
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(join(reportsDir, 'description.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(reportsDir, 'description.md'), renderMarkdown(report));
    const target = groups.filter((g) => g.in === 'response' || g.in === 'webhook');
    return {
      file: report.description,
      summary: summaryLine(report),
      findings: report.findings.target,
      requests: report.findings.requests,
      groups: target.slice(0, VERDICT_GROUPS).map((g) => ({ in: g.in, operation: g.operation, status: g.status, path: g.path, kind: g.kind, count: g.count, message: g.example.message, scenario: g.example.scenario })),
      groupsLeftOut: Math.max(0, target.length - VERDICT_GROUPS),
    };
  }
}
