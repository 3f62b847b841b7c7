/**
 * A report's CSV file, written beside as `<path>.partial` (owner-only) and renamed when complete, so
 * a cancelled or failed report leaves nothing at `path`. Lines are buffered and written in chunks.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { csvField, csvLine } from '../../../cache/csv.ts';
import { CacheInputError } from '../../../cache/errors.ts';

const CHUNK = 1 << 20;

export class CsvFile {
  readonly path: string;
  readonly #partial: string;
  readonly #fd: number;
  #buffer = '';
  lines = 0;

  constructor(path: string, header: readonly string[]) {
    if (typeof path !== 'string' || !isAbsolute(path))
      throw new CacheInputError('The CSV path must be absolute.', 'path');
    this.path = path;
    this.#partial = `${path}.partial`;
    this.#fd = openSync(this.#partial, 'w', 0o600);
    this.#buffer = csvLine(header.map((h) => csvField(h)));
  }

  /** One row; `text` fields (names, words) are guarded against being read as formulas, numbers are not. */
  row(fields: ReadonlyArray<string | number | null>, textColumns: ReadonlySet<number> = new Set()): void {
    this.#buffer += csvLine(fields.map((f, i) => (f === null ? '' : csvField(f, textColumns.has(i)))));
    this.lines++;
    if (this.#buffer.length >= CHUNK) this.#flush();
  }

  #flush(): void {
    if (this.#buffer) writeSync(this.#fd, this.#buffer);
    this.#buffer = '';
  }

  finish(): string {
    this.#flush();
    closeSync(this.#fd);
    renameSync(this.#partial, this.path);
    return this.path;
  }

  abort(): void {
    try {
      closeSync(this.#fd);
    } catch {
      // closed already
    }
    rmSync(this.#partial, { force: true });
  }
}
