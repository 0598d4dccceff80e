// The scenarios' packages come from one bundle (helpers/target/deps-bundle.ts): each entry is its
// package module (the same exports, and the same instance for modules that share code), every import
// of a bundled package in the scenarios' modules is one the bundle holds, the plugin resolves exactly
// those, and the bundle is keyed by the installed packages, built once, reused, and replaced whole;
// a module vitest keeps on disk is kept under a key that names the bundle it was resolved against.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheKeyIdGenerator } from 'vitest/node';
import { BUNDLED_SPECIFIERS, bundleEntry as entryOf, depsBundle, depsBundleKey, depsBundlePlugin, packageOf } from '../../helpers/target/deps-bundle.js';
import { importsOf } from '../imports.js';
import { ROOT } from '../run-conformance.js';

const PACKAGES = [...new Set(BUNDLED_SPECIFIERS.map(packageOf))];

/** A project root of its own: the lockfile, and the bundled packages as links to the installed ones. */
function scratchRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-deps-bundle-'));
  cpSync(join(ROOT, 'package-lock.json'), join(root, 'package-lock.json'));
  for (const pkg of PACKAGES) {
    mkdirSync(join(root, 'node_modules', pkg, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', pkg), join(root, 'node_modules', pkg));
  }
  return root;
}
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Every TypeScript file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.isFile() && e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the scenarios\' package bundle', () => {
  it('holds each specifier as its package module: the same export names, the same kind of default', async () => {
    const dir = await depsBundle(ROOT);
    for (const specifier of BUNDLED_SPECIFIERS) {
      const native = (await import(specifier)) as Record<string, unknown>;
      const bundled = (await import(pathToFileURL(entryOf(dir, specifier)).href)) as Record<string, unknown>;
      const names = (ns: Record<string, unknown>) => Object.keys(ns).filter((k) => k !== 'default').sort();
      expect(names(bundled), specifier).toEqual(names(native));
      expect(typeof bundled.default, `${specifier}: default export`).toBe(typeof native.default);
      for (const name of names(native)) expect(typeof bundled[name], `${specifier}: ${name}`).toBe(typeof native[name]);
    }
  });

  it('is one instance across specifiers of one package, as the package is', async () => {
    const dir = await depsBundle(ROOT);
    const load = async (s: string) => (await import(pathToFileURL(entryOf(dir, s)).href)) as Record<string, any>;
    const nist = await load('@noble/curves/nist.js');
    const weierstrass = await load('@noble/curves/abstract/weierstrass.js');
    const sha2 = await load('@noble/hashes/sha2.js');
    const utils = await load('@noble/hashes/utils.js');
    // One module behind both entries: the named curve hashes with the very function sha2.js exports (two
    // copies of the hashes' chunk would make them two functions).
    expect(nist.p256.hash).toBe(sha2.sha256);
    // A curve built from the abstract module takes the named curve's parameters, and the hashes'
    // helpers work on the digests, as the harness uses them (helpers/wallets/p256.ts).
    const curve = weierstrass.ecdsa(weierstrass.weierstrass(nist.p256.Point.CURVE()), sha2.sha256);
    const secret = nist.p256.utils.randomSecretKey();
    const message = utils.utf8ToBytes('bundle');
    expect(nist.p256.verify(curve.sign(message, secret), message, nist.p256.getPublicKey(secret))).toBe(true);
    expect(utils.bytesToHex(sha2.sha256(utils.utf8ToBytes('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('holds every import of a bundled package that the scenarios\' modules make', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const area of ['helpers', 'suites', 'fixtures']) {
      for (const file of sources(join(ROOT, area))) {
        for (const ref of importsOf(file, readFileSync(file, 'utf8'))) {
          if (ref.typeOnly || !ref.specifier || ref.specifier.startsWith('.') || ref.specifier.startsWith('node:')) continue;
          if (!PACKAGES.includes(packageOf(ref.specifier))) continue;
          seen++;
          if (!(BUNDLED_SPECIFIERS as readonly string[]).includes(ref.specifier)) missing.push(`${relative(ROOT, file)}:${ref.line} ${ref.specifier}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('resolves exactly the bundled specifiers from the project\'s modules, and refuses another module of a bundled package', async () => {
    const plugin = depsBundlePlugin(ROOT);
    const resolve = (id: string, importer?: string) => (plugin.resolveId as (id: string, importer?: string) => Promise<string | null>)(id, importer);
    const importer = join(ROOT, 'helpers/expect.ts');
    const dir = await depsBundle(ROOT);
    expect(await resolve('zod', importer)).toBe(entryOf(dir, 'zod'));
    expect(await resolve('@noble/curves/nist.js', importer)).toBe(entryOf(dir, '@noble/curves/nist.js'));
    for (const other of ['vitest', 'allure-js-commons', 'node:fs', './schemas.js', '/abs/path.ts']) expect(await resolve(other, importer), other).toBeNull();
    // From a package's own files, and with no importer (an entry), Node and vite resolve as before.
    expect(await resolve('zod', join(ROOT, 'node_modules/some-package/index.js'))).toBeNull();
    expect(await resolve('zod')).toBeNull();
    await expect(resolve('@noble/hashes/sha3.js', importer)).rejects.toThrow(/@noble\/hashes\/sha3\.js.*BUNDLED_SPECIFIERS/);
  });

  it('names its bundle in the key of every module vitest keeps on disk, with the bundle in place before any is served', async () => {
    const root = scratchRoot();
    roots.push(root);
    const generators: CacheKeyIdGenerator[] = [];
    const configure = async (plugin: ReturnType<typeof depsBundlePlugin>) =>
      (plugin.configureVitest as (ctx: { experimental_defineCacheKeyGenerator: (g: CacheKeyIdGenerator) => void }) => Promise<void>)({
        experimental_defineCacheKeyGenerator: (g) => generators.push(g),
      });
    const keyOf = (g: CacheKeyIdGenerator) => g({ environment: {} as never, id: join(root, 'helpers/expect.ts'), sourceCode: '' });
    const plugin = depsBundlePlugin(root);
    const dir = join(root, 'node_modules/.cache/svc-conformance', `deps-${depsBundleKey(root)}`);
    expect(existsSync(dir)).toBe(false);
    await configure(plugin);
    // Built before vitest serves a kept module, which would import it without asking the plugin.
    expect(existsSync(join(dir, 'complete'))).toBe(true);
    expect(generators).toHaveLength(1);
    expect(keyOf(generators[0]!)).toContain(dir);
    // Every project the plugin serves gives vitest the same function (one key part, not one per project).
    await configure(plugin);
    expect(generators[1]).toBe(generators[0]);
    // Another lockfile makes another bundle, and so another key: no module kept against the old bundle is served.
    writeFileSync(join(root, 'package-lock.json'), `${readFileSync(join(root, 'package-lock.json'), 'utf8')}\n`);
    await configure(depsBundlePlugin(root));
    const other = join(root, 'node_modules/.cache/svc-conformance', `deps-${depsBundleKey(root)}`);
    expect(other).not.toBe(dir);
    expect(existsSync(join(other, 'complete'))).toBe(true);
    expect(keyOf(generators[2]!)).toContain(other);
    expect(keyOf(generators[2]!)).not.toContain(dir);
  });

  it('has a key that changes with the lockfile and with a bundled package\'s installed version', () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-deps-key-'));
    roots.push(root);
    cpSync(join(ROOT, 'package-lock.json'), join(root, 'package-lock.json'));
    for (const pkg of PACKAGES) {
      mkdirSync(join(root, 'node_modules', pkg), { recursive: true });
      cpSync(join(ROOT, 'node_modules', pkg, 'package.json'), join(root, 'node_modules', pkg, 'package.json'));
    }
    const key = depsBundleKey(root);
    expect(depsBundleKey(ROOT)).toBe(key);
    const lock = readFileSync(join(root, 'package-lock.json'), 'utf8');
    writeFileSync(join(root, 'package-lock.json'), `${lock}\n`);
    const relocked = depsBundleKey(root);
    writeFileSync(join(root, 'package-lock.json'), lock);
    const manifest = join(root, 'node_modules/zod/package.json');
    const original = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    writeFileSync(manifest, JSON.stringify({ ...original, version: `${original.version}-other` }));
    const reinstalled = depsBundleKey(root);
    expect(new Set([key, relocked, reinstalled]).size).toBe(3);
  });

  it('is built once and reused, concurrent builds leave one whole bundle, and other keys go once an hour unused', async () => {
    const root = scratchRoot();
    roots.push(root);
    const cache = join(root, 'node_modules/.cache/svc-conformance');
    mkdirSync(cache, { recursive: true });
    const old = new Date(Date.now() - 61 * 60 * 1000);
    for (const stale of ['deps-0123', 'deps-4567.tmp']) {
      mkdirSync(join(cache, stale));
      utimesSync(join(cache, stale), old, old);
    }
    mkdirSync(join(cache, 'deps-fresh'));
    const [a, b] = await Promise.all([depsBundle(root), depsBundle(root)]);
    expect(a).toBe(join(cache, `deps-${depsBundleKey(root)}`));
    expect(b).toBe(a);
    expect(existsSync(join(a, 'complete'))).toBe(true);
    for (const specifier of BUNDLED_SPECIFIERS) expect(existsSync(entryOf(a, specifier)), specifier).toBe(true);
    expect(readdirSync(cache).sort()).toEqual([a.split('/').pop(), 'deps-fresh'].sort());
    // Reused, not built again: a new build would be another folder renamed into place.
    const built = statSync(a).ino;
    expect(await depsBundle(root)).toBe(a);
    expect(statSync(a).ino).toBe(built);
    // A folder that lost its completion mark (damaged after it was put in place) is built again, whole.
    rmSync(join(a, 'complete'));
    rmSync(entryOf(a, 'zod'));
    expect(await depsBundle(root)).toBe(a);
    expect(existsSync(join(a, 'complete'))).toBe(true);
    expect(existsSync(entryOf(a, 'zod'))).toBe(true);
  });
});
