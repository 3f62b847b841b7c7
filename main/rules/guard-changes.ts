/**
 * What a change of the order guards does, in words: each threshold that moves, from what to what,
 * and whether it asks less than before (a wider band, a higher ceiling, a guard turned off). One
 * reading for the native question before a loosening, the four-eyes proposal of the desk's guards,
 * and the Events line of a teammate's change.
 */
import { parsePlain } from './decimal.ts';
import type { GuardSettings } from './guards.ts';

export interface GuardChange {
  readonly label: string;
  /** "5 % → 2 %" */
  readonly value: string;
  /** It asks less often than before. */
  readonly looser: boolean;
}

/** True when `next` asks less often than `before` ('' = off = never asks). */
export function looser(before: string, next: string): boolean {
  if (before === next) return false;
  if (next === '') return true;
  if (before === '') return false;
  return (parsePlain(next) ?? parsePlain(before))?.gt(parsePlain(before) ?? 0) ?? false;
}

const shown = (value: string, unit: string): string => (value === '' ? 'off' : `${value}${unit}`);

/** The guards `before` → `next` that moved, in the order Settings shows them. */
export function guardChanges(before: GuardSettings, next: GuardSettings): GuardChange[] {
  const out: GuardChange[] = [];
  const step = (label: string, was: string, now: string, unit: string) => {
    if (was !== now)
      out.push({ label, value: `${shown(was, unit)} → ${shown(now, unit)}`, looser: looser(was, now) });
  };
  step('Price band', before.bandPct, next.bandPct, ' %');
  step('Order value ceiling', before.notionalCeiling, next.notionalCeiling, ' USDT');
  step("Share of the account's equity", before.equityPct, next.equityPct, ' %');
  step('Order value per minute', before.velocityCeiling, next.velocityCeiling, ' USDT');
  step("Share of the account's equity per minute", before.velocityPct, next.velocityPct, ' %');
  for (const name of new Set([...Object.keys(before.markets), ...Object.keys(next.markets)])) {
    const was = before.markets[name] ?? before.bandPct;
    const now = next.markets[name] ?? next.bandPct;
    step(`Price band on ${name}`, was, now, ' %');
  }
  return out;
}

/** The settings' fields the rules above read; any other field that changes is taken as asking less. */
const KNOWN = new Set([
  'bandPct',
  'notionalCeiling',
  'equityPct',
  'velocityCeiling',
  'velocityPct',
  'markets',
]);

/**
 * Whether `next` may ask less than `before` anywhere: a threshold loosened, or a setting these rules
 * do not read changed (the team store decides the same way: `desk_guards_looser`).
 */
export function asksLess(before: GuardSettings, next: GuardSettings): boolean {
  if (guardChanges(before, next).some((c) => c.looser)) return true;
  const b = before as unknown as Record<string, unknown>;
  const n = next as unknown as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(n)])].some(
    (k) => !KNOWN.has(k) && JSON.stringify(b[k]) !== JSON.stringify(n[k]),
  );
}
