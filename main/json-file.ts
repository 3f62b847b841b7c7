import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes a small JSON file of the profile whole: to a temporary file first, flushed to disk, then
 * renamed over the old one, so a crash or power loss leaves the old file or the new one, never half.
 * Readable by the user only (a folder it creates too).
 */
export function writeJsonFile(file: string, value: unknown, pretty = true): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${String(process.pid)}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, pretty ? `${JSON.stringify(value, null, 2)}\n` : JSON.stringify(value));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}
