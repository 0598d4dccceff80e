// `npm run report`: renders reports/allure-results as HTML with Allure 3 (no Java) into
// reports/allure-report.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPORTS_DIR } from '../paths.js';

const results = join(REPORTS_DIR, 'allure-results');
if (!existsSync(results)) {
  process.stderr.write(`No Allure results in ${results}: run \`npm run conformance\` first.\n`);
  process.exit(2);
}
const output = join(REPORTS_DIR, 'allure-report');
const allure = join(import.meta.dirname, '../../node_modules/allure/cli.js');
const run = spawnSync(process.execPath, [allure, 'generate', results, '--output', output, '--report-name', 'Svc conformance'], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
process.stdout.write(`Allure report: ${join(output, 'index.html')}\n`);
