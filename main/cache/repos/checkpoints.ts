import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { CacheInputError } from '../errors.ts';
import { parseInput } from './parse.ts';

const jobKey = z.string().min(1).max(256);

export interface Checkpoint {
  job: string;
  cursor: unknown;
  updatedAtMs: number;
}

/** A checkpoint checked and serialized, ready to write: [job, cursor JSON]. */
export type CheckedCheckpoint = readonly [string, string];

/** Checks a checkpoint before anything is written (a bad one is refused as input, nothing stored). */
export function checkCheckpoint(job: string, cursor: unknown): CheckedCheckpoint {
  const key = parseInput(jobKey, job, 'job');
  const json = JSON.stringify(cursor);
  if (json === undefined) throw new CacheInputError('A checkpoint cursor must be a JSON value.', 'cursor');
  return [key, json];
}

export function writeCheckpoint(db: WritableDB, [key, json]: CheckedCheckpoint, atMs = Date.now()): void {
  prepared(
    db,
    `INSERT INTO sync_checkpoints (job, cursor, updated_at_ms) VALUES (?, ?, ?)
     ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, updated_at_ms = excluded.updated_at_ms`,
  ).run(key, json, atMs);
}

/** Records where a sync job stands; the cursor is any JSON value and replaces the previous one. */
export function saveCheckpoint(db: WritableDB, job: string, cursor: unknown, atMs = Date.now()): void {
  writeCheckpoint(db, checkCheckpoint(job, cursor), atMs);
}

export function loadCheckpoint(db: ReadableDB, job: string): Checkpoint | null {
  const row = prepared(db, 'SELECT job, cursor, updated_at_ms FROM sync_checkpoints WHERE job = ?').get(
    parseInput(jobKey, job, 'job'),
  ) as { job: string; cursor: string; updated_at_ms: number } | undefined;
  return row ? { job: row.job, cursor: JSON.parse(row.cursor), updatedAtMs: row.updated_at_ms } : null;
}

/** Every checkpoint whose job key starts with `prefix` (e.g. `deals:` for all deal syncs). */
export function listCheckpoints(db: ReadableDB, prefix = ''): Checkpoint[] {
  const rows = prepared(
    db,
    `SELECT job, cursor, updated_at_ms FROM sync_checkpoints WHERE substr(job, 1, ?) = ? ORDER BY job`,
  ).all(prefix.length, prefix) as { job: string; cursor: string; updated_at_ms: number }[];
  return rows.map((r) => ({ job: r.job, cursor: JSON.parse(r.cursor), updatedAtMs: r.updated_at_ms }));
}

export function deleteCheckpoint(db: WritableDB, job: string): boolean {
  return (
    prepared(db, 'DELETE FROM sync_checkpoints WHERE job = ?').run(parseInput(jobKey, job, 'job')).changes > 0
  );
}
