// Runs the conformance suites in a child vitest process, with its own reports directory, and
// returns the exit code, the output and (optionally) each scenario's status from vitest's JSON.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * What an operator declares about this project's sandbox when it runs as an external or container
 * target (README, "Against another target"): the same capabilities embedded mode knows by itself.
 */
export const SANDBOX_DECLARATIONS: Record<string, string> = {
  SVC_BITCOIN_WALLET_TYPE: 'SPARK_WALLET',
  SVC_FAILURE_TRIGGERS: 'QUOTE_EXECUTION_FAILED=002,PAYOUT_RETURNED=005,ACCOUNT_CANNOT_RECEIVE=004,ACCOUNT_INVALID=008,COMPLIANCE_REJECTED=009,LIMIT_EXCEEDED=011',
  SVC_LIMIT_SINGLE_USD_CENTS: '5000000',
  SVC_LIMIT_DAILY_USD_CENTS: '10000000',
  SVC_LIMIT_VERIFICATION_USD_CENTS: '100000',
  SVC_SCA_REGION: 'DE',
  SVC_HOLD_TRIGGER: '012',
};
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

export interface ConformanceRun {
  code: number;
  output: string;
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
  /** Called with the run's output as it comes (for example to read the listener URL the run prints). */
  onOutput?: (chunk: string) => void;
}

export function runConformance(opts: RunOptions = {}): Promise<ConformanceRun> {
  const reports = mkdtempSync(join(tmpdir(), 'svc-run-'));
  const jsonFile = join(reports, 'results.json');
  const args = [VITEST, 'run', '--project', 'conformance', '--project', 'conformance-platform'];
  // Kept reports are the configured ones (Allure, JUnit); otherwise a quiet reporter.
  if (opts.json) args.push('--reporter=dot', '--reporter=json', `--outputFile.json=${jsonFile}`);
  else if (!opts.keepReports) args.push('--reporter=dot');
  if (opts.bail) args.push('--bail=1');
  args.push(...(opts.args ?? []));
  args.push(...(opts.dirs ?? []));
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, SVC_BASE_URL: '', SANDBOX_FAULTS: '', SVC_REPORTS_DIR: reports, FORCE_COLOR: '0', NO_COLOR: '1', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (c: Buffer) => {
      output += c;
      opts.onOutput?.(c.toString());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
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
      done({ code: code ?? 1, output, durationMs: Date.now() - started, statuses, reportsDir: opts.keepReports ? reports : undefined });
    });
  });
}
