// The run's verdict gates releases: it must say "conformant" only when that is true, and its last
// line must say why not. Rules of the verdict, then a whole embedded run with one forged delivery
// posted to its listener midway, which must exit non-zero naming the finding.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { concludeRun, judgeRun, mergeVerdicts, verdictLines, type ScenarioOutcome } from '../../helpers/verdict/verdict.js';
import { ROOT, runConformance, SANDBOX_DECLARATIONS } from '../run-conformance.js';
import { listenerUrlIn, postForgedDelivery } from './forge.js';

const passed = (name: string): ScenarioOutcome => ({ file: 'suites/a/a.test.ts', name, state: 'passed' });
const declaredSkip: ScenarioOutcome = { file: 'suites/a/b.test.ts', name: 'needs SCA', state: 'skipped', capabilityReason: 'the target declares no SCA region (SVC_SCA_REGION)' };
const plainSkip: ScenarioOutcome = { file: 'suites/a/b.test.ts', name: 'it.skip', state: 'skipped' };
const finding = { kind: 'signature', message: 'signature does not verify with the configured public key', type: 'TEST', eventId: 'Webhook:1' };

describe('the verdict of a run', () => {
  it('is conformant when scenarios ran and all passed, and says so with the tally as its last line', () => {
    const v = judgeRun({ mode: 'embedded', runId: 'r', scenarios: [passed('x'), passed('y')], findings: [] });
    expect(v.conformant).toBe(true);
    expect(verdictLines(v).at(-1)).toBe('verdict: conformant: 2 passed, 0 failed, 0 skipped');
  });

  it('records the generated data of its run, when given', () => {
    expect(judgeRun({ mode: 'embedded', runId: 'r', generation: { seed: 7, ruleRuns: 1 }, scenarios: [passed('x')], findings: [] }).generation).toEqual({ seed: 7, ruleRuns: 1 });
    expect(judgeRun({ mode: 'embedded', runId: 'r', scenarios: [passed('x')], findings: [] })).not.toHaveProperty('generation');
  });

  it('counts apart, and names, the scenarios that passed without judging their main claim', () => {
    const partly: ScenarioOutcome = { ...passed('y'), judgedPartly: 'the target took an allowed alternative' };
    const v = judgeRun({ mode: 'embedded', runId: 'r', scenarios: [passed('x'), partly], findings: [] });
    expect(v.conformant).toBe(true);
    expect(v.partly).toEqual([{ file: 'suites/a/a.test.ts', name: 'y', reason: 'the target took an allowed alternative' }]);
    expect(verdictLines(v).at(-1)).toBe('verdict: conformant: 2 passed, 0 failed, 0 skipped; judged partly: 1 (reports/verdict.json)');
    expect(mergeVerdicts([{ name: 'a', verdict: v }, { name: 'b', verdict: v }]).partly).toHaveLength(2);
  });

  it('is not conformant when no scenario ran', () => {
    const v = judgeRun({ mode: 'embedded', runId: 'r', scenarios: [], findings: [] });
    expect(v.conformant).toBe(false);
    expect(verdictLines(v).at(-1)).toMatch(/^verdict: NOT CONFORMANT: no scenario ran/);
  });

  it('is not conformant on a listener finding, even when every scenario passed, and names the finding', () => {
    const v = judgeRun({ mode: 'embedded', runId: 'r', scenarios: [passed('x')], findings: [finding] });
    expect(v.conformant).toBe(false);
    expect(verdictLines(v).at(-1)).toBe(
      'verdict: NOT CONFORMANT: 1 listener finding: [signature] TEST Webhook:1: signature does not verify with the configured public key; 1 passed, 0 failed, 0 skipped',
    );
  });

  it('is not conformant on a failed scenario, and lists it', () => {
    const v = judgeRun({ mode: 'external', runId: 'r', scenarios: [passed('x'), { ...passed('y'), state: 'failed', message: 'expected 201, got 500' }], findings: [] });
    expect(v.conformant).toBe(false);
    const lines = verdictLines(v);
    expect(lines).toContain('  failed: suites/a/a.test.ts > y: expected 201, got 500');
    expect(lines.at(-1)).toBe('verdict: NOT CONFORMANT: 1 scenario failed; 1 passed, 1 failed, 0 skipped');
  });

  it('lets an external target skip only for a capability it declares it lacks', () => {
    const declared = judgeRun({ mode: 'external', runId: 'r', scenarios: [passed('x'), declaredSkip], findings: [] });
    expect(declared.conformant).toBe(true);
    // The area with the skip is named as not judged in full, with the capability the target lacks.
    expect(verdictLines(declared).at(-1)).toBe('verdict: conformant for 0 of 1 areas; not judged in full: a (1 skipped: the target declares no SCA region (SVC_SCA_REGION)): 1 passed, 0 failed, 1 skipped (1 skip for capabilities the target declares it lacks)');
    const inTwo = judgeRun({ mode: 'external', runId: 'r', scenarios: [{ ...passed('x'), file: 'suites/cards/c.test.ts' }, passed('y'), declaredSkip], findings: [] });
    expect(inTwo.areas).toEqual({ cards: { passed: 1, failed: 0, skipped: 0 }, a: { passed: 1, failed: 0, skipped: 1 } });
    expect(verdictLines(inTwo).at(-1)).toMatch(/^verdict: conformant for 1 of 2 areas; not judged in full: a \(1 skipped: the target declares no SCA region/);
    // Merged shards keep the areas.
    expect(mergeVerdicts([{ name: '1', verdict: inTwo }, { name: '2', verdict: declared }]).areas).toEqual({ cards: { passed: 1, failed: 0, skipped: 0 }, a: { passed: 2, failed: 0, skipped: 2 } });
    const unexplained = judgeRun({ mode: 'external', runId: 'r', scenarios: [passed('x'), plainSkip], findings: [] });
    expect(unexplained.conformant).toBe(false);
    expect(verdictLines(unexplained).at(-1)).toMatch(/1 skip not explained by a capability the target declares it lacks/);
  });

  it('lets neither the embedded sandbox nor a container target skip at all', () => {
    for (const mode of ['embedded', 'container'] as const) {
      const v = judgeRun({ mode, runId: 'r', scenarios: [passed('x'), declaredSkip], findings: [] });
      expect(v.conformant, mode).toBe(false);
      expect(verdictLines(v).at(-1)).toMatch(new RegExp(`1 skip in ${mode} mode, where nothing may skip`));
    }
  });

  it('fails a run that wrote no verdict, was interrupted, or whose vitest failed outside the scenarios', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-verdict-'));
    const none = concludeRun(dir, { code: 1 });
    expect(none.code).toBe(1);
    expect(none.lines.at(-1)).toMatch(/^verdict: NOT CONFORMANT: the run wrote no verdict/);
    writeFileSync(join(dir, 'verdict.json'), JSON.stringify(judgeRun({ mode: 'embedded', runId: 'r', scenarios: [passed('x')], findings: [] })));
    expect(concludeRun(dir, { code: 0 }).code).toBe(0);
    expect(concludeRun(dir, { code: 0, signal: 'SIGINT' }).code).not.toBe(0);
    const unhandled = concludeRun(dir, { code: 1 });
    expect(unhandled.code).toBe(1);
    expect(unhandled.lines.at(-1)).toMatch(/^verdict: NOT CONFORMANT: vitest exited with code 1/);
  });
});

