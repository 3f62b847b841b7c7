/**
 * Exact decimal arithmetic for the screens (decimal strings scaled to BigInt, never through Number),
 * and the move of the older confirmation thresholds to main, which asks the questions now.
 */
import { parseDecimal } from '../format/decimal.ts';
import type { TxcApi } from '../api.ts';
import type { PreferenceStore } from './storage.ts';

// ---- exact decimal arithmetic ------------------------------------------------------------------

interface Scaled {
  units: bigint;
  scale: number;
}

function scaled(value: string): Scaled | undefined {
  const p = parseDecimal(value);
  if (!p) return undefined;
  const units = BigInt(`${p.int}${p.frac}`) * (p.sign === '-' ? -1n : 1n);
  return { units, scale: p.frac.length };
}

function toText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

function need(value: string): Scaled {
  const s = scaled(value);
  if (!s) throw new RangeError(`not a decimal: ${value}`);
  return s;
}

/** a + b, exactly. */
export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = align(need(a), need(b));
  return toText(x + y, scale);
}

/** a − b, exactly. */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = align(need(a), need(b));
  return toText(x - y, scale);
}

/** a × b, exactly. */
export function multiplyDecimal(a: string, b: string): string {
  const x = need(a);
  const y = need(b);
  return toText(x.units * y.units, x.scale + y.scale);
}

/** a ÷ b cut (toward zero) to `places` decimals; undefined when b is zero. */
export function divideDecimal(a: string, b: string, places: number): string | undefined {
  const [x, y] = align(need(a), need(b));
  if (y === 0n) return undefined;
  return toText((x * 10n ** BigInt(places)) / y, places);
}

export function absDecimal(a: string): string {
  return a.startsWith('-') ? a.slice(1) : a;
}

/** The sign of a − b: −1, 0 or 1. */
export function compareExact(a: string, b: string): number {
  const [x, y] = align(need(a), need(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

// ---- thresholds kept by an older version -----------------------------------------------------

/** Where an older version kept its confirmation thresholds in the window's storage. */
export const CONFIRM_KEY = 'txc.trade.confirm';

/**
 * Moves the thresholds an older version kept in the window's storage to main's guard settings, once:
 * a distance becomes the price band, a notional the order value ceiling (main confirms a loosening).
 */
export async function migrateThresholds(api: TxcApi, store: PreferenceStore): Promise<void> {
  const raw = store.getItem(CONFIRM_KEY);
  if (raw === null) return;
  let o: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) o = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: nothing to move.
  }
  const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  const changes = {
    ...(text(o['distancePct']) ? { bandPct: text(o['distancePct']) } : {}),
    ...(text(o['notional']) ? { notionalCeiling: text(o['notional']) } : {}),
  };
  if (Object.keys(changes).length > 0) {
    const reply = await api.guards.configure(changes);
    // Kept for the next start only when main could not answer; a refused value is dropped.
    if (!reply.ok && reply.error.code === 'internal') return;
  }
  store.removeItem(CONFIRM_KEY);
}
