// How the target's clock compares with ours, from the API's own answers: a resource's updatedAt
// (or createdAt) was set on the target's clock no later than the target answered, and we received the
// answer after that, so (our receipt time - that timestamp) is never below the target's clock offset.
// The smallest such value over the latest answers bounds the offset from above; events.ts uses it,
// with the listener's own bound from deliveries, to tell an event that happened before a scenario's
// mark from one after it. Values more than a second below the median are left out (a timestamp in
// the future is a target's mistake, and leaving samples out can only raise the bound).
const WINDOW = 256;
const SPREAD_MS = 1000;
const lags: number[] = [];

/** Notes an API answer received at `receivedAt` (our clock). */
export function observeAnswer(status: number, body: unknown, receivedAt = Date.now()): void {
  if (status < 200 || status >= 300 || !body || typeof body !== 'object') return;
  const b = body as { updatedAt?: unknown; createdAt?: unknown };
  const stamps = [b.updatedAt, b.createdAt].filter((v): v is string => typeof v === 'string').map(Date.parse).filter(Number.isFinite);
  if (!stamps.length) return;
  lags.push(receivedAt - Math.max(...stamps));
  if (lags.length > WINDOW) lags.shift();
}

/** The bound (ms) the answers so far give, if any. */
export function answerLagMs(): number | undefined {
  return robustMin(lags);
}

/** The smallest value not more than SPREAD_MS below the median. */
export function robustMin(values: readonly number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return sorted.find((v) => v >= median - SPREAD_MS);
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
