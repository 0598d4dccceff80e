// Global setup of a conformance run (DESIGN, "One run, as data flows" 1-2, 6): resolve the target,
// start the one webhook listener, point the platform's webhookEndpoint at it, and restore the
// original configuration at teardown, also after a failure, SIGINT or SIGTERM.
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject, Vitest } from 'vitest/node';
import { REPORTS_DIR, RAW_DIR } from '../paths.js';
import { clearDirectory } from '../report/clear-directory.js';
import { MUTANT_PROJECT, mutantVerdictFile } from './mutant.js';
import type { Reached, TargetMode } from './modes/types.js';
import type { Capabilities } from './settings.js';
import type { LiveDescription } from '../description/live.js';
import type { Coverage } from '../coverage/model.js';

/**
 * The harness's modules, loaded once per process and shared by the global setup of every project:
 * vitest gives each project a module runner of its own and runs the projects' global setups one after
 * another before the first scenario, so modules imported statically here were loaded again by each
 * project (the platform phase's project, and both projects of every fault of a mutant batch), in series.
 * Only the first project to start a harness loads them; the teardown uses the ones its harness took.
 */
async function loadHarnessModules() {
  const [client, server, collect, verdict, signature, redact, settings, embedded, container, external] = await Promise.all([
    import('../client.js'),
    import('../listener/server.js'),
    import('../verdict/collect.js'),
    import('../verdict/verdict.js'),
    import('../webhook-signature.js'),
    import('../redact.js'),
    import('./settings.js'),
    import('./modes/embedded.js'),
    import('./modes/container.js'),
    import('./modes/external.js'),
  ]);
  return {
    ApiClient: client.ApiClient,
    WebhookListener: server.WebhookListener,
    collectOutcomes: collect.collectOutcomes,
    judgeRun: verdict.judgeRun,
    VERDICT_FILE: verdict.VERDICT_FILE,
    verdictLines: verdict.verdictLines,
    generateWebhookKeyPair: signature.generateWebhookKeyPair,
    shareSecret: redact.shareSecret,
    readSources: settings.readSources,
    targetSettingsFrom: settings.targetSettingsFrom,
    embeddedMode: embedded.embeddedMode,
    containerMode: container.containerMode,
    externalMode: external.externalMode,
  };
}
type HarnessModules = Awaited<ReturnType<typeof loadHarnessModules>>;
const MODULES = Symbol.for('svc-conformance.harness-modules');
const REPORT_MODULE = Symbol.for('svc-conformance.coverage-report-module');

/**
 * The coverage report's module (the catalog of the interface and of the request rules, slow to load),
 * needed only at teardown: loaded once the target is up, while the workers start (when
 * this thread has little else to do), rather than before the first scenario can start.
 */
function coverageReportModule(): Promise<typeof import('../coverage/report.js')> {
  const g = globalThis as typeof globalThis & { [REPORT_MODULE]?: Promise<typeof import('../coverage/report.js')> };
  return (g[REPORT_MODULE] ??= import('../coverage/report.js'));
}

function harnessModules(): Promise<HarnessModules> {
  const g = globalThis as typeof globalThis & { [MODULES]?: Promise<HarnessModules> };
  return (g[MODULES] ??= loadHarnessModules());
}

export interface ProvidedTarget {
  mode: 'embedded' | 'external' | 'container';
  runId: string;
  seed: number;
  /** Generated requests per field rule and per valid variant (helpers/field-rules/check.ts). */
  ruleRuns: number;
  /** Independent requests of one scenario in flight at once (SVC_CONCURRENCY). */
  concurrency: number;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookPublicKeyPem: string;
  listener: { url: string; controlUrl: string; controlToken: string; pid: number };
  capabilities: Capabilities;
  /** A description the run holds the target to (SVC_OPENAPI), and the folder its judgements go to. */
  description?: LiveDescription;
}

declare module 'vitest' {
  export interface ProvidedContext {
    target: ProvidedTarget;
  }
}

interface Harness {
  target: ProvidedTarget;
  users: number;
  /** The projects this target served: the verdict judges their scenarios. */
  projects: Set<string>;
  teardown: (vitest: Vitest) => Promise<void>;
}

const HARNESS = Symbol.for('svc-conformance.harness');
type WithHarness = typeof globalThis & { [HARNESS]?: Map<string, Promise<Harness>> };


/**
 * One harness per vitest process, shared by the projects it serves (the conformance project; in a
 * batch of mutant runs, one per fault, shared by that fault's two projects).
 */