describe('the verdict of a sharded run', () => {
  const shard = (name: string, scenarios: ScenarioOutcome[], more: { seed?: number; findings?: typeof finding[]; mode?: 'embedded' | 'external' } = {}) => ({
    name,
    verdict: judgeRun({ mode: more.mode ?? 'embedded', runId: name, generation: { seed: more.seed ?? 7, ruleRuns: 1 }, scenarios, findings: more.findings ?? [] }),
  });

  it('is conformant when every shard is, with the tally of all of them and their shared generated data', () => {
    const v = mergeVerdicts([shard('1', [passed('x'), passed('y')]), shard('2', [passed('z')])]);
    expect(v.conformant).toBe(true);
    expect(v.generation).toEqual({ seed: 7, ruleRuns: 1 });
    expect(v.runId).toBe('1 2');
    expect(verdictLines(v).at(-1)).toBe('verdict: conformant: 3 passed, 0 failed, 0 skipped');
  });

  it('is not conformant when one shard failed a scenario or met a finding, naming both', () => {
    const failing: ScenarioOutcome = { file: 'suites/a/c.test.ts', name: 'rule', state: 'failed', message: 'expected 400' };
    const v = mergeVerdicts([shard('1', [passed('x'), failing]), shard('2', [passed('z')], { findings: [finding] })]);
    expect(v.conformant).toBe(false);
    expect(v.failures).toEqual([{ file: 'suites/a/c.test.ts', name: 'rule', message: 'expected 400', errorName: undefined }]);
    expect(v.findings).toEqual([finding]);
    expect(verdictLines(v).at(-1)).toMatch(/^verdict: NOT CONFORMANT: 1 scenario failed; 1 listener finding: \[signature\] TEST Webhook:1: .*; 2 passed, 1 failed, 0 skipped$/);
  });

  it('is not conformant when a shard wrote no verdict, or the shards judged different kinds of target', () => {
    const missing = mergeVerdicts([shard('shards/shard-1', [passed('x')]), { name: 'shards/shard-2', verdict: undefined }]);
    expect(missing.conformant).toBe(false);
    expect(missing.reasons).toEqual(['1 shard wrote no verdict (it did not finish): shards/shard-2']);
    expect(missing).not.toHaveProperty('generation');
    const mixed = mergeVerdicts([shard('1', [passed('x')]), shard('2', [passed('y')], { mode: 'external' })]);
    expect(mixed.reasons).toEqual(['the shards ran against different kinds of target: embedded, external']);
  });

  it('knows no one generated data when the shards drew different seeds', () => {
    const v = mergeVerdicts([shard('1', [passed('x')], { seed: 7 }), shard('2', [passed('y')], { seed: 8 })]);
    expect(v.conformant).toBe(true);
    expect(v).not.toHaveProperty('generation');
  });
});

