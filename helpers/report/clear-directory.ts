// An earlier run's results, cleared at the start of a run without waiting for the deletion: the
// folder is moved aside (`<name>.old-<pid>-<uuid>`) and deleted in the background. A folder moved
// aside by a process that has ended (a run killed while it deleted) is deleted with it; one of a
// live process is left to that process.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { processAlive } from '../liveness.js';

/** The folders this process moved aside, deleted by the call that moved them. */
const mine = new Set<string>();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Empties `dir` at once; the promise settles when what was moved aside, and what an ended process left aside, is deleted. */
export function clearDirectory(dir: string): Promise<void> {
  const parent = dirname(dir);
  const aside = new RegExp(`^${escape(basename(dir))}\\.old-(\\d+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`);
  const left = existsSync(parent)
    ? readdirSync(parent, { withFileTypes: true }).filter((e) => {
        const pid = aside.exec(e.name)?.[1];
        // This process's pid on a folder it did not move: an ended process had the pid before.
        return pid !== undefined && e.isDirectory() && !mine.has(join(parent, e.name)) && (Number(pid) === process.pid || !processAlive(Number(pid)));
      })
    : [];
  const deletions = left.map((e) => rm(join(parent, e.name), { recursive: true, force: true }).catch(() => undefined));
  if (existsSync(dir)) {
    const moved = `${dir}.old-${process.pid}-${randomUUID()}`;
    try {
      renameSync(dir, moved);
      mkdirSync(dir, { recursive: true });
      mine.add(moved);
      deletions.push(rm(moved, { recursive: true, force: true }).catch(() => undefined).finally(() => mine.delete(moved)));
    } catch {
      // A folder that cannot be renamed (a mount point) is emptied in place.
      for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    }
  }
  return Promise.all(deletions).then(() => undefined);
}
