/**
 * Exact sliding-window rate limits: per budget a ring of the last `limit` accepted request times; a
 * request is refused when the oldest of them is still inside the window.
 */

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/** The spec's Limits table, plus the websocket token's 10 calls per 60 s from the real-API facts. */
export const LIMIT_GROUPS = {
  orders: { limit: 10000, windowMs: 10_000 },
  history: { limit: 12000, windowMs: 10_000 },
  account: { limit: 1000, windowMs: 10_000 },
  publicCollateral: { limit: 2000, windowMs: 10_000 },
  wsToken: { limit: 10, windowMs: 60_000 },
} as const satisfies Record<string, LimitRule>;

export type LimitGroup = keyof typeof LIMIT_GROUPS;

interface Ring {
  times: Float64Array;
  next: number;
}

export class RateLimiter {
  private readonly rings = new Map<string, Ring>();

  /** Records the request and returns 0 when allowed, else the milliseconds until a slot frees. */
  take(subject: string, group: LimitGroup, now: number): number {
    const rule = LIMIT_GROUPS[group];
    const id = `${group}|${subject}`;
    let ring = this.rings.get(id);
    if (!ring) {
      ring = { times: new Float64Array(rule.limit).fill(-Infinity), next: 0 };
      this.rings.set(id, ring);
    }
    const oldest = ring.times[ring.next] ?? -Infinity;
    if (now - oldest < rule.windowMs) return rule.windowMs - (now - oldest);
    ring.times[ring.next] = now;
    ring.next = (ring.next + 1) % rule.limit;
    return 0;
  }
}
