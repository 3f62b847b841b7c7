import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CacheInputError, SchemaTooNewError } from '../../../main/cache/errors.ts';
import { checkMigrationList, migrate } from '../../../main/cache/migrate.ts';
import { migrations, type Migration } from '../../../main/cache/migrations/index.ts';
import { cacheFilePath, openReadable, openWritable } from '../../../main/cache/open.ts';
import { tempDirs } from './temp-dir.ts';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

describe('cacheFilePath', () => {
  it('puts one file per profile under profiles/', () => {
    expect(cacheFilePath('/data', 'desk-1')).toBe(join('/data', 'profiles', 'desk-1', 'cache.sqlite'));
  });

  it.each(['..', '../x', 'a/b', '', '.hidden', 'a\\b'])('refuses the profile name %j', (name) => {
    expect(() => cacheFilePath('/data', name)).toThrow(CacheInputError);
  });
});

describe('openWritable', () => {
  it('creates the folder and file, sets WAL, foreign keys, busy timeout, synchronous NORMAL', () => {
    const file = cacheFilePath(dirs.make(), 'main');
    const { db, migration } = openWritable(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(migration).toEqual({
      from: 0,
      to: migrations.length,
      applied: [
        '0001-initial',
        '0002-sync-checkpoints',
        '0003-deal-name-keys',
        '0004-deal-daily-totals',
        '0005-batch-log',
        '0006-position-order-key',
        '0007-webhook-events-per-account',
        '0008-last-known',
        '0009-deal-role-words',
        '0010-team-log',
        '0011-history-vault',
        '0012-ledger-rollups',
      ],
    });
    db.close();
  });

  it('applies nothing on a second open and keeps the data', () => {
    const file = cacheFilePath(dirs.make(), 'main');
    const first = openWritable(file).db;
    first.prepare(`INSERT INTO sync_checkpoints VALUES ('job', '{}', 1)`).run();
    first.close();
    const { db, migration } = openWritable(file);
    expect(migration.applied).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM sync_checkpoints').get()).toEqual({ n: 1 });
    db.close();
  });

  it('refuses a file newer than the code knows, with a sentence naming both versions', () => {
    const file = join(dirs.make(), 'future.sqlite');
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrations.length + 3}`);
    raw.close();
    expect(() => openWritable(file)).toThrow(SchemaTooNewError);
    const versions = new RegExp(
      `schema version ${migrations.length + 3}, .* knows only up to ${migrations.length}`,
    );
    expect(() => openWritable(file)).toThrow(versions);
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(migrations.length + 3);
    expect(check.prepare(`SELECT count(*) AS n FROM sqlite_schema`).get()).toEqual({ n: 0 });
    check.close();
  });

  it('rolls a failing migration back entirely and leaves the previous version', () => {
    const file = join(dirs.make(), 'broken.sqlite');
    const broken = [
      ...migrations,
      {
        version: migrations.length + 1,
        name: 'broken',
        up(db: Database.Database) {
          db.exec('CREATE TABLE half_done (x)');
          db.exec('THIS IS NOT SQL');
        },
      },
    ];
    expect(() => openWritable(file, { migrations: broken })).toThrow();
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(check.prepare(`SELECT name FROM sqlite_schema WHERE name = 'half_done'`).get()).toBeUndefined();
    check.close();
  });
});

describe('openReadable', () => {
  it('reads what the writer committed and refuses to write', () => {
    const file = cacheFilePath(dirs.make(), 'main');
    const writer = openWritable(file).db;
    writer.prepare(`INSERT INTO sync_checkpoints VALUES ('job', '{"a":1}', 1)`).run();
    const reader = openReadable(file);
    expect(reader.prepare('SELECT cursor FROM sync_checkpoints').get()).toEqual({ cursor: '{"a":1}' });
    expect(() => reader.prepare(`DELETE FROM sync_checkpoints`).run()).toThrow(/readonly/);
    reader.close();
    writer.close();
  });

  it('refuses a file newer than the code knows', () => {
    const file = cacheFilePath(dirs.make(), 'main');
    openWritable(file).db.close();
    expect(() => openReadable(file, 1)).toThrow(SchemaTooNewError);
  });
});

describe('checkMigrationList', () => {
  it('accepts the shipped list and rejects a gap', () => {
    expect(() => checkMigrationList(migrations)).not.toThrow();
    const [first, second] = migrations as [Migration, Migration];
    const gap = [first, { ...second, version: 3 }];
    expect(() => checkMigrationList(gap)).toThrow(/expected 2/);
  });

  it('each migration is applied in order and recorded in user_version', () => {
    const db = new Database(':memory:');
    expect(migrate(db, migrations.slice(0, 1)).to).toBe(1);
    expect(migrate(db, migrations).applied).toEqual([
      '0002-sync-checkpoints',
      '0003-deal-name-keys',
      '0004-deal-daily-totals',
      '0005-batch-log',
      '0006-position-order-key',
      '0007-webhook-events-per-account',
      '0008-last-known',
      '0009-deal-role-words',
      '0010-team-log',
      '0011-history-vault',
      '0012-ledger-rollups',
    ]);
    expect(db.pragma('user_version', { simple: true })).toBe(12);
    db.close();
  });
});
