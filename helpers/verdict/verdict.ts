// The run's verdict: whether the target is conformant, and why not. A run is conformant only when
// scenarios ran, none failed, the webhook listener recorded no finding, and every skip is explained
// by a capability the target declares it lacks (external mode; embedded and container modes, whose
// target is this project's sandbox, may not skip at all). The global setup's teardown writes it to
// reports/verdict.json; the entry points (helpers/verdict/cli.ts, selftest/run-conformance.ts,
// `npm run certify`) read it and derive the exit status and the last lines of the output from it.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { applyKnownFailures, type KnownFailure } from './known-failures.js';

export const VERDICT_FILE = 'verdict.json';

export type TargetMode = 'embedded' | 'external' | 'container';

export interface ScenarioOutcome {
  /** The scenario file, relative to the project root. */
  file: string;
  /** describe > it. */
  name: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  /** First line of the first error of a failed scenario. */
  message?: string;
  /** Its name (AssertionError for a failed expectation). */
  errorName?: string;
  /** For a skip: the capability the target lacks, as `requireCapability` recorded it. */
  capabilityReason?: string;
  /** For a skip: the note given to ctx.skip, if any. */
  note?: string;
  /** For a pass: why the scenario did not judge its title's main claim (helpers/scenario.ts judgedPartly). */
  judgedPartly?: string;
  /** For a pass on a retry (SVC_RETRIES): the first line of each failed attempt's error. */
  flaky?: string[];
}

export interface ListenerFindingLike {
  kind: string;
  message: string;
  type?: string;
  eventId?: string;
}

/**
 * A run held to a description (SVC_OPENAPI): the target's mismatches (responses and webhook
 * notifications that break it) are findings, each group named by operation, status, path and kind.
 * The suite's own requests that break it are counted and reported, not held against the target.
 */
export interface DescriptionVerdict {
  file: string;
  /** The figures in one line (responses, notifications and accepted requests valid). */
  summary: string;
  /** Mismatches in the target's responses and notifications. */
  findings: number;
  /** Mismatches in requests the suite sent as valid and the target accepted. */
  requests: number;
  groups: { in: string; operation: string; status: number | null; path: string; kind: string; count: number; message: string; scenario?: string }[];
  /** Groups beyond those listed (reports/description.md has every one). */
  groupsLeftOut: number;
}

export interface Verdict {
  conformant: boolean;
  mode: TargetMode;
  runId: string;
  /** The run's generated data: SVC_SEED=seed SVC_RULE_RUNS=ruleRuns replays its requests (helpers/field-rules/check.ts). */
  generation?: Generation;
  counts: { passed: number; failed: number; skipped: number; pending: number };
  /** Short reasons, in the order the summary line names them. */
  reasons: string[];
  /** Each with how to reproduce it, where the scenario recorded it (helpers/verdict/replay.ts): the command that replays it alone, its last exchange as curl. */
  failures: { file: string; name: string; message: string; errorName?: string; replay?: string; curl?: string }[];
  /** Errors of a scenario file itself (it did not load, or a hook outside any scenario failed). */
  fileErrors: { file: string; message: string }[];
  findings: ListenerFindingLike[];
  skips: { file: string; name: string; reason: string; explained: boolean }[];
  /** Passed scenarios that did not judge their title's main claim (the target took an alternative the documents allow), and why. */
  partly: { file: string; name: string; reason: string }[];
  /** Present when the run was held to a description (SVC_OPENAPI). */
  description?: DescriptionVerdict;
  /** Per area that ran (the folder under suites/ of its scenarios): its tally. An area with a skip was not judged in full. */
  areas?: Record<string, { passed: number; failed: number; skipped: number }>;
  /** Errors vitest caught outside the scenarios (unhandled rejections, a worker's crash): any makes vitest's exit status fail the run. */
  unhandledErrors?: number;
  /** When the run's harness started (ISO): a merge's history line counts from the earliest shard's. */
  startedAt?: string;
  /** The platform configuration's id the target answered (GET /config), for the certification. */
  platformConfigId?: string;
  /** With SVC_FAIL_ON=new: failures the baseline run had too, and its findings of the same kind and type: reported, not held against the run. */
  stillFailing?: { file: string; name: string; message: string; errorName?: string }[];
  findingsInBaseline?: ListenerFindingLike[];
  /** Scenarios that failed and then passed on a retry, with their failed attempts: counted apart; they fail certification. */
  flaky?: { file: string; name: string; attempts: string[] }[];
  /** Scenarios flaky in three or more of the last runs of the history (SVC_HISTORY), with how many. */
  oftenFlaky?: { scenario: string; runs: number; of: number }[];
  /** Failures the known-failures list accepts (SVC_KNOWN_FAILURES): not in `failures` nor in counts.failed. */
  known?: { file: string; name: string; message: string; errorName?: string; reason: string; expires: string }[];
  /** Entries of the list to remove: their scenario passed, or no failure cited their rule. */
  knownFixed?: string[];
  /** Entries of the list past their date: each fails the run. */
  knownExpired?: string[];
}

