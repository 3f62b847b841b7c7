/** Sliding-window budgets of the WebSocket: per connection (placements, requests) and per address. */

export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/** The spec's WebSocket limits. */
export const WS_DEFAULT_LIMITS = {
  placements: { limit: 10_000, windowMs: 10_000 },
  requests: { limit: 12_000, windowMs: 10_000 },
  connections: { limit: 1_000, windowMs: 60_000 },
} as const satisfies Record<string, WindowLimit>;

/** Exact sliding window: the times of the last `limit` accepted events. */
export class SlidingWindow {
  private readonly times: Float64Array;
  private next = 0;
  private readonly rule: WindowLimit;

  constructor(rule: WindowLimit) {
    this.rule = rule;
    this.times = new Float64Array(rule.limit).fill(-Infinity);
  }

  /** Records the event and answers true when it fits the budget; a refused event is not recorded. */
  take(now: number): boolean {
    const oldest = this.times[this.next] ?? -Infinity;
    if (now - oldest < this.rule.windowMs) return false;
    this.times[this.next] = now;
    this.next = (this.next + 1) % this.rule.limit;
    return true;
  }
}
