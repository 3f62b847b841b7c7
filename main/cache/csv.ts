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

/** `2026-11-22T10:15:30.123456Z` from microseconds since the epoch. */
export function isoMicros(timeUs: number): string {
  const ms = Math.floor(timeUs / 1000);
  const micros = String(timeUs - ms * 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micros}Z`);
}
