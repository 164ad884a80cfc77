/**
 * A token bucket: `burst` messages at once, earned back at `perSecond`. Each hub connection
 * has one for the messages it sends (server/hub/connection.ts). Time comes from `now`, the
 * app's clock, so tests move it instead of waiting.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Spends one token; false when none is left (nothing is spent then). */
  take(): boolean {
    const now = this.now();
    // A clock set back earns nothing, rather than a negative amount.
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.perSecond) / 1000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
