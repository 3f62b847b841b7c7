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
