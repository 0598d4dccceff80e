// Whether the run that left a record (a lock, a lease) still runs, and how old the record is: shared by the reports-folder lock
// (helpers/report/folder-lock.ts) and the target's endpoint lease (helpers/target/endpoint-lease.ts).
import { readFileSync, statSync } from 'node:fs';

/** The process's start, field 22 of /proc/<pid>/stat in clock ticks since boot (Linux); undefined elsewhere or when it is gone. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The process's state, field 3 of /proc/<pid>/stat (R, S, D, Z for a zombie, ...); undefined elsewhere or when it is gone. */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` runs (one of another user's counts; a zombie does not). With `start` (its processStart when recorded),
 * a pid since given to another process does not count, where the start can be read.
 */
export function processAlive(pid: number, start?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie (exited, not yet reaped by its parent) still answers signal 0: it runs no more.
  const state = processState(pid);
  if (state === 'Z' || state === 'X' || state === 'x') return false;
  if (start === undefined) return true;
  const now = processStart(pid);
  return now === undefined || now === start;
}

/** Milliseconds since `file` was last written (Infinity when it is gone): a record being written, or left half written, is young. */
export function fileAgeMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}
