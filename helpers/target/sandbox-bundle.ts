// The embedded sandbox as one ES module (SANDBOX_ENTRY and every sandbox module it imports),
// bundled by esbuild as sandbox/image/build.ts bundles the container's, its packages left to Node.
// Node loads it in one step: through tsx, each of the sandbox's modules went to tsx's loader thread
// and back, and the run waited for that before its first scenario (measured in a fresh process:
// 0.83 to 0.93 s and 1.3 s of CPU through tsx, 0.31 to 0.37 s and 0.4 to 0.5 s of CPU for the bundle;
// a bundle is built in about 0.1 s).
//
// A bundle is kept in node_modules/.cache/svc-conformance/ under a key of what makes it: esbuild's
// version and options, tsconfig.json, and every TypeScript file under sandbox/ (the sandbox imports
// nothing else of the project). A changed file makes a new key, so a stale bundle is never loaded. It
// is written to a temporary name and renamed into place, so processes building at once each see a
// whole file. Other bundles, and files a killed build left, are removed once an hour old (long after
// any process that built one has loaded it), so edits to the sandbox leave no pile behind.
import { build, version } from 'esbuild';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The sandbox's entry for embedding processes: the bundle holds it and the sandbox modules it imports.
 * It is the one part of the sandbox the harness loads (selftest/sandbox/boundary.test.ts).
 */
export const SANDBOX_ENTRY = 'sandbox/embedded.ts';

const OPTIONS = { bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', sourcemap: 'linked', logLevel: 'warning' } as const;
/** Bundles of other keys older than this are removed. */
const STALE_MS = 60 * 60 * 1000;

/** Every .ts file under `dir`, sorted, as paths relative to `root`. */
function typescriptFiles(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? typescriptFiles(root, join(dir, e.name)) : e.name.endsWith('.ts') ? [relative(root, join(dir, e.name))] : []))
    .sort();
}

/** The key of the bundle that the sources under `root` make. */
export function sandboxBundleKey(root: string): string {
  const hash = createHash('sha256').update(`esbuild ${version}\n${JSON.stringify(OPTIONS)}\n`);
  hash.update(readFileSync(join(root, 'tsconfig.json')));
  for (const file of typescriptFiles(root, join(root, 'sandbox'))) hash.update(`\n${file}\n`).update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 32);
}

/** The path of the sandbox's bundle for the sources under `root`, built first where there is none. */
export async function sandboxBundle(root: string): Promise<string> {
  const dir = join(root, 'node_modules/.cache/svc-conformance');
  const name = `sandbox-${sandboxBundleKey(root)}.mjs`;
  const file = join(dir, name);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const { outputFiles } = await build({ ...OPTIONS, entryPoints: [join(root, SANDBOX_ENTRY)], outfile: file, write: false });
  // The map first: once the bundle is in place, the map it names is there too.
  for (const out of [...outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1))) {
    const temp = `${out.path}.${randomUUID()}.tmp`;
    writeFileSync(temp, out.contents);
    renameSync(temp, out.path);
  }
  const now = Date.now();
  for (const other of readdirSync(dir)) {
    if (!other.startsWith('sandbox-') || other === name || other === `${name}.map`) continue;
    const path = join(dir, other);
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
  return file;
}

/**
 * The sandbox's entry, loaded from its bundle (built first where there is none). Source maps are
 * turned on for the process, so that the sandbox's stack traces name its own files (tsx, which loaded
 * it before, turned them on as well).
 */
export async function importSandboxBundle<T>(root: string): Promise<T> {
  const file = await sandboxBundle(root);
  process.setSourceMapsEnabled(true);
  // The one import() whose specifier is computed that the import boundary allows: the bundle of SANDBOX_ENTRY.
  return (await import(pathToFileURL(file).href)) as T;
}
