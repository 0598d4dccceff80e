// One run at a time per reports folder. Two runs writing one folder interleave their results: one
// run's verdict is read from the other's results.json, its coverage from files the other has just
// cleared (an empty 0/153 was seen), and one's clean-up deletes what the other is writing. So a run
// takes its folder first and holds it until its process exits; a second run into the same folder
// stops at once, naming the one that has it. The processes a run starts (vitest from the verdict
// reader, the verdict reader from `npm run certify`) inherit the holder's token (SVC_REPORTS_LOCK)
// and write under its lock. A lock whose process has ended (killed, say) is taken over.
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = '.run-lock';
export const LOCK_ENV = 'SVC_REPORTS_LOCK';

export interface LockHolder {
  pid: number;
  /** The process's start, in clock ticks since boot (Linux), so a reused pid is not taken for the holder. */
  procStart?: string;
  token: string;
  startedAt: string;
  command: string;
}

/** Field 22 of /proc/<pid>/stat (Linux), undefined elsewhere or when the process is gone. */
function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = procStart(holder.pid);
  return holder.procStart === undefined || start === undefined || start === holder.procStart;
}

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
 * token runs under that lock (it was started by the holder).
 */
export function lockReportsFolder(dir: string, env: NodeJS.ProcessEnv = process.env): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    procStart: procStart(process.pid),
    token: randomUUID(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  // Written whole under a name of its own, then linked into place (a link fails where the name is
  // taken): no run ever reads a lock half written.
  const draft = `${file}.${process.pid}.${mine.token}`;
  writeFileSync(draft, `${JSON.stringify(mine)}\n`);
  let ours: boolean;
  try {
    ours = take(draft, file, mine, dir, env);
  } finally {
    rmSync(draft, { force: true });
  }
  // Under a lock this process or the one that started it holds: that one gives it back.
  if (!ours) return;
  env[LOCK_ENV] = mine.token;
  process.on('exit', () => {
    if (readHolder(file)?.token === mine.token) rmSync(file, { force: true });
  });
}

/** Links `draft` into place as the lock: true when taken, false when this run already holds it. */
function take(draft: string, file: string, mine: LockHolder, dir: string, env: NodeJS.ProcessEnv): boolean {
  for (let attempt = 0; ; attempt++) {
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
    if (holder && (holder.token === env[LOCK_ENV] || holder.pid === mine.pid)) return false;
    if (holder && alive(holder)) {
      throw new Error(
        `svc-conformance: the reports folder ${dir} is in use by another run (pid ${holder.pid}, since ${holder.startedAt}: ${holder.command}). ` +
          `Two runs in one folder corrupt each other's results: wait for it to end, or give this run a folder of its own with SVC_REPORTS_DIR.`,
      );
    }
    // The holder has ended (or the file is unreadable, a write cut short): taken over, once.
    if (attempt > 0) throw new Error(`svc-conformance: the reports folder's lock ${file} cannot be taken`);
    rmSync(file, { force: true });
  }
}
