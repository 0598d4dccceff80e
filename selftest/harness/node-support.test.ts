// The project runs on every Node its package.json admits (engines: the oldest supported version, and
// the newer ones users run). A dependency that declares a later floor breaks that promise quietly:
// npm only warns (EBADENGINE), and an install with engine-strict fails. Every package the lockfile
// installs must admit the project's oldest Node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../run-conformance.js';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, unknown>;

/** The installed packages whose declared Node range leaves out `version` or cannot be read, as "path range". */
function packagesExcluding(lock: { packages: Record<string, LockEntry> }, version: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path]) => path !== '')
    .flatMap(([path, entry]) => {
      // engines as an array is npm's old form, which names no Node range.
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (range === undefined) return [];
      if (semver.validRange(range) === null) return [`${path} ${range} (not a range)`];
      return semver.satisfies(version, range) ? [] : [`${path} ${range}`];
    });
}

describe('supported Node versions', () => {
  const declared = (read('package.json').engines as { node: string }).node;
  const oldest = semver.minVersion(declared)!.version;

  it('installs no package whose engines leave out the oldest Node the project supports', () => {
    expect(oldest).toBe('20.19.0');
    expect(packagesExcluding(read('package-lock.json') as { packages: Record<string, LockEntry> }, oldest)).toEqual([]);
  });

  it('names a package that declares a later floor (the check can fail)', () => {
    const lock = { packages: { '': { engines: { node: declared } }, 'node_modules/a': { engines: { node: '>=22' } }, 'node_modules/b': { engines: { node: '^20.19.0 || >=22.12.0' } }, 'node_modules/c': { engines: { node: 'node 20' } } } };
    expect(packagesExcluding(lock, oldest)).toEqual(['node_modules/a >=22', 'node_modules/c node 20 (not a range)']);
  });
});
