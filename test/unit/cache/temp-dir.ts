import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh temporary folder per test, removed afterwards; real SQLite files live here. */
export function tempDirs(): { make(): string; cleanup(): void } {
  const dirs: string[] = [];
  return {
    make() {
      const dir = mkdtempSync(join(tmpdir(), 'txc-cache-'));
      dirs.push(dir);
      return dir;
    },
    cleanup() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
