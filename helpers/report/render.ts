// `npm run report`: renders reports/allure-results as HTML with Allure 3 (no Java) into
// reports/allure-report.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPORTS_DIR } from '../paths.js';
import { lockReportsFolder } from './folder-lock.js';

const results = join(REPORTS_DIR, 'allure-results');
if (!existsSync(results)) {
  process.stderr.write(`No Allure results in ${results}: run \`npm run conformance\` first.\n`);
  process.exit(2);
}
// Not while a run writes the results it reads (./folder-lock.ts).
try {
  lockReportsFolder(REPORTS_DIR);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const output = join(REPORTS_DIR, 'allure-report');
rmSync(output, { recursive: true, force: true });
const root = join(import.meta.dirname, '../..');
const allure = join(root, 'node_modules/allure/cli.js');
const run = spawnSync(process.execPath, [allure, 'generate', results, '--config', join(root, 'allurerc.mjs'), '--output', output], {
  stdio: 'inherit',
  cwd: root,
});
if (run.status !== 0) process.exit(run.status ?? 1);
const index = ['index.html', 'awesome/index.html'].map((f) => join(output, f)).find((f) => existsSync(f));
process.stdout.write(`Allure report: ${index ?? output}\n`);
