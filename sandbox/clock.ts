export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const isoNow = (clock: Clock) => new Date(clock.now()).toISOString();
