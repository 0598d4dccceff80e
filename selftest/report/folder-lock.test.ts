// One run per reports folder (helpers/report/folder-lock.ts): a second run into a folder another run
// holds stops before it writes anything, naming the holder; the processes a run starts write under its
// lock; the lock is given back when the holder exits, and one left by a killed run is taken over.
// Each holder here is a process of its own, as runs are.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_ENV, LOCK_FILE, type LockHolder } from '../../helpers/report/folder-lock.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** Node itself runs each holder (tsx's command line would run it in a child, under another pid). */
const EVAL = ['--import', 'tsx', '--input-type=module', '--eval'];
const LOCK = join(ROOT, 'helpers/report/folder-lock.ts');
/** Takes the folder argv[1], then prints its token and stays until stdin closes. */
const HOLD = `import { lockReportsFolder } from ${JSON.stringify(LOCK)}; lockReportsFolder(process.argv[1]); console.log(process.env.${LOCK_ENV}); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
/** As HOLD, naming the process argv[2] as a writer of the run. */
const HOLD_WITH_WRITER = `import { lockReportsFolder } from ${JSON.stringify(LOCK)}; lockReportsFolder(process.argv[1]).addWriter(Number(process.argv[2])); console.log(process.env.${LOCK_ENV}); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
/** Takes the folder argv[1] once and exits: "taken", "under" (its starter's lock), or the refusal. */
const TAKE = `import { lockReportsFolder } from ${JSON.stringify(LOCK)}; try { console.log(lockReportsFolder(process.argv[1]).held ? 'taken' : 'under'); } catch (e) { console.log(e.message); process.exitCode = 3; }`;
/** Waits for "go" on stdin, then takes the folder argv[1]: prints "taken" or the refusal, and stays until stdin closes. */
const RACE = `import { lockReportsFolder } from ${JSON.stringify(LOCK)}; console.log('ready'); process.stdin.once('data', () => { try { lockReportsFolder(process.argv[1]); console.log('taken'); } catch (e) { console.log('refused'); } }); process.stdin.on('end', () => process.exit(0));`;

const dirs: string[] = [];
const holders: ChildProcess[] = [];
afterEach(() => {
  for (const h of holders.splice(0)) h.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'svc-lock-'));
  dirs.push(d);
  return d;
}

function hold(dir: string): Promise<{ child: ChildProcess; token: string }> {
  return holding([...EVAL, HOLD, dir]);
}

function holdWithWriter(dir: string, writer: number): Promise<{ child: ChildProcess; token: string }> {
  return holding([...EVAL, HOLD_WITH_WRITER, dir, String(writer)]);
}

async function holding(args: string[]): Promise<{ child: ChildProcess; token: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, [LOCK_ENV]: '' } });
  holders.push(child);
  const token = await new Promise<string>((done, fail) => {
    child.stdout!.once('data', (d: Buffer) => done(d.toString().trim()));
    child.once('exit', (code) => fail(new Error(`the holder exited with ${code}`)));
  });
  return { child, token };
}

function take(dir: string, env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [...EVAL, TAKE, dir], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, [LOCK_ENV]: '', ...env } });
  return { code: res.status, out: res.stdout.trim() };
}

const holderOf = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockHolder;

