// Where the main process's thread spends one board refresh: a CPU profile (V8's sampling profiler,
// through `node:inspector`) taken inside the main process around one refresh, its time summed by
// what the code does. A sample is counted under the first part found walking from its function up
// to the root (so the JSON.parse an answer check calls counts as the check), the rest as "other".
// The memory one refresh allocates (`allocated`), which the garbage collector then has to clear, is
// summed the same way from V8's sampling heap profiler: unlike a time, it does not change with the
// load of a shared machine.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** A part of the refresh and what marks its code: a file path fragment, or a V8 pseudo-function. */
const PARTS: ReadonlyArray<readonly [string, (url: string, fn: string) => boolean]> = [
  ['gc', (_url, fn) => fn === '(garbage collector)'],
  ['signing', (url) => /exchange\/signer\.ts|internal\/crypto/.test(url)],
  [
    'answer checks',
    (url) => /node_modules\/zod\/|exchange\/endpoints\/|exchange\/classify-response/.test(url),
  ],
  [
    'row decimals',
    (url) => /decimal\.js|rules\/decimal\.ts|desk\/board-rows\.ts|desk\/board-prices/.test(url),
  ],
  ['signed-request log', (url) => /signed-request-log\.ts|services\/desk\/audit\.ts/.test(url)],
  ['storing', (url) => /main\/cache\/|last-known\.ts/.test(url)],
  ['to the window', (url) => /ipc\/|e2e\/host\.ts|node_modules\/ws\//.test(url)],
  [
    'HTTP',
    (url) =>
      /node_modules\/undici\/|exchange\/http|internal\/(net|stream|http|dns)|rate-limit\.ts|nonce\.ts/.test(
        url,
      ),
  ],
];

export interface RefreshCosts {
  /** Wall time of the profiled refresh. */
  ms: number;
  /** Main-thread time the profile saw busy (idle excluded). */
  busyMs: number;
  /** Busy time by part, in ms, largest first; "other" last. */
  parts: Array<{ part: string; ms: number }>;
  /** The functions with the most time of their own, for a closer look (`file:line name`). */
  top: Array<{ fn: string; ms: number }>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Runs `refresh` under the CPU profiler of this process's main thread and sums its time by part. */
export async function profiled(refresh: () => Promise<unknown>): Promise<RefreshCosts> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const start = performance.now();
    await refresh();
    const ms = performance.now() - start;
    const { profile } = await session.post('Profiler.stop');
    // TXC_BENCH_REFRESH_PROFILE=<file>: the profile itself, for a closer look (Chrome DevTools reads it).
    const out = process.env.TXC_BENCH_REFRESH_PROFILE;
    if (out) writeFileSync(out, JSON.stringify(profile));
    return {
      ms,
      ...sumByPart(profile.nodes as ProfileNode[], profile.samples ?? [], profile.timeDeltas ?? []),
    };
  } finally {
    session.disconnect();
  }
}

/** The part a function belongs to by its own code, if any ("idle" for V8's idle marker). */
function ownPart(frame: { url: string; functionName: string } | undefined): string | undefined {
  const { url, functionName } = frame ?? { url: '', functionName: '' };
  return functionName === '(idle)' ? 'idle' : PARTS.find(([, marks]) => marks(url, functionName))?.[0];
}

/** `file:line name`, the file from node_modules/ or main/ on. */
function nameOf(frame: { url: string; functionName: string; lineNumber: number }): string {
  return `${frame.url.replace(/^.*\/(node_modules\/|main\/)/, '')}:${String(frame.lineNumber + 1)} ${frame.functionName || '(anonymous)'}`;
}

function sumByPart(
  nodes: readonly ProfileNode[],
  samples: readonly number[],
  deltas: readonly number[],
): Omit<RefreshCosts, 'ms'> {
  const parentOf = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const partOf = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = partOf.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const part = ownPart(byId.get(id)?.callFrame) ?? (parent === undefined ? 'other' : resolve(parent));
    partOf.set(id, part);
    return part;
  };
  const micros = new Map<string, number>();
  // timeDeltas[i] is the time from sample i - 1 to sample i: it is spent in sample i - 1's function.
  for (let i = 1; i < samples.length; i++) {
    const part = resolve(samples[i - 1] as number);
    micros.set(part, (micros.get(part) ?? 0) + (deltas[i] ?? 0));
  }
  micros.delete('idle');
  const own = new Map<string, number>();
  for (let i = 1; i < samples.length; i++) {
    const frame = byId.get(samples[i - 1] as number)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const fn = nameOf(frame);
    own.set(fn, (own.get(fn) ?? 0) + (deltas[i] ?? 0));
  }
  const top = [...own]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([fn, us]) => ({ fn, ms: us / 1000 }));
  const busy = [...micros.values()].reduce((a, b) => a + b, 0);
  const parts = [...micros]
    .map(([part, us]) => ({ part, ms: us / 1000 }))
    .sort((a, b) => (a.part === 'other' ? 1 : b.part === 'other' ? -1 : b.ms - a.ms));
  return { busyMs: busy / 1000, parts, top };
}

export interface RefreshAllocations {
  /** Bytes main's heap allocated during the refresh (V8's sampled estimate), collected ones included. */
  bytes: number;
  /** Bytes by part, largest first; "other" last. */
  parts: Array<{ part: string; bytes: number }>;
  /** The functions that allocated the most themselves (`file:line name`). */
  top: Array<{ fn: string; bytes: number }>;
}

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/**
 * Runs `refresh` under V8's sampling heap profiler (every 16 KB allocated, on average) and sums what
 * main's heap allocated by part, what the garbage collector cleared during the refresh included.
 */
export async function allocated(refresh: () => Promise<unknown>): Promise<RefreshAllocations> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    await refresh();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const byPart = new Map<string, number>();
    const own = new Map<string, number>();
    const walk = (node: HeapNode, inherited: string): void => {
      const part = ownPart(node.callFrame) ?? inherited;
      if (node.selfSize > 0) {
        byPart.set(part, (byPart.get(part) ?? 0) + node.selfSize);
        const fn = nameOf(node.callFrame);
        own.set(fn, (own.get(fn) ?? 0) + node.selfSize);
      }
      for (const child of node.children) walk(child, part);
    };
    walk(profile.head as HeapNode, 'other');
    const parts = [...byPart]
      .map(([part, bytes]) => ({ part, bytes }))
      .sort((a, b) => (a.part === 'other' ? 1 : b.part === 'other' ? -1 : b.bytes - a.bytes));
    const top = [...own]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([fn, bytes]) => ({ fn, bytes }));
    return { bytes: parts.reduce((sum, p) => sum + p.bytes, 0), parts, top };
  } finally {
    session.disconnect();
  }
}

/** The costs as the bench's note gives them. */
export function costsNote(costs: RefreshCosts, allocations?: RefreshAllocations): string {
  const parts = costs.parts.map((p) => `${p.part} ${p.ms.toFixed(0)}`).join(', ');
  const time = `main's thread in one more refresh, profiled (${costs.ms.toFixed(0)} ms): busy ${costs.busyMs.toFixed(0)} ms = ${parts} ms`;
  if (!allocations) return time;
  const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
  const memory = allocations.parts.map((p) => `${p.part} ${mb(p.bytes)}`).join(', ');
  return `${time}; main's heap allocated ${mb(allocations.bytes)} MB in another refresh = ${memory} MB`;
}