describe('a whole embedded run', () => {
  it('names a setting it cannot take, in one line, and writes no verdict', async () => {
    const run = await runConformance({ dirs: ['suites/exchange-rates/'], env: { SVC_SEED: 'abc' } });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('svc-conformance: the target could not be set up: SVC_SEED must be a whole number from 1 to 2147483647, got "abc"');
    expect(run.verdict).toBeUndefined();
  }, 60_000);

  it('fails on a skip, which the embedded sandbox never needs, naming the scenario and the capability', async () => {
    // The embedded sandbox has a hold trigger; declaring none makes the scenario that needs it skip.
    const run = await runConformance({ dirs: ['suites/transactions/transactions.test.ts'], env: { SVC_HOLD_TRIGGER: '' } });
    expect(run.verdict?.counts.skipped, run.output.slice(-3000)).toBe(1);
    expect(run.verdict?.skips[0]).toMatchObject({ reason: 'the target declares no trigger that holds a payment (SVC_HOLD_TRIGGER)', explained: false });
    expect(run.code).not.toBe(0);
    const lines = run.output.trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(/^  skipped: suites\/transactions\/transactions.test.ts > .*pendingReason: the target declares no trigger that holds a payment/);
    expect(lines.at(-1)).toMatch(/^verdict: NOT CONFORMANT: 1 skip in embedded mode, where nothing may skip; \d+ passed, 0 failed, 1 skipped$/);
  }, 120_000);

  it('exits non-zero, naming the finding, when one forged delivery reaches the listener midway; says so when a delivery came on another path', async () => {
    let posted: Promise<{ status: number; eventId: string }> | undefined;
    let misrouted: Promise<number> | undefined;
    let seen = '';
    // A run with scenarios in both phases (parallel, then platform-wide) that await events, so the
    // forged delivery arrives while scenarios run and the finding must last to the verdict; every
    // area would add run time and nothing to that.
    const run = await runConformance({
      dirs: ['suites/transactions/', 'suites/webhooks/'],
      onOutput: (chunk) => {
        seen += chunk;
        const url = listenerUrlIn(seen);
        // Once the scenarios are under way (output after the line naming the listener), one forged delivery.
        const after = url ? seen.indexOf('\n', seen.indexOf(url)) : -1;
        if (url && !posted && after >= 0 && seen.length > after + 1) {
          posted = postForgedDelivery(url);
          // A delivery forwarded without the listener's path (README: SVC_WEBHOOK_PUBLIC_URL).
          misrouted = request(new URL('/forwarded-to-the-listener', url).toString(), { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }).then(async (r) => {
            await r.body.text();
            return r.statusCode;
          });
        }
      },
    });
    expect(posted, `the run printed no listener URL:\n${run.output.slice(0, 2000)}`).toBeDefined();
    const forged = await posted!;
    expect(forged.status, 'the listener refuses a delivery that fails X-Svc-Signature verification').toBe(401);
    expect(run.verdict?.counts.failed, run.output.slice(-3000)).toBe(0);
    expect(run.code).not.toBe(0);
    const last = run.output.trimEnd().split('\n').at(-1)!;
    expect(last).toMatch(/^verdict: NOT CONFORMANT: 1 listener finding: \[signature\] TEST /);
    expect(last).toContain(forged.eventId);
    expect(await misrouted, 'a POST to another path than /webhooks is answered 404').toBe(404);
    expect(run.output).toMatch(/the webhook listener refused 1 POST\(s\) to a path other than \/webhooks with 404; deliveries must arrive on that path/);
  }, 180_000);
});

