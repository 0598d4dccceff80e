// Main-process side of the verdict: the outcome of every scenario of the projects a target served,
// read from vitest's own state at the end of the run (whatever reporters the command line chose).
import { relative } from 'node:path';
import type { TestModule, Vitest } from 'vitest/node';
import { firstLine, type ScenarioOutcome } from './verdict.js';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Set by requireCapability: the capability the target lacks, which explains the skip. */
    capabilityReason?: string;
    /** Set by judgedPartly: why a passed scenario did not judge its title's main claim. */
    judgedPartly?: string;
  }
}

/**
 * The scenarios of a run that selected some by name (`-t`, as SVC_CHANGES and a replay do): vitest
 * marks the others skipped, but they were not asked for; a skip is the verdict's only for a scenario
 * the run asked for.
 */
function selected(vitest: Vitest): (test: { fullName: string; result(): { state: string } }) => boolean {
  const pattern = vitest.config.testNamePattern;
  if (!pattern) return () => true;
  // vitest matches the names joined by spaces (its getTaskFullName); a TestCase's fullName joins them with " > ".
  return (test) => test.result().state !== 'skipped' || pattern.test(test.fullName.split(' > ').join(' '));
}

export function collectOutcomes(vitest: Vitest, projects: ReadonlySet<string>): { scenarios: ScenarioOutcome[]; fileErrors: { file: string; message: string }[] } {
  const modules: TestModule[] = vitest.state.getTestModules().filter((m) => projects.has(m.project.name));
  const asked = selected(vitest);
  const scenarios: ScenarioOutcome[] = [];
  const fileErrors: { file: string; message: string }[] = [];
  for (const module of modules) {
    const file = relative(process.cwd(), module.moduleId);
    for (const error of module.errors()) fileErrors.push({ file, message: firstLine(error.message) });
    for (const test of module.children.allTests()) {
      if (!asked(test)) continue;
      const result = test.result();
      const outcome: ScenarioOutcome = { file, name: test.fullName, state: result.state };
      if (result.state === 'failed') {
        outcome.message = firstLine(result.errors?.[0]?.message);
        outcome.errorName = result.errors?.[0]?.name;
      }
      if (result.state === 'passed' && test.meta().judgedPartly) outcome.judgedPartly = test.meta().judgedPartly;
      // Passed on a retry (SVC_RETRIES): flaky, with what its failed attempts ended on.
      if (result.state === 'passed' && test.diagnostic()?.flaky) outcome.flaky = (result.errors ?? []).map((e) => firstLine(e.message)).filter(Boolean);
      if (result.state === 'skipped') {
        outcome.capabilityReason = test.meta().capabilityReason;
        outcome.note = result.note;
      }
      scenarios.push(outcome);
    }
  }
  return { scenarios, fileErrors };
}
