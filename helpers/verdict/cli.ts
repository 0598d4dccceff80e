// `npm run conformance [-- vitest arguments]`: runs the conformance projects in a vitest child process
// and ends with the run's verdict (helpers/verdict/verdict.ts) as the last lines and the exit status.
// A child, not vitest's node API in this process: whatever vitest prints or does while it closes
// (global-setup teardowns, reporters, a hanging handle), the verdict is read after it has exited.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPORTS_DIR } from '../paths.js';
import { lockReportsFolder, type ReportsLock } from '../report/folder-lock.js';
import { loadLearnedSecrets, Redactor, scrubReports } from '../redact.js';
import type { SettingSources, TargetSettings } from '../target/settings.js';
import { concludeRun, VERDICT_FILE } from './verdict.js';
// The module for the target's API (undici) is loaded after the run has ended (recoverTarget).

const ROOT = resolve(import.meta.dirname, '../..');
export const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
/**
 * Node's options for a vitest process that runs scenarios. `--single-threaded-gc`: V8 collects each
 * thread's garbage on that thread, without its helper threads. A run keeps about ten threads busy (the
 * main thread with the sandbox and the listener, eight workers) on a machine of few cores, where a
 * parallel collection waits on helpers that the other threads keep off the cores; a run is shorter and
 * takes less CPU so. The mutation run's batches (four workers each) gain nothing, so they keep V8's
 * default. A V8 option, so given at the process's start: set later, V8 aborts.
 */
export const VITEST_NODE_ARGS = ['--single-threaded-gc'];
/** The project of a conformance run (the platform-wide scenarios run in it last, each alone). */
export const CONFORMANCE_PROJECTS = ['--project', 'conformance'];
/** Tells the global setup that an entry point prints the verdict last, so it need not. */
export const VERDICT_READER_ENV = { SVC_VERDICT_READER: '1' };

/**
 * The redaction layer on the run's output and reports (helpers/redact.ts): the secrets this process
 * knows (the platform credential of an external target or profile) and those the run's processes
 * share as they learn them (SVC_SECRETS_DIR: the credential of a sandbox or container the run
 * started, tokens issued during the run).
 */
class RunScrubber {
  readonly redactor = new Redactor();
  private seen = -1;
  /** Bytes of each worker's file of learned secrets read so far. */
  private readonly read = new Map<string, number>();
  private pending = '';

  constructor(readonly dir: string, credential: { clientId?: string; clientSecret?: string }) {
    if (credential.clientSecret) this.redactor.addCredential(credential.clientId ?? '', credential.clientSecret);
  }

  private refresh(): void {
    let size = 0;
    try {
      for (const f of readdirSync(this.dir)) size += statSync(join(this.dir, f)).size;
    } catch {
      return;
    }
    if (size === this.seen) return;
    this.seen = size;
    loadLearnedSecrets(this.dir, this.redactor, this.read);
  }

  /** Complete lines of `chunk`, scrubbed; a partial line waits for its end (a secret may span chunks). */
  lines(chunk: string): string {
    this.pending += chunk;
    const end = this.pending.lastIndexOf('\n');
    if (end < 0 && this.pending.length < 64 * 1024) return '';
    const ready = end < 0 ? this.pending : this.pending.slice(0, end + 1);
    this.pending = end < 0 ? '' : this.pending.slice(end + 1);
    this.refresh();
    return this.redactor.text(ready);
  }

  rest(): string {
    this.refresh();
    const out = this.redactor.text(this.pending);
    this.pending = '';
    return out;
  }

  reports(dir: string): void {
    this.refresh();
    scrubReports(dir, this.redactor);
  }
}

/**
 * Gives back the external target's webhook endpoint if the run `pid` ended still holding its lease
 * (helpers/target/endpoint-lease.ts): only while the endpoint is still that run's.
 */
async function recoverTarget(pid: number | undefined, sources: SettingSources | undefined, log: (line: string) => void): Promise<void> {
  if (pid === undefined || !sources) return;
  const [{ ApiClient }, { recoverLeaseOf }, { targetSettingsFrom }] = await Promise.all([
    import('../client.js'),
    import('../target/endpoint-lease.js'),
    import('../target/settings.js'),
  ]);
  let settings: TargetSettings;
  try {
    settings = targetSettingsFrom(sources);
  } catch {
    return; // the run itself reported the settings error
  }
  if (settings.mode !== 'external') return;
  const api = new ApiClient({ baseUrl: settings.baseUrl, clientId: settings.clientId, clientSecret: settings.clientSecret });
  try {
    await recoverLeaseOf(api, { baseUrl: settings.baseUrl, clientId: settings.clientId, pid, log });
  } catch (err) {
    log(`svc-conformance: ${(err as Error).message}`);
  } finally {
    await api.close();
  }
}

