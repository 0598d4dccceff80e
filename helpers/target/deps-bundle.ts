// The packages the scenarios' modules import (zod, fast-check, the curves and hashes, ethers, faker,
// cborg, @scure/base), bundled by esbuild into a few files that each vitest worker loads natively. Node
// loads a package's ES modules one file at a time, resolving each import against package.json files on
// the way: fast-check, zod and ethers are hundreds of files, and every worker of a run loads most of
// them. Bundled, each loads a few files instead, at a fraction of the CPU, which the workers would
// otherwise take from the cores the target and the scenarios need. No names are kept (esbuild's keepNames): they would cost a property definition
// wherever a function whose name esbuild changed is made, and stack traces name the bundle's files anyway.
//
// One entry per specifier the scenarios import, sharing chunks (esbuild's code splitting), so a package
// reached through two specifiers (@noble/curves/nist.js and @noble/curves/abstract/weierstrass.js) is
// one instance, as it was. The plugin (depsBundlePlugin) resolves exactly these specifiers, from the
// project's own modules, to the bundle, and refuses another subpath of a bundled package: it would load
// the package's files a second time, beside the bundle's copy. Packages that keep state for the runner
// (vitest, allure-js-commons) stay Node's.
//
// A bundle is kept in node_modules/.cache/svc-conformance/deps-<key>/ under a key of what makes it:
// esbuild's version and options, the specifiers, package-lock.json and each bundled package's installed
// version. It is built into a folder of its own and renamed into place (processes building at once each
// see a whole bundle); a reused one is touched, and others are removed once unused for an hour. The
// folder must stay under node_modules: vitest leaves files there to Node, and Node resolves the bundle's
// own imports (node: modules only) from it.
import { build, version } from 'esbuild';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { removeUnused } from './sandbox-bundle.js';

/** The specifiers bundled, exactly as the project's modules import them. */
export const BUNDLED_SPECIFIERS = [
  '@faker-js/faker/locale/en',
  '@noble/curves/abstract/weierstrass.js',
  '@noble/curves/ed25519.js',
  '@noble/curves/nist.js',
  '@noble/curves/secp256k1.js',
  '@noble/hashes/legacy.js',
  '@noble/hashes/sha2.js',
  '@noble/hashes/utils.js',
  '@scure/base',
  'cborg',
  'ethers/address',
  'ethers/crypto',
  'ethers/hash',
  'ethers/transaction',
  'fast-check',
  'zod',
] as const;

/** The package a bare specifier names: `@scope/name` or `name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const PACKAGES = [...new Set(BUNDLED_SPECIFIERS.map(packageOf))].sort();

const OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[hash]',
  logLevel: 'error',
  // An entry re-exports its module's default, which a module without one leaves undefined.
  logOverride: { 'import-is-undefined': 'silent' },
} as const;

/** The file name (without .mjs) of a specifier's entry. */
const entryName = (specifier: string) => specifier.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_/, '');

/** The entry of a bundled specifier in the bundle folder `dir`. */
export const bundleEntry = (dir: string, specifier: string): string => join(dir, `${entryName(specifier)}.mjs`);

/** The key of the bundle the installed packages make. */
export function depsBundleKey(root: string): string {
  const hash = createHash('sha256').update(`esbuild ${version}\n${JSON.stringify(OPTIONS)}\n${BUNDLED_SPECIFIERS.join('\n')}\n`);
  hash.update(readFileSync(join(root, 'package-lock.json')));
  for (const pkg of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version?: string };
    hash.update(`\n${pkg}@${manifest.version}`);
  }
  return hash.digest('hex').slice(0, 32);
}

