/** CSV text for exports from the renderer's grids (RFC 4180, CRLF), by the same rules as main's. */

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: quoted when it holds a comma, quote, CR or LF. Free text starting like a formula gets a
 * leading `'`; numbers (`text` false) are never touched, so "-0.1" stays "-0.1".
 */
export function csvField(value: string, text = false): string {
  let s = value;
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.join(',')}\r\n`;
}
