import Database from 'better-sqlite3';
import { openPrivateDatabase, privateSidecars } from '../private-fs.ts';
import type { ReadableDB, WritableDB } from './db.ts';
import { SchemaTooNewError } from './errors.ts';
import { migrate, schemaVersion, type MigrationReport } from './migrate.ts';
import type { Migration } from './migrations/migration.ts';
import { migrations as allMigrations } from './migrations/index.ts';

const BUSY_TIMEOUT_MS = 5000;
/**
 * WAL pages before the writer copies them back into the file (SQLite's default is 1000, 4 MB). Sync
 * commits a page of deals at a time and rewrites the same right-most index pages in every commit; a
 * larger WAL copies each of them back once per checkpoint instead of many times (about 10% less work
 * per stored deal). At most about 40 MB of WAL between checkpoints.
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/**
 * The writer's page cache (SQLite's default is 2 MB). A group of deal pages (`deal-group.ts`) touches
 * the right-most pages of the deals table, its five indexes and the daily totals many times before it
 * commits; with the default they are spilled and read back within the same transaction.
 */
const WRITER_CACHE_KIB = 64 * 1024;

export { cacheFilePath } from './paths.ts';

export interface OpenWritableOptions {
  /** Defaults to every migration the app ships; tests pass a prefix to build older files. */
  migrations?: readonly Migration[];
}

/**
 * Opens (creating it and its folder when missing, owner-only) the one writing connection of a cache
 * file: WAL,
 * foreign keys on, a busy timeout, a larger WAL between checkpoints and a larger page cache,
 * synchronous NORMAL (safe with WAL: a crash loses at most the last commits, never consistency),
 * then migrates it.
 */
export function openWritable(
  file: string,
  options: OpenWritableOptions = {},
): { db: WritableDB; migration: MigrationReport } {
  const db = openPrivateDatabase(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    privateSidecars(file);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
    const migration = migrate(db, options.migrations ?? allMigrations, file);
    return { db: db as WritableDB, migration };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens a read-only connection to a cache file the writer has already created and migrated. SQLite
 * itself refuses writes on it, whatever the caller does.
 */
export function openReadable(file: string, knownVersion = allMigrations.length): ReadableDB {
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const version = schemaVersion(db);
    if (version > knownVersion) {
      throw new SchemaTooNewError(
        `The cache file ${file} has schema version ${version}, but this version of the app knows only ` +
          `up to ${knownVersion}.`,
      );
    }
    return db as ReadableDB;
  } catch (error) {
    db.close();
    throw error;
  }
}
