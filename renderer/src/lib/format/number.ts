/**
 * The one way the renderer writes a number: every grid, book, ticket line, total and axis goes
 * through `formatNumber`. Decimal strings in, text out, never through Number:
 *
 * - thousands separators always ("6,303,812.50");
 * - a price written to its market's tick, an amount to its step, a balance to its asset's precision
 *   ("65,026.0" beside "65,019.7"): padded with zeros, and a value with more digits than that is
 *   rounded to it (to the nearest, or `round: 'down'` for what may be spent, never overstated); the
 *   value in full is `fullNumber`'s, for the tooltip and the clipboard;
 * - a value without a tick, step or precision (a typed value, an exact total) in full;
 * - percentages, ratios and profit with their sign ("+0.94 %", "−" for a loss);
 * - text that is not a decimal (a dash, "market") as given.
 *
 * `parseNumber` reads back what `formatNumber` wrote: parse(format(x)) is x's value to the places written.
 */
import { FIGURE_SPACE, POINT_SPACE, isPositiveDecimal, parseDecimal, type DecimalParts } from './decimal.ts';
import { Exact, multiplyDecimal, plain } from './exact.ts';

export interface NumberStyle {
  /** The tick (prices) or step (amounts) the value is written to, e.g. "0.1"; none: as given. */
  readonly step?: string | undefined;
  /** Decimal places the value is written to (an asset's precision), where no `step` is given. */
  readonly places?: number | undefined;
  /** A value with more digits than its step or places: to the nearest (half away from zero), or cut. */
  readonly round?: 'nearest' | 'down' | undefined;
  /** Write "+" before a positive value (changes, profit, percentages of change). */
  readonly signed?: boolean | undefined;
  /** Write the value as a percentage: " %" after it (the value is already in percent). */
  readonly percent?: boolean | undefined;
}

/** Fraction digits a tick or step asks for: "0.10" → 1, "0.5" → 1, "1" → 0, "10" → 0. */
export function stepScale(step: string | undefined): number {
  if (step === undefined) return 0;
  const p = parseDecimal(step);
  if (!p) return 0;
  return p.frac.replace(/0+$/, '').length;
}

/** Integer digits grouped by thousands. */
function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The fraction to show, at most `scale` digits already: padded with zeros up to it. */
function fractionTo(frac: string, scale: number): string {
  return frac.padEnd(scale, '0');
}

/** The places a style writes a value to; undefined: as many as it has. */
function placesOf(style: NumberStyle): number | undefined {
  if (style.step !== undefined) return stepScale(style.step);
  return style.places === undefined ? undefined : Math.max(0, Math.trunc(style.places));
}

/** The value with at most `scale` fraction digits: cut toward zero, or rounded half away from zero. */
function roundTo(p: DecimalParts, scale: number, round: 'nearest' | 'down'): DecimalParts {
  if (p.frac.length <= scale) return p;
  const mode = round === 'nearest' ? Exact.ROUND_HALF_UP : Exact.ROUND_DOWN;
  const value = new Exact(`${p.sign}${p.int}.${p.frac}`).toDecimalPlaces(scale, mode);
  return parseDecimal(plain(value)) ?? p;
}

function write(value: DecimalParts, style: NumberStyle): string {
  const places = placesOf(style);
  const p = places === undefined ? value : roundTo(value, places, style.round ?? 'nearest');
  const frac = places === undefined ? p.frac : fractionTo(p.frac, places);
  const sign = p.sign === '-' ? '-' : style.signed && /[1-9]/.test(p.int + p.frac) ? '+' : '';
  return `${sign}${group(p.int)}${frac ? `.${frac}` : ''}${style.percent ? ' %' : ''}`;
}

/** A decimal string written for a person (see the module's rules); other text as given. */
export function formatNumber(value: string, style: NumberStyle = {}): string {
  const p = parseDecimal(value);
  return p ? write(p, style) : value;
}

/**
 * A rate the exchange gives as a fraction (a perpetual's funding: "0.0001"), in percent and signed
 * ("+0.01 %"), as exact as it was given; other text as given.
 */
export function formatRate(fraction: string): string {
  return parseDecimal(fraction)
    ? formatNumber(multiplyDecimal(fraction, '100'), { signed: true, percent: true })
    : fraction;
}

/**
 * The value in full, grouped, as the exchange gave it (trailing zeros dropped): the tooltip and the
 * clipboard of a number `formatNumber` wrote to fewer places. Other text as given.
 */
export function fullNumber(value: string, style: Pick<NumberStyle, 'signed' | 'percent'> = {}): string {
  const p = parseDecimal(value);
  return p
    ? write({ ...p, frac: p.frac.replace(/0+$/, '') }, { signed: style.signed, percent: style.percent })
    : value;
}

/** Whether `formatNumber` writes the value with fewer digits than it has (its tooltip then says it in full). */
export function isShortened(value: string, style: NumberStyle): boolean {
  const p = parseDecimal(value);
  const places = placesOf(style);
  return p !== undefined && places !== undefined && p.frac.replace(/0+$/, '').length > places;
}

/** A count of things ("1,000"): a whole number, grouped. */
export function formatCount(n: number): string {
  return formatNumber(String(Math.trunc(n)));
}

/**
 * Reads back what `formatNumber` wrote ("+64,250.50 %" → "64250.50"): separators, sign, percent and
 * alignment spaces removed. Undefined when the text is not a number.
 */
