import type BetterSqlite3 from 'better-sqlite3';

declare const readableBrand: unique symbol;
declare const writableBrand: unique symbol;

/** A connection that may run only reads. Repository read functions take this. */
export type ReadableDB = BetterSqlite3.Database & { readonly [readableBrand]: true };

/** The one connection that may write. It can also read, so it is a `ReadableDB` too. */
export type WritableDB = ReadableDB & { readonly [writableBrand]: true };

export type Statement = BetterSqlite3.Statement<unknown[], unknown>;

const statements = new WeakMap<BetterSqlite3.Database, Map<string, Statement>>();

/** A prepared statement, compiled once per connection and reused (filters build a bounded set of SQL). */
export function prepared(db: ReadableDB, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare<unknown[], unknown>(sql);
    cache.set(sql, statement);
  }
  return statement;
}
