/** Fault injection for tests; everything is off unless asked for. Seeded, so runs repeat. */
import { createRng } from './rng.ts';

export interface FaultOptions {
  /** Added latency per request, in milliseconds (fixed, or a [min, max] range). */
  latencyMs?: number | [number, number];
  /** Share of requests answered 503 before being applied, 0..1. */
  errorRate?: number;
  /** Share of requests applied and then answered by closing the socket with no response, 0..1. */
  dropRate?: number;
  seed?: number;
}

export interface FaultInjector {
  latencyMs(): number;
  failBefore(): boolean;
  dropAfter(): boolean;
}

export function createFaults(options: FaultOptions | undefined): FaultInjector | undefined {
  if (!options) return undefined;
  const rng = createRng(options.seed ?? 1);
  const { latencyMs = 0, errorRate = 0, dropRate = 0 } = options;
  return {
    latencyMs: () =>
      Array.isArray(latencyMs)
        ? latencyMs[0] + Math.floor(rng.next() * (latencyMs[1] - latencyMs[0] + 1))
        : latencyMs,
    failBefore: () => errorRate > 0 && rng.next() < errorRate,
    dropAfter: () => dropRate > 0 && rng.next() < dropRate,
  };
}
