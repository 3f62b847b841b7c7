import type { Migration } from './migration.ts';

/** Sync checkpoints: one row per sync job, the cursor it resumes from as JSON. */
export const migration: Migration = {
  version: 2,
  name: 'sync-checkpoints',
  up(db) {
    db.exec(`
      CREATE TABLE sync_checkpoints (
        job TEXT PRIMARY KEY,
        cursor TEXT NOT NULL CHECK (json_valid(cursor)),
        updated_at_ms INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
