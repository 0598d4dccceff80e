// The target's webhook endpoint survives runs that die and runs that overlap (README, "Against
// another target"). Runs go through the entry point of `npm run conformance` (helpers/verdict/cli.ts).
// A run interrupted by SIGINT (to its process group, as a terminal sends it) or SIGTERM (to the entry
// point alone, as a supervisor sends it) has given the endpoint back by the time it has exited; after a
// run killed by SIGKILL, the next run gives it back before it reads the "original". The kill point is
// random across the run: right after it prints its target line, anywhere, or late. Two runs started
// together against one target both end with a verdict and leave the original endpoint.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { ROOT, SANDBOX_DECLARATIONS } from '../run-conformance.js';

const ORIGINAL = 'https://hooks.partner.example/svc-original';
// A small area keeps each run short; the lease does not depend on which scenarios run.
const DIRS = ['suites/exchange-rates/', 'suites/discoveries/', 'suites/customers/create-customer.test.ts', 'suites/customers/list-customers.test.ts'];
/** A complete run, and two runs of which one waits for the other, on a machine shared with other work. */
const RUN_TIMEOUT_MS = 240_000;

let sandboxProcess: ChildProcess | undefined;
let sandbox: { baseUrl: string; clientId: string; clientSecret: string; webhookPublicKey: string };
let env: Record<string, string>;
let stateDir: string;
let client: ApiClient;
/** How long a complete run lasts after it prints its target line (the shorter of two, measured in beforeAll). */
/** The scenarios a complete run ends after its target line: the scale of the kill points. */
let runMarks = 0;

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the run has pointed the target at its listener (its target line), with the time it did. */
  started: Promise<number>;
  /** Scenarios the run has ended since its target line (the dot reporter's marks). */
  marks: () => number;
  /** Resolves once the run has ended `n` scenarios after its target line. */
  progressed: (n: number) => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** A run as `npm run conformance` starts it, in a process group of its own (so that a kill reaches all of it). */
