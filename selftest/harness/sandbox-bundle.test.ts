// The embedded sandbox is loaded as one bundled module (helpers/target/sandbox-bundle.ts): the bundle
// is keyed by every sandbox source, so a changed file is never served from a stale bundle; a kept one
// is reused; bundles of other keys go once an hour old; and the bundle is the sandbox.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxBundle, sandboxBundleKey } from '../../helpers/target/sandbox-bundle.js';
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
    const file = join(copy, 'sandbox/errors.ts');
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
    expect(sandboxBundleKey(copy)).toBe(key);
  });

  it('builds a bundle once and reuses it; a source change builds another; old ones of other keys go', async () => {
    const cache = join(copy, 'node_modules/.cache/svc-conformance');
    const first = await sandboxBundle(copy);
    expect(first).toBe(join(cache, `sandbox-${sandboxBundleKey(copy)}.mjs`));
    expect(readFileSync(first, 'utf8')).toMatch(/export \{[^}]*\bbuildSandbox\b/);
    expect(readFileSync(first, 'utf8')).toMatch(/sourceMappingURL=sandbox-[0-9a-f]{32}\.mjs\.map\s*$/);
    const built = statSync(first).mtimeMs;
    expect(await sandboxBundle(copy)).toBe(first);
    expect(statSync(first).mtimeMs).toBe(built);
    // Over an hour old: removed when another key is built; a fresh one of another key stays.
    const old = new Date(Date.now() - 61 * 60 * 1000);
    utimesSync(first, old, old);
    utimesSync(`${first}.map`, old, old);
    writeFileSync(join(cache, 'sandbox-fresh.mjs'), '');
    const file = join(copy, 'sandbox/errors.ts');
    // A statement with an effect (an unused export would be left out of the bundle).
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n(globalThis as Record<string, unknown>).SANDBOX_BUNDLE_SELF_TEST = 1;\n`);
    const second = await sandboxBundle(copy);
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toContain('SANDBOX_BUNDLE_SELF_TEST');
    expect(readdirSync(cache).sort()).toEqual([`${second.split('/').pop()}`, `${second.split('/').pop()}.map`, 'sandbox-fresh.mjs'].sort());
  });

  it('is the sandbox: the one it builds answers, and its source map names the sandbox sources', async () => {
    const file = await sandboxBundle(ROOT);
    const { buildSandbox } = (await import(pathToFileURL(file).href)) as typeof import('../../sandbox/embedded.js');
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