/** The area of a scenario file: its folder under suites/. */
const areaOfFile = (file: string) => /^suites\/([^/]+)\//.exec(file.replace(/\\/g, '/'))?.[1];

function tallyAreas(scenarios: ScenarioOutcome[]): NonNullable<Verdict['areas']> {
  const areas: NonNullable<Verdict['areas']> = {};
  for (const s of scenarios) {
    const area = areaOfFile(s.file);
    if (!area || s.state === 'pending') continue;
    const a = (areas[area] ??= { passed: 0, failed: 0, skipped: 0 });
    a[s.state]++;
  }
  return areas;
}

/**
 * The areas a conformant run did not judge in full, each with its skips' reasons (the capabilities
 * the target declares it lacks): "conformant for 20 of 23 areas; not judged in full: stablecoins (3
 * skipped: ...)". Empty when every area that ran was judged in full.
 */
export function areasNotJudgedInFull(v: Verdict): { area: string; skipped: number; reasons: string[] }[] {
  return Object.entries(v.areas ?? {})
    .filter(([, a]) => a.skipped > 0)
    .map(([area, a]) => ({ area, skipped: a.skipped, reasons: [...new Set(v.skips.filter((s) => areaOfFile(s.file) === area).map((s) => s.reason))] }))
    .sort((x, y) => x.area.localeCompare(y.area));
}

