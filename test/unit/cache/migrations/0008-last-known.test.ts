import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations.slice(0, 7));
  db.prepare("INSERT INTO sync_checkpoints (job, cursor, updated_at_ms) VALUES ('deals:a', '{}', 1)").run();
});
afterEach(() => db.close());

describe('migration 0008-last-known (from version 7 with data)', () => {
  it('adds an empty last_known table and leaves the rest as it was', () => {
    expect(migrate(db, migrations.slice(0, 8)).applied).toEqual(['0008-last-known']);
    expect(db.prepare('SELECT count(*) AS n FROM last_known').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT job FROM sync_checkpoints').all()).toEqual([{ job: 'deals:a' }]);
  });
});
