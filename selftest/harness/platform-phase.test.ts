// The platform phase (helpers/target/platform-phase.ts): a platform-wide scenario file runs alone,
// after every other file of the run, one at a time; the sequencer puts those files last; and in a
// real run no platform-wide scenario overlaps another file's, as the run's Allure results time them.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import WaitSpreadingSequencer, { splitPlatformWide } from '../../helpers/sequencer.js';
import { PlatformPhase, platformPhase } from '../../helpers/target/platform-phase.js';
import { ROOT, runConformance } from '../run-conformance.js';

const A = '/r/suites/a.test.ts';
const B = '/r/suites/b.test.ts';
const P = '/r/suites/p.platform.test.ts';
const Q = '/r/suites/q.platform.test.ts';

/** Whether `promise` has settled within a turn of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('the platform phase', () => {
  it('lets a platform-wide file in only once every other file of the run has ended', async () => {
    const phase = new PlatformPhase();
    phase.plan([A, B, P]);
    expect(await phase.enter(P, 0)).toEqual({ entered: false, waitingOn: [A, B] });
    const entering = phase.enter(P, 60_000);
    phase.ended(A);
    expect(await settled(entering), 'B is still running').toBe(false);
    phase.ended(B);
    expect(await entering).toEqual({ entered: true, waitingOn: [] });
    expect(await phase.enter(P, 0), 'asking again while in the phase').toEqual({ entered: true, waitingOn: [] });
  });

  it('holds one platform-wide file at a time: the next enters when the first ends', async () => {
    const phase = new PlatformPhase();
    phase.plan([P, Q]);
    expect((await phase.enter(P, 0)).entered).toBe(true);
    expect(await phase.enter(Q, 0)).toEqual({ entered: false, waitingOn: [P] });
    const q = phase.enter(Q, 60_000);
    expect(await settled(q)).toBe(false);
    phase.ended(P);
    expect((await q).entered).toBe(true);
  });

  it('a new run plans anew; a cancelled run, or one never planned, fails the waiting file', async () => {
    const phase = new PlatformPhase();
    await expect(phase.enter(P, 0)).rejects.toThrow(/no run was planned/);
    phase.plan([A, P]);
    const waiting = phase.enter(P, 60_000);
    phase.cancel('test-failure');
    await expect(waiting).rejects.toThrow(/cancelled \(test-failure\)/);
    phase.plan([P]);
    expect((await phase.enter(P, 0)).entered, 'the next run is not cancelled').toBe(true);
  });

  it('fails a waiting file once no file of the run has reported anything for the stall bound (a worker that exited)', async () => {
    const phase = new PlatformPhase();
    phase.plan([A, P], 300);
    const waiting = phase.enter(P, 60_000);
    await new Promise((r) => setTimeout(r, 200));
    phase.progress();
    expect(await settled(waiting), 'a file reported 200 ms in: still waiting').toBe(false);
    await expect(waiting).rejects.toThrow(/no file of the run reported anything for \d+ s while .*a\.test\.ts had not ended/);
  });

  it('the sequencer puts the platform-wide files last, each group in its order', () => {
    const files = [P, A, Q, B].map((moduleId) => ({ moduleId }));
    const { others, platform } = splitPlatformWide(files);
    expect(others.map((f) => f.moduleId)).toEqual([A, B]);
    expect(platform.map((f) => f.moduleId)).toEqual([P, Q]);
  });

  it('the sequencer plans the phase with the files it orders (a shard\'s part), and a cancelled run fails the waiting file', async () => {
    const cancelListeners: ((reason: string) => void)[] = [];
    const ctx = {
      config: { root: ROOT },
      cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
      onCancel: (fn: (reason: string) => void) => void cancelListeners.push(fn),
    } as unknown as Vitest;
    const project = { name: 'conformance', config: { sequence: { groupOrder: 0 }, isolate: false, maxWorkers: 2, testTimeout: 60_000, hookTimeout: 60_000 } };
    const files = ['suites/webhooks/test-webhook.platform.test.ts', 'suites/webhooks/duplicates.test.ts', 'suites/invitations/not-configured.platform.test.ts', 'suites/webhooks/signature-check.test.ts'].map((f) => join(ROOT, f));
    const sorted = await new WaitSpreadingSequencer(ctx).sort(files.map((moduleId) => ({ moduleId, project }) as unknown as TestSpecification));
    expect(sorted.slice(-2).map((s) => s.moduleId).sort(), 'the platform-wide files last').toEqual([files[0], files[2]].sort());
    const answer = await platformPhase().enter(files[0]!, 0);
    expect(answer.entered).toBe(false);
    expect(answer.waitingOn.sort(), 'the phase waits on the files the sequencer ordered').toEqual([files[1], files[3]].sort());
    const waiting = platformPhase().enter(files[0]!, 60_000);
    expect(cancelListeners, 'the sequencer listens for this run\'s cancellation').toHaveLength(1);
    cancelListeners[0]!('test-failure');
    await expect(waiting).rejects.toThrow(/cancelled \(test-failure\)/);
  });

  it('in a run, each platform-wide scenario starts after every other file\'s scenarios stopped, and no two platform-wide files overlap', async () => {
    const run = await runConformance({ dirs: ['suites/webhooks/', 'suites/invitations/'], keepReports: true });
    try {
      expect(run.code, run.output.slice(-2000)).toBe(0);
      const dir = join(run.reportsDir!, 'allure-results');
      const results = readdirSync(dir)
        .filter((f) => f.endsWith('-result.json'))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { fullName: string; start: number; stop: number });
      const fileOf = (r: { fullName: string }) => /(suites\/[^#]*\.test\.ts)#/.exec(r.fullName)?.[1] ?? r.fullName;
      const platform = results.filter((r) => /\.platform\.test\.ts$/.test(fileOf(r)));
      const others = results.filter((r) => !/\.platform\.test\.ts$/.test(fileOf(r)));
      expect(new Set(platform.map(fileOf)).size, 'the run holds three platform-wide files').toBe(3);
      expect(others.length).toBeGreaterThan(5);
      const lastOther = Math.max(...others.map((r) => r.stop));
      for (const r of platform) expect(r.start, `${r.fullName} started before another file's scenario stopped`).toBeGreaterThanOrEqual(lastOther);
      const spans = [...new Set(platform.map(fileOf))].map((file) => {
        const own = platform.filter((r) => fileOf(r) === file);
        return { file, start: Math.min(...own.map((r) => r.start)), stop: Math.max(...own.map((r) => r.stop)) };
      }).sort((a, b) => a.start - b.start);
      for (let i = 1; i < spans.length; i++) expect(spans[i]!.start, `${spans[i]!.file} overlaps ${spans[i - 1]!.file}`).toBeGreaterThanOrEqual(spans[i - 1]!.stop);
    } finally {
      rmSync(run.reportsDir!, { recursive: true, force: true });
    }
  });
});
