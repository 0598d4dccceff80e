// An earlier run's results, cleared at the start of a run without waiting for the deletion: the
// folder is moved aside and deleted in the background. The reports folder is one run's at a time
// (./folder-lock.ts), so a folder another process moved aside and left (that run was killed while
// it deleted) is deleted with it.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Empties `dir` at once; the promise settles when what was moved aside, and what was left aside before, is deleted. */
export function clearDirectory(dir: string): Promise<void> {
  const prefix = `${basename(dir)}.old-`;
  const parent = dirname(dir);
  // This process's own (an earlier harness of the same run) is being deleted already.
  const left = existsSync(parent) ? readdirSync(parent).filter((e) => e.startsWith(prefix) && !e.startsWith(`${prefix}${process.pid}-`)) : [];
  const deletions = left.map((e) => rm(join(parent, e), { recursive: true, force: true }).catch(() => undefined));
  if (existsSync(dir)) {
    const aside = `${dir}.old-${process.pid}-${randomUUID()}`;
    try {
      renameSync(dir, aside);
      mkdirSync(dir, { recursive: true });
      deletions.push(rm(aside, { recursive: true, force: true }).catch(() => undefined));
    } catch {
      // A folder that cannot be renamed (a mount point) is emptied in place.
      for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    }
  }
  return Promise.all(deletions).then(() => undefined);
}
