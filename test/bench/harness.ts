/** What one benchmark reports; `baseline` is measured in the same run, in the same unit. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  note: string;
}

/** A benchmark module's default export. */
export interface Bench {
  /** Prefix of every result name it reports, e.g. `bridge`. */
  name: string;
  run(): Promise<BenchResult[]>;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** Runs `fn` `warmup` times, then `samples` times, and returns the sorted durations in microseconds. */
export async function sampleMicros(
  fn: () => unknown,
  samples: number,
  warmup = Math.ceil(samples / 10),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = new Array(samples);
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    await fn();
    out[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  return out.sort((a, b) => a - b);
}

export function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}x baseline`;
}
