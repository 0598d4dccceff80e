// What the listener holds of its deliveries, bounded over a long night. The latest `window`
// deliveries are held whole in memory (their parsed bodies, their kept headers, the raw bodies of the
// latest few). Older ones are spilled, a chunk at a time, to a file of JSON lines in a temporary
// folder of their own: what a judgement reads of them (seq, receipt time, envelope id, type, resource
// id and keys, attempt, first seq, duplicate, answer, signature verdict and the parsed body) is
// written there and read back when a poll asks for them; their raw bodies and headers are dropped
// (only a scenario that hands a recent delivery to the target asks for those). In memory a spilled
// delivery leaves its end offset in the file (8 bytes) and its seq in the list of each key it is
// found under; a key's list holds seqs, not deliveries. The file is removed on close.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Delivery {
  seq: number;
  /** Milliseconds since the epoch (the system clock the target's timestamps are compared with). */
  receivedAt: number;
  /** The headers that matter for judging (signature, content type, user agent); none once spilled. */
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, kept only for the most recent deliveries (ListenerOptions.rawBodyWindow). */
  rawBody?: string;
  signatureOk: boolean;
  /** Why the signature failed verification. */
  signatureProblem?: string;
  /** Envelope id, type and data.id when the body parsed. */
  eventId?: string;
  type?: string;
  dataId?: string;
  /** The key waiters and arming use: data.id, else the event type (TEST). */
  key?: string;
  /**
   * Further keys the delivery is found under: data.cardId (a card's transactions are about the card
   * too), or, where the data names no cardId (openapi.yaml, CardTransaction: cardId optional), its
   * issuerTransactionToken as `issuerTransactionToken:<token>` (the suite knows which card each
   * simulation's token is on).
   */
  alsoKeys?: string[];
  /** Which delivery of this envelope id it is (1 = first). */
  attempt: number;
  /** The seq of the first verified delivery of this envelope id (a notification is new after a mark only if this is). */
  firstSeq?: number;
  /** An envelope id that had already been acknowledged. */
  duplicate: boolean;
  answered: number;
  body?: unknown;
}

/** Deliveries held whole in memory unless the listener is told otherwise. */
export const HELD_DELIVERIES = 4096;

export class DeliveryStore {
  /** The deliveries held in memory, in seq order: seqs `spilled + 1` to `size`. */
  private readonly recent: Delivery[] = [];
  /** How many of the oldest deliveries are in the file (seqs 1 to `spilled`). */
  private spilled = 0;
  /** ends[i]: the offset in the file just after the line of seq i + 1. */
  private ends = new Float64Array(1024);
  private dir?: string;
  private fd?: number;
  /** Per key, the seqs of the deliveries found under it, ascending. */
  private readonly byKey = new Map<string, number[]>();

  /**
   * @param window deliveries held whole; beyond it the oldest quarter is spilled at once.
   * @param measure the bytes the listener counts for a held delivery (released when it is spilled).
   */
  constructor(
    private readonly window: number,
    private readonly measure: (d: Delivery) => number,
  ) {
    if (!Number.isInteger(window) || window < 1) throw new TypeError('DeliveryStore: window must be a positive integer');
  }

  /** Every delivery recorded. */
  get size(): number {
    return this.spilled + this.recent.length;
  }

  /** The deliveries held in memory (the latest ones), in seq order. */
  get held(): readonly Delivery[] {
    return this.recent;
  }

  /** Deliveries in the file. */
  get spilledCount(): number {
    return this.spilled;
  }

  /** Records the next delivery (its seq must be `size + 1`) under its keys; returns the bytes that spilling released. */
  add(d: Delivery, keys: readonly (string | undefined)[]): number {
    if (d.seq !== this.size + 1) throw new Error(`DeliveryStore: seq ${d.seq} recorded after ${this.size}`);
    this.recent.push(d);
    for (const key of keys) {
      if (key === undefined) continue;
      const list = this.byKey.get(key);
      if (list) {
        if (list[list.length - 1] !== d.seq) list.push(d.seq);
      } else this.byKey.set(key, [d.seq]);
    }
    return this.recent.length > this.window ? this.spill(Math.max(1, Math.floor(this.window / 4))) : 0;
  }

  /** The delivery of `seq`, read back from the file when it was spilled. */
  at(seq: number): Delivery | undefined {
    if (!Number.isInteger(seq) || seq < 1 || seq > this.size) return undefined;
    if (seq > this.spilled) return this.recent[seq - this.spilled - 1];
    return this.readSpilled(seq, seq)[0];
  }

  /** The deliveries found under `key` with seq > since, in seq order. */
  after(key: string, since: number): Delivery[] {
    const list = this.byKey.get(key);
    if (!list) return [];
    const seqs = list.slice(firstAbove(list, since));
    const out: Delivery[] = [];
    // Spilled ones in runs of neighbours: one read per run.
    let i = 0;
    while (i < seqs.length && seqs[i] <= this.spilled) {
      let j = i;
      while (j + 1 < seqs.length && seqs[j + 1] === seqs[j] + 1 && seqs[j + 1] <= this.spilled) j++;
      out.push(...this.readSpilled(seqs[i], seqs[j]));
      i = j + 1;
    }
    for (; i < seqs.length; i++) out.push(this.recent[seqs[i] - this.spilled - 1]);
    return out;
  }

  /** Every delivery with seq > since, in seq order. */
  all(since: number): Delivery[] {
    const from = Math.max(0, Math.floor(since)) + 1;
    const out = from <= this.spilled ? this.readSpilled(from, this.spilled) : [];
    return out.concat(this.recent.slice(Math.max(0, from - this.spilled - 1)));
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }

  /** Writes the oldest `n` held deliveries to the file, without raw body or headers. */
  private spill(n: number): number {
    if (this.fd === undefined) {
      this.dir = mkdtempSync(join(tmpdir(), 'svc-listener-spill-'));
      this.fd = openSync(join(this.dir, 'deliveries.ndjson'), 'a+');
    }
    const out = this.recent.splice(0, n);
    let released = 0;
    const lines: string[] = [];
    let offset = this.spilled ? this.ends[this.spilled - 1] : 0;
    if (this.ends.length < this.spilled + n) {
      const grown = new Float64Array(Math.max(this.ends.length * 2, this.spilled + n));
      grown.set(this.ends);
      this.ends = grown;
    }
    for (const d of out) {
      released += this.measure(d);
      const { rawBody: _raw, headers: _headers, ...kept } = d;
      const line = `${JSON.stringify(kept)}\n`;
      offset += Buffer.byteLength(line);
      this.ends[this.spilled + lines.length] = offset;
      lines.push(line);
    }
    writeSync(this.fd, lines.join(''));
    this.spilled += n;
    return released;
  }

  /** Spilled deliveries `from` to `to` (inclusive), read in one go. */
  private readSpilled(from: number, to: number): Delivery[] {
    const start = from > 1 ? this.ends[from - 2] : 0;
    const end = this.ends[to - 1];
    const buf = Buffer.allocUnsafe(end - start);
    let read = 0;
    while (read < buf.length) read += readSync(this.fd!, buf, read, buf.length - read, start + read);
    return buf
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ ...(JSON.parse(line) as Omit<Delivery, 'headers'>), headers: {} }));
  }
}

/** The index of the first seq above `since` in an ascending list. */
function firstAbove(list: readonly number[], since: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] > since) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
