import type BetterSqlite3 from 'better-sqlite3';

/** One schema step. Files are append-only: a released migration is never edited, only followed. */
export interface Migration {
  /** The `user_version` the database has after this step; versions run 1, 2, 3, ... without gaps. */
  readonly version: number;
  readonly name: string;
  up(db: BetterSqlite3.Database): void;
}
