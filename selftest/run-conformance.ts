// Runs the conformance suites in a child vitest process, with its own reports directory, and
// returns the exit code and the output as `npm run conformance` ends them (the run's verdict,
// helpers/verdict/), the verdict itself, and (optionally) each scenario's status from vitest's JSON.
import { settingDefault, SETTINGS } from '../helpers/target/registry.js';
import { parseProfile, profileVariables } from '../helpers/target/profile.js';
import { EMBEDDED_TIMINGS, sandboxProfile } from '../sandbox/profile.js';
import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CONFORMANCE_PROJECTS, VERDICT_READER_ENV, VITEST, VITEST_NODE_ARGS } from '../helpers/verdict/cli.js';
import { concludeRun, type Verdict } from '../helpers/verdict/verdict.js';

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * What this project's sandbox declares about itself (its target profile, sandbox/profile.ts) as the
 * SVC_* variables an operator would set for it as an external target: derived, never copied by hand.
 */
export const SANDBOX_DECLARATIONS: Record<string, string> = (() => {
  const profile = parseProfile(
    sandboxProfile({
      baseUrl: 'http://127.0.0.1/2025-10-13',
      clientId: 'declarations',
      clientSecret: 'declarations',
      webhookPublicKeyPem: '-----BEGIN PUBLIC KEY-----',
      ...EMBEDDED_TIMINGS,
      counterpartyRules: true,
    }),
  );
  const { SVC_BASE_URL, SVC_CLIENT_ID, SVC_CLIENT_SECRET, SVC_WEBHOOK_PUBLIC_KEY, SVC_WEBHOOK_RETRY_WITHIN_MS, SVC_WEBHOOK_RETRY_BASE_MS, SVC_CARD_ACTIVATION_DELAY_MS, SVC_INCOMING_APPROVAL_WINDOW_MS, SVC_UMA_LOOKUP_TTL_MS, ...declared } = profileVariables(profile);
  return declared;
})();

export interface ConformanceRun {
  /** The exit status the verdict gives the run (as `npm run conformance` exits). */
  code: number;
  /** What the run printed, ending with the verdict lines. */
  output: string;
  /** The verdict the run's teardown wrote; absent when the run did not reach it. */
  verdict?: Verdict;
  durationMs: number;
  /** fullName -> passed | failed | skipped | ..., when `json` was asked for. */
  statuses?: Map<string, string>;
  /** The run's reports directory, kept when `keepReports` was asked for. */
  reportsDir?: string;
}

export interface RunOptions {
  dirs?: string[];
  env?: Record<string, string>;
  bail?: boolean;
  json?: boolean;
  keepReports?: boolean;
  /** Further vitest arguments (for example --shard=1/2). */
  args?: string[];
  /** Sees the output as it comes (for example to find the listener's URL in the first lines). */
  onOutput?: (chunk: string) => void;
}

export function runConformance(opts: RunOptions = {}): Promise<ConformanceRun> {
  const reports = mkdtempSync(join(tmpdir(), 'svc-run-'));
  const jsonFile = join(reports, 'results.json');
  const args = [...VITEST_NODE_ARGS, VITEST, 'run', ...CONFORMANCE_PROJECTS];
  // Kept reports are the configured ones (Allure, JUnit); otherwise a quiet reporter.
  if (opts.json) args.push('--reporter=dot', '--reporter=json', `--outputFile.json=${jsonFile}`);
  else if (!opts.keepReports) args.push('--reporter=dot');
  if (opts.bail) args.push('--bail=1');
  args.push(...(opts.args ?? []));
  args.push(...(opts.dirs ?? []));
  const started = Date.now();
  return new Promise((done) => {
    // A self-test holds the suite to passing at the first attempt: no retries (SVC_RETRIES) unless it asks.
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, SVC_BASE_URL: '', SANDBOX_FAULTS: '', SANDBOX_SCA_DEBIT_AT: '', SANDBOX_QUOTE_VELOCITY_COUNT: '', SANDBOX_QUOTE_VELOCITY_REFUSED: '', SANDBOX_CHOICES: '', SVC_RETRIES: '0', ...localConcurrency(opts.env), SVC_REPORTS_DIR: reports, FORCE_COLOR: '0', NO_COLOR: '1', ...VERDICT_READER_ENV, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      opts.onOutput?.(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) => {
      const conclusion = concludeRun(reports, { code, signal });
      output += `${conclusion.lines.join('\n')}\n`;
      let statuses: Map<string, string> | undefined;
      if (opts.json) {
        try {
          const json = JSON.parse(readFileSync(jsonFile, 'utf8')) as { testResults: { assertionResults: { fullName: string; status: string }[] }[] };
          statuses = new Map(json.testResults.flatMap((f) => f.assertionResults.map((a) => [a.fullName, a.status] as [string, string])));
        } catch {
          statuses = undefined;
        }
      }
      if (!opts.keepReports) rmSync(reports, { recursive: true, force: true });
      done({ code: conclusion.code, output, verdict: conclusion.verdict, durationMs: Date.now() - started, statuses, reportsDir: opts.keepReports ? reports : undefined });
    });
  });
}

/** Every scenario of the run passed, and the run was a whole one (at least SUITE_SCENARIO_FLOOR scenarios: a run that lost files cannot pass). */
export function expectEveryScenarioPassed(statuses: Map<string, string>): void {
  const notPassed = [...statuses].filter(([, s]) => s !== 'passed');
  expect(notPassed, 'scenarios that did not pass').toEqual([]);
  expect(statuses.size, 'the run ran the whole suite').toBeGreaterThanOrEqual(SUITE_SCENARIO_FLOOR);
}

/** The fewest scenarios a whole run has (the suite had 732 at this writing; fewer means files were lost). */
const SUITE_SCENARIO_FLOOR = 700;

/**
 * `npm run conformance` as a user runs it (its entry point, helpers/verdict/cli.ts) with `args` and
 * `env`, in a reports folder of its own unless `env` names one: its exit code, everything it printed,
 * and the folder. No target, profile, fault or choice of the calling environment leaks in.
 */
/**
 * A self-test's targets are all on this machine, a standalone sandbox too: a run against one is bound
 * by these cores, as an embedded run is, so it gets an embedded run's concurrency (SVC_CONCURRENCY),
 * not a remote target's, unless it asks otherwise. Embedded runs are left to their default.
 */
function localConcurrency(env: Record<string, string | undefined> = {}): Record<string, string> {
  const external = Boolean(env.SVC_BASE_URL || env.SVC_TARGET_PROFILE);
  return external && !env.SVC_CONCURRENCY ? { SVC_CONCURRENCY: String(settingDefault(SETTINGS.concurrency, 'embedded')) } : {};
}

export function runEntryPoint(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string; reports: string }> {
  const reports = env.SVC_REPORTS_DIR ?? mkdtempSync(join(tmpdir(), 'svc-entry-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'helpers/verdict/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, SVC_BASE_URL: '', SVC_TARGET_PROFILE: '', SANDBOX_FAULTS: '', SANDBOX_CHOICES: '', ...localConcurrency(env), FORCE_COLOR: '0', NO_COLOR: '1', SVC_REPORTS_DIR: reports, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b));
  child.stderr!.on('data', (b: Buffer) => (output += b));
  return new Promise((done) => child.on('close', (code) => done({ code, output, reports })));
}
