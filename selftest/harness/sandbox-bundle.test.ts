// The embedded sandbox is loaded as one bundled module (helpers/target/sandbox-bundle.ts): the bundle
// is keyed by every sandbox source, so a changed file is never served from a stale bundle; a kept one
// is reused; bundles of other keys go once an hour old; and the bundle is the sandbox.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importSandboxBundle, sandboxBundle, sandboxBundleKey } from '../../helpers/target/sandbox-bundle.js';
import { ROOT } from '../run-conformance.js';

const copy = mkdtempSync(join(tmpdir(), 'svc-sandbox-bundle-'));
cpSync(join(ROOT, 'sandbox'), join(copy, 'sandbox'), { recursive: true });
cpSync(join(ROOT, 'tsconfig.json'), join(copy, 'tsconfig.json'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the sandbox bundle', () => {
  it('has a key that changes with any sandbox source and with tsconfig.json, and only with them', () => {
    const key = sandboxBundleKey(copy);
    expect(sandboxBundleKey(copy)).toBe(key);
    expect(sandboxBundleKey(ROOT)).toBe(key);
    const file = join(copy, 'sandbox/http/errors.ts');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, `${original}\n// changed\n`);
    const changed = sandboxBundleKey(copy);
    writeFileSync(file, original);
    writeFileSync(join(copy, 'sandbox/added.ts'), 'export const added = 1;\n');
    const added = sandboxBundleKey(copy);
    rmSync(join(copy, 'sandbox/added.ts'));
    const config = readFileSync(join(copy, 'tsconfig.json'), 'utf8');
    writeFileSync(join(copy, 'tsconfig.json'), config.replace('"strict": true', '"strict": false'));
    const reconfigured = sandboxBundleKey(copy);
    writeFileSync(join(copy, 'tsconfig.json'), config);
    expect(new Set([key, changed, added, reconfigured]).size).toBe(4);
    expect(sandboxBundleKey(copy)).toBe(key);
    writeFileSync(join(copy, 'README.notes'), 'not a source');
    // An editor's lock file (a dangling link named like a source) is no source either.
    symlinkSync('nobody@host.1234', join(copy, 'sandbox/.#app.ts'));
    expect(sandboxBundleKey(copy)).toBe(key);
    rmSync(join(copy, 'sandbox/.#app.ts'));
  });

  it('builds a bundle once and reuses it; a source change builds another; old ones of other keys go', async () => {
    const cache = join(copy, 'node_modules/.cache/svc-conformance');
    const first = await sandboxBundle(copy);
    expect(first).toBe(join(cache, `sandbox-${sandboxBundleKey(copy)}.mjs`));
    expect(readFileSync(first, 'utf8')).toMatch(/export \{[^}]*\bbuildSandbox\b/);
    expect(readFileSync(first, 'utf8')).toMatch(/sourceMappingURL=sandbox-[0-9a-f]{32}\.mjs\.map\s*$/);
    // Reused, not written again: a new file would be another inode (renamed into place).
    const built = statSync(first).ino;
    expect(await sandboxBundle(copy)).toBe(first);
    expect(statSync(first).ino).toBe(built);
    // Unused for over an hour: removed when another key is built; a fresh one of another key stays.
    const old = new Date(Date.now() - 61 * 60 * 1000);
    utimesSync(first, old, old);
    utimesSync(`${first}.map`, old, old);
    writeFileSync(join(cache, 'sandbox-fresh.mjs'), '');
    const file = join(copy, 'sandbox/http/errors.ts');
    // A statement with an effect (an unused export would be left out of the bundle).
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n(globalThis as Record<string, unknown>).SANDBOX_BUNDLE_SELF_TEST = 1;\n`);
    const second = await sandboxBundle(copy);
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toContain('SANDBOX_BUNDLE_SELF_TEST');
    expect(readdirSync(cache).sort()).toEqual([`${second.split('/').pop()}`, `${second.split('/').pop()}.map`, 'sandbox-fresh.mjs'].sort());
  });

  it('refuses a build that holds a file its key does not cover', async () => {
    const other = mkdtempSync(join(tmpdir(), 'svc-sandbox-bundle-json-'));
    try {
      cpSync(join(copy, 'sandbox'), join(other, 'sandbox'), { recursive: true });
      cpSync(join(copy, 'tsconfig.json'), join(other, 'tsconfig.json'));
      writeFileSync(join(other, 'sandbox/extra.json'), '{"extra": 1}\n');
      const file = join(other, 'sandbox/http/errors.ts');
      writeFileSync(file, `import extra from '../extra.json' with { type: 'json' };\n${readFileSync(file, 'utf8')}\n(globalThis as Record<string, unknown>).SANDBOX_EXTRA = extra;\n`);
      await expect(sandboxBundle(other)).rejects.toThrow(/does not cover .*sandbox\/extra\.json/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('is the sandbox: the one it builds answers, and its source map names the sandbox sources', async () => {
    const file = await sandboxBundle(ROOT);
    const { buildSandbox } = await importSandboxBundle<typeof import('../../sandbox/embedded.js')>(ROOT);
    const sandbox = await buildSandbox({ clientId: 'bundle', clientSecret: 'bundle-secret' });
    try {
      const customers = await sandbox.app.inject({ method: 'GET', url: '/2025-10-13/customers', headers: { authorization: `Basic ${Buffer.from('bundle:bundle-secret').toString('base64')}` } });
      expect(customers.statusCode).toBe(200);
      expect(customers.json()).toMatchObject({ data: [], hasMore: false });
      const refused = await sandbox.app.inject({ method: 'GET', url: '/2025-10-13/customers' });
      expect(refused.statusCode).toBe(401);
    } finally {
      await sandbox.close();
    }
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources).toContain('../../../sandbox/app.ts');
  });
});
