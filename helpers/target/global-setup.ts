// Global setup of a conformance run (DESIGN, "One run, as data flows" 1-2, 6): resolve the target,
// start the one webhook listener, point the platform's webhookEndpoint at it, and restore the
// original configuration at teardown, also after a failure, SIGINT or SIGTERM.
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject, Vitest } from 'vitest/node';
import { REPORTS_DIR, RAW_DIR } from '../paths.js';
import { clearDirectory } from '../report/clear-directory.js';
import { MUTANT_PROJECT, mutantVerdictFile } from './mutant.js';
import type { Capabilities, TargetSettings } from './settings.js';

/**
 * The harness's modules, loaded once per process and shared by the global setup of every project:
 * vitest gives each project a module runner of its own and runs the projects' global setups one after
 * another before the first scenario, so modules imported statically here were loaded again by each
 * project (the platform phase's project, and both projects of every fault of a mutant batch), in series.
 * Only the first project to start a harness loads them; the teardown uses the ones its harness took.
 */
async function loadHarnessModules() {
  const [client, server, collect, verdict, signature, redact, lease, profile, settings] = await Promise.all([
    import('../client.js'),
    import('../listener/server.js'),
    import('../verdict/collect.js'),
    import('../verdict/verdict.js'),
    import('../webhook-signature.js'),
    import('../redact.js'),
    import('./endpoint-lease.js'),
    import('./profile.js'),
    import('./settings.js'),
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
    EndpointLease: lease.EndpointLease,
    parseProfile: profile.parseProfile,
    profileCapabilities: settings.profileCapabilities,
    resolveTargetSettings: settings.resolveTargetSettings,
    generationSettings: settings.generationSettings,
  };
}
type HarnessModules = Awaited<ReturnType<typeof loadHarnessModules>>;
const MODULES = Symbol.for('svc-conformance.harness-modules');
const REPORT_MODULE = Symbol.for('svc-conformance.coverage-report-module');

/**
 * The coverage report's module (the catalog of the interface and of the request rules: about 0.3 s to
 * load here), needed only at teardown: loaded once the target is up, while the workers start (when
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
  /** Generated requests per field rule and per valid variant (helpers/requests/check.ts). */
  ruleRuns: number;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookPublicKeyPem: string;
  listener: { url: string; controlUrl: string; controlToken: string; pid: number };
  capabilities: Capabilities;
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

/** Reports of an earlier run are cleared once per process, before the first harness starts. */
let cleared = false;
/** The deletion of an earlier run's Allure results, moved aside (clearDirectory); teardowns wait for it. */
let clearing: Promise<void> = Promise.resolve();

type SandboxModule = typeof import('../../sandbox/embedded.js');
const SANDBOX = Symbol.for('svc-conformance.sandbox-module');

/**
 * The sandbox (sandbox/embedded.ts), loaded once per process by Node as one bundled module
 * (helpers/target/sandbox-bundle.ts) rather than through vite's module runner, which loads this file:
 * the runner takes about twice as long over the sandbox's modules as tsx did, and tsx twice as long as
 * the bundle, and a run waits for them before its first scenario.
 */
function sandboxModule(): Promise<SandboxModule> {
  // Once per process, like the harness's modules: every mutant project's harness builds its own
  // sandbox (its state is per instance, sandbox/app.ts) from the one loaded module.
  const g = globalThis as typeof globalThis & { [SANDBOX]?: Promise<SandboxModule> };
  return (g[SANDBOX] ??= import('./sandbox-bundle.js').then(({ importSandboxBundle }) => importSandboxBundle<SandboxModule>(fileURLToPath(new URL('../..', import.meta.url)))));
}

/**
 * The sandbox's timings when the harness boots it: its own declaration (EMBEDDED_TIMINGS in
 * sandbox/profile.ts), each SANDBOX_* variable winning.
 */
async function sandboxTimings() {
  const { EMBEDDED_TIMINGS: t } = await sandboxModule();
  const env = (name: string, dflt: number) => (process.env[name] ? Number(process.env[name]) : dflt);
  return {
    challengeTtlMs: env('SANDBOX_CHALLENGE_TTL_MS', t.challengeTtlMs),
    provisioningDelayMs: env('SANDBOX_PROVISIONING_DELAY_MS', t.provisioningDelayMs),
    realtimeQuoteTtlMs: env('SANDBOX_REALTIME_QUOTE_TTL_MS', t.realtimeQuoteTtlMs),
    cardActivationDelayMs: env('SANDBOX_CARD_ACTIVATION_DELAY_MS', t.cardActivationDelayMs),
    incomingApprovalWindowMs: env('SANDBOX_INCOMING_APPROVAL_WINDOW_MS', t.incomingApprovalWindowMs),
    umaLookupTtlMs: env('SANDBOX_UMA_LOOKUP_TTL_MS', t.umaLookupTtlMs),
    walletSessionTtlMs: env('SANDBOX_WALLET_SESSION_TTL_MS', t.walletSessionTtlMs),
    webhookRetryBaseMs: env('SANDBOX_WEBHOOK_RETRY_BASE_MS', t.webhookRetryBaseMs),
    webhookAttempts: env('SANDBOX_WEBHOOK_ATTEMPTS', t.webhookAttempts),
    eventQuietMs: t.eventQuietMs,
  };
}

/**
 * SANDBOX_QUOTE_VELOCITY_COUNT: the quotes one customer may create within the velocity window
 * (sandbox/README.md); unset, the sandbox's own count. The embedded sandbox is built with it and its
 * profile declares it, as the standalone sandbox's does (a container reads the variable itself).
 */
async function quoteVelocityCount(): Promise<number | undefined> {
  return (await sandboxModule()).parseQuoteVelocityCount(process.env.SANDBOX_QUOTE_VELOCITY_COUNT);
}

/** When an SCA customer's payment is debited, and whether a refused quote counts toward the velocity (SANDBOX_SCA_DEBIT_AT, SANDBOX_QUOTE_VELOCITY_REFUSED). */
async function sandboxReadings() {
  const { parseScaDebitAt, parseQuoteVelocityRefused } = await sandboxModule();
  return { scaDebitAt: parseScaDebitAt(process.env.SANDBOX_SCA_DEBIT_AT), quoteVelocityRefused: parseQuoteVelocityRefused(process.env.SANDBOX_QUOTE_VELOCITY_REFUSED) };
}

/** What the embedded sandbox declares about itself (sandbox/profile.ts), with the timings the harness gives it. */
async function embeddedSandboxProfile() {
  const { sandboxProfile } = await sandboxModule();
  const { parseProfile } = await harnessModules();
  const timings = await sandboxTimings();
  return parseProfile(
    sandboxProfile({
      baseUrl: 'http://127.0.0.1/2025-10-13',
      clientId: 'embedded',
      clientSecret: 'embedded',
      webhookPublicKeyPem: '-----BEGIN PUBLIC KEY-----',
      webhookRetryBaseMs: timings.webhookRetryBaseMs,
      webhookAttempts: timings.webhookAttempts,
      counterpartyRules: true,
      cardActivationDelayMs: timings.cardActivationDelayMs,
      incomingApprovalWindowMs: timings.incomingApprovalWindowMs,
      umaLookupTtlMs: timings.umaLookupTtlMs,
      eventQuietMs: timings.eventQuietMs,
      quoteVelocityCount: await quoteVelocityCount(),
    }),
    'the embedded sandbox profile (sandbox/profile.ts)',
  );
}

/** `mutantFault`: this harness boots the embedded sandbox with that one fault, for a mutant project. */
async function startHarness(mutantFault?: string): Promise<Harness> {
  // The sandbox's bundle (its profile and timings, and the sandbox itself) is read while the harness's
  // modules load; only a run against an external target (SVC_BASE_URL) has no use for it.
  if (!process.env.SVC_BASE_URL) sandboxModule().catch(() => undefined);
  const {
    ApiClient, WebhookListener, collectOutcomes, judgeRun, VERDICT_FILE, verdictLines,
    generateWebhookKeyPair, shareSecret, EndpointLease, parseProfile, profileCapabilities, resolveTargetSettings,
    generationSettings,
  } = await harnessModules();
  // The embedded sandbox's own profile only where it is the target: an external target declares its
  // own and reads no SANDBOX_* variable, and a container is handed them (container.ts) and prints its own.
  const declared = resolveTargetSettings(process.env);
  const resolved = declared.mode === 'embedded' ? resolveTargetSettings(process.env, await embeddedSandboxProfile()) : declared;
  // The embedded sandbox's readings of what the documents leave open (sandbox/README.md), read here,
  // before an earlier run's reports are cleared, as the settings are.
  const readings = resolved.mode === 'embedded' ? await sandboxReadings() : undefined;
  if (mutantFault && resolved.mode !== 'embedded') throw new Error(`mutant project ${mutantFault}: mutant runs drive the embedded sandbox (SVC_BASE_URL and SVC_TARGET_IMAGE must be unset)`);
  const settings: TargetSettings = mutantFault && resolved.mode === 'embedded' ? { ...resolved, faults: [mutantFault] } : resolved;
  // Checked before an earlier run's reports are cleared, as the settings above are.
  const { seed, ruleRuns } = generationSettings(process.env, settings.mode, () => randomInt(1, 2 ** 31 - 1));
  if (!cleared) {
    cleared = true;
    rmSync(RAW_DIR, { recursive: true, force: true });
    mkdirSync(RAW_DIR, { recursive: true });
    // Results of an earlier run would read as retries of this one.
    clearing = clearDirectory(join(REPORTS_DIR, 'allure-results'));
  }
  const closers: (() => Promise<void>)[] = [];

  // The listener first: a sandbox or a container started by the harness is given its CA and key.
  const keys = settings.mode === 'external' ? undefined : generateWebhookKeyPair();
  const listener = new WebhookListener({
    publicKeyPem: settings.mode === 'external' ? settings.webhookPublicKeyPem : keys!.publicKeyPem,
    https: settings.listenerHttps,
    bindHost: settings.mode === 'container' ? '0.0.0.0' : '127.0.0.1',
    urlHost: settings.mode === 'container' ? settings.hostGateway : '127.0.0.1',
  });
  const info = await listener.start();
  closers.push(() => listener.close());

  let capabilities = settings.capabilities;
  let reached: { baseUrl: string; clientId: string; clientSecret: string; webhookPublicKeyPem: string };
  try {
    if (settings.mode === 'embedded') {
      // The harness may start the sandbox; suites never import it.
      const { buildSandbox } = await sandboxModule();
      const timings = await sandboxTimings();
      const sandbox = await buildSandbox({
        faults: settings.faults,
        webhookPrivateKeyPem: keys!.privateKeyPem,
        allowInsecureLoopbackWebhooks: true,
        challengeTtlMs: timings.challengeTtlMs,
        provisioningDelayMs: timings.provisioningDelayMs,
        realtimeQuoteTtlMs: timings.realtimeQuoteTtlMs,
        cardActivationDelayMs: timings.cardActivationDelayMs,
        incomingApprovalWindowMs: timings.incomingApprovalWindowMs,
        umaLookupTtlMs: timings.umaLookupTtlMs,
        walletSessionTtlMs: timings.walletSessionTtlMs,
        // When an SCA customer's payment is debited, whether a refused quote counts toward the velocity
        // (sandbox/README.md); a container reads the variables itself.
        ...readings,
        quoteVelocityCount: await quoteVelocityCount(),
        webhook: { retryBaseDelayMs: timings.webhookRetryBaseMs, maxAttempts: timings.webhookAttempts, caPem: info.caPem },
      });
      closers.unshift(() => sandbox.close());
      reached = { baseUrl: await sandbox.listen(0), clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, webhookPublicKeyPem: keys!.publicKeyPem };
    } else if (settings.mode === 'container') {
      const { startContainerTarget } = await import('./container.js');
      const t = await sandboxTimings();
      // A sandbox image is given the sandbox's harness timings (other images ignore SANDBOX_* variables).
      const timings = {
        SANDBOX_CHALLENGE_TTL_MS: t.challengeTtlMs,
        SANDBOX_PROVISIONING_DELAY_MS: t.provisioningDelayMs,
        SANDBOX_WEBHOOK_RETRY_BASE_MS: t.webhookRetryBaseMs,
        SANDBOX_WEBHOOK_ATTEMPTS: t.webhookAttempts,
        SANDBOX_REALTIME_QUOTE_TTL_MS: t.realtimeQuoteTtlMs,
        SANDBOX_CARD_ACTIVATION_DELAY_MS: t.cardActivationDelayMs,
        SANDBOX_INCOMING_APPROVAL_WINDOW_MS: t.incomingApprovalWindowMs,
        SANDBOX_UMA_LOOKUP_TTL_MS: t.umaLookupTtlMs,
        SANDBOX_WALLET_SESSION_TTL_MS: t.walletSessionTtlMs,
      };
      const started = await startContainerTarget(settings, { privateKeyPem: keys!.privateKeyPem, caPem: info.caPem! }, Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, String(v)])));
      closers.unshift(started.stop);
      if (!started.profile) throw new Error(`the image ${settings.image} printed no target profile (a JSON line with "profile"); its capabilities are unknown`);
      capabilities = profileCapabilities(process.env, parseProfile(started.profile, `the profile the image ${settings.image} printed`), { eventTimeoutMs: 15_000, waitBudgetMs: 60_000 });
      reached = { ...started, webhookPublicKeyPem: keys!.publicKeyPem };
    } else {
      reached = settings;
    }
  } catch (err) {
    for (const close of closers) await close();
    throw err;
  }
  const { baseUrl, clientId, clientSecret, webhookPublicKeyPem } = reached;
  // The run's final scrub of its reports and output (helpers/verdict/cli.ts) learns the credential here.
  shareSecret(clientSecret);
  shareSecret(`${clientId}:${clientSecret}`);
  shareSecret(keys?.privateKeyPem);

  const api = new ApiClient({ baseUrl, clientId, clientSecret });
  const runId = randomUUID();
  const endpoint = settings.mode === 'external' && settings.webhookPublicUrl ? settings.webhookPublicUrl : info.url;
  // An external target outlives the run: its endpoint is borrowed under a lease (helpers/target/endpoint-lease.ts).
  // A sandbox or container the harness started is new and goes away with the run.
  let restore: () => Promise<void>;
  try {
    if (settings.mode === 'external') {
      const lease = await EndpointLease.acquire(api, {
        baseUrl,
        clientId,
        runId,
        ours: endpoint,
        waitMs: process.env.SVC_TARGET_WAIT_MS ? Number(process.env.SVC_TARGET_WAIT_MS) : undefined,
      });
      restore = () => lease.release();
    } else {
      const patched = await api.patch('/config', { body: { webhookEndpoint: endpoint } });
      if (patched.status !== 200) throw new Error(`PATCH /config {webhookEndpoint: ${endpoint}} answered ${patched.status}`);
      restore = async () => undefined;
    }
  } catch (err) {
    await api.close();
    for (const close of closers) await close();
    throw err;
  }

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
    baseUrl,
    clientId,
    clientSecret,
    webhookPublicKeyPem,
    listener: { url: info.url, controlUrl: info.controlUrl, controlToken: info.controlToken, pid: info.pid },
    capabilities,
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
          (await coverageReportModule()).writeCoverageReports({ print: true });
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
      const verdict = judgeRun({ mode: settings.mode, runId: target.runId, generation: { seed, ruleRuns }, ...collectOutcomes(vitest, harnessProjects), findings: listener.findings });
      if (mutantFault) {
        mkdirSync(join(REPORTS_DIR, 'mutants'), { recursive: true });
        writeFileSync(join(REPORTS_DIR, mutantVerdictFile(mutantFault)), `${JSON.stringify(verdict, null, 2)}\n`);
        return;
      }
      writeFileSync(join(REPORTS_DIR, VERDICT_FILE), `${JSON.stringify(verdict, null, 2)}\n`);
      if (!verdict.conformant) process.exitCode = 1;
      // Run through vitest directly (not an entry point that prints it last): say it here.
      if (!process.env.SVC_VERDICT_READER) process.stdout.write(`${verdictLines(verdict).join('\n')}\n`);
    },
  };
}

