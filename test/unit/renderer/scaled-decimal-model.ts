/**
 * The renderer's former decimal arithmetic (scaled BigInts), kept as the model the decimal.js module
 * is checked against: every screen must show the same digits as before.
 */
const PLAIN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

interface Scaled {
  units: bigint;
  scale: number;
}

function scaled(value: string): Scaled | undefined {
  const m = PLAIN.exec(value.trim());
  if (!m) return undefined;
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2] ?? '0'}${frac}`) * (m[1] === '-' ? -1n : 1n);
  return { units, scale: frac.length };
}

function need(value: string): Scaled {
  const s = scaled(value);
  if (!s) throw new RangeError(`not a decimal: ${value}`);
  return s;
}

function toText(units: bigint, scale: number, keep = false): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const tail = scale > 0 ? digits.slice(digits.length - scale) : '';
  const frac = keep ? tail : tail.replace(/0+$/, '');
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export const scaledModel = {
  add(a: string, b: string): string {
    const [x, y, scale] = align(need(a), need(b));
    return toText(x + y, scale);
  },
  subtract(a: string, b: string): string {
    const [x, y, scale] = align(need(a), need(b));
    return toText(x - y, scale);
  },
  multiply(a: string, b: string): string {
    const x = need(a);
    const y = need(b);
    return toText(x.units * y.units, x.scale + y.scale);
  },
  divide(a: string, b: string, places: number): string | undefined {
    const [x, y] = align(need(a), need(b));
    if (y === 0n) return undefined;
    return toText((x * 10n ** BigInt(places)) / y, places);
  },
  sum(values: readonly string[]): string | undefined {
    let total: Scaled = { units: 0n, scale: 0 };
    for (const value of values) {
      const next = scaled(value);
      if (!next) return undefined;
      const [x, y, scale] = align(total, next);
      total = { units: x + y, scale };
    }
    return toText(total.units, total.scale);
  },
  compare(a: string, b: string): number {
    const [x, y] = align(need(a), need(b));
    return x < y ? -1 : x > y ? 1 : 0;
  },
  isPositive(value: string): boolean {
    return need(value).units > 0n;
  },
  /** The value to `places` digits as `formatNumber` wrote it (without grouping). */
  round(value: string, places: number, round: 'nearest' | 'down'): string {
    const v = need(value);
    if (v.scale <= places) return toText(v.units * 10n ** BigInt(places - v.scale), places, true);
    const drop = 10n ** BigInt(v.scale - places);
    const magnitude = v.units < 0n ? -v.units : v.units;
    const kept = magnitude / drop;
    const up = round === 'nearest' && (magnitude % drop) * 2n >= drop;
    const result = (up ? kept + 1n : kept) * (v.units < 0n ? -1n : 1n);
    return toText(result, places, true);
  },
};