/**
 * The run's output until it names its target ("svc-conformance: target ..."): its setup. It is held,
 * and passed on once the target line comes. A run that ends before it (its setup failed) shows only
 * its own "svc-conformance:" lines, which say what went wrong and what to do, not the framework's
 * report of the same failure ("No test files found", a stack trace); a run that printed none of its
 * own shows everything it held.
 */
class SetupGate {
  private held: [NodeJS.WriteStream, string][] = [];
  private started = false;

  write(stream: NodeJS.WriteStream, text: string): void {
    if (this.started) {
      stream.write(text);
      return;
    }
    this.held.push([stream, text]);
    if (/svc-conformance: target \w/.test(this.held.map(([, t]) => t).join(''))) {
      this.started = true;
      for (const [st, t] of this.held) st.write(t);
      this.held = [];
    }
  }

  /** At the run's end: its setup failure (its last own line, shown alone), or undefined when the run started. */
  end(): string | undefined {
    if (this.started) return undefined;
    const plain = this.held.map(([, t]) => t).join('').replace(/\x1b\[[0-9;]*m/g, '');
    // Each of its own lines with the indented lines that go on from it (a profile's problems, say).
    const own: string[] = [];
    let inOwn = false;
    for (const line of plain.split('\n')) {
      if (line.startsWith('svc-conformance:')) own.push(line.replace(/^svc-conformance: /, ''));
      else if (inOwn && /^\s+\S/.test(line)) own[own.length - 1] += `${own[own.length - 1].endsWith(':') ? '' : ';'} ${line.trim()}`;
      inOwn = line.startsWith('svc-conformance:') || (inOwn && /^\s+\S/.test(line));
    }
    if (!own.length) {
      for (const [st, t] of this.held) st.write(t);
      return 'it stopped before naming its target (see above)';
    }
    // Its earlier lines as they came; the last one, what stopped it, is the verdict's, with what to do.
    if (own.length > 1) process.stderr.write(`${own.slice(0, -1).map((l) => `svc-conformance: ${l}`).join('\n')}\n`);
    const last = own.at(-1)!;
    const todo = whatToDo(last);
    return todo ? `${last}. ${todo}` : last;
  }
}

/** The one thing to do about a setup failure, where its message shows which it is. */
export function whatToDo(message: string): string | undefined {
  const missing = /missing: ([A-Z_]+(?:, [A-Z_]+)*)/.exec(message);
  if (missing) return `Set ${missing[1]}, or declare it in the profile SVC_TARGET_PROFILE names (npm run conformance -- --help lists every setting)`;
  if (/SVC_KNOWN_FAILURES .*(is not valid|cannot be read)/.test(message)) return 'Correct the known-failures file: known-failures.schema.json says what it may hold';
  if (/is not valid/.test(message)) return 'Correct the profile: target-profile.schema.json lists the fields it may have';
  if (/network error|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET/.test(message)) return 'Check SVC_BASE_URL: the target must answer from this machine';
  if (/answered 401/.test(message)) return 'Check SVC_CLIENT_ID and SVC_CLIENT_SECRET: the target refused them';
  if (/PATCH \/config \{webhookEndpoint: http:/.test(message) && /answered 4\d\d/.test(message)) {
    return 'The target refused the listener\'s plain-http URL: serve the listener over HTTPS (SVC_LISTENER_HTTPS=1), or give a public URL that reaches it (SVC_WEBHOOK_PUBLIC_URL)';
  }
  if (/PATCH \/config \{webhookEndpoint/.test(message) && /answered 4\d\d/.test(message)) return 'The target refused the listener\'s URL: give one it takes with SVC_WEBHOOK_PUBLIC_URL';
  return undefined;
}

async function main(args: string[]): Promise<number> {
  // The folder first: another run's reports are left as they are (helpers/report/folder-lock.ts).
  let lock: ReportsLock;
  try {
    lock = lockReportsFolder(REPORTS_DIR);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.stdout.write(`\nverdict: NOT CONFORMANT: the run did not start: another run is writing ${REPORTS_DIR}\n`);
    return 1;
  }
  // An earlier run's verdict and record for later runs: a run that stops early must not seem to have written them.
  for (const f of [VERDICT_FILE, 'scenarios.json', 'diff.json', 'diff.md']) rmSync(join(REPORTS_DIR, f), { force: true });
  // SVC_CHANGES: only the scenarios that judge the named entries of the change history.
  let selection: string[] = [];
  const { readSetting, SETTINGS } = await import('../target/registry.js');
  try {
    const changes = readSetting(SETTINGS.changes)?.split(',').map((c) => c.trim()).filter(Boolean);
    if (changes?.length) selection = (await import('../coverage/changes.js')).changeSelection(changes);
  } catch (err) {
    process.stdout.write(`\nverdict: NOT CONFORMANT: the run did not start: ${(err as Error).message}\n`);
    return 1;
  }
  const secrets = mkdtempSync(join(tmpdir(), 'svc-secrets-'));
  chmodSync(secrets, 0o700);
  // The settings, resolved once (the variables and the profile SVC_TARGET_PROFILE names) and handed
  // to the run as one value; invalid ones are left to the run, which resolves them itself and says why.
  const { readSources, declaredSettings, resolveValues, resolvedSettingsText, RESOLVED_SETTINGS } = await import('../target/settings.js');
  let sources: SettingSources | undefined;
  let resolved = '';
  try {
    const read = readSources({ ...process.env, [RESOLVED_SETTINGS]: '' });
    sources = { ...read, declared: declaredSettings(read) };
    resolved = resolvedSettingsText(read, sources.declared!);
  } catch {
    sources = undefined;
  }
  const child = spawn(process.execPath, [...VITEST_NODE_ARGS, VITEST, 'run', ...CONFORMANCE_PROJECTS, ...selection, ...args], {
    cwd: ROOT,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...VERDICT_READER_ENV,
      SVC_SECRETS_DIR: secrets,
      [RESOLVED_SETTINGS]: resolved,
      ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
    },
  });
  // The run writes the folder too: the lock stays held while it lives, should this process end first.
  if (child.pid !== undefined) lock.addWriter(child.pid);
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (code, signal) => done({ code, signal })));
  // A signal to this process is passed on to the run, and this process waits for it to end: vitest
  // exits 1 ms after a signal, which can cut the run's own restore of the target short, so the
  // target's configuration is given back here, after the child is gone (recoverTarget).
  // (Ctrl-C also reaches the child through the terminal's process group; a second SIGINT only ends it sooner.)
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  // Everything the run prints goes through the redaction layer, which knows the credential of a
  // target's profile (the run's output waits in its pipes until these readers are attached).
  let credential: { clientId?: string; clientSecret?: string } = {};
  try {
    if (sources) credential = resolveValues(sources);
  } catch {
    /* the run itself reports invalid settings */
  }
  const scrub = new RunScrubber(secrets, credential);
  const gate = new SetupGate();
  child.stdout!.on('data', (chunk: Buffer) => gate.write(process.stdout, scrub.lines(chunk.toString())));
  child.stderr!.on('data', (chunk: Buffer) => gate.write(process.stderr, scrub.lines(chunk.toString())));
  const exit = await closed;
  const setupFailure = gate.end();
  await recoverTarget(child.pid, sources, (line) => process.stderr.write(`${scrub.redactor.text(line)}\n`));
  process.stdout.write(scrub.rest());
  try {
    // The last line of defence: what reporters wrote from values no writer saw (a diff of two bodies).
    scrub.reports(REPORTS_DIR);
  } finally {
    rmSync(secrets, { recursive: true, force: true });
  }
  const conclusion = setupFailure && !existsSync(join(REPORTS_DIR, VERDICT_FILE))
    ? { code: exit.code || 1, lines: ['', `verdict: NOT CONFORMANT: the run did not start: ${setupFailure}`] }
    : concludeRun(REPORTS_DIR, exit);
  process.stdout.write(`${scrub.redactor.text(conclusion.lines.join('\n'))}\n`);
  return conclusion.code;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    // The settings a run reads, from their one declaration (helpers/target/registry.ts).
    const { settingsHelp } = await import('../target/settings-help.js');
    process.stdout.write(settingsHelp());
    process.exit(0);
  }
  const code = await main(args);
  // Exit once the output has reached a slow reader (a pipe): the verdict lines are the last ones.
  process.stdout.write('', () => process.exit(code));
}
