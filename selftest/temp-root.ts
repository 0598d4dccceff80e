// The self-tests' temporary folders in one folder of their own, removed when the run ends: the
// folders the tests make (profiles, leases, reports of the conformance runs they start) and those of
// the processes they start (a run's secrets, a listener's CA) all go where os.tmpdir() points, and a
// test that stops early, or a run it kills, would otherwise leave them behind (some thirty a run).
// TMPDIR is set here, in vitest's process before any test file's process starts, so every one of
// them and their children inherit it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'svc-selftest-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
