// How the target's clock compares with ours, from the API's own answers: a resource's updatedAt
// (or createdAt) was set on the target's clock no later than the target answered, and we received the
// answer after that, so (our receipt time - that timestamp) is never below the target's clock offset.
// The smallest such value over the latest answers bounds the offset from above; events.ts uses it,
// with the listener's own bound from deliveries, to tell an event that happened before a scenario's
// mark from one after it. Values more than a second below the median are left out (a timestamp in
// the future is a target's mistake, and leaving samples out can only raise the bound).
const WINDOW = 256;
const SPREAD_MS = 1000;

/**
 * The latest `size` lags (receipt time minus timestamp) and their bound: the smallest lag not more than
 * SPREAD_MS below their median (the upper one of an even count). The lags are also kept in order of
 * size, each added or dropped where it belongs, so a reading costs no sort. The listener reads the
 * bound at every notification's first delivery (some 2,000 a run, each a copy and a sort of the window
 * before).
 */
export class LagWindow {
  /** In the order they came (the oldest is dropped first). */
  private readonly arrivals: number[] = [];
  /** The same values, smallest first. */
  private readonly sorted: number[] = [];

  constructor(private readonly size = WINDOW) {}

  push(lag: number): void {
    if (!Number.isFinite(lag)) return;
    this.arrivals.push(lag);
    this.sorted.splice(firstAtLeast(this.sorted, lag), 0, lag);
    if (this.arrivals.length > this.size) this.sorted.splice(firstAtLeast(this.sorted, this.arrivals.shift()!), 1);
  }

  /** The smallest lag not more than SPREAD_MS below the median, if any. */
  get min(): number | undefined {
    if (!this.sorted.length) return undefined;
    const median = this.sorted[Math.floor(this.sorted.length / 2)];
    return this.sorted[firstAtLeast(this.sorted, median - SPREAD_MS)];
  }
}

/** The index of the first value of the ascending `values` that is at least `x` (values.length if none). */
function firstAtLeast(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const answers = new LagWindow();

/** Notes an API answer received at `receivedAt` (our clock). */
export function observeAnswer(status: number, body: unknown, receivedAt = Date.now()): void {
  if (status < 200 || status >= 300 || !body || typeof body !== 'object') return;
  const b = body as { updatedAt?: unknown; createdAt?: unknown };
  const stamps = [b.updatedAt, b.createdAt].filter((v): v is string => typeof v === 'string').map(Date.parse).filter(Number.isFinite);
  if (!stamps.length) return;
  answers.push(receivedAt - Math.max(...stamps));
}

/** The bound (ms) the answers so far give, if any. */
export function answerLagMs(): number | undefined {
  return answers.min;
}


/**
 * Milliseconds one unit of a timestamp stands for: its last written digit's (ms precision: 1), or a
 * whole second while the target's timestamps have shown no fraction of one (`wholeSeconds`: a clock
 * counting seconds may still write ".000").
 */
export function timestampPrecisionMs(timestamp: string, wholeSeconds = false): number {
  if (wholeSeconds) return 1000;
  const fraction = /\.(\d+)/.exec(timestamp)?.[1].length ?? 0;
  return fraction >= 3 ? 1 : 10 ** (3 - fraction);
}
