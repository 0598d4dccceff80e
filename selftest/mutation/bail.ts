// Setup file of the mutant projects (vitest.config.ts, SVC_MUTANT_BATCH): a fault's scenarios stop at
// its first failure, as `--bail=1` stops the run of one fault, while the other faults of the batch
// run on. The mark is a file named after the fault (SVC_MUTANT_BAIL_DIR), seen by every worker.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { MUTANT_PROJECT } from '../../helpers/target/mutant.js';

beforeEach((ctx) => {
  const dir = process.env.SVC_MUTANT_BAIL_DIR;
  const fault = MUTANT_PROJECT.exec(ctx.task.file.projectName ?? '')?.[1];
  if (!dir || !fault) return;
  const mark = join(dir, fault);
  if (existsSync(mark)) ctx.skip(`mutant ${fault}: an earlier scenario failed (bail)`);
  ctx.onTestFailed(() => writeFileSync(mark, ctx.task.name));
});
