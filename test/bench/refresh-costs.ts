// Where the main process's thread spends one board refresh: a CPU profile (V8's sampling profiler,
// through `node:inspector`) taken inside the main process around one refresh, its time summed by
// what the code does. A sample is counted under the first part found walking from its function up
// to the root (so the JSON.parse an answer check calls counts as the check), the rest as "other".
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
    return {
      ms,
      ...sumByPart(profile.nodes as ProfileNode[], profile.samples ?? [], profile.timeDeltas ?? []),
    };
  } finally {
    session.disconnect();
  }
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
    const node = byId.get(id);
    const { url, functionName } = node?.callFrame ?? { url: '', functionName: '' };
    const own = functionName === '(idle)' ? 'idle' : PARTS.find(([, marks]) => marks(url, functionName))?.[0];
    const parent = parentOf.get(id);
    const part = own ?? (parent === undefined ? 'other' : resolve(parent));
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
    const fn = `${frame.url.replace(/^.*\/(node_modules\/|main\/)/, '')}:${String(frame.lineNumber + 1)} ${frame.functionName || '(anonymous)'}`;
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

/** The costs as the bench's note gives them. */
export function costsNote(costs: RefreshCosts): string {
  const parts = costs.parts.map((p) => `${p.part} ${p.ms.toFixed(0)}`).join(', ');
  return `main's thread in one more refresh, profiled (${costs.ms.toFixed(0)} ms): busy ${costs.busyMs.toFixed(0)} ms = ${parts} ms`;
}
