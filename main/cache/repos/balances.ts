import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { parseInput } from './parse.ts';
import { accountName, decimalString, timeMs } from './schemas.ts';

/**
 * A balance snapshot: what one balance endpoint answered for an account at one moment, flattened to
 * (ticker, field, amount) entries. Field names are the exchange's: `main_balance` and
 * `pending_deposit_amount` (main), `available` and `freeze` (trade), `main`, `spot`, `collateral`
 * (sub-account), `free` per asset and the stable totals under ticker `*` (withdrawable).
 */
export const balanceSnapshotSchema = z.strictObject({
  account: accountName,
  kind: z.enum(['main', 'trade', 'collateral', 'sub_account', 'withdrawable']),
  /** The sub-account the figures belong to, for `sub_account` snapshots. */
  subAccount: z.string().max(128).default(''),
  takenAtMs: timeMs,
  entries: z
    .array(
      z.strictObject({
        ticker: z.string().min(1).max(32),
        field: z.string().min(1).max(64),
        amount: decimalString,
      }),
    )
    .max(100_000),
});
export type BalanceSnapshotInput = z.input<typeof balanceSnapshotSchema>;
export type BalanceSnapshot = z.output<typeof balanceSnapshotSchema> & { id: number };
export type BalanceEntry = BalanceSnapshot['entries'][number];

/** Stores a snapshot with all its entries in one transaction; returns its id. */
/** How long balance snapshots are kept: older ones go as new ones arrive (the newest of each kind stays). */
export const BALANCE_RETENTION_MS = 400 * 86_400_000;

/**
 * Stores one snapshot with its entries and, in the same transaction, drops the account's snapshots
 * past the retention: every balance reading adds a sample, so the table stays bounded by time.
 */
export function recordBalanceSnapshot(db: WritableDB, snapshot: BalanceSnapshotInput): number {
  const s = parseInput(balanceSnapshotSchema, snapshot, 'snapshot');
  const insertEntry = prepared(
    db,
    'INSERT INTO balance_entries (snapshot_id, ticker, field, amount) VALUES (?, ?, ?, ?)',
  );
  return db.transaction(() => {
    const id = Number(
      prepared(
        db,
        'INSERT INTO balance_snapshots (account, kind, sub_account, taken_at_ms) VALUES (?, ?, ?, ?)',
      ).run(s.account, s.kind, s.subAccount, s.takenAtMs).lastInsertRowid,
    );
    for (const e of s.entries) insertEntry.run(id, e.ticker, e.field, e.amount);
    pruneBalanceSnapshots(db, s.account, s.takenAtMs - BALANCE_RETENTION_MS);
    return id;
  })();
}

interface SnapshotRow {
  id: number;
  account: string;
  kind: BalanceSnapshot['kind'];
  sub_account: string;
  taken_at_ms: number;
}

function withEntries(db: ReadableDB, row: SnapshotRow): BalanceSnapshot {
  const entries = prepared(
    db,
    'SELECT ticker, field, amount FROM balance_entries WHERE snapshot_id = ? ORDER BY ticker, field',
  ).all(row.id) as BalanceEntry[];
  return {
    id: row.id,
    account: row.account,
    kind: row.kind,
    subAccount: row.sub_account,
    takenAtMs: row.taken_at_ms,
    entries,
  };
}

/** The newest snapshot of a kind for an account (and sub-account), with `takenAtMs` to tell its age. */
export function latestBalanceSnapshot(
  db: ReadableDB,
  account: string,
  kind: BalanceSnapshot['kind'],
  subAccount = '',
): BalanceSnapshot | null {
  const row = prepared(
    db,
    `SELECT * FROM balance_snapshots WHERE account = ? AND kind = ? AND sub_account = ?
     ORDER BY taken_at_ms DESC, id DESC LIMIT 1`,
  ).get(account, kind, subAccount) as SnapshotRow | undefined;
  return row ? withEntries(db, row) : null;
}

/** Snapshots taken before `beforeMs`, newest first, with their entries; for balance history views. */
export function listBalanceSnapshots(
  db: ReadableDB,
  account: string,
  kind: BalanceSnapshot['kind'],
  beforeMs = Number.MAX_SAFE_INTEGER,
  limit = 50,
): BalanceSnapshot[] {
  const rows = prepared(
    db,
    `SELECT * FROM balance_snapshots WHERE account = ? AND kind = ? AND taken_at_ms < ?
     ORDER BY taken_at_ms DESC, id DESC LIMIT ?`,
  ).all(account, kind, beforeMs, Math.min(Math.max(1, limit), 1000)) as SnapshotRow[];
  return rows.map((r) => withEntries(db, r));
}

/** Drops snapshots older than `olderThanMs` for an account, keeping the newest of each kind. */
export function pruneBalanceSnapshots(db: WritableDB, account: string, olderThanMs: number): number {
  return prepared(
    db,
    `DELETE FROM balance_snapshots WHERE account = ? AND taken_at_ms < ? AND id NOT IN (
       SELECT max(id) FROM balance_snapshots WHERE account = ? GROUP BY kind, sub_account)`,
  ).run(account, olderThanMs, account).changes;
}
