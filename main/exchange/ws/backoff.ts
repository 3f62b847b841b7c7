/** Reconnect delays: the main process's one back-off (`backoffDelay`), from 500 ms by default. */
import { backoffDelay, BACKOFF_MAX_MS } from '../rate-limit.ts';

export interface BackoffOptions {
  /** First delay. Default 500 ms. */
  readonly baseMs?: number;
  /** Cap. Default 30 s. */
  readonly maxMs?: number;
}

/** Delay before reconnect attempt `attempt` (0 = first): a uniform draw in [cap/2, cap]. */
export function reconnectDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  return backoffDelay(Math.min(attempt, 30), {
    baseMs: options.baseMs ?? 500,
    capMs: options.maxMs ?? BACKOFF_MAX_MS,
    random,
  });
}
