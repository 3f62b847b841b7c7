/** A small seeded PRNG (mulberry32) so fuzz runs are reproducible from their seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '１２３',
  '\u0000',
  '\ud800',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '__proto__',
  'constructor',
  'a'.repeat(10_000),
];

const NASTY_NUMBERS = [0, -0, 1, -1, 0.1, 1e21, -1e-7, Number.MAX_SAFE_INTEGER + 2, Infinity, -Infinity, NaN];

const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'id',
  'amount',
  'price',
  'market',
  '',
  'a.b',
];

/** Any value a hostile or buggy page could hand to the bridge. */
export function randomValue(rand: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const kind = Math.floor(rand() * (depth > 3 ? 6 : 9));
  switch (kind) {
    case 0:
      return undefined;
    case 1:
      return null;
    case 2:
      return rand() < 0.5;
    case 3:
      return pick(NASTY_NUMBERS);
    case 4:
      return Math.floor(rand() * 2 ** 32) - 2 ** 31;
    case 5:
      return rand() < 0.5
        ? pick(NASTY_STRINGS)
        : String.fromCharCode(...Array.from({ length: 8 }, () => rand() * 0xffff));
    case 6:
      return Array.from({ length: Math.floor(rand() * 5) }, () => randomValue(rand, depth + 1));
    case 7:
      return rand() < 0.1 ? new Date(rand() * 1e13) : BigInt(Math.floor(rand() * 1e6));
    default: {
      const out: Record<string, unknown> = {};
      const n = Math.floor(rand() * 5);
      for (let i = 0; i < n; i++) {
        Object.defineProperty(out, pick(KEYS), {
          value: randomValue(rand, depth + 1),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return out;
    }
  }
}
