// The target's webhook endpoint, borrowed for a run and given back (README, "Against another
// target"). Before the harness points the platform's webhookEndpoint at its listener it takes a
// lease: a state file, one per target and client id, naming the run and the endpoint it found. The
// endpoint is given back at the end, after a failure, on SIGINT/SIGTERM, and, when a run died without
// giving it back (SIGKILL, out of memory), by the next run before it reads the "original". It is
// given back only while it is still the run's own: the listener's URL, or unset for a moment by the
// run's own platform-wide scenarios. A second run against a target leased by a live run waits for
// that run to end (bounded), then stops naming it.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../client.js';
import { fileAgeMs, processAlive } from '../liveness.js';
import { readSetting, SETTINGS, settingDefault } from './registry.js';

export interface LeaseRecord {
  version: 1;
  target: string;
  runId: string;
  pid: number;
  host: string;
  startedAt: string;
  /** The endpoint the target had before the run; undefined until it was read. */
  original?: string | null;
  /** The endpoint the run points the target at. */
  ours: string;
  /**
   * The target declares POST /sandbox/config/webhook-endpoint/unset (SVC_WEBHOOK_ENDPOINT_UNSET_TRIGGER):
   * the way back to a platform that had no endpoint, which no request of the description reaches.
   */
  unsetTrigger?: boolean;
}

export interface LeaseOptions {
  baseUrl: string;
  clientId: string;
  runId: string;
  ours: string;
  /** Folder of the lease files (SVC_STATE_DIR; default ~/.cache/svc-conformance/targets). */
  stateDir?: string;
  /** How long to wait for a live run that holds the target (SVC_TARGET_WAIT_MS; default 10 minutes). */
  waitMs?: number;
  /** The target declares its trigger that unsets the endpoint (LeaseRecord.unsetTrigger). */
  unsetTrigger?: boolean;
  log?: (line: string) => void;
}

export class TargetInUseError extends Error {}

export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  return readSetting(SETTINGS.stateDir, env) || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc-conformance', 'targets');
}

/** The lease file of a target: one per base URL and client id (the platform whose config is changed). */
export function leaseFile(stateDir: string, baseUrl: string, clientId: string): string {
  const key = createHash('sha256').update(`${baseUrl.replace(/\/$/, '')}\n${clientId}`).digest('hex').slice(0, 24);
  return join(stateDir, `${key}.json`);
}

function read(file: string): LeaseRecord | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 'missing';
  }
  try {
    return JSON.parse(text) as LeaseRecord;
  } catch {
    return 'unreadable';
  }
}

function writeAtomically(file: string, record: LeaseRecord): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  writeSync(fd, JSON.stringify(record, null, 2));
  closeSync(fd);
  renameSync(tmp, file);
}

const sameEndpoint = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/** Whether the target's current endpoint is still the run's own: its listener, or unset for a moment by its platform scenarios. */
export function stillOurs(current: string | null | undefined, record: Pick<LeaseRecord, 'ours' | 'original'>): boolean {
  if (sameEndpoint(current, record.ours)) return true;
  return (current ?? null) === null && record.original !== undefined && record.original !== null;
}

async function currentEndpoint(api: ApiClient): Promise<string | null> {
  const res = await api.get('/config');
  if (res.status !== 200) throw new Error(`GET /config answered ${res.status}; the webhook endpoint cannot be read`);
  return (res.body as { webhookEndpoint?: string | null }).webhookEndpoint ?? null;
}

/**
 * What giving the endpoint back did: `restored` (it was the run's own and is the recorded original
 * again), `kept` (nothing to give back: no original recorded, the endpoint already the original, or
 * changed by someone else since, left as it is), or `failed` (the PATCH was refused; a release also
 * counts a GET or network error as `failed`, so that the lease stays for the next run).
 */
type PutBack = 'restored' | 'kept' | 'failed';

async function putBack(api: ApiClient, record: LeaseRecord, log: (line: string) => void, who: string): Promise<PutBack> {
  if (record.original === undefined) return 'kept';
  const current = await currentEndpoint(api);
  if (!stillOurs(current, record)) {
    if (!sameEndpoint(current, record.original)) {
      log(`svc-conformance: the target's webhookEndpoint was changed during ${who} (it is not the run's listener any more): left as it is`);
    }
    return 'kept';
  }
  if (sameEndpoint(current, record.original)) return 'kept';
  // openapi.yaml, PlatformConfigUpdateRequest: webhookEndpoint is a string; no request of the description
  // unsets it. A platform that had none gets none again only through the trigger its target declares.
  if (record.original === null && !record.unsetTrigger) {
    log(`svc-conformance: the target had no webhookEndpoint before ${who}, and no request of the description unsets one (it declares no SVC_WEBHOOK_ENDPOINT_UNSET_TRIGGER): it is left at the run's listener`);
    return 'kept';
  }
  const res = record.original === null
    ? await api.post('/sandbox/config/webhook-endpoint/unset')
    : await api.patch('/config', { body: { webhookEndpoint: record.original } });
  if (res.status !== 200) {
    log(`svc-conformance: could not restore webhookEndpoint after ${who}: ${record.original === null ? 'POST /sandbox/config/webhook-endpoint/unset' : 'PATCH /config'} answered ${res.status}`);
    return 'failed';
  }
  return 'restored';
}

