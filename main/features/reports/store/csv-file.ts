/**
 * A report's CSV file, written beside as `<path>.partial` (owner-only) and renamed when complete, so
 * a cancelled or failed report leaves nothing at `path`. Lines are encoded into a buffer of bytes as
 * they come (each a small string: no long string is built and flattened) and written in chunks.
 */
import { closeSync, ftruncateSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { csvField, csvLine } from '../../../cache/csv.ts';
import { CacheInputError } from '../../../cache/errors.ts';

const CHUNK = 1 << 20;

export class CsvFile {
  readonly path: string;
  readonly #partial: string;
  readonly #fd: number;
  readonly #buffer = Buffer.allocUnsafe(CHUNK);
  #used = 0;
  /** Bytes written to the file so far. */
  #written = 0;
  lines = 0;

  constructor(path: string, header: readonly string[]) {
    if (typeof path !== 'string' || !isAbsolute(path))
      throw new CacheInputError('The CSV path must be absolute.', 'path');
    this.path = path;
    this.#partial = `${path}.partial`;
    this.#fd = openSync(this.#partial, 'w', 0o600);
    this.#add(csvLine(header.map((h) => csvField(h))));
  }

  /** One row; `text` fields (names, words) are guarded against being read as formulas, numbers are not. */
  row(fields: ReadonlyArray<string | number | null>, textColumns: ReadonlySet<number> = new Set()): void {
    this.write(csvLine(fields.map((f, i) => (f === null ? '' : csvField(f, textColumns.has(i))))));
  }

  /** One line already formatted as `row` would (its fields through `csvField`, ending in CRLF). */
  write(line: string): void {
    this.#add(line);
    this.lines++;
  }

  #add(text: string): void {
    // at most 3 bytes of UTF-8 per UTF-16 unit: a line that could not fit goes on its own
    if (this.#used + text.length * 3 > CHUNK) {
      this.#flush();
      if (text.length * 3 > CHUNK) {
        const bytes = Buffer.from(text);
        let at = 0;
        while (at < bytes.length) at += writeSync(this.#fd, bytes, at, bytes.length - at, this.#written + at);
        this.#written += bytes.length;
        return;
      }
    }
    this.#used += this.#buffer.write(text, this.#used, 'utf8');
  }

  /** Where the file stands (its bytes and lines), to `rewind` to. */
  mark(): { bytes: number; lines: number } {
    return { bytes: this.#written + this.#used, lines: this.lines };
  }

  /** Drops what was written since `mark`. */
  rewind(mark: { bytes: number; lines: number }): void {
    if (mark.bytes >= this.#written) this.#used = mark.bytes - this.#written;
    else {
      ftruncateSync(this.#fd, mark.bytes);
      this.#written = mark.bytes;
      this.#used = 0;
    }
    this.lines = mark.lines;
  }

  #flush(): void {
    let at = 0;
    while (at < this.#used) at += writeSync(this.#fd, this.#buffer, at, this.#used - at, this.#written + at);
    this.#written += this.#used;
    this.#used = 0;
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
