/** Characters that make a spreadsheet read a text cell as a formula: = + - @ tab and CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. Free text
 * that starts like a formula is prefixed with `'` so a spreadsheet shows it instead of evaluating it;
 * numbers are never touched (a negative fee stays `-0.1`).
 */
export function csvField(value: string | number, text = false): string {
  let s = String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.join(',')}\r\n`;
}

const DAY_US = 86_400_000_000;
/** The last day written and its `YYYY-MM-DDT` (a report writes millions of times, most on a day already seen). */
let day = Number.NaN;
let dayText = '';

const two = (n: number) => (n < 10 ? `0${String(n)}` : String(n));

/** `2026-11-22T10:15:30.123456Z` from microseconds since the epoch. */
export function isoMicros(timeUs: number): string {
  // whole microseconds from 1970 to 2255 (the exact ones); any other the Date's way
  if (!(timeUs >= 0 && Number.isSafeInteger(timeUs))) return isoMicrosOf(timeUs);
  const d = Math.floor(timeUs / DAY_US);
  if (d !== day) {
    day = d;
    dayText = new Date(d * 86_400_000).toISOString().slice(0, 11);
  }
  let rest = timeUs - d * DAY_US;
  const h = Math.floor(rest / 3_600_000_000);
  rest -= h * 3_600_000_000;
  const m = Math.floor(rest / 60_000_000);
  rest -= m * 60_000_000;
  const sec = Math.floor(rest / 1_000_000);
  rest -= sec * 1_000_000;
  return `${dayText}${two(h)}:${two(m)}:${two(sec)}.${String(rest).padStart(6, '0')}Z`;
}

/** `isoMicros` by the Date's own text, for any time. */
export function isoMicrosOf(timeUs: number): string {
  const ms = Math.floor(timeUs / 1000);
  const micros = String(timeUs - ms * 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micros}Z`);
}
