// `npm run description:check -- [--openapi <file>] [--exchanges <file>]`: how far the target's answers,
// its notifications and the requests it accepted hold to the service's public description. Without
// --exchanges, one embedded conformance run held to the description (SVC_OPENAPI, helpers/description/live.ts)
// judges every exchange as it happens; with it, a file the recorder wrote (SVC_RECORD_EXCHANGES,
// helpers/description/recorder.ts) is judged instead. Either way it writes reports/description.json and
// reports/description.md (helpers/description/tally.ts) and exits 0 whatever it finds: a measurement.
// To make the description part of a run's verdict, set SVC_OPENAPI on `npm run conformance` itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { REPORTS_DIR } from '../paths.js';
import { REDACTED } from '../redact.js';
import { at, DEFAULT_DESCRIPTION } from './document.js';
import type { RecordedExchange } from './recorder.js';
import { DescriptionTally, judgeExchange, renderMarkdown, summaryLine, type DescriptionReport, type JudgedExchange } from './tally.js';
import { DescriptionValidator, type Mismatch } from './validator.js';

/** Judges a recorder's lines. A value the recorder redacted is not the value sent: only its presence is judged. */
export function checkExchanges(validator: DescriptionValidator, lines: readonly string[]): DescriptionTally {
  const tally = new DescriptionTally();
  for (const line of lines) {
    if (!line.trim()) continue;
    const x = JSON.parse(line) as RecordedExchange;
    const judged = judgeExchange(validator, {
      method: x.method,
      url: x.url,
      template: x.template,
      query: x.query,
      requestContentType: x.requestHeaders['content-type'],
      requestBody: x.requestBodyKind === 'none' ? undefined : x.requestBody,
      status: x.status,
      responseContentType: x.responseContentType,
      responseBody: x.responseBody,
    });
    let redacted = 0;
    const judgedAsSent = (found: Mismatch[]) =>
      found.filter((m) => {
        const body = m.in === 'response' ? x.responseBody : m.in === 'query' ? x.query : x.requestBody;
        const value = m.path === '' ? undefined : at(body, m.path);
        const left = typeof value === 'string' && value.includes(REDACTED) && m.kind !== 'missing-required';
        if (left) redacted++;
        return !left;
      });
    const kept: JudgedExchange = { ...judged, url: x.url, ...(x.scenario ? { scenario: x.scenario } : {}), response: judgedAsSent(judged.response), ...(judged.request ? { request: judgedAsSent(judged.request) } : {}) };
    tally.addExchange(kept);
    tally.leftOutRedacted(redacted);
  }
  return tally;
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

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (!args.exchanges) {
    // One embedded run held to the description writes the reports itself; its verdict is printed, its exit status not taken.
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    spawnSync(npm, ['run', 'conformance'], { stdio: 'inherit', env: { ...process.env, SVC_OPENAPI: args.openapi, SVC_REPORTS_DIR: args.out } });
    return;
  }
  const validator = DescriptionValidator.load(args.openapi);
  const tally = checkExchanges(validator, readFileSync(args.exchanges, 'utf8').split('\n'));
  const report: DescriptionReport = {
    description: relative(process.cwd(), args.openapi) || args.openapi,
    adjustments: validator.description.adjustments,
    discriminatorsAsOneOf: validator.description.discriminatorsAsOneOf,
    exchanges: `recorded in ${relative(process.cwd(), args.exchanges)}`,
    totals: tally.totals,
    findings: tally.findings(),
    groups: tally.sortedGroups(),
  };
  mkdirSync(args.out, { recursive: true });
  writeFileSync(join(args.out, 'description.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(args.out, 'description.md'), renderMarkdown(report));
  process.stdout.write(`description check: ${summaryLine(report)}: ${relative(process.cwd(), join(args.out, 'description.md'))}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    main();
  } catch (err) {
    process.stderr.write(`description check: ${(err as Error).message}\n`);
    process.exit(2);
  }
}
