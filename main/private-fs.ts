import Database from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/*
 * Everything the app keeps in its data folder (profiles, SQLite files, logs) is readable by the user
 * only: folders 0700, files 0600. On Windows these modes do not apply; the user's profile folder
 * already keeps other users out.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and any missing parent) owner-only, and tightens it when it already exists. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty and owner-only when missing; tightens it when it already exists. */
export function touchPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Tightens a file that may not exist. */
function tightenIfPresent(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Opens a writable SQLite file owner-only. The file is created 0600 before SQLite opens it, and SQLite
 * gives its `-wal` and `-shm` files the mode of the database file; `privateSidecars` tightens sidecars
 * left by an earlier version once WAL mode is on.
 */
export function openPrivateDatabase(file: string, options: Database.Options = {}): Database.Database {
  makePrivateDir(dirname(file));
  touchPrivateFile(file);
  return new Database(file, options);
}

/** Makes the `-wal` and `-shm` files of a database owner-only (call after `journal_mode = WAL`). */
export function privateSidecars(file: string): void {
  for (const suffix of ['-wal', '-shm']) tightenIfPresent(`${file}${suffix}`);
}
