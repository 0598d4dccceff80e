// Allure metadata for a describe block: epic = area, feature = operation, story = the scenario
// (the test's name), a link to the interface section, and the basis of its assertions. The report's
// tree follows them (allurerc.mjs groups by epic, then feature: area, operation, scenario).
import * as allure from 'allure-js-commons';
import { relative } from 'node:path';
import { beforeEach, expect, inject, type TestContext } from 'vitest';
import { getCurrentTest } from 'vitest/suite';
import { recordFailure, recordSkip } from './coverage/recorder.js';
import { allureAttach, allureLabel, allureTag } from './allure.js';
import { lastExchange } from './harness.js';
import { credentialVariables, curlCommand, replayCommand } from './verdict/replay.js';
import { readChangeIndex, scenarioKey } from './coverage/changes.js';
import { areaNamed } from './spec/catalog.js';

export interface ScenarioMeta {
  area: string;
  operation: string;
  /** Interface section the scenarios trace to. */
  section: string;
  /** 'supplement' where the asserted facts come from the supplement (the interface is silent). */
  basis?: 'interface' | 'supplement';
}

const sectionLink = (section: string) =>
  `../shared/spec/interface.md#${section.toLowerCase().replace(/[^a-z0-9 -]/g, '').trim().replace(/ +/g, '-')}`;

/** The entries of the change history each scenario judges (helpers/spec/change-scenarios.json), read once per worker. */
let changesOf: Map<string, string[]> | undefined;
function changesJudgedBy(key: string): string[] {
  if (!changesOf) {
    changesOf = new Map();
    for (const [id, keys] of Object.entries(readChangeIndex())) for (const k of keys) changesOf.set(k, [...(changesOf.get(k) ?? []), id]);
  }
  return changesOf.get(key) ?? [];
}

export function scenario(meta: ScenarioMeta): void {
  // A scenario filed under a cross-cutting section (Authentication) is shown in the area that
  // section's codes belong to; the area it declared stays a label.
  const area = areaNamed(meta.area) ?? meta.area;
  beforeEach(async (ctx) => {
    // Skipped by an earlier hook (a mutant run's bail, say): it runs nothing, so it reports nothing.
    if (ctx.task.result?.state === 'skip' || ctx.task.mode === 'skip') return;
    await allure.epic(area);
    await allure.feature(meta.operation);
    await allure.story(ctx.task.name);
    if (area !== meta.area) await allure.label('section', meta.area);
    await allure.link(sectionLink(meta.section), `Interface: ${meta.section}`);
    await allure.label('basis', meta.basis ?? 'interface');
    // A failed scenario says how to reproduce it: the command that replays it alone, and its last exchange as curl.
    const state = expect.getState();
    ctx.onTestFinished(({ task }) => {
      const attempt = (task.result?.retryCount ?? 0) + 1;
      // A pass after a failed attempt (SVC_RETRIES): flaky; each failed attempt stays attached to the result.
      if (task.result?.state === 'pass' && attempt > 1) allureTag('flaky');
      if (task.result?.state !== 'fail') return;
      allureAttach(`attempt ${attempt}: failed`, (task.result.errors ?? []).map((e) => e.stack ?? e.message).join('\n\n'), 'text/plain');
      const target = inject('target');
      const file = relative(process.cwd(), state.testPath ?? '');
      const exchange = lastExchange();
      const replay = replayCommand(process.env, file, state.currentTestName ?? task.name, target ? { seed: target.seed, ruleRuns: target.ruleRuns } : undefined);
      const curl = exchange ? curlCommand(exchange, credentialVariables(process.env)) : undefined;
      recordFailure({ replay, ...(curl ? { curl } : {}) }, { test: state.currentTestName, file: state.testPath });
      allureAttach('reproduce', `${replay}\n${curl ? `\n# its last exchange (SVC_BASE_URL, SVC_CLIENT_ID and SVC_CLIENT_SECRET as for the run):\n${curl}\n` : ''}`, 'text/plain');
    });
    // The entries of the interface's change history it judges: the report lists each with its scenarios.
    for (const change of changesJudgedBy(scenarioKey(state.testPath, state.currentTestName))) {
      await allure.label('change', change);
      await allure.tag(`change:${change}`);
    }
  });
}

/** Marks a scenario as built on the supplement's facts (the interface leaves them unshown). */
export async function basisSupplement(what: string): Promise<void> {
  await allure.label('basis', 'supplement');
  await allure.description(`basis: supplement: ${what}`);
}

/**
 * Skips the running scenario when the target declares it lacks a capability, with the reason
 * recorded in the report, in coverage (ids it would have exercised) and for the run's verdict
 * (helpers/verdict/): only such a skip leaves an external target conformant; embedded and container
 * runs may not skip at all. `available` must follow from the target's declarations alone (its
 * profile or SVC_* variables: capabilities, triggers, limits, timings and the run's wait budget),
 * never from what the target answered: where the target claims the capability and then does not
 * behave so, the scenario asserts and fails; where the documents allow what it did, the scenario
 * judges what they document instead (and records an interface note).
 */
export function requireCapability(ctx: TestContext, available: boolean, reason: string, ids: string[] = []): void {
  if (available) return;
  recordSkip(reason, ids);
  allureLabel('skipReason', reason);
  ctx.task.meta.capabilityReason = reason;
  ctx.skip(reason);
}

/**
 * The running scenario passes without judging its title's main claim, because the target took an
 * alternative the documents allow (recorded beside it as an interface note): the verdict counts it
 * apart ("judged partly: N") and names it with `reason`, and so does the certification. Not a skip:
 * what the scenario could judge, it judged.
 */
export function judgedPartly(reason: string): void {
  const test = getCurrentTest();
  if (!test) throw new Error('judgedPartly is called from inside a scenario');
  test.meta.judgedPartly = test.meta.judgedPartly ? `${test.meta.judgedPartly}; ${reason}` : reason;
  allureLabel('judgedPartly', reason);
}
