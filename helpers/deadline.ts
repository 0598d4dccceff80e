// Waiting on the target's own clock: resolves once a timestamp the target gave (a challenge's
// expiresAt) has passed, with a small margin for clock skew. Bounded by the run's wait budget;
// the caller skips, with a reason, when the bound is beyond it.
export function msUntil(isoTimestamp: string): number {
  return Date.parse(isoTimestamp) - Date.now();
}

/** How far the target's clock may run ahead of ours where a scenario reads its timestamps against ours. */
export const CLOCK_MARGIN_MS = 250;

export function untilPast(isoTimestamp: string, marginMs = CLOCK_MARGIN_MS): Promise<void> {
  const wait = Math.max(0, msUntil(isoTimestamp) + marginMs);
  return new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Resolves once `share` of what is left of a target-given life (a challenge's expiresAt) has
 * passed: a scenario that must act inside the window, yet late enough that what it does next is
 * told apart from the window's start, waits on the target's own timing, not on a constant.
 */
export function untilShareOf(isoTimestamp: string, share: number): Promise<void> {
  const wait = Math.max(0, msUntil(isoTimestamp) * share);
  return new Promise((resolve) => setTimeout(resolve, wait));
}
