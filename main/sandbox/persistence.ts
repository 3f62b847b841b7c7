/**
 * `--data DIR`: the sandbox's state saved as one JSON file (written atomically, shortly after changes
 * and on close) and loaded on the next start. Decimals, bigints, maps and sets are tagged.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import type { Positions, PositionsSnapshot } from './collateral/positions.ts';
import type { Engine, EngineSnapshot } from './engine/engine.ts';
import type { MarketSim } from './market-sim.ts';
import type { Account, ApiKey, SandboxState } from './state.ts';
import type { WalletState } from './wallet-state.ts';

export const STATE_FILE = 'sandbox-state.json';
const FORMAT = 1;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function encode(v: unknown): Json {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return { $b: v.toString() };
  if (v instanceof Decimal) return { $d: v.toFixed() };
  if (v instanceof Map) return { $m: [...v.entries()].map(([k, x]) => [encode(k), encode(x)]) };
  if (v instanceof Set) return { $s: [...v].map(encode) };
  if (Array.isArray(v)) return v.map(encode);
  if (typeof v === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v))
      if (x !== undefined && typeof x !== 'function') out[k] = encode(x);
    return out;
  }
  return v as Json;
}

export function decode(v: Json): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(decode);
  if (typeof v['$b'] === 'string') return BigInt(v['$b']);
  if (typeof v['$d'] === 'string') return new Decimal(v['$d']);
  if (Array.isArray(v['$m']))
    return new Map((v['$m'] as Json[][]).map(([k, x]) => [decode(k ?? null), decode(x ?? null)]));
  if (Array.isArray(v['$s'])) return new Set((v['$s'] as Json[]).map(decode));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = decode(x);
  return out;
}

interface Snapshot {
  format: number;
  seed: number;
  rng: number;
  accounts: Account[];
  keys: ApiKey[];
  wallet: WalletState;
  lastPrices: Map<string, string>;
  markPrices: Map<string, { price: string; at: number }>;
  maintenance: Set<string>;
  killSwitches: SandboxState['killSwitches'];
  engine: EngineSnapshot;
  positions: PositionsSnapshot;
  sim: ReturnType<MarketSim['snapshot']>;
}

export interface World {
  seed: number;
  state: SandboxState;
  engine: Engine;
  positions: Positions;
  sim: MarketSim;
}

export function save(dir: string, w: World): void {
  const snap: Snapshot = {
    format: FORMAT,
    seed: w.seed,
    rng: w.state.rng.save(),
    accounts: [...w.state.accounts.values()],
    keys: [...w.state.keysById.values()],
    wallet: w.state.wallet,
    lastPrices: w.state.lastPrices,
    markPrices: w.state.markPrices,
    maintenance: w.state.maintenance,
    killSwitches: w.state.killSwitches,
    engine: w.engine.snapshot(),
    positions: w.positions.snapshot(),
    sim: w.sim.snapshot(),
  };
  // the state holds API secrets: the folder and the file are the user's only
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, STATE_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(encode(snap)), { mode: 0o600 });
  chmodSync(`${file}.tmp`, 0o600);
  renameSync(`${file}.tmp`, file);
}

/** Loads a saved state into a freshly built world; returns false when there is none. */
export function load(dir: string, w: World): boolean {
  let text: string;
  try {
    text = readFileSync(join(dir, STATE_FILE), 'utf8');
  } catch {
    return false;
  }
  const snap = decode(JSON.parse(text) as Json) as Snapshot;
  if (snap.format !== FORMAT) throw new Error(`unsupported sandbox state format ${snap.format}`);
  if (snap.seed !== w.seed) throw new Error(`state in ${dir} was made with seed ${snap.seed}, not ${w.seed}`);
  const s = w.state;
  s.rng.load(snap.rng);
  s.accounts.clear();
  for (const a of snap.accounts) s.accounts.set(a.id, a);
  s.keysById.clear();
  s.keysByPublic.clear();
  for (const k of snap.keys) {
    s.keysById.set(k.id, k);
    s.keysByPublic.set(k.apiKey, k);
  }
  s.wallet = snap.wallet;
  s.lastPrices = snap.lastPrices;
  s.markPrices = snap.markPrices;
  s.maintenance = snap.maintenance;
  s.killSwitches = snap.killSwitches;
  w.engine.restore(snap.engine);
  w.positions.restore(snap.positions);
  w.sim.restore(snap.sim);
  return true;
}

/** Saves shortly after changes (coalesced), and at once on flush. */
export function createSaver(dir: string, w: World, delayMs = 200): { touch(): void; flush(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    touch() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        save(dir, w);
      }, delayMs);
      timer.unref();
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      save(dir, w);
    },
  };
}
