/**
 * Measures shown with their unit: hashrates scaled to H/s … EH/s, fractions as percentages. Decimal
 * strings in, text out; never through Number, so nothing is rounded on the way (only cut for the
 * short form, with the exact value kept for the tooltip).
 */
import { multiplyDecimal } from './exact.ts';
import { groupThousands, parseDecimal } from './decimal.ts';

const HASH_UNITS = ['H/s', 'kH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;

export interface Measure {
  /** The scaled value with its unit: "285 TH/s", "1.5 kH/s". */
  readonly text: string;
  /** The exact value in the base unit, grouped: "285,000,000,000,000 H/s". */
  readonly title: string;
}

/** Drops trailing fraction zeros and a bare point. */
function tidy(int: string, frac: string): string {
  const f = frac.replace(/0+$/, '');
  return f ? `${int}.${f}` : int;
}

/**
 * A hashrate in H/s (a decimal string) in the largest unit that keeps the integer part at least 1,
 * with at most `places` fraction digits (cut, never rounded up). Text that is not a decimal is
 * shown as given.
 */
export function formatHashrate(hs: string, places = 2): Measure {
  const p = parseDecimal(hs);
  if (!p) return { text: hs, title: hs };
  const title = `${groupThousands(`${p.sign}${tidy(p.int, p.frac)}`)} H/s`;
  const step = p.int === '0' ? 0 : Math.min(HASH_UNITS.length - 1, Math.floor((p.int.length - 1) / 3));
  const shift = step * 3;
  const int = p.int.slice(0, p.int.length - shift) || '0';
  const frac = (p.int.slice(p.int.length - shift) + p.frac).slice(0, places);
  return { text: `${p.sign}${groupThousands(tidy(int, frac))} ${HASH_UNITS[step] ?? 'H/s'}`, title };
}

/** A fraction ("0.02") as a percentage ("2 %"), exactly; text that is not a decimal as given. */
export function formatFraction(fraction: string): string {
  const p = parseDecimal(fraction);
  if (!p) return fraction;
  const percent = multiplyDecimal(`${p.sign}${p.int}${p.frac ? `.${p.frac}` : ''}`, '100');
  const q = parseDecimal(percent);
  return q ? `${q.sign}${tidy(q.int, q.frac)} %` : fraction;
}
