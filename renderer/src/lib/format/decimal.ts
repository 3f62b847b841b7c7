/**
 * Decimal strings as the exchange sends them ("-0.0150", "64250.5"), handled as text: never through
 * Number, so nothing is rounded on the way to the screen. Values are compared by decimal.js
 * (`exact.ts`), the digits as given are kept for writing.
 */
import { exact, PLAIN_DECIMAL } from './exact.ts';

export interface DecimalParts {
  /** '-' or ''. */
  readonly sign: string;
  /** Integer digits without leading zeros ('0' for zero). */
  readonly int: string;
  /** Fraction digits as given, trailing zeros kept. */
  readonly frac: string;
}

export function parseDecimal(value: string): DecimalParts | undefined {
  const m = PLAIN_DECIMAL.exec(value.trim());
  if (!m) return undefined;
  const int = (m[2] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = m[3] ?? '';
  const zero = /^0*$/.test(int + frac);
  return { sign: m[1] === '-' && !zero ? '-' : '', int, frac };
}

export function isDecimal(value: string): boolean {
  return parseDecimal(value) !== undefined;
}

/** Compares two decimal strings by value; text that is not a decimal sorts after every number. */
export function compareDecimal(a: string, b: string): number {
  const x = exact(a);
  const y = exact(b);
  if (!x || !y) return x ? -1 : y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  return x.comparedTo(y);
}

/** Digits after the point as typed ("1.50" has 2). */
export function decimalPlaces(value: string): number {
  return parseDecimal(value)?.frac.length ?? 0;
}

/** A positive decimal as typed, without exponent or grouping. */
export function isPositiveDecimal(value: string): boolean {
  return exact(value)?.greaterThan(0) === true;
}

/** "64250.50" → "64,250.50": thousands separators on the integer part, digits untouched. */
export function groupThousands(value: string, separator = ','): string {
  const p = parseDecimal(value);
  if (!p) return value;
  const int = p.int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${p.sign}${int}${p.frac ? `.${p.frac}` : ''}`;
}

/** FIGURE SPACE: as wide as a digit in tabular figures. */
export const FIGURE_SPACE = '\u2007';
/** PUNCTUATION SPACE: as wide as the decimal point. */
export const POINT_SPACE = '\u2008';

/**
 * Pads each value on the right so that, right-aligned in tabular figures, their decimal points line
 * up: "1.5" and "20.125" become "1.5  " and "20.125". Digits are never added (no zeros invented).
 */
export function alignDecimals(values: readonly string[]): string[] {
  const scales = values.map((v) => (parseDecimal(v) ? (v.split('.')[1]?.length ?? -1) : 0));
  const width = Math.max(0, ...scales);
  if (width === 0) return [...values];
  return values.map((v, i) => {
    const scale = scales[i] ?? 0;
    if (!parseDecimal(v) || scale === width) return v;
    const missing = scale < 0 ? POINT_SPACE + FIGURE_SPACE.repeat(width) : FIGURE_SPACE.repeat(width - scale);
    return v + missing;
  });
}

/** `from`: integer digits from which a unit is used; `shift`: its power of ten. */
const UNITS = [
  { from: 13, shift: 12, suffix: 'T' },
  { from: 10, shift: 9, suffix: 'B' },
  { from: 7, shift: 6, suffix: 'M' },
  { from: 5, shift: 3, suffix: 'K' },
] as const;

export interface Abbreviated {
  /** What to show: "1.23M" (digits cut, never rounded up), or the grouped value when short. */
  readonly text: string;
  /** The exact value for the tooltip and for copying. */
  readonly full: string;
  readonly abbreviated: boolean;
}

/**
 * Shortens large values for narrow cells: "1234567.891" → "1.23M" with `significant` digits,
 * truncated toward zero (an abbreviation never overstates an amount). Values under 10,000 are kept
 * whole and grouped.
 */
export function abbreviate(value: string, significant = 3): Abbreviated {
  const p = parseDecimal(value);
  if (!p) return { text: value, full: value, abbreviated: false };
  const full = `${p.sign}${p.int}${p.frac ? `.${p.frac}` : ''}`;
  const unit = UNITS.find((u) => p.int.length >= u.from);
  if (!unit) return { text: groupThousands(full), full, abbreviated: false };
  const shift = unit.shift;
  const head = p.int.slice(0, p.int.length - shift);
  const tail = (p.int.slice(p.int.length - shift) + p.frac).slice(0, Math.max(0, significant - head.length));
  const trimmed = tail.replace(/0+$/, '');
  const text = `${p.sign}${head}${trimmed ? `.${trimmed}` : ''}${unit.suffix}`;
  return { text, full: groupThousands(full), abbreviated: true };
}