describe('reports folder lock', () => {
  it('refuses a second run while the holder runs, naming it, and leaves its lock as it was', async () => {
    const dir = folder();
    const { child } = await hold(dir);
    const before = readFileSync(join(dir, LOCK_FILE), 'utf8');
    const second = take(dir);
    expect(second.code).toBe(3);
    expect(second.out).toContain(`in use by another run (pid ${child.pid}`);
    expect(second.out).toContain('SVC_REPORTS_DIR');
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(before);
  });

  it('lets a process the holder started (its token in SVC_REPORTS_LOCK) write under the lock', async () => {
    const dir = folder();
    const { token } = await hold(dir);
    expect(take(dir, { [LOCK_ENV]: token })).toEqual({ code: 0, out: 'under' });
    // That process has exited: the lock is still the holder's, and nothing else was left there.
    expect(holderOf(dir).token).toBe(token);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(take(dir, { [LOCK_ENV]: 'another-token' }).code).toBe(3);
  });

  it('is given back when the holder exits, and the next run takes it', async () => {
    const dir = folder();
    const { child } = await hold(dir);
    const exited = new Promise((done) => child.once('exit', done));
    child.stdin!.end();
    await exited;
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(take(dir)).toEqual({ code: 0, out: 'taken' });
  });

  it('takes over the lock of a run that was killed', async () => {
    const dir = folder();
    const { child } = await hold(dir);
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    expect(holderOf(dir).pid, 'a killed holder leaves its lock').toBe(child.pid);
    expect(take(dir)).toEqual({ code: 0, out: 'taken' });
    expect(existsSync(join(dir, LOCK_FILE)), 'the taker gave it back as it exited').toBe(false);
  });

  // A process's start time is read from /proc (Linux); elsewhere a live pid counts as the holder.
  it.runIf(existsSync('/proc/self/stat'))('takes over a lock whose pid is now another process\'s', () => {
    const dir = folder();
    const gone = { procStart: '1', token: 'gone', startedAt: '2026-01-01T00:00:00.000Z', command: 'a run long gone' };
    // This process is alive, but started at another time than the lock says: a reused pid.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ ...gone, pid: process.pid }));
    expect(take(dir)).toEqual({ code: 0, out: 'taken' });
  });

  // A zombie: a process that has exited and that its parent has not reaped (here a shell that execs a
  // sleep, which never waits for the child the shell left behind). It still answers signal 0.
  it.runIf(existsSync('/proc/self/stat'))('takes over a lock whose holder is a zombie', async () => {
    const dir = folder();
    const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((done) => parent.stdout!.once('data', (b: Buffer) => done(b.toString().trim()))));
      const stateOf = () => { try { const st = readFileSync(`/proc/${pid}/stat`, 'utf8'); return st.slice(st.lastIndexOf(')') + 2, st.lastIndexOf(')') + 3); } catch { return 'gone'; } };
      await expect.poll(stateOf, { timeout: 5000 }).toBe('Z');
      const start = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const procStart = start.slice(start.lastIndexOf(')') + 2).split(' ')[19];
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, procStart, token: 'zombie', startedAt: '2026-01-01T00:00:00.000Z', command: 'a run that exited' }));
      expect(take(dir)).toEqual({ code: 0, out: 'taken' });
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('lets exactly one of several runs take over a dead run\'s lock at once', async () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 1, token: 'dead', startedAt: '2026-01-01T00:00:00.000Z', command: 'a killed run' }));
    // Each is started and waits; then all are told to take the folder at once.
    const racers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const child = spawn(process.execPath, [...EVAL, RACE, dir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, [LOCK_ENV]: '' } });
        holders.push(child);
        const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
        expect((await lines.next()).value).toBe('ready');
        return { child, lines };
      }),
    );
    for (const r of racers) r.child.stdin!.write('go\n');
    const outcomes = await Promise.all(racers.map(async (r) => (await r.lines.next()).value as string));
    expect(outcomes.filter((o) => o === 'taken'), outcomes.join(', ')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
  });

  it('stays held while a writer the holder named lives, after the holder has gone', async () => {
    const dir = folder();
    const writer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    holders.push(writer);
    const { child } = await holdWithWriter(dir, writer.pid!);
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    expect(take(dir).out).toContain(`in use by another run (pid ${child.pid}`);
    const gone = new Promise((done) => writer.once('exit', done));
    writer.kill('SIGKILL');
    await gone;
    expect(take(dir)).toEqual({ code: 0, out: 'taken' });
  });

  it('stops `npm run conformance` and a direct vitest run into a held folder before they write, each saying why', async () => {
    const dir = folder();
    const { child } = await hold(dir);
    writeFileSync(join(dir, 'verdict.json'), '{"holder": true}');
    const env = { ...process.env, SVC_REPORTS_DIR: dir, [LOCK_ENV]: '' };
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'helpers/verdict/cli.ts'], { cwd: ROOT, encoding: 'utf8', env });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`in use by another run (pid ${child.pid}`);
    expect(cli.stdout.trim().split('\n').pop()).toBe(`verdict: NOT CONFORMANT: the run did not start: another run is writing ${dir}`);
    const direct = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'conformance'], { cwd: ROOT, encoding: 'utf8', env });
    expect(direct.status).not.toBe(0);
    expect(`${direct.stdout}${direct.stderr}`).toContain(`in use by another run (pid ${child.pid}`);
    // Neither wrote a file there (vitest's reporters included), nor removed one.
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, 'verdict.json']);
    expect(readFileSync(join(dir, 'verdict.json'), 'utf8')).toBe('{"holder": true}');
  });
});
