import type { Migration } from './migration.ts';

/**
 * The audit log of desk batches (one order for many accounts, key permission edits, sweeps): one row
 * per child with the batch's parent id, so a batch reads back as what was asked of each account and
 * how it ended.
 */
export const migration: Migration = {
  version: 5,
  name: 'batch-log',
  up(db) {
    db.exec(`
      CREATE TABLE batch_children (
        id INTEGER PRIMARY KEY,
        parent_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        account TEXT NOT NULL,
        child_ref TEXT,
        outcome TEXT NOT NULL,
        error_code TEXT,
        detail TEXT
      );
      CREATE INDEX batch_children_by_parent ON batch_children (parent_id);
      CREATE INDEX batch_children_by_time ON batch_children (at_ms, parent_id);
    `);
  },
};