function startRun(): Run {
  const reports = mkdtempSync(join(tmpdir(), 'svc-lease-run-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'helpers/verdict/cli.ts', '--reporter=dot', ...DIRS], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_FAULTS: '', SVC_REPORTS_DIR: reports, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let markStarted: (at: number) => void;
  const started = new Promise<number>((r) => (markStarted = r));
  const TARGET_LINE = /svc-conformance: target external/;
  const marks = () => {
    const at = output.search(TARGET_LINE);
    return at < 0 ? 0 : (output.slice(at).match(/\u00b7|×|↓/g) ?? []).length;
  };
  const waiting: { n: number; done: () => void }[] = [];
  const take = (chunk: Buffer) => {
    output += chunk;
    if (TARGET_LINE.test(output)) markStarted(Date.now());
    const now = marks();
    for (const w of waiting.filter((x) => now >= x.n)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.done();
    }
  };
  const progressed = (n: number) => (marks() >= n ? Promise.resolve() : new Promise<void>((done) => waiting.push({ n, done })));
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((r) =>
    child.on('close', (code, signal) => r({ code, signal, at: Date.now() })),
  );
  return { child, output: () => output, started, marks, progressed, exited };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The lease files in the run's state folder (helpers/target/endpoint-lease.ts). */
function leases(): { pid: number; runId: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(stateDir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(stateDir, f), 'utf8')));
}

async function endpoint(): Promise<string | null> {
  const res = await client.get('/config');
  expect(res.status).toBe(200);
  return res.body.webhookEndpoint ?? null;
}

beforeAll(async () => {
  sandboxProcess = spawn(process.execPath, [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', 'lease-demo',
    '--client-secret', 'lease-demo-secret', '--allow-insecure-loopback-webhooks', '--provisioning-delay-ms', '300',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: sandboxProcess.stdout! })) {
    sandbox = JSON.parse(line);
    break;
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-lease-'));
  writeFileSync(join(dir, 'webhook-public.pem'), sandbox.webhookPublicKey);
  stateDir = join(dir, 'state');
  env = {
    SVC_BASE_URL: sandbox.baseUrl,
    SVC_CLIENT_ID: sandbox.clientId,
    SVC_CLIENT_SECRET: sandbox.clientSecret,
    SVC_WEBHOOK_PUBLIC_KEY: join(dir, 'webhook-public.pem'),
    SVC_STATE_DIR: stateDir,
    SVC_EVENT_TIMEOUT_MS: '8000',
    SVC_WEBHOOK_RETRY_WITHIN_MS: '3000',
    ...SANDBOX_DECLARATIONS,
  };
  client = new ApiClient({ baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
  expect((await client.patch('/config', { body: { webhookEndpoint: ORIGINAL } })).status).toBe(200);

  // A complete run: the scale of the kill points (its scenario count), and the endpoint given back by a run that ends.
  const baseline = startRun();
  const [startedAt, exit] = await Promise.all([Promise.race([baseline.started, baseline.exited.then(() => 0)]), baseline.exited]);
  expect(exit.code, baseline.output().slice(-3000)).toBe(0);
  expect(startedAt, 'the run printed its target line').toBeGreaterThan(0);
  expect(await endpoint(), 'after a run that ended').toBe(ORIGINAL);
  runMarks = baseline.marks();
  expect(runMarks, `the dot reporter marked the scenarios ended:\n${baseline.output().slice(-2000)}`).toBeGreaterThan(10);
}, 2 * RUN_TIMEOUT_MS);

afterAll(async () => {
  await client?.close();
  sandboxProcess?.kill('SIGTERM');
});

/**
 * A random point of a run while it runs, counted in scenarios ended, not in time (a machine's load
 * changes how long a run takes, not how many scenarios it has): right after its target line, after
 * any number of the scenarios a complete run ends, or in its last part (60-85 % of them, the run still
 * well inside its scenarios).
 */
function killPoint(): { name: string; marks: number } {
  const pick = Math.random();
  if (pick < 1 / 3) return { name: 'right after the target line', marks: 0 };
  if (pick < 2 / 3) {
    const marks = Math.floor(Math.random() * runMarks * 0.85);
    return { name: `after ${marks} scenarios`, marks };
  }
  const marks = Math.floor(runMarks * (0.6 + Math.random() * 0.25));
  return { name: `late: after ${marks} scenarios (a complete run: ${runMarks})`, marks };
}

/** Starts a run, and kills it by `signal` at a random point while it is running. */
async function runKilledBy(signal: NodeJS.Signals): Promise<{ run: Run; point: string }> {
  const run = startRun();
  await Promise.race([run.started, run.exited]);
  expect(running(run.child), `the run ended before it leased the target:\n${run.output().slice(-2000)}`).toBe(true);
  // The vitest process under the entry point, which holds the lease from before its target line.
  const held = leases();
  expect(held, 'the run holds a lease on the target when it prints its target line').toHaveLength(1);
  const runPid = held[0]!.pid;
  const point = killPoint();
  await Promise.race([run.progressed(point.marks), run.exited]);
  const detail = `killed ${point.name}; output:\n${run.output().slice(-2000)}`;
  expect(running(run.child), `the run (entry point) was still running when ${signal} was sent, ${detail}`).toBe(true);
  expect(alive(runPid), `the run (vitest, pid ${runPid}) was still running when ${signal} was sent, ${detail}`).toBe(true);
  if (signal === 'SIGTERM') process.kill(run.child.pid!, signal);
  else process.kill(-run.child.pid!, signal); // the whole process group, as a terminal's Ctrl-C or a kill of everything
  await run.exited;
  return { run, point: point.name };
}

describe('the target webhook endpoint across runs', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`is the original as soon as a run interrupted by ${signal} at a random point has exited`, async () => {
      const { run, point } = await runKilledBy(signal);
      // Straight after the run exited, before any other run could give it back.
      expect(await endpoint(), `after a run interrupted by ${signal} ${point}:\n${run.output().slice(-3000)}`).toBe(ORIGINAL);
      expect(leases(), 'the run dropped its lease').toEqual([]);
    }, RUN_TIMEOUT_MS);
  }

  it('is the original after a run killed by SIGKILL at a random point and the next run', async () => {
    const { point } = await runKilledBy('SIGKILL');
    const next = startRun();
    const { code } = await next.exited;
    expect(code, next.output().slice(-3000)).toBe(0);
    expect(await endpoint(), `after a run killed by SIGKILL ${point} and the next run`).toBe(ORIGINAL);
    expect(leases()).toEqual([]);
  }, RUN_TIMEOUT_MS);

  it('is the original after two runs started together, both of which end with a verdict', async () => {
    const [a, b] = [startRun(), startRun()];
    const [exitA, exitB] = await Promise.all([a.exited, b.exited]);
    expect(exitA.code, a.output().slice(-3000)).toBe(0);
    expect(exitB.code, b.output().slice(-3000)).toBe(0);
    expect(`${a.output()}${b.output()}`, 'the later run waited for the one that held the target').toMatch(/in use by run .*waiting for it to end/);
    expect(await endpoint()).toBe(ORIGINAL);
    expect(leases()).toEqual([]);
  }, 2 * RUN_TIMEOUT_MS);
});
