import { fork } from 'node:child_process';

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

/**
 * Runs a bench module's `measure` in a process of its own (the module forked with `execArgv`), so
 * what it reads of its own process (memory) holds nothing the benches run before it left behind.
 * The module calls `answerFromOwnProcess(measure)` at its top level when it is the main module.
 */
export function inOwnProcess(file: string, execArgv: string[] = []): Promise<BenchResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
    let answer: { ok: true; results: BenchResult[] } | { ok: false; message: string } | undefined;
    child.once('message', (message: typeof answer) => (answer = message));
    child.once('exit', (code) => {
      if (answer?.ok) resolve(answer.results);
      else reject(new Error(answer?.message ?? `the bench process exited with ${String(code)}`));
    });
  });
}

/** In a process started by `inOwnProcess`: measures, sends the results to the parent and ends. */
export function answerFromOwnProcess(measure: () => Promise<BenchResult[]>): void {
  const send = (message: unknown) => process.send?.(message, () => process.exit());
  measure().then(
    (results) => send({ ok: true, results }),
    (error: unknown) =>
      send({ ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
