// `npm run conformance [-- vitest arguments]`: runs the conformance projects in a vitest child process
// and ends with the run's verdict (helpers/verdict/verdict.ts) as the last lines and the exit status.
// A child, not vitest's node API in this process: whatever vitest prints or does while it closes
// (global-setup teardowns, reporters, a hanging handle), the verdict is read after it has exited.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPORTS_DIR } from '../paths.js';
import { concludeRun, VERDICT_FILE } from './verdict.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
/** The projects of a conformance run: the parallel scenarios, then the platform-wide ones. */
export const CONFORMANCE_PROJECTS = ['--project', 'conformance', '--project', 'conformance-platform'];
/** Tells the global setup that an entry point prints the verdict last, so it need not. */
export const VERDICT_READER_ENV = { SVC_VERDICT_READER: '1' };

async function main(args: string[]): Promise<number> {
  rmSync(join(REPORTS_DIR, VERDICT_FILE), { force: true });
  const child = spawn(process.execPath, [VITEST, 'run', ...CONFORMANCE_PROJECTS, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...VERDICT_READER_ENV },
  });
  // Ctrl-C reaches the child through the terminal's process group: it restores the target's
  // configuration and dies of the signal; this process waits for that. A SIGTERM sent to this
  // process alone is passed on.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (code, signal) => done({ code, signal })));
  const conclusion = concludeRun(REPORTS_DIR, exit);
  process.stdout.write(`${conclusion.lines.join('\n')}\n`);
  return conclusion.code;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exit(await main(process.argv.slice(2)));
}
