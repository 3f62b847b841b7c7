/** Seeded pseudo-random numbers (mulberry32): the same seed gives the same fixture and market. */

export interface Rng {
  next(): number;
  int(maxExclusive: number): number;
  hex(bytes: number): string;
  /** Internal state, for persistence. */
  save(): number;
  load(state: number): void;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (maxExclusive) => Math.floor(next() * maxExclusive),
    save: () => a,
    load: (state) => {
      a = state >>> 0;
    },
    hex: (bytes) => {
      let out = '';
      for (let i = 0; i < bytes; i++)
        out += Math.floor(next() * 256)
          .toString(16)
          .padStart(2, '0');
      return out;
    },
  };
}

/** A UUID-shaped string (version 4 layout) from 32 hex digits. */
export function uuidFrom(hex: string): string {
  const h = hex.padEnd(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
