// The house's layers, declared once, top to bottom, and the check that every import points down.
// `npm run layers` (inside `npm test`) cruises main/, preload/ and renderer/src with dependency-cruiser,
// type-only imports included, and fails on:
//   - an import from a layer to one above it (the list below is the order);
//   - a circle between rooms (each folder of main, each feature; a file loose in main/ is its own);
//   - a feature importing a value of another feature (its types are fine; a value comes from the
//     other's `create`, handed over by the composition);
//   - the sandbox importing anything of the app;
//   - the renderer importing from main/ or preload/ anything but the contract's types.
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Layer {
  readonly name: string;
  /** Paths from the repository's root: a folder ends in '/', anything else names one file. */
  readonly paths: readonly string[];
}

/** Top to bottom: a file may import its own layer and those below it, never one above. */
export const LAYERS: readonly Layer[] = [
  { name: 'shell', paths: ['main/shell/', 'main/index.ts', 'preload/index.ts'] },
  {
    name: 'composition',
    paths: ['main/core.ts', 'main/floor.ts', 'main/features/index.ts', 'main/ipc/', 'preload/bridge.ts'],
  },
  { name: 'features', paths: ['main/features/'] },
  {
    name: 'services',
    paths: [
      'main/services/',
      'main/bus.ts',
      'main/event-hub.ts',
      'main/environment.ts',
      'main/readable-errors.ts',
    ],
  },
  { name: 'views', paths: ['main/views/'] },
  { name: 'team store', paths: ['main/team/'] },
  { name: 'sync and webhooks', paths: ['main/sync/', 'main/webhooks/'] },
  { name: 'desk policy', paths: ['main/policy/'] },
  { name: 'vault', paths: ['main/vault/'] },
  { name: 'cache', paths: ['main/cache/'] },
  { name: 'exchange client', paths: ['main/exchange/'] },
  { name: 'rules', paths: ['main/rules/'] },
  {
    name: 'base',
    paths: [
      'main/errors.ts',
      'main/log.ts',
      'main/platform.ts',
      'main/dialog-text.ts',
      'main/json-file.ts',
      'main/private-fs.ts',
      'main/connection-choice.ts',
    ],
  },
];

/** Apart from the layers: the embedded exchange imports nothing of the app. */
export const SANDBOX = 'main/sandbox/';
/** The renderer reads main only through the contract's types (and the bridge's). */
export const RENDERER = 'renderer/src/';
/** What the renderer may import of main/ and preload/, as types. */
export const RENDERER_TYPES: readonly string[] = ['main/ipc/contract.ts', 'preload/bridge.ts'];
/** Plain code with no imports (the order kinds and which fields each takes): the ticket asks it what main checks. */
export const RENDERER_VALUES: readonly string[] = ['main/rules/types.ts'];

export interface Violation {
  readonly rule:
    'points-up' | 'folder-circle' | 'feature-apart' | 'sandbox-apart' | 'renderer-contract' | 'unplaced';
  readonly from: string;
  readonly to: string;
  readonly words: string;
}

const inside = (file: string, path: string): boolean =>
  path.endsWith('/') ? file.startsWith(path) : file === path;

/** The layer a file belongs to: the most specific path of the list that holds it. */
export function layerOf(file: string): number | undefined {
  let best: { rank: number; length: number } | undefined;
  LAYERS.forEach((layer, rank) => {
    for (const path of layer.paths) {
      if (inside(file, path) && (!best || path.length > best.length)) best = { rank, length: path.length };
    }
  });
  return best?.rank;
}

/** Where the features' rooms are: one folder each. */
export const FEATURES = 'main/features/';

/**
 * A room is a folder of main with everything under it (`main/services`, `main/exchange`), or one
 * feature's folder (`main/features/orders`); a file loose in main/, main/features/ or preload/ is a
 * room of its own. Rooms may not import each other in a circle.
 */
export function roomOf(file: string): string {
  const parts = file.split('/');
  if (parts.length <= 2) return file;
  if (file.startsWith(FEATURES)) return parts.length > 3 ? parts.slice(0, 3).join('/') : file;
  return parts.slice(0, 2).join('/');
}

/** The feature a file belongs to (its folder under main/features/), if any. */
const featureOf = (file: string): string | undefined => {
  const parts = file.split('/');
  return file.startsWith(FEATURES) && parts.length > 3 ? parts.slice(0, 3).join('/') : undefined;
};

const app = (file: string): boolean => file.startsWith('main/') || file.startsWith('preload/');
const checked = (file: string): boolean => app(file) || file.startsWith(RENDERER);

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

/**
 * A Svelte component's `import type` statements: dependency-cruiser reads a component after its
 * types are stripped, so they are read here from the source (relative paths only).
 */