/**
 * After the run process `pid` of this host has exited (whatever the cause: a signal cut its own
 * restore short, it crashed, it was killed), gives back the endpoint its lease records, while the
 * endpoint is still that run's, and drops the lease. The entry point that started the run calls it
 * (helpers/verdict/cli.ts), so the target is restored before that entry point exits. Returns whether
 * a lease of that run was found.
 */
export async function recoverLeaseOf(
  api: ApiClient,
  opts: { baseUrl: string; clientId: string; pid: number; stateDir?: string; log?: (line: string) => void },
): Promise<boolean> {
  const log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
  const file = leaseFile(opts.stateDir ?? defaultStateDir(), opts.baseUrl, opts.clientId);
  const held = read(file);
  if (held === 'missing' || held === 'unreadable') return false;
  if (held.pid !== opts.pid || held.host !== hostname() || processAlive(held.pid)) return false;
  const who = `run ${held.runId} (pid ${held.pid}), which ended without restoring it`;
  const given = await putBack(api, held, log, who);
  if (given === 'failed') throw new Error(`the target's webhookEndpoint left by ${who} could not be restored; the next run will try again (${file})`);
  if (given === 'restored') log(`svc-conformance: restored the webhookEndpoint left by ${who}`);
  const again = read(file);
  if (again !== 'missing' && again !== 'unreadable' && again.runId === held.runId) rmSync(file, { force: true });
  return true;
}

export class EndpointLease {
  private released = false;

  private constructor(
    private readonly api: ApiClient,
    private readonly file: string,
    private record: LeaseRecord,
    private readonly log: (line: string) => void,
  ) {}

  /** The endpoint the target had before the run. */
  get original(): string | null {
    return this.record.original ?? null;
  }

  /**
   * Takes the target's lease (waiting for a live run that holds it, recovering one a dead run left),
   * reads the endpoint it has, records it, and points it at `ours`.
   */
  static async acquire(api: ApiClient, opts: LeaseOptions): Promise<EndpointLease> {
    const log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
    const dir = opts.stateDir ?? defaultStateDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = leaseFile(dir, opts.baseUrl, opts.clientId);
    const deadline = Date.now() + (opts.waitMs ?? settingDefault(SETTINGS.targetWaitMs, 'external')!);
    const record: LeaseRecord = {
      version: 1,
      target: opts.baseUrl,
      runId: opts.runId,
      pid: process.pid,
      host: hostname(),
      startedAt: new Date().toISOString(),
      ours: opts.ours,
      ...(opts.unsetTrigger ? { unsetTrigger: true } : {}),
    };
    let announced = false;
    for (;;) {
      try {
        const fd = openSync(file, 'wx', 0o600);
        writeSync(fd, JSON.stringify(record, null, 2));
        closeSync(fd);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const held = read(file);
      if (held === 'missing') continue;
      const fresh = fileAgeMs(file) < 2_000;
      const live = held === 'unreadable' ? fresh : held.host !== hostname() || processAlive(held.pid);
      if (!live) {
        // A run died holding the target: give back what it borrowed before anything reads the endpoint.
        if (held !== 'unreadable') {
          const who = `run ${held.runId} (pid ${held.pid}, started ${held.startedAt}), which ended without restoring it`;
          const given = await putBack(api, held, log, who);
          if (given === 'restored') log(`svc-conformance: restored the webhookEndpoint left by ${who}`);
          if (given === 'failed') throw new TargetInUseError(`the target's webhookEndpoint left by ${who} could not be restored; see ${file}`);
        }
        rmSync(file, { force: true });
        continue;
      }
      const name = held === 'unreadable' ? 'another run' : `run ${held.runId} (pid ${held.pid} on ${held.host}, started ${held.startedAt})`;
      if (Date.now() >= deadline) {
        throw new TargetInUseError(
          `the target ${opts.baseUrl} is in use by ${name}: its webhook endpoint points at that run's listener. ` +
            `Wait for it to end, or run against another target (lease file ${file}; SVC_TARGET_WAIT_MS sets how long to wait).`,
        );
      }
      if (!announced) {
        log(`svc-conformance: the target is in use by ${name}; waiting for it to end`);
        announced = true;
      }
      await new Promise((r) => setTimeout(r, 250));
    }

    const lease = new EndpointLease(api, file, record, log);
    try {
      record.original = await currentEndpoint(api);
      writeAtomically(file, record);
      const patched = await api.patch('/config', { body: { webhookEndpoint: opts.ours } });
      if (patched.status !== 200) {
        throw new Error(`PATCH /config {webhookEndpoint: ${opts.ours}} answered ${patched.status}`);
      }
    } catch (err) {
      await lease.release().catch(() => undefined);
      throw err;
    }
    return lease;
  }

  /** Gives the endpoint back (while it is still the run's own) and drops the lease. Safe to call twice. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    // A lease whose endpoint could not be given back stays, so that the next run gives it back.
    const given = await putBack(this.api, this.record, this.log, `run ${this.record.runId}`).catch((err: Error): PutBack => {
      this.log(`svc-conformance: could not restore webhookEndpoint: ${err.message}; the next run against this target will (${this.file})`);
      return 'failed';
    });
    const held = read(this.file);
    if (given !== 'failed' && held !== 'missing' && held !== 'unreadable' && held.runId === this.record.runId) rmSync(this.file, { force: true });
  }
}