describe('a whole external run', () => {
  it('fails, and does not skip, a scenario whose declared capability the target does not meet (a wallet created ACTIVE under declared counterparty rules)', async () => {
    // A standalone sandbox that creates first-party self-custody wallets ACTIVE, declared as the
    // sandbox declares itself (counterparty rules included): what the target does is observed, not
    // declared, so it cannot explain a skip.
    const sandbox = spawn(process.execPath, [
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--client-id', 'observed-demo',
      '--client-secret', 'observed-demo-secret', '--allow-insecure-loopback-webhooks', '--faults', 'wallet-created-active',
    ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let info: { baseUrl: string; clientId: string; clientSecret: string; webhookPublicKey: string } | undefined;
      for await (const line of createInterface({ input: sandbox.stdout! })) {
        info = JSON.parse(line);
        break;
      }
      const dir = mkdtempSync(join(tmpdir(), 'svc-observed-'));
      writeFileSync(join(dir, 'webhook-public.pem'), info!.webhookPublicKey);
      const run = await runConformance({
        dirs: ['suites/external-accounts/customer-ownership.test.ts'],
        env: {
          ...SANDBOX_DECLARATIONS,
          SVC_BASE_URL: info!.baseUrl,
          SVC_CLIENT_ID: info!.clientId,
          SVC_CLIENT_SECRET: info!.clientSecret,
          SVC_WEBHOOK_PUBLIC_KEY: join(dir, 'webhook-public.pem'),
          SVC_STATE_DIR: join(dir, 'state'),
        },
      });
      expect(run.verdict?.mode, run.output.slice(-3000)).toBe('external');
      expect(run.verdict?.skips, 'no scenario skipped for what the target did').toEqual([]);
      expect(run.verdict?.counts.failed, run.output.slice(-3000)).toBeGreaterThan(0);
      expect(run.verdict?.failures.map((f) => f.message).join('\n')).toMatch(/PENDING_OWNERSHIP_VERIFICATION/);
      expect(run.code).not.toBe(0);
    } finally {
      sandbox.kill('SIGTERM');
    }
  }, 180_000);
});

describe('judgedPartly', () => {
  it('marks the running scenario, reasons joined, for the verdict to collect as it collects a capability reason', async () => {
    const { judgedPartly } = await import('../../helpers/scenario.js');
    const { getCurrentTest } = await import('vitest/suite');
    judgedPartly('first');
    judgedPartly('second');
    expect(getCurrentTest()?.meta.judgedPartly).toBe('first; second');
  });
});
