// The embedded sandbox as one ES module (SANDBOX_ENTRY and every sandbox module it imports), bundled by
// esbuild (the tool the container image's bundle is made with, helpers/target/sandbox-image.ts), its packages
// left to Node. Node loads it in one step: through tsx, each of the sandbox's modules would go to tsx's
// loader thread and back, and the run waits for the sandbox before its first scenario; a bundle loads in
// a fraction of that time and is quick to build.
//
// A bundle is kept in node_modules/.cache/svc-conformance/ under a key of what makes it: esbuild's
// version and options, tsconfig.json, and every TypeScript file under sandbox/. A build whose inputs
// are not all among those files is refused, and a source changed while a bundle was built makes it
// again, so a kept bundle is the one its key names. The folder must be writable and stay under
// node_modules: vitest leaves a .mjs there to Node rather than transforming it, and Node resolves the
// bundle's packages upwards from it. It is safe to delete. A bundle is written to a temporary name and
// renamed into place, so processes building at once each see a whole file; a reused one is touched,
// and others (and files a killed build left) are removed once unused for an hour.
import { build, version, type Metafile } from 'esbuild';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The sandbox's entry for embedding processes: the bundle holds it and the sandbox modules it imports.
 * It is the one part of the sandbox the harness loads (selftest/sandbox/boundary.test.ts).
 */
export const SANDBOX_ENTRY = 'sandbox/embedded.ts';

// keepNames: functions keep their names in stack traces, as they did through tsx.
const OPTIONS = { bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', sourcemap: 'linked', keepNames: true, logLevel: 'warning' } as const;
/** Bundles of other keys unused for longer than this are removed. */
const STALE_MS = 60 * 60 * 1000;

/** Every regular .ts file under `dir` (dot-files left out), sorted, as paths relative to `root`. */
function typescriptFiles(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .flatMap((e) => (e.isDirectory() ? typescriptFiles(root, join(dir, e.name)) : e.isFile() && e.name.endsWith('.ts') ? [relative(root, join(dir, e.name))] : []))
    .sort();
}

/** The key of the bundle that the sources under `root` make, and the files it covers. */
function keyOf(root: string): { key: string; files: string[] } {
  const files = typescriptFiles(root, join(root, 'sandbox'));
  const hash = createHash('sha256').update(`esbuild ${version}\n${JSON.stringify(OPTIONS)}\n`);
  hash.update(readFileSync(join(root, 'tsconfig.json')));
  for (const file of files) hash.update(`\n${file}\n`).update(readFileSync(join(root, file)));
  return { key: hash.digest('hex').slice(0, 32), files };
}

export const sandboxBundleKey = (root: string): string => keyOf(root).key;

/** The inputs of a build that its key does not cover (any other file would change the bundle unseen). */
function uncovered(root: string, metafile: Metafile, files: readonly string[]): string[] {
  const covered = new Set(files.map((f) => resolve(root, f)));
  return Object.keys(metafile.inputs).filter((input) => !covered.has(resolve(root, input)));
}

/** The path of the sandbox's bundle for the sources under `root`, built first where there is none. */
export async function sandboxBundle(root: string): Promise<string> {
  const dir = join(root, 'node_modules/.cache/svc-conformance');
  for (let attempt = 1; ; attempt++) {
    const { key, files } = keyOf(root);
    const name = `sandbox-${key}.mjs`;
    const file = join(dir, name);
    if (existsSync(file)) {
      // Touched: a bundle in use is never an hour unused (see the cleanup below).
      const now = new Date();
      try {
        utimesSync(file, now, now);
        utimesSync(`${file}.map`, now, now);
      } catch {
        // Removed meanwhile: built again below.
      }
      if (existsSync(file)) return file;
    }
    try {
      mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw new Error(`the embedded sandbox's bundle cannot be kept in ${dir} (node_modules must be writable): ${(err as Error).message}`);
    }
    const { outputFiles, metafile } = await build({ ...OPTIONS, entryPoints: [join(root, SANDBOX_ENTRY)], outfile: file, write: false, metafile: true, absWorkingDir: root });
    const outside = uncovered(root, metafile, files);
    if (outside.length) throw new Error(`the embedded sandbox's bundle holds files its cache key does not cover (only .ts files under sandbox/ are): ${outside.join(', ')}`);
    if (keyOf(root).key !== key) {
      // A source changed while it was built: the bundle may hold either version.
      if (attempt < 3) continue;
      throw new Error('the sandbox sources kept changing while their bundle was built');
    }
    // The map first: once the bundle is in place, the map it names is there too.
    for (const out of [...outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')))) {
      const temp = `${out.path}.${randomUUID()}.tmp`;
      writeFileSync(temp, out.contents);
      renameSync(temp, out.path);
    }
    removeUnused(dir, 'sandbox-', [name, `${name}.map`]);
    return file;
  }
}

/** Entries of `dir` named `prefix…` other than `keep` (other bundles, their maps, leftover temporary files or folders) unused for STALE_MS. */
export function removeUnused(dir: string, prefix: string, keep: readonly string[]): void {
  const now = Date.now();
  for (const other of readdirSync(dir)) {
    if (!other.startsWith(prefix) || keep.includes(other)) continue;
    const path = join(dir, other);
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/**
 * The sandbox's entry, loaded from its bundle (built first where there is none; built again once if
 * the bundle went between its check and its load). Stack traces of the sandbox name the bundle's file
 * and line (vitest's own stack handling does not read its source map), with the sandbox's function
 * names; the .map beside it maps a line back to the sandbox's file.
 */
export async function importSandboxBundle<T>(root: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const file = await sandboxBundle(root);
    try {
      // The one import() whose specifier is computed that the import boundary allows: the bundle of SANDBOX_ENTRY.
      return (await import(pathToFileURL(file).href)) as T;
    } catch (err) {
      if (attempt > 1 || (err as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || existsSync(file)) throw err;
    }
  }
}
