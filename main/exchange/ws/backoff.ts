/** Reconnect delays: exponential, capped, with jitter so many clients do not come back at once. */

export interface BackoffOptions {
  /** First delay. Default 500 ms. */
  readonly baseMs?: number;
  /** Cap. Default 30 s. */
  readonly maxMs?: number;
}

/** Delay before reconnect attempt `attempt` (0 = first): a uniform draw in [cap/2, cap]. */
export function reconnectDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const base = options.baseMs ?? 500;
  const max = options.maxMs ?? 30_000;
  const cap = Math.min(max, base * 2 ** Math.min(attempt, 30));
  return Math.round(cap / 2 + random() * (cap / 2));
}