export function parseNumber(text: string): string | undefined {
  const bare = text
    .replaceAll(FIGURE_SPACE, '')
    .replaceAll(POINT_SPACE, '')
    .replace(/\s*%$/, '')
    .replaceAll(',', '')
    .trim()
    .replace(/^\+/, '');
  return parseDecimal(bare) ? bare : undefined;
}

/**
 * Fraction digits `formatNumber` writes for `value` with `step` (-1: no point), read cheaply
 * (a grid measures every row of a column with it).
 */
export function scaleFor(value: string, step: string | undefined): number {
  const dot = value.indexOf('.');
  if (step === undefined) return dot < 0 ? -1 : value.length - dot - 1;
  const scale = stepScale(step);
  return scale === 0 ? -1 : scale;
}

/** Fraction digits of written text (-1 without a point). */
export function writtenScale(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return -1;
  let end = text.length;
  while (end > dot + 1 && !/\d/.test(text[end - 1] ?? '')) end--;
  return end - dot - 1;
}

/**
 * Pads written numbers with figure spaces on the right so that, right-aligned in tabular figures,
 * their points line up; `width` is the widest scale among them (see `writtenScale`).
 */
export function alignTo(text: string, width: number): string {
  const scale = writtenScale(text);
  if (width <= 0 || scale === width || !parseNumber(text)) return text;
  const suffix = text.endsWith(' %') ? ' %' : '';
  const body = suffix ? text.slice(0, -suffix.length) : text;
  return body + (scale < 0 ? POINT_SPACE : '') + FIGURE_SPACE.repeat(width - Math.max(scale, 0)) + suffix;
}

/**
 * The numbers of one column of a table, each written by `formatNumber` and padded so that their
 * points line up (a grid does the same per column with `alignTo`).
 */
export function formatColumn(values: readonly string[], style: NumberStyle = {}): string[] {
  const written = values.map((v) => formatNumber(v, style));
  const width = Math.max(-1, ...written.map(writtenScale));
  return written.map((text) => alignTo(text, width));
}

/** A market's name one way everywhere: "BTC_USDT" (never "BTC/USDT" or "btc-usdt"). */
export function marketName(name: string): string {
  return name
    .trim()
    .toUpperCase()
    .replace(/[/\-\s]+/g, '_');
}

/** "1 order", "2 orders", "1,000 sub-accounts": a count with its noun, plural right. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A number typed with an exponent ("1e3", "2.5E-4"): it is not read as the number a person means. */
const EXPONENT = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;

/**
 * Words for a number typed with an exponent ("The amount 1e3 is written with an exponent: type it in
 * digits, such as 1,000."); undefined for anything else.
 */
export function exponentWords(text: string, what: string): string | undefined {
  const v = text.trim();
  if (!EXPONENT.test(v)) return undefined;
  const digits = new Exact(v).abs().toFixed();
  return `The ${what} ${v} is written with an exponent: type it in digits, such as ${formatNumber(digits)}.`;
}

/**
 * What is wrong with a positive number typed by a person, in words that name the field and the rule;
 * undefined when it is a positive decimal (grouping commas allowed, "1,000.5").
 */
export function typedNumberProblem(text: string, what: string): string | undefined {
  const v = text.trim();
  if (v === '') return `Type the ${what}.`;
  const exponent = exponentWords(v, what);
  if (exponent) return exponent;
  if (/^\d+,\d{1,2}$|^\d+,\d{4,}$/.test(v))
    return `The ${what} ${v} has a comma for a point: type the decimals after a point, such as ${v.replace(',', '.')}.`;
  if (v.startsWith('-')) return `The ${what} must be above zero.`;
  const bare = v.replace(
    /^(\d{1,3}(,\d{3})+)(\.\d+)?$/,
    (_, int: string, _g: string, frac = '') => `${int.replaceAll(',', '')}${frac}`,
  );
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(bare))
    return `The ${what} is a number such as 0.5 or 1,000: digits and one point, no spaces or letters.`;
  if (!/[1-9]/.test(bare)) return `The ${what} must be above zero.`;
  return undefined;
}

/**
 * What is wrong with an amount as typed, in words a person acts on (undefined: it is a positive
 * decimal). An exponent, a decimal comma, a sign or letters are named, never called "not above 0".
 */
export function amountProblem(value: string): string | undefined {
  const typed = value.trim();
  if (isPositiveDecimal(typed)) return undefined;
  if (typed === '') return 'Enter an amount, such as 25.5.';
  if (/^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(typed))
    return `Write the amount in digits, without an exponent: "${typed}" is not taken as a number.`;
  if (/^[1-9]\d{0,2},\d{3}$/.test(typed))
    return `Write the amount without commas: "${typed}" could be ${typed.replace(',', '')} or ${typed.replace(',', '.')}.`;
  if (/^\d+,\d+$/.test(typed)) return `Use a point for decimals: ${typed.replace(',', '.')}, not ${typed}.`;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(typed))
    return `Write the amount without thousands separators: ${typed.replaceAll(',', '')}.`;
  const p = parseDecimal(typed);
  if (p?.sign === '-') return 'The amount must be greater than 0: a negative amount cannot be sent.';
  if (p) return 'The amount must be greater than 0.';
  return 'The amount must be a plain number such as 25.5: digits and at most one point, no letters or spaces.';
}