export default async function setup(project: TestProject) {
  const g = globalThis as WithHarness;
  const harnesses = (g[HARNESS] ??= new Map());
  const fault = MUTANT_PROJECT.exec(project.name)?.[1];
  const key = fault ?? '';
  if (!harnesses.has(key)) harnesses.set(key, startHarness(fault));
  let harness: Harness;
  try {
    harness = await harnesses.get(key)!;
  } catch (err) {
    // Said here, in one line: vitest's printing of a setup error fails on this file's source map (a
    // TypeError of its own, "code.charCodeAt is not a function"), which would hide a settings error.
    process.stderr.write(`svc-conformance: the target could not be set up: ${(err as Error).message}\n`);
    throw err;
  }
  harness.users++;
  harness.projects.add(project.name);
  project.provide('target', harness.target);
  return async () => {
    if (--harness.users > 0) return;
    harnesses.delete(key);
    await harness.teardown(project.vitest);
  };
}

/** The run took every suite file, with no name filter and no shard: what a known-failures rule needs before it is called fixed. */
function wholeRun(vitest: Vitest): boolean {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const suites = readdirSync(join(root, 'suites'), { recursive: true }).filter((f) => String(f).endsWith('.test.ts')).length;
  return !vitest.config.testNamePattern && !vitest.config.shard && vitest.state.getTestModules().length >= suites;
}

/** Reports of an earlier run are cleared once per process, before the first harness starts. */
let cleared = false;
/** The deletion of an earlier run's Allure results, moved aside (clearDirectory); teardowns wait for it. */
let clearing: Promise<void> = Promise.resolve();

type SandboxModule = typeof import('../../sandbox/embedded.js');
const SANDBOX = Symbol.for('svc-conformance.sandbox-module');

/**
 * The sandbox (sandbox/embedded.ts), loaded once per process by Node as one bundled module
 * (helpers/target/sandbox-bundle.ts) rather than through vite's module runner, which loads this file:
 * the runner is much slower over the sandbox's many modules than Node over one bundle, and a run waits
 * for them before its first scenario.
 */
function sandboxModule(): Promise<SandboxModule> {
  // Once per process, like the harness's modules: every mutant project's harness builds its own
  // sandbox (its state is per instance, sandbox/app.ts) from the one loaded module.
  const g = globalThis as typeof globalThis & { [SANDBOX]?: Promise<SandboxModule> };
  return (g[SANDBOX] ??= import('./sandbox-bundle.js').then(({ importSandboxBundle }) => importSandboxBundle<SandboxModule>(fileURLToPath(new URL('../..', import.meta.url)))));
}

/**
 * The target of this run, by mode (modes/): its settings, read once from the environment and the
 * profile SVC_TARGET_PROFILE names (under `npm run conformance`, as its parent process read them:
 * SVC_RESOLVED_SETTINGS), before an earlier run's reports are cleared.
 */
async function targetMode(m: HarnessModules, mutantFault: string | undefined): Promise<TargetMode> {
  const sources = m.readSources(process.env);
  const declared = m.targetSettingsFrom(sources);
  if (mutantFault && declared.mode !== 'embedded') throw new Error(`mutant project ${mutantFault}: mutant runs drive the embedded sandbox (SVC_BASE_URL and SVC_TARGET_IMAGE must be unset)`);
  if (declared.mode === 'external') return m.externalMode(declared);
  // The listener first: a sandbox or a container started by the harness is given its CA and key.
  const keys = m.generateWebhookKeyPair();
  if (declared.mode === 'container') {
    // A sandbox image is given the options the sandbox declares for a harness (other images ignore them).
    const options = async () => {
      const sandbox = await sandboxModule();
      return sandbox.optionsEnvironment({ ...sandbox.embeddedOptions(process.env), faults: declared.values.faults });
    };
    return m.containerMode(declared, keys, options, sources);
  }
  return m.embeddedMode(sources, await sandboxModule(), keys, mutantFault);
}

