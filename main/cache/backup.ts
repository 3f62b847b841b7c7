/**
 * The archive as a file the desk keeps: an online backup (SQLite's backup API, one consistent copy
 * taken while the app keeps syncing) and a restore of the history from such a file. A restore
 * replaces the history tables (deals, position records, borrows, mining, balances, the vault's
 * records) and their sync checkpoints with the file's, in one transaction on the writer; what is
 * this computer's own (the signed-request log, webhooks, batches, what screens last showed) stays.
 * The ledger is derived: it is cleared and rebuilt from the restored deals.
 */
import Database from 'better-sqlite3';
import { copyFileSync, rmSync, statSync } from 'node:fs';
import { prepared, type ReadableDB, type WritableDB } from './db.ts';
import { CacheInputError } from './errors.ts';
import { schemaVersion } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { openWritable } from './open.ts';
import { forgetDealCaches } from './repos/deals.ts';

/** The tables a restore replaces, in an order their references allow. */
export const HISTORY_TABLES = [
  'deal_accounts',
  'deal_markets',
  'deals',
  'deal_daily_totals',
  'balance_snapshots',
  'balance_entries',
  'positions_history',
  'borrow_history',
  'mining_rewards',
  'mining_worker_samples',
  'vault_records',
  'vault_funding_days',
] as const;
const DERIVED = ['ledger_days', 'ledger_positions', 'ledger_series', 'deal_changes'] as const;
/** Sync checkpoints of the history jobs (the team replica's and other jobs' stay). */
const HISTORY_JOBS = ['deals:', 'positions:', 'borrows:', 'mining:', 'vault:'];

export interface BackupReport {
  file: string;
  bytes: number;
  deals: number;
}

/** Copies the whole cache to `file` as one consistent snapshot, then checks the copy. */
export async function backupTo(db: ReadableDB, file: string): Promise<BackupReport> {
  // after the first 100 pages, the rest in one step (a write in between makes SQLite start again)
  await db.backup(file, { progress: ({ remainingPages }) => Math.max(1, remainingPages) });
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new CacheInputError(`The backup at ${file} did not pass SQLite's check: ${String(check)}.`);
    const deals = copy.prepare('SELECT count(*) FROM deals').pluck().get() as number;
    return { file, bytes: statSync(file).size, deals };
  } finally {
    copy.close();
  }
}

export interface RestoreReport {
  file: string;
  /** Rows per history table now in the archive. */
  rows: Record<string, number>;
}

/** Reads `file` as an archive of this app, or says in words why it is not one. */
function openArchive(file: string): Database.Database {
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new CacheInputError(`${file} could not be opened as an archive file.`, 'file');
  }
  try {
    const check = source.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new CacheInputError(`${file} is damaged: SQLite's check found ${String(check)}.`, 'file');
    const tables = new Set(
      source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all(),
    );
    if (!tables.has('deals') || !tables.has('sync_checkpoints'))
      throw new CacheInputError(
        `${file} is not a TXC Desk archive (it has no deals or sync checkpoints).`,
        'file',
      );
    if (schemaVersion(source) > migrations.length)
      throw new CacheInputError(
        `${file} was written by a newer TXC Desk: update the app to restore it.`,
        'file',
      );
    return source;
  } catch (error) {
    source.close();
    throw error;
  }
}

/** Replaces the history with `file`'s (brought to this schema first, on a copy); see the module note. */
export function restoreFrom(db: WritableDB, file: string): RestoreReport {
  const source = openArchive(file);
  const older = schemaVersion(source) < migrations.length;
  source.close();
  let attached = file;
  if (older) {
    // an older archive is migrated on a copy beside the cache; the file the desk keeps is not touched
    attached = `${db.name}.restore`;
    copyFileSync(file, attached);
    openWritable(attached).db.close();
  }
  try {
    prepared(db, 'ATTACH DATABASE ? AS restored').run(attached);
    try {
      const rows: Record<string, number> = {};
      db.transaction(() => {
        for (const table of [...DERIVED, ...[...HISTORY_TABLES].reverse()])
          db.exec(`DELETE FROM main.${table}`);
        for (const table of HISTORY_TABLES) {
          const columns = (
            db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]
          )
            .map((c) => `"${c}"`)
            .join(', ');
          db.exec(`INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM restored.${table}`);
          rows[table] = db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get() as number;
        }
        const jobs = HISTORY_JOBS.map((p) => `substr(job, 1, ${String(p.length)}) = '${p}'`).join(' OR ');
        db.exec(`DELETE FROM main.sync_checkpoints WHERE ${jobs}`);
        db.exec(
          `INSERT INTO main.sync_checkpoints (job, cursor, updated_at_ms)
           SELECT job, cursor, updated_at_ms FROM restored.sync_checkpoints WHERE ${jobs}`,
        );
        // the ledger reads every restored series again
        db.exec(`INSERT INTO main.deal_changes SELECT account_ref, market_ref, min(day) FROM main.deal_daily_totals
          GROUP BY account_ref, market_ref`);
      })();
      return { file, rows };
    } finally {
      forgetDealCaches(db);
      prepared(db, 'DETACH DATABASE restored').run();
    }
  } finally {
    if (older) rmSync(attached, { force: true });
  }
}