function svelteTypeEdges(baseDir: string, file: string): Edge[] {
  const text = readFileSync(join(baseDir, file), 'utf8');
  const edges: Edge[] = [];
  for (const match of text.matchAll(/\bimport\s+type\s[^;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const to = posix.normalize(posix.join(posix.dirname(file), match[1] ?? ''));
    if (checked(to)) edges.push({ from: file, to, typeOnly: true });
  }
  return edges;
}

function edgesOf(result: ICruiseResult, baseDir: string): Edge[] {
  const edges: Edge[] = [];
  for (const module of result.modules) {
    if (!checked(module.source)) continue;
    if (module.source.endsWith('.svelte')) edges.push(...svelteTypeEdges(baseDir, module.source));
    for (const dep of module.dependencies) {
      if (dep.coreModule || dep.couldNotResolve || !checked(dep.resolved)) continue;
      const typeOnly = dep.dependencyTypes.some((t) => t === 'type-only' || t === 'type-import');
      edges.push({ from: module.source, to: dep.resolved, typeOnly });
    }
  }
  return edges;
}

/** Tarjan's strongly connected components over the rooms: each of more than one room is a circle. */
function circles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!app(e.from) || !app(e.to)) continue;
    const a = roomOf(e.from);
    const b = roomOf(e.to);
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    next.get(a)?.add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** Every import of `edges` that the declared layers refuse. */
export function violationsOf(edges: readonly Edge[]): Violation[] {
  const found: Violation[] = [];
  const files = new Set(edges.flatMap((e) => [e.from, e.to]));
  for (const file of [...files].sort()) {
    if (app(file) && !file.startsWith(SANDBOX) && layerOf(file) === undefined) {
      found.push({
        rule: 'unplaced',
        from: file,
        to: file,
        words: `${file} is in no layer of scripts/layers.ts`,
      });
    }
  }
  for (const { from, to, typeOnly } of edges) {
    if (from.startsWith(RENDERER)) {
      if (!app(to)) continue;
      const allowed = RENDERER_VALUES.includes(to) || (typeOnly && RENDERER_TYPES.includes(to));
      if (!allowed) {
        found.push({
          rule: 'renderer-contract',
          from,
          to,
          words: `the renderer imports ${to}${typeOnly ? '' : ' as a value'}: it reads main only through the types of main/ipc/contract.ts`,
        });
      }
      continue;
    }
    if (from.startsWith(SANDBOX) !== to.startsWith(SANDBOX)) {
      if (from.startsWith(SANDBOX) || to !== SANDBOX_ENTRY || !SANDBOX_USERS.some((p) => inside(from, p))) {
        found.push({
          rule: 'sandbox-apart',
          from,
          to,
          words: from.startsWith(SANDBOX)
            ? `the sandbox imports ${to}: it shares no code with the app`
            : `${from} imports ${to}: only ${SANDBOX_USERS.join(', ')} may start the sandbox, through ${SANDBOX_ENTRY}`,
        });
      }
      continue;
    }
    const fromFeature = featureOf(from);
    const toFeature = featureOf(to);
    if (!typeOnly && fromFeature && toFeature && fromFeature !== toFeature) {
      found.push({
        rule: 'feature-apart',
        from,
        to,
        words: `${from} imports a value of ${to}: a feature takes another's parts from what its create answers, handed over by main/features/index.ts`,
      });
    }
    const a = layerOf(from);
    const b = layerOf(to);
    if (a !== undefined && b !== undefined && b < a) {
      found.push({
        rule: 'points-up',
        from,
        to,
        words: `${from} (${LAYERS[a]?.name}) imports ${typeOnly ? 'types of ' : ''}${to} (${LAYERS[b]?.name}), a layer above it`,
      });
    }
  }
  for (const component of circles(edges)) {
    const members = new Set(component);
    const examples = new Map<string, string>();
    for (const { from, to } of edges) {
      const pair = `${roomOf(from)} -> ${roomOf(to)}`;
      if (
        members.has(roomOf(from)) &&
        members.has(roomOf(to)) &&
        roomOf(from) !== roomOf(to) &&
        !examples.has(pair)
      )
        examples.set(pair, `${pair} (${from} imports ${to})`);
    }
    found.push({
      rule: 'folder-circle',
      from: component[0] ?? '',
      to: component[component.length - 1] ?? '',
      words: `these import each other in a circle: ${component.join(', ')}\n    ${[...examples.values()].sort().join('\n    ')}`,
    });
  }
  return found;
}

/** The app starts the embedded sandbox (its default connection) from the services, through its entry alone. */
export const SANDBOX_USERS: readonly string[] = ['main/services/'];
export const SANDBOX_ENTRY = 'main/sandbox/index.ts';

/**
 * Cruises `roots` (paths from `baseDir`, which holds the layout the layers name) and answers the
 * violations of the declared layers; `tsConfig` resolves what the TypeScript project resolves.
 */
export async function checkLayers(
  baseDir: string,
  roots: readonly string[],
  tsConfig?: string,
): Promise<Violation[]> {
  const result = await cruise(
    [...roots],
    {
      baseDir,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)node_modules/' },
    },
    {},
    tsConfig ? { tsConfig: { fileName: tsConfig } } : {},
  );
  if (typeof result.output === 'string')
    throw new Error('dependency-cruiser answered text, not a cruise result');
  return violationsOf(edgesOf(result.output, baseDir));
}

async function main(): Promise<void> {
  const root = process.cwd();
  const violations = await checkLayers(
    root,
    ['main', 'preload', 'renderer/src'],
    `${root}/tsconfig.node.json`,
  );
  for (const v of violations) console.log(`${v.rule}: ${v.words}`);
  if (violations.length > 0) {
    console.log(`\n${violations.length} imports break the layers declared in scripts/layers.ts`);
    process.exitCode = 1;
  } else {
    console.log('layers: every import points down, no folders in a circle');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
