import { UserFacingError } from '../errors.ts';
import { invalid, type AccountKind, type NewAccount } from './records.ts';

/** A row of a CSV import, as the import reports it (never its secret). */
export interface ImportRow {
  /** Line of the CSV file, counting from 1. */
  readonly line: number;
  readonly label: string;
  readonly ok: boolean;
  readonly error?: string;
  readonly field?: string;
}

/** RFC 4180 CSV: fields separated by commas, quoted with ", quotes doubled inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  while (i < input.length) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
    i++;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * Adds every row of a CSV file `label,key,secret,sub-account id` through `add` (a header line is
 * recognised and skipped). Each row succeeds or fails on its own; the report says which and why,
 * secrets left out.
 */
export async function importRows(
  text: string,
  connection: string,
  add: (account: NewAccount) => Promise<unknown>,
): Promise<ImportRow[]> {
  const rows = parseCsv(text);
  const report: ImportRow[] = [];
  for (const [index, cells] of rows.entries()) {
    const [label = '', apiKey = '', secret = '', subAccountId = ''] = cells.map((c) => c.trim());
    if (index === 0 && label.toLowerCase() === 'label') continue;
    const line = index + 1;
    try {
      if (cells.length < 3)
        throw invalid('row', 'needs label, key and secret (and optionally a sub-account id)');
      const kind: AccountKind = subAccountId ? 'sub' : 'main';
      await add({ label, kind, subAccountId: subAccountId || null, apiKey, secret, connection });
      report.push({ line, label, ok: true });
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      report.push({
        line,
        label,
        ok: false,
        error: error.message,
        ...(error.field ? { field: error.field } : {}),
      });
    }
  }
  return report.sort((a, b) => Number(a.ok) - Number(b.ok) || a.line - b.line);
}
