// One run at a time per reports folder. Two runs writing one folder interleave their results: one
// run's verdict is read from the other's results.json, its coverage from files the other has just
// cleared (an empty coverage), and one's clean-up deletes what the other is writing. So a run
// takes its folder first and holds it until its process exits; a second run into the same folder
// stops at once, naming the one that has it. The processes a run starts (vitest from the verdict
// reader, the verdict reader from `npm run certify`) inherit the holder's token (SVC_REPORTS_LOCK)
// and write under its lock; the processes that do the run's writing are named in the lock too
// (`addWriter`), so the lock stays held while any of them lives. A lock whose processes have all
// ended (killed, say) is taken over, by one run at a time.
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileAgeMs, processAlive, processStart } from '../liveness.js';

export const LOCK_FILE = '.run-lock';
export const LOCK_ENV = 'SVC_REPORTS_LOCK';
/** How long a lock that cannot be read (written in place, where hard links are missing) counts as being written. */
const UNREADABLE_GRACE_MS = 5000;

export interface LockProcess {
  pid: number;
  /** The process's start, in clock ticks since boot (Linux), so a reused pid is not taken for it. */
  procStart?: string;
}

export interface LockHolder extends LockProcess {
  token: string;
  startedAt: string;
  command: string;
  /** Processes the holder started that write the folder for it (the run's vitest). */
  writers?: LockProcess[];
}

export interface ReportsLock {
  /** Whether this process took the lock (false: it runs under its starter's). */
  held: boolean;
  /** Names a process started for the run as writing the folder for it: the lock is held while it lives too. */
  addWriter(pid: number): void;
}

const running = (p: LockProcess) => processAlive(p.pid, p.procStart);

const alive = (holder: LockHolder) => running(holder) || (holder.writers ?? []).some(running);

function readHolder(file: string): LockHolder | undefined {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.token === 'string' ? (h as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}


/**
 * Takes `dir` for this process and the processes it starts, or throws naming the run that holds it.
 * The lock is given back when this process exits. A process whose SVC_REPORTS_LOCK is the holder's
 * token runs under that lock (it was started by the holder, or is the holder).
 */
export function lockReportsFolder(dir: string, env: NodeJS.ProcessEnv = process.env): ReportsLock {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    procStart: processStart(process.pid),
    token: randomUUID(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  // Written whole under a name of its own, then linked into place (a link fails where the name is
  // taken): a lock is never read half written.
  const draft = `${file}.${mine.token}`;
  const write = (holder: LockHolder) => writeFileSync(draft, `${JSON.stringify(holder)}\n`);
  write(mine);
  let ours: boolean;
  try {
    ours = take(draft, file, dir, env);
  } finally {
    rmSync(draft, { force: true });
  }
  const token = ours ? mine.token : env[LOCK_ENV]!;
  /** Adds a writer to the lock in place, while it is still this run's (written whole, then renamed over it). */
  const addWriter = (pid: number) => {
    const now = readHolder(file);
    if (now?.token !== token) return;
    now.writers = [...(now.writers ?? []), { pid, procStart: processStart(pid) }];
    write(now);
    renameSync(draft, file);
  };
  // Under a lock this process, or the one that started it, holds: that one gives it back.
  if (!ours) return { held: false, addWriter };
  env[LOCK_ENV] = mine.token;
  process.on('exit', () => {
    const now = readHolder(file);
    // Not while a writer the run started still writes (this process ended first, on an error say).
    if (now?.token === mine.token && !(now.writers ?? []).some(running)) rmSync(file, { force: true });
  });
  return { held: true, addWriter };
}

/** Links `draft` into place as the lock: true when taken, false when this run holds it already. */
function take(draft: string, file: string, dir: string, env: NodeJS.ProcessEnv): boolean {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      try {
        linkSync(draft, file);
      } catch (err) {
        // A file system without hard links: an exclusive create instead.
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw err;
        writeFileSync(file, readFileSync(draft), { flag: 'wx' });
      }
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.token === env[LOCK_ENV]) return false;
    if (holder && alive(holder)) {
      throw new Error(
        `svc-conformance: the reports folder ${dir} is in use by another run (pid ${holder.pid}, since ${holder.startedAt}: ${holder.command}). ` +
          `Two runs in one folder corrupt each other's results: wait for it to end, or give this run a folder of its own with SVC_REPORTS_DIR.`,
      );
    }
    if (!holder && fileAgeMs(file) < UNREADABLE_GRACE_MS) {
      throw new Error(`svc-conformance: the reports folder ${dir} is being taken by another run (${file} is being written); give this run a folder of its own with SVC_REPORTS_DIR`);
    }
    // Its holder has ended (or the file is an old, unreadable one). One run at a time takes a dead
    // lock over, under a guard of its own (an exclusive create): it checks the lock is still that one,
    // removes it, and tries again like any run. Meanwhile a run that finds the guard stops (one left
    // by a run killed in the middle is removed once old).
    const guard = `${file}.takeover`;
    try {
      writeFileSync(guard, `${process.pid}\n`, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (fileAgeMs(guard) < UNREADABLE_GRACE_MS) {
        throw new Error(`svc-conformance: the reports folder ${dir} is being taken over by another run; give this run a folder of its own with SVC_REPORTS_DIR`);
      }
      rmSync(guard, { force: true });
      continue;
    }
    try {
      if (readHolder(file)?.token === holder?.token) rmSync(file, { force: true });
    } finally {
      rmSync(guard, { force: true });
    }
  }
  throw new Error(`svc-conformance: the reports folder's lock ${file} cannot be taken`);
}
