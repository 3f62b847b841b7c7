import type BetterSqlite3 from 'better-sqlite3';
import { CacheError, SchemaTooNewError } from './errors.ts';
import type { Migration } from './migrations/migration.ts';

export function schemaVersion(db: BetterSqlite3.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Versions must run 1, 2, 3, ... in order: a gap or a repeat is a programming error caught at open. */
export function checkMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new CacheError(
        'cache_migrations_invalid',
        `Migration "${m.name}" has version ${m.version}, expected ${i + 1}.`,
      );
    }
  });
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: string[];
}

/**
 * Brings the schema up to the newest migration. Each step runs in its own transaction together with
 * the `user_version` update, so a crash leaves the database at the previous version, never half-way.
 * A database newer than the code is refused before anything is touched.
 */
export function migrate(
  db: BetterSqlite3.Database,
  migrations: readonly Migration[],
  file = db.name,
): MigrationReport {
  checkMigrationList(migrations);
  const latest = migrations.length;
  const from = schemaVersion(db);
  if (from > latest) {
    throw new SchemaTooNewError(
      `The cache file ${file} has schema version ${from}, but this version of the app knows only up to ` +
        `${latest}. It was written by a newer TXC Desk: update the app, or use another profile.`,
    );
  }
  const applied: string[] = [];
  for (const m of migrations.slice(from)) {
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    applied.push(`${String(m.version).padStart(4, '0')}-${m.name}`);
  }
  return { from, to: schemaVersion(db), applied };
}