function areasClause(v: Verdict): string {
  const partial = areasNotJudgedInFull(v);
  if (!partial.length) return '';
  const ran = Object.keys(v.areas ?? {}).length;
  const named = partial.map((p) => `${p.area} (${p.skipped} skipped: ${p.reasons[0] ?? 'no reason recorded'}${p.reasons.length > 1 ? `; and ${p.reasons.length - 1} more reason(s)` : ''})`);
  return ` for ${ran - partial.length} of ${ran} areas; not judged in full: ${named.join(', ')}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';
}

export interface Generation {
  seed: number;
  ruleRuns: number;
}

export function judgeRun(input: {
  mode: TargetMode;
  runId: string;
  generation?: Generation;
  scenarios: ScenarioOutcome[];
  fileErrors?: { file: string; message: string }[];
  findings: ListenerFindingLike[];
  description?: DescriptionVerdict;
  /** The known-failures list and the day it is judged on (YYYY-MM-DD, UTC). */
  known?: { entries: KnownFailure[]; today: string; whole?: boolean };
  /** SVC_FAIL_ON=new: the baseline's failing scenarios (`file > name`) and findings (helpers/report/diff.ts findingKey). */
  onlyNew?: { failing: ReadonlySet<string>; findings: ReadonlySet<string> };
}): Verdict {
  const { mode, scenarios, description } = input;
  const inBaseline = (f: ListenerFindingLike) => input.onlyNew?.findings.has(`[${f.kind}] ${f.type ?? '?'}`) ?? false;
  const findings = input.findings.filter((f) => !inBaseline(f));
  const findingsInBaseline = input.findings.filter(inBaseline);
  const fileErrors = input.fileErrors ?? [];
  const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
  for (const s of scenarios) counts[s.state]++;
  const failed = scenarios.filter((s) => s.state === 'failed').map((s) => ({ file: s.file, name: s.name, message: s.message ?? '', errorName: s.errorName }));
  const sorted = input.known ? applyKnownFailures(failed, new Set(scenarios.filter((s) => s.state === 'passed').map((s) => `${s.file} > ${s.name}`)), input.known.entries, input.known.today, input.known.whole) : undefined;
  const failures = (sorted?.failures ?? failed).filter((f) => !input.onlyNew?.failing.has(`${f.file} > ${f.name}`));
  const stillFailing = input.onlyNew ? (sorted?.failures ?? failed).filter((f) => input.onlyNew!.failing.has(`${f.file} > ${f.name}`)) : undefined;
  counts.failed = failures.length;
  const baseline = input.onlyNew ? { stillFailing, findingsInBaseline } : {};
  const known = sorted ? { known: sorted.known, knownFixed: sorted.fixed, knownExpired: sorted.expired } : {};
  // Only a declared lack explains a skip, and only where the target is not this project's own sandbox,
  // which offers every capability the suites need.
  const skips = scenarios
    .filter((s) => s.state === 'skipped')
    .map((s) => ({
      file: s.file,
      name: s.name,
      reason: s.capabilityReason ?? s.note ?? 'skipped without a declared capability (it.skip, ctx.skip or a cancelled run)',
      explained: mode === 'external' && s.capabilityReason !== undefined,
    }));
  const partly = scenarios.filter((s) => s.state === 'passed' && s.judgedPartly).map((s) => ({ file: s.file, name: s.name, reason: s.judgedPartly! }));
  const flaky = scenarios.filter((s) => s.state === 'passed' && s.flaky).map((s) => ({ file: s.file, name: s.name, attempts: s.flaky! }));
  return concluded({ mode, runId: input.runId, generation: input.generation, counts, failures, fileErrors, findings, skips, partly, areas: tallyAreas(scenarios), ...(description ? { description } : {}), ...known, ...baseline, ...(flaky.length ? { flaky } : {}) });
}

/** A verdict from its parts: the reasons (and so `conformant`) follow from them alone, for one run or merged shards. */
function concluded(parts: Omit<Verdict, 'conformant' | 'reasons' | 'generation' | 'partly'> & { generation?: Generation; partly?: Verdict['partly']; shardProblems?: string[] }): Verdict {
  const { mode, runId, generation, counts, failures, fileErrors, findings, skips, partly = [], description, areas, shardProblems = [], known, knownFixed, knownExpired } = parts;
  const unexplained = skips.filter((s) => !s.explained);
  const reasons: string[] = [...shardProblems];
  if (knownExpired?.length) reasons.push(`${plural(knownExpired.length, 'known-failures entry', 'known-failures entries')} past its date: ${knownExpired.join('; ')}`);
  if (counts.passed + counts.failed + counts.skipped + counts.pending === 0) reasons.push('no scenario ran');
  if (fileErrors.length) reasons.push(`${plural(fileErrors.length, 'scenario file')} failed outside any scenario`);
  if (counts.failed) reasons.push(`${plural(counts.failed, 'scenario')} failed`);
  if (findings.length) {
    const f = findings[0];
    reasons.push(`${plural(findings.length, 'listener finding')}: [${f.kind}] ${f.type ?? '?'}${f.eventId ? ` ${f.eventId}` : ''}: ${firstLine(f.message)}${findings.length > 1 ? ' ...' : ''}`);
  }
  if (description?.findings) {
    const g = description.groups[0];
    reasons.push(`${plural(description.findings, 'description finding')} against ${description.file}${g ? `: ${g.operation}${g.status === null ? '' : ` ${g.status}`} ${g.path || '(body)'} ${g.kind}${description.findings > g.count ? ' ...' : ''}` : ''}`);
  }
  if (unexplained.length) {
    reasons.push(
      mode === 'external'
        ? `${plural(unexplained.length, 'skip')} not explained by a capability the target declares it lacks`
        : `${plural(unexplained.length, 'skip')} in ${mode} mode, where nothing may skip`,
    );
  }
  if (counts.pending) reasons.push(`${plural(counts.pending, 'scenario')} did not finish`);
  const list = { ...(parts.stillFailing ? { stillFailing: parts.stillFailing, findingsInBaseline: parts.findingsInBaseline ?? [] } : {}), ...(known ? { known, knownFixed: knownFixed ?? [], knownExpired: knownExpired ?? [] } : {}), ...(parts.flaky?.length ? { flaky: parts.flaky } : {}), ...(parts.oftenFlaky?.length ? { oftenFlaky: parts.oftenFlaky } : {}) };
  return { conformant: reasons.length === 0, mode, runId, ...(generation ? { generation } : {}), counts, reasons, failures, fileErrors, findings, skips, partly, ...(description ? { description } : {}), ...(areas ? { areas } : {}), ...list };
}

/**
 * The verdict of a sharded run (`npm run merge`): conformant only when every shard wrote a verdict,
 * all against the same kind of target, and the scenarios, findings and skips of all of them together
 * make a conformant run; `problems` of the merge itself (its results' merge failed) fail it too. Its
 * generated data is the shards' when they share it (one SVC_SEED and SVC_RULE_RUNS for every shard, as
 * the workflow gives them), else unknown.
 */
export function mergeVerdicts(shards: { name: string; verdict: Verdict | undefined }[], problems: string[] = []): Verdict {
  const written = shards.flatMap((s) => (s.verdict ? [s.verdict] : []));
  const unfinished = shards.filter((s) => !s.verdict).map((s) => s.name);
  const modes = [...new Set(written.map((v) => v.mode))];
  const generations = [...new Set(written.map((v) => (v.generation ? `${v.generation.seed}/${v.generation.ruleRuns}` : '')))];
  const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
  for (const v of written) for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += v.counts[k];
  const shardProblems = [
    ...problems,
    ...(unfinished.length ? [`${plural(unfinished.length, 'shard')} wrote no verdict (it did not finish): ${unfinished.join(', ')}`] : []),
    ...(modes.length > 1 ? [`the shards ran against different kinds of target: ${modes.join(', ')}`] : []),
  ];
  return concluded({
    mode: modes[0] ?? 'embedded',
    runId: written.map((v) => v.runId).join(' '),
    generation: written.length === shards.length && generations.length === 1 ? written[0].generation : undefined,
    counts,
    failures: written.flatMap((v) => v.failures),
    fileErrors: written.flatMap((v) => v.fileErrors),
    findings: written.flatMap((v) => v.findings),
    skips: written.flatMap((v) => v.skips),
    partly: written.flatMap((v) => v.partly ?? []),
    ...(written.some((v) => v.flaky?.length) ? { flaky: written.flatMap((v) => v.flaky ?? []) } : {}),
    ...(written.some((v) => v.stillFailing) ? { stillFailing: written.flatMap((v) => v.stillFailing ?? []), findingsInBaseline: written.flatMap((v) => v.findingsInBaseline ?? []) } : {}),
    ...(written.some((v) => v.known) ? { known: written.flatMap((v) => v.known ?? []), knownFixed: [...new Set(written.flatMap((v) => v.knownFixed ?? []))], knownExpired: [...new Set(written.flatMap((v) => v.knownExpired ?? []))] } : {}),
    areas: mergedAreas(written),
    ...mergedDescription(written),
    shardProblems,
  });
}

/** The shards' area tallies summed. */
function mergedAreas(written: Verdict[]): NonNullable<Verdict['areas']> {
  const areas: NonNullable<Verdict['areas']> = {};
  for (const v of written) {
    for (const [area, t] of Object.entries(v.areas ?? {})) {
      const a = (areas[area] ??= { passed: 0, failed: 0, skipped: 0 });
      a.passed += t.passed;
      a.failed += t.failed;
      a.skipped += t.skipped;
    }
  }
  return areas;
}

/** The shards' description verdicts as one: their findings summed, their groups listed together. */
function mergedDescription(written: Verdict[]): { description?: DescriptionVerdict } {
  const parts = written.flatMap((v) => (v.description ? [v.description] : []));
  if (!parts.length) return {};
  return {
    description: {
      file: [...new Set(parts.map((d) => d.file))].join(', '),
      summary: parts.map((d) => d.summary).join(' | '),
      findings: parts.reduce((n, d) => n + d.findings, 0),
      requests: parts.reduce((n, d) => n + d.requests, 0),
      groups: parts.flatMap((d) => d.groups),
      groupsLeftOut: parts.reduce((n, d) => n + d.groupsLeftOut, 0),
    },
  };
}

/** The last lines of a run: details first, the one-line verdict last. */
export function verdictLines(v: Verdict, max = 20): string[] {
  const { passed, failed, skipped } = v.counts;
  const partly = v.partly?.length ?? 0;
  const knownCount = v.known?.length ?? 0;
  const flakyCount = v.flaky?.length ?? 0;
  const still = v.stillFailing?.length ?? 0;
  const tally = `${passed} passed, ${failed} failed${still ? ` (and ${still} failing in the baseline too)` : ''}, ${skipped} skipped${flakyCount ? `; flaky: ${flakyCount}` : ''}${knownCount ? `; known failures: ${knownCount}` : ''}${partly ? `; judged partly: ${partly} (reports/${VERDICT_FILE})` : ''}`;
  // The list's own news, in either verdict: what it accepted, and what to take off it.
  const listLines = [
    ...(v.known ?? []).map((k) => `  known failure: ${k.file} > ${k.name}: ${k.message} (accepted until ${k.expires}: ${k.reason})`),
    ...(v.knownFixed ?? []).map((f) => `  fixed: ${f}`),
    ...(v.stillFailing ?? []).map((f) => `  still failing (as in the baseline): ${f.file} > ${f.name}: ${f.message}`),
    ...(v.findingsInBaseline ?? []).map((f) => `  listener finding as in the baseline: [${f.kind}] ${f.type ?? '?'}: ${firstLine(f.message)}`),
    ...(v.flaky ?? []).map((f) => `  flaky: ${f.file} > ${f.name}: passed on a retry; its failed attempt: ${f.attempts[0] ?? '(no message)'}`),
    ...(v.oftenFlaky ?? []).map((f) => `  often flaky: ${f.scenario}: flaky in ${f.runs} of the last ${f.of} runs (SVC_HISTORY)`),
  ];
  // Held to a description: its figures, and the suite's own requests that break it (not the target's fault).
  const described = v.description ? [`description (${v.description.file}): ${v.description.summary}${v.description.requests ? `; the suite's own requests that break it: ${v.description.requests} (reports/description.md)` : ''}`] : [];
  if (v.conformant) {
    const declared = v.skips.length ? ` (${plural(v.skips.length, 'skip')} for capabilities the target declares it lacks)` : '';
    return [...listLines, ...described, `verdict: conformant${areasClause(v)}: ${tally}${declared}`];
  }
  const details = [
    ...listLines,
    ...v.fileErrors.map((e) => `  file error: ${e.file}: ${e.message}`),
    ...v.failures.flatMap((f) => [`  failed: ${f.file} > ${f.name}: ${f.message}`, ...(f.replay ? [`    replay: ${f.replay}`] : []), ...(f.curl ? [`    its last exchange: ${f.curl}`] : [])]),
    ...v.findings.map((f) => `  listener finding: [${f.kind}] ${f.type ?? '?'}${f.eventId ? ` ${f.eventId}` : ''}: ${firstLine(f.message)}`),
    ...v.skips.filter((s) => !s.explained).map((s) => `  skipped: ${s.file} > ${s.name}: ${s.reason}`),
    ...(v.description?.findings
      ? v.description.groups.map((g) => `  description: ${g.operation}${g.status === null ? '' : ` ${g.status}`} ${g.in} ${g.path || '(body)'} ${g.kind} x${g.count}: ${firstLine(g.message)}`)
      : []),
  ];
  const shown = details.slice(0, max);
  if (details.length > max) shown.push(`  ... and ${details.length - max} more (reports/${VERDICT_FILE})`);
  return ['', ...shown, ...described, `verdict: NOT CONFORMANT: ${v.reasons.join('; ')}; ${tally}`];
}

export function readVerdict(reportsDir: string): Verdict | undefined {
  const file = join(reportsDir, VERDICT_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Verdict;
  } catch {
    return undefined;
  }
}

export interface Conclusion {
  /** The exit status the run must end with. */
  code: number;
  verdict?: Verdict;
  lines: string[];
}

/**
 * The end of a run as an entry point sees it: vitest's exit and the verdict its teardown wrote.
 * No verdict (the run did not reach its teardown), an interruption, or a vitest failure the verdict
 * does not account for (an unhandled error) all make the run fail, saying so.
 */
export function concludeRun(reportsDir: string, exit: { code: number | null; signal?: NodeJS.Signals | null }): Conclusion {
  const verdict = readVerdict(reportsDir);
  const where = relative(process.cwd(), join(reportsDir, VERDICT_FILE)) || VERDICT_FILE;
  if (exit.signal) {
    return { code: 128 + (exit.signal === 'SIGINT' ? 2 : 15), verdict, lines: ['', `verdict: NOT CONFORMANT: the run was interrupted (${exit.signal})`] };
  }
  if (!verdict) {
    return { code: exit.code || 1, lines: ['', `verdict: NOT CONFORMANT: the run wrote no verdict (${where}); vitest exited with code ${exit.code}: the target could not be set up or the run stopped early (see above)`] };
  }
  const lines = verdictLines(verdict);
  // Scenarios that failed and that the verdict accepts (known failures, failures the baseline had too)
  // make vitest exit 1 by themselves: that exit is the verdict's, unless vitest also caught an error outside them.
  const accepted = (verdict.known?.length ?? 0) + (verdict.stillFailing?.length ?? 0);
  const explained = exit.code === 1 && accepted > 0 && verdict.unhandledErrors === 0;
  if (verdict.conformant && exit.code !== 0 && !explained) {
    return {
      code: exit.code || 1,
      verdict,
      lines: ['', `verdict: NOT CONFORMANT: vitest exited with code ${exit.code} (an error outside the scenarios, see above); ${lines[lines.length - 1].replace(/^verdict: conformant[^:]*: /, '')}`],
    };
  }
  return { code: verdict.conformant ? 0 : 1, verdict, lines };
}
