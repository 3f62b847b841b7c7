import { compareDecimal } from '../format/decimal.ts';
import type { GridColumn, SortDirection } from './data-grid.svelte.ts';

/** The decimal strings `parseDecimal` accepts. */
const DECIMAL_TEXT = /^\s*[+-]?\d+(?:\.\d+)?\s*$/;

/** Rank of each key among the distinct keys (0 = smallest), using the engine's native numeric sort. */
function ranksOf(keys: Float64Array): { ranks: Float64Array; distinct: number } {
  const sorted = Float64Array.from(keys).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (distinct === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i] as number;
  }
  const unique = sorted.subarray(0, distinct);
  const ranks = new Float64Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number;
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((unique[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = lo;
  }
  return { ranks, distinct };
}

/**
 * Row order from ranks: each row becomes the number `rank * n + index`, so one native sort of a
 * Float64Array gives the order with ties kept in source order (stable) in both directions. Exact while
 * rows² stays under 2⁵³ (ninety million rows).
 */
function orderFromRanks(ranks: Float64Array, distinct: number, direction: SortDirection): Uint32Array {
  const n = ranks.length;
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const rank = ranks[i] as number;
    packed[i] = (direction === 'asc' ? rank : distinct - 1 - rank) * n + i;
  }
  packed.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const p = packed[i] as number;
    order[i] = p - Math.floor(p / n) * n;
  }
  return order;
}

/**
 * Sorts row indices by one column, stable in both directions, fast enough for a million rows (one
 * native typed-array sort instead of a comparator call per comparison). Decimals are ranked by their
 * Number approximation, which is monotonic (a smaller approximation means a smaller value); rows whose
 * approximations tie but whose strings differ are then put in exact order. Nothing shown ever passes
 * through Number.
 */
export function sortOrder<R>(
  rows: readonly R[],
  column: GridColumn<R>,
  direction: SortDirection,
): Uint32Array {
  if (column.kind === 'time') {
    const { ranks, distinct } = ranksOf(Float64Array.from(rows, (r) => column.value(r)));
    return orderFromRanks(ranks, distinct, direction);
  }
  const text = rows.map((r) => column.value(r));
  if (column.kind === 'text') {
    // The default sort compares strings by UTF-16 code units, like `<`.
    const unique = [...new Set(text)].sort();
    const rankOf = new Map(unique.map((t, i) => [t, i]));
    const ranks = Float64Array.from(text, (t) => rankOf.get(t) ?? 0);
    return orderFromRanks(ranks, unique.length, direction);
  }
  // Text that is no decimal ("n/a", and also "1e9" or "0x10", which Number would accept) ranks last.
  const approx = Float64Array.from(text, (t) => (DECIMAL_TEXT.test(t) ? Number(t) : Infinity));
  const { ranks, distinct } = ranksOf(approx);
  const order = orderFromRanks(ranks, distinct, direction);
  const sign = direction === 'asc' ? 1 : -1;
  for (let start = 0; start < order.length;) {
    const rank = ranks[order[start] as number];
    let end = start + 1;
    let differ = false;
    while (end < order.length && ranks[order[end] as number] === rank) {
      differ ||= text[order[end] as number] !== text[order[start] as number];
      end++;
    }
    if (differ) {
      order
        .subarray(start, end)
        .sort((a, b) => sign * compareDecimal(text[a] as string, text[b] as string) || a - b);
    }
    start = end;
  }
  return order;
}