/** The folder of the bundle for the packages installed under `root`, built first where there is none. */
export async function depsBundle(root: string): Promise<string> {
  const cache = join(root, 'node_modules/.cache/svc-conformance');
  const name = `deps-${depsBundleKey(root)}`;
  const dir = join(cache, name);
  if (existsSync(join(dir, 'complete'))) {
    // Touched: a bundle in use is never an hour unused.
    const now = new Date();
    try {
      utimesSync(dir, now, now);
    } catch {
      // Removed meanwhile: built again below.
    }
    if (existsSync(join(dir, 'complete'))) return dir;
  }
  try {
    mkdirSync(cache, { recursive: true });
  } catch (err) {
    throw new Error(`the scenarios' package bundle cannot be kept in ${cache} (node_modules must be writable): ${(err as Error).message}`);
  }
  const temp = join(cache, `${name}.${randomUUID()}.tmp`);
  await build({
    ...OPTIONS,
    entryPoints: BUNDLED_SPECIFIERS.map((s) => ({ in: `svc-deps:${s}`, out: entryName(s) })),
    outdir: temp,
    absWorkingDir: root,
    plugins: [
      {
        name: 'svc-deps-entries',
        setup(b) {
          b.onResolve({ filter: /^svc-deps:/ }, (a) => ({ path: a.path.slice('svc-deps:'.length), namespace: 'svc-deps' }));
          b.onLoad({ filter: /.*/, namespace: 'svc-deps' }, (a) => ({
            contents: `import * as all from ${JSON.stringify(a.path)};\nexport * from ${JSON.stringify(a.path)};\nexport default all.default;\n`,
            resolveDir: root,
            loader: 'js',
          }));
        },
      },
    ],
  });
  // Marked whole last: a folder without the mark is a build that did not finish.
  writeFileSync(join(temp, 'complete'), '');
  for (let attempt = 1; ; attempt++) {
    try {
      renameSync(temp, dir);
      break;
    } catch (err) {
      // Another process put the same bundle in place first.
      if (existsSync(join(dir, 'complete'))) {
        rmSync(temp, { recursive: true, force: true });
        break;
      }
      // A folder without its mark was damaged after it was put in place (its files deleted, say): replaced.
      if (attempt < 3 && existsSync(dir)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      rmSync(temp, { recursive: true, force: true });
      throw err;
    }
  }
  removeUnused(cache, 'deps-', [name]);
  return dir;
}

/**
 * Resolves the bundled specifiers, imported by the project's own modules, to their entries in the
 * bundle, and refuses another subpath of a bundled package.
 *
 * Vitest keeps each transformed module on disk (experimental.fsModuleCache) under a key of the module's
 * source and the config, not of what a plugin resolved its imports to. Without more, a module kept while
 * another bundle was current would go on importing that bundle's files once the bundle's options
 * changed: every worker would load two copies of zod, fast-check and the rest, and once the older
 * bundle's folder is removed (as removeUnused does an hour on), a run of a conformant target would end
 * NOT CONFORMANT, its files failing with "Cannot find module .../deps-<old key>/...". So the bundle's folder is part of
 * every kept module's key, and the bundle is in place (built where there is none) before vitest serves
 * any module from its disk cache.
 */
export function depsBundlePlugin(root: string): Plugin {
  let bundle: Promise<string> | undefined;
  let folder: string | undefined;
  const specifiers = new Set<string>(BUNDLED_SPECIFIERS);
  const packages = new Set(PACKAGES);
  // One function for every project the plugin serves: vitest keeps its key generators in a set.
  const cacheKey = () => `svc-deps-bundle:${folder}`;
  return {
    name: 'svc-deps-bundle',
    enforce: 'pre',
    async configureVitest({ experimental_defineCacheKeyGenerator }) {
      folder = await (bundle ??= depsBundle(root));
      experimental_defineCacheKeyGenerator(cacheKey);
    },
    async resolveId(id, importer) {
      if (!importer || importer.includes('/node_modules/') || id.startsWith('.') || id.startsWith('/') || id.includes(':')) return null;
      if (!specifiers.has(id)) {
        if (packages.has(packageOf(id))) {
          throw new Error(`${importer} imports ${id}, a module of a bundled package that the bundle does not hold: add it to BUNDLED_SPECIFIERS (helpers/target/deps-bundle.ts)`);
        }
        return null;
      }
      return bundleEntry(await (bundle ??= depsBundle(root)), id);
    },
  };
}