/** `mutantFault`: this harness boots the embedded sandbox with that one fault, for a mutant project. */
async function startHarness(mutantFault?: string): Promise<Harness> {
  // The sandbox's bundle is read while the harness's modules load; only a run against an external
  // target (SVC_BASE_URL) has no use for it.
  if (!process.env.SVC_BASE_URL) sandboxModule().catch(() => undefined);
  const m = await harnessModules();
  const { ApiClient, WebhookListener, collectOutcomes, judgeRun, VERDICT_FILE, verdictLines, shareSecret } = m;
  const mode = await targetMode(m, mutantFault);
  const { settings } = mode;
  // Checked before an earlier run's reports are cleared, as the settings above are.
  const seed = settings.values.seed ?? randomInt(1, 2 ** 31 - 1);
  const ruleRuns = settings.values.ruleRuns!;
  // The known-failures list, validated now: an invalid one stops the run before it starts. A certifying run ignores it.
  const knownFile = settings.values.certification ? undefined : settings.values.knownFailures;
  const startedAt = Date.now();
  // A baseline run (SVC_BASELINE), read now: a folder that holds no finished run stops this one before it starts.
  const baselineDir = settings.values.baseline && !mutantFault ? resolve(settings.values.baseline) : undefined;
  const baseline = baselineDir ? (await import('../report/diff.js')).readSnapshot(baselineDir) : undefined;
  const onlyNew = baseline && settings.values.failOn === 'new' ? { failing: new Set([...baseline.scenarios].filter(([, l]) => l.state === 'failed').map(([k]) => k)), findings: baseline.findings } : undefined;
  const known = knownFile && !mutantFault ? { entries: (await import('../verdict/known-failures.js')).loadKnownFailures(knownFile), today: new Date().toISOString().slice(0, 10) } : undefined;
  if (!cleared) {
    cleared = true;
    rmSync(RAW_DIR, { recursive: true, force: true });
    mkdirSync(RAW_DIR, { recursive: true });
    // Results of an earlier run would read as retries of this one.
    clearing = clearDirectory(join(REPORTS_DIR, 'allure-results'));
    // What an earlier run left for the runs after it: this run writes its own (helpers/verdict/run-record.ts).
    for (const f of ['scenarios.json', 'diff.json', 'diff.md']) rmSync(join(REPORTS_DIR, f), { force: true });
  }
  const closers: (() => Promise<void>)[] = [];
  // A description to hold the target to (SVC_OPENAPI): loaded now, so that a file that cannot be read stops the run before it starts.
  const description = settings.values.openapi && !mutantFault ? (await import('../description/run.js')).DescriptionRun.start(settings.values.openapi, join(RAW_DIR, 'description', randomUUID())) : undefined;

  const listener = new WebhookListener({
    ...mode.listener,
    https: settings.listenerHttps,
    duplicatesPerNotification: settings.values.duplicatesPerNotification,
    ...(description ? { onNotification: description.onNotification } : {}),
  });
  const info = await listener.start();
  closers.push(() => listener.close());

  let reached: Reached;
  try {
    reached = await mode.start({ caPem: info.caPem }, closers);
  } catch (err) {
    for (const close of closers) await close();
    throw err;
  }
  const { baseUrl, clientId, clientSecret, webhookPublicKeyPem, capabilities } = reached;
  // The run's final scrub of its reports and output (helpers/verdict/cli.ts) learns the credential here.
  shareSecret(clientSecret);
  shareSecret(`${clientId}:${clientSecret}`);
  shareSecret(mode.privateKeyPem);

  const api = new ApiClient({ baseUrl, clientId, clientSecret });
  const runId = randomUUID();
  const endpoint = mode.endpoint(info.url);
  let restore: () => Promise<void>;
  try {
    restore = await mode.claim(api, { baseUrl, clientId, runId, endpoint });
  } catch (err) {
    await api.close();
    for (const close of closers) await close();
    throw err;
  }
  // The platform configuration's id, for the certification (a read; nothing depends on it).
  const platformConfigId = mutantFault ? undefined : await api.get('/config').then((r) => (typeof r.body?.id === 'string' ? (r.body.id as string) : undefined), () => undefined);

  // Interrupted: restore the target's configuration, stop what the run started, then die of the signal.
  const onSignal = (signal: NodeJS.Signals) => {
    void restore()
      .catch(() => undefined)
      .then(async () => {
        for (const close of closers) await close().catch(() => undefined);
      })
      .finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const target: ProvidedTarget = {
    mode: settings.mode,
    runId,
    seed,
    ruleRuns,
    concurrency: settings.values.concurrency!,
    baseUrl,
    clientId,
    clientSecret,
    webhookPublicKeyPem,
    listener: { url: info.url, controlUrl: info.controlUrl, controlToken: info.controlToken, pid: info.pid },
    capabilities,
    ...(description ? { description: description.live } : {}),
  };
  process.stdout.write(
    `svc-conformance: target ${settings.mode} ${baseUrl}; webhook listener ${info.url}; seed ${seed}, ${ruleRuns} generated request(s) per field rule (replay with SVC_SEED=${seed} SVC_RULE_RUNS=${ruleRuns})\n`,
  );

  // Loaded now, while the workers start; a failure to load is the teardown's, which awaits it.
  if (!mutantFault) coverageReportModule().catch(() => undefined);
  const harnessProjects = new Set<string>();
  return {
    target,
    users: 0,
    projects: harnessProjects,
    teardown: async (vitest) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      // Every scenario this target served, as it ended: for the verdict, and for the coverage of the
      // change history (helpers/coverage/changes.ts), beside the workers' records (a merge reads them there too).
      const outcomes = collectOutcomes(vitest, harnessProjects);
      let coverage: Coverage | undefined;
      if (!mutantFault) {
        mkdirSync(RAW_DIR, { recursive: true });
        writeFileSync(join(RAW_DIR, `outcomes-${process.pid}.ndjson`), outcomes.scenarios.map((o) => `${JSON.stringify(o)}\n`).join(''));
      }
      try {
        await restore();
      } finally {
        listener.checkDuplicates();
        mkdirSync(REPORTS_DIR, { recursive: true });
        // A mutant project's harness is judged by its verdict alone (selftest/mutation/run.ts).
        if (!mutantFault) {
          writeFileSync(
            `${REPORTS_DIR}/listener.json`,
            JSON.stringify({ deliveries: listener.lastSeq, duplicates: listener.duplicates, duplicatesPerNotification: listener.duplicatesPerNotification, refusals: listener.refusals, findings: listener.findings, findingsDropped: listener.findingsDropped, retainedBytes: listener.retainedBytes }, null, 2),
          );
          coverage = (await coverageReportModule()).writeCoverageReports({ print: true });
        }
        // Deliveries that reached the listener on another path were answered 404: every event then
        // shows as a timeout. Say why (a forwarder of SVC_WEBHOOK_PUBLIC_URL must keep the path).
        if (listener.refusals.notFoundPosts > 0) {
          process.stderr.write(
            `svc-conformance: the webhook listener refused ${listener.refusals.notFoundPosts} POST(s) to a path other than ${new URL(info.url).pathname} with 404; ` +
              `deliveries must arrive on that path${settings.mode === 'external' && settings.webhookPublicUrl ? ` (SVC_WEBHOOK_PUBLIC_URL=${settings.webhookPublicUrl} must forward to it)` : ''}\n`,
          );
        }
        await api.close();
        for (const close of closers) await close();
        await clearing;
      }
      // The verdict (helpers/verdict/): every scenario this target served, the listener's findings,
      // and the skips its declared capabilities explain. The entry points read it for the exit status.
      const verdict = judgeRun({
        mode: settings.mode,
        runId: target.runId,
        generation: { seed, ruleRuns },
        ...outcomes,
        findings: listener.findings,
        ...(description ? { description: description.finish(REPORTS_DIR) } : {}),
        ...(known ? { known: { ...known, whole: wholeRun(vitest) } } : {}),
        ...(onlyNew ? { onlyNew } : {}),
      });
      verdict.unhandledErrors = vitest.state.getUnhandledErrors().length;
      verdict.startedAt = new Date(startedAt).toISOString();
      if (platformConfigId) verdict.platformConfigId = platformConfigId;
      if (mutantFault) {
        mkdirSync(join(REPORTS_DIR, 'mutants'), { recursive: true });
        writeFileSync(join(REPORTS_DIR, mutantVerdictFile(mutantFault)), `${JSON.stringify(verdict, null, 2)}\n`);
        return;
      }
      writeFileSync(join(REPORTS_DIR, VERDICT_FILE), `${JSON.stringify(verdict, null, 2)}\n`);
      // For the runs after this one: its scenarios, the diff against its baseline, its line of the history
      // and how to reproduce each failure: the verdict is written again with them (and the often flaky).
      try {
        const recorded = (await import('../verdict/run-record.js')).recordRun({ reportsDir: REPORTS_DIR, verdict, scenarios: outcomes.scenarios, coverage, startedAt, historyFile: settings.values.history, ...(baseline ? { baseline: { name: baselineDir!, snapshot: baseline } } : {}) });
        if (recorded.length) process.stdout.write(`${recorded.join('\n')}\n`);
        writeFileSync(join(REPORTS_DIR, VERDICT_FILE), `${JSON.stringify(verdict, null, 2)}\n`);
      } catch (err) {
        process.stderr.write(`svc-conformance: the run's record for later runs (scenarios.json, SVC_BASELINE's diff, SVC_HISTORY) was not written: ${(err as Error).message}\n`);
      }
      if (!verdict.conformant) process.exitCode = 1;
      // Run through vitest directly (not an entry point that prints it last): say it here.
      if (!process.env.SVC_VERDICT_READER) process.stdout.write(`${verdictLines(verdict).join('\n')}\n`);
    },
  };
}

