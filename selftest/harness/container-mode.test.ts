// Container mode: the sandbox image (npm run sandbox:image) started by testcontainers gives the same
// results as embedded mode, and no container outlives the run, running or exited, a killed run included.
// Where no engine answers on DOCKER_HOST the test is skipped, and says so.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { expectEveryScenarioPassed, ROOT, runConformance } from '../run-conformance.js';
import { readSetting, SETTINGS } from '../../helpers/target/registry.js';

const IMAGE = readSetting(SETTINGS.sandboxImage)!;
const LABEL = 'svc-conformance.run';

let agent: Agent | undefined;
const engineClient = () => (agent ??= new Agent({ connect: { socketPath: process.env.DOCKER_HOST!.slice('unix://'.length) } }));

async function engineAnswers(): Promise<string | undefined> {
  const host = process.env.DOCKER_HOST;
  if (!host?.startsWith('unix://')) return 'DOCKER_HOST is not set to a unix socket (run .ci/container-engine)';
  try {
    const res = await request('http://d/_ping', { dispatcher: engineClient() });
    await res.body.text();
    return res.statusCode === 200 ? undefined : `the engine on ${host} answered ${res.statusCode}`;
  } catch (err) {
    return `no container engine answers on ${host} (${(err as Error).message})`;
  }
}

/** Containers a run started (by label) since `since` (ms), running or, with `all`, in any state (an exited one too). */
async function ourContainers(since: number, all = false): Promise<string[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [LABEL] }));
  const res = await request(`http://d/containers/json?all=true&filters=${filters}`, { dispatcher: engineClient() });
  const list = (await res.body.json()) as { Id: string; State: string; Created: number }[];
  return list.filter((c) => c.Created * 1000 >= since - 1000 && (all || c.State === 'running')).map((c) => c.Id);
}

describe('container mode', () => {
  it('runs the suites against the sandbox image with the same results as embedded mode, leaving no container behind', async (ctx) => {
    const missing = await engineAnswers();
    if (missing) {
      process.stdout.write(`SKIPPED container mode: ${missing}\n`);
      ctx.skip(missing);
    }
    const since = Date.now();
    const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'helpers/target/sandbox-image.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stdout + built.stderr).toBe(0);

    // Provisioning slow enough that PENDING is observable on a loaded machine in both runs.
    const env = { SANDBOX_PROVISIONING_DELAY_MS: '600', SVC_SEED: '99', SVC_RULE_RUNS: '1', SVC_WEBHOOK_RETRY_WITHIN_MS: '3000', SVC_EVENT_TIMEOUT_MS: '8000', SVC_WAIT_BUDGET_MS: '20000' };
    // Embedded mode passes every scenario with nothing skipped (the mutation run's baseline and the
    // alternate run judge it): the same result here is every scenario of the suite passed.
    const container = await runConformance({ json: true, env: { ...env, SVC_TARGET_IMAGE: IMAGE } });
    expect(container.code, container.output.slice(-3000)).toBe(0);
    expect(container.verdict?.counts, container.output.slice(-2000)).toMatchObject({ failed: 0, skipped: 0 });
    expectEveryScenarioPassed(container.statuses!);
    expect(await ourContainers(since, true), 'no container of the run is left, running or exited').toEqual([]);
  }, 300_000);

  it('leaves no container, running or exited, when the run is killed', async (ctx) => {
    const missing = await engineAnswers();
    if (missing) ctx.skip(missing);
    const since = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'conformance', '--reporter=dot', 'suites/cards/'], {
      cwd: ROOT,
      env: { ...process.env, SVC_TARGET_IMAGE: IMAGE, SVC_REPORTS_DIR: join(ROOT, 'build/interrupted-run') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Interrupt once the container is up and scenarios run.
    const deadline = Date.now() + 60_000;
    while ((await ourContainers(since)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect((await ourContainers(since)).length, 'the run started its container').toBe(1);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('close', r));
    // Killed outright, the run cannot clean up: the container notices that no harness calls it any
    // more and exits (SANDBOX_IDLE_EXIT_MS, 10 s), and the engine removes it (helpers/target/container.ts).
    const gone = Date.now() + 30_000;
    while ((await ourContainers(since, true)).length && Date.now() < gone) await new Promise((r) => setTimeout(r, 500));
    expect(await ourContainers(since, true), 'the killed run left no container, running or exited').toEqual([]);
  }, 180_000);
});
