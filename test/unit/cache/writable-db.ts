import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { WritableDB } from '../../../main/cache/db.ts';
import { openWritable } from '../../../main/cache/open.ts';
import { tempDirs } from './temp-dir.ts';

/** A migrated cache file in a fresh temp folder for each test; `get()` returns its writer. */
export function useWritableDb(): { get(): WritableDB; dir(): string } {
  const dirs = tempDirs();
  let db: WritableDB | undefined;
  let dir = '';
  beforeEach(() => {
    dir = dirs.make();
    db = openWritable(join(dir, 'cache.sqlite')).db;
  });
  afterEach(() => {
    db?.close();
    dirs.cleanup();
  });
  return {
    get() {
      if (!db) throw new Error('no database outside a test');
      return db;
    },
    dir: () => dir,
  };
}
