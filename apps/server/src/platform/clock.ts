/** Time as a dependency, so limits and expiries can be tested with a clock the test controls. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-01T00:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}

/**
 * How far ahead of our clock a signed timestamp may be (the signer's clock running fast): five
 * minutes. Further ahead, the signature is refused like a stale one: an age check alone would keep
 * a signature dated in the future fresh until its date had passed, a replay window of any length.
 */
export const SIGNED_TIME_SKEW_SECONDS = 300;

/** Whether a signed timestamp (seconds) lies further in the future than the allowed skew. */
export function datedInFuture(timestampSeconds: number, nowSeconds: number): boolean {
  return timestampSeconds - nowSeconds > SIGNED_TIME_SKEW_SECONDS;
}
