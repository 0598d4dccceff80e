// The Allure results of a run as one file, so that a signed certification (./attestation.ts) can name
// them by one digest. The archive is a plain tar whose bytes follow from the files alone: entries in
// sorted order under the folder's own name, every time, owner and mode fixed, no compression (a gzip
// header names the platform that wrote it). The same results give the same archive on any machine;
// a verifier re-digests the archive it receives and never builds one.
import { createReadStream, createWriteStream, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

/** The folder of Allure results under a reports folder (the reporter's resultsDir, vitest.config.ts). */
export const ALLURE_RESULTS = 'allure-results';
/** The archive of that folder, beside it in the reports folder. */
export const ALLURE_ARCHIVE = 'allure-results.tar';

/** One time for every entry: the start of the Unix epoch. */
const FIXED_MTIME = new Date(0);

/** Every regular file and folder under `dir`, named `<prefix>/<posix path in it>`, in code-unit order. */
function entriesOf(dir: string, prefix: string): { name: string; path: string; directory: boolean }[] {
  const out: { name: string; path: string; directory: boolean }[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const inDir = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.push({ name: `${prefix}/${inDir}`, path: join(dir, inDir), directory: true });
        walk(inDir);
      } else if (e.isFile()) out.push({ name: `${prefix}/${inDir}`, path: join(dir, inDir), directory: false });
    }
  };
  walk('');
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Writes `<reportsDir>/allure-results.tar` from `<reportsDir>/allure-results`; returns false (and
 * writes nothing) where the run left no such folder.
 */
export async function archiveAllureResults(reportsDir: string): Promise<boolean> {
  const source = join(reportsDir, ALLURE_RESULTS);
  const target = join(reportsDir, ALLURE_ARCHIVE);
  if (!existsSync(source) || !statSync(source).isDirectory()) return false;
  const partial = `${target}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(partial));
  try {
    for (const entry of [{ name: ALLURE_RESULTS, path: source, directory: true }, ...entriesOf(source, ALLURE_RESULTS)]) {
      const fixed = { name: entry.name, mtime: FIXED_MTIME, uid: 0, gid: 0, uname: '', gname: '' };
      if (entry.directory) {
        await new Promise<void>((done, fail) => pack.entry({ ...fixed, type: 'directory', mode: 0o755 }, (err) => (err ? fail(err) : done())));
        continue;
      }
      // Streamed, not read whole: a run's results hold thousands of attachments.
      const size = statSync(entry.path).size;
      await new Promise<void>((done, fail) => {
        const sink = pack.entry({ ...fixed, type: 'file', mode: 0o644, size }, (err) => (err ? fail(err) : done()));
        pipeline(createReadStream(entry.path), sink).catch(fail);
      });
    }
    pack.finalize();
    await written;
  } catch (err) {
    pack.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw err;
  }
  renameSync(partial, target);
  return true;
}
