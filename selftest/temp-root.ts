// The self-tests' temporary folders in one folder of their own, removed when the run ends: the
// folders the tests make (profiles, leases, reports of the conformance runs they start) and those of
// the processes they start (a run's secrets, a listener's CA) all go where os.tmpdir() points, and a
// test that stops early, or a run it kills, would otherwise leave them behind (some thirty a run).
// TMPDIR is set here, in vitest's process before any test file's process starts, so every one of
// them and their children inherit it.
//
// Every self-test project names this setup (vitest.config.ts), and vitest runs each project's global
// setup in the one process: the first makes the folder and the last to end removes it. A folder made
// per project would sit inside the one before (TMPDIR already pointing there), and three levels deep
// the path of Chromium's singleton socket passed the 108 bytes a Unix socket path may have.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SHARED = Symbol.for('svc-conformance.selftest-temp-root');
type Shared = { root: string; previous: string | undefined; users: number };

export default function setup(): () => void {
  const g = globalThis as typeof globalThis & { [SHARED]?: Shared };
  const shared = (g[SHARED] ??= { root: mkdtempSync(join(tmpdir(), 'svc-selftest-')), previous: process.env.TMPDIR, users: 0 });
  shared.users++;
  process.env.TMPDIR = shared.root;
  return () => {
    if (--shared.users > 0) return;
    delete g[SHARED];
    if (shared.previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = shared.previous;
    rmSync(shared.root, { recursive: true, force: true });
  };
}
