// Setup file of the mutant projects (vitest.config.ts, SVC_MUTANT_BATCH): a fault's scenarios stop at
// its first failure, as `--bail=1` stops the run of one fault, while the other faults of the batch
// run on. The mark is a file named after the fault (SVC_MUTANT_BAIL_DIR), seen by every worker. A fault
// run.ts limits to the scenarios that killed it last runs those alone.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { MUTANT_PROJECT } from '../../helpers/target/mutant.js';

/** Per fault, the scenarios its run is limited to, where run.ts limits it (those that killed it last). */
const only = new Map(
  (JSON.parse(process.env.SVC_MUTANT_BATCH ?? '[]') as { fault: string; tests?: string[] }[]).flatMap((e) => (e.tests ? [[e.fault, new Set(e.tests)] as const] : [])),
);

beforeEach((ctx) => {
  const dir = process.env.SVC_MUTANT_BAIL_DIR;
  const fault = MUTANT_PROJECT.exec(ctx.task.file.projectName ?? '')?.[1];
  if (!dir || !fault) return;
  const limited = only.get(fault);
  if (limited && !limited.has(ctx.task.fullTestName ?? ctx.task.name)) ctx.skip(`mutant ${fault}: not a scenario that killed it in the last full run (selftest/mutation/killers.json)`);
  const mark = join(dir, fault);
  if (existsSync(mark)) ctx.skip(`mutant ${fault}: an earlier scenario failed (bail)`);
  ctx.onTestFailed(() => writeFileSync(mark, ctx.task.name));
});
