/**
 * The reports' store: the methods the cache workers answer for this feature (loaded by each worker
 * through `OpenCacheOptions.extensions`, so no report runs on the main thread). Reads take a
 * `ReadableDB` (read workers, or a worker of their own for long jobs); the ledger is built on the
 * writer.
 */
import type { ReadableDB, WritableDB } from '../../../cache/db.ts';
import { equityReport } from './equity.ts';
import { exportReport } from './export.ts';
import { exposureReport } from './exposure.ts';
import { buildLedger } from './ledger.ts';
import { activityReport, pnlReport } from './pnl.ts';
import { positionsReport } from './positions.ts';
import { readScope } from './scope.ts';
import { taxLots } from './tax-lots.ts';

interface Context<DB> {
  db: DB;
  signal: AbortSignal;
  progress(value: unknown): void;
}
type Read = Context<ReadableDB>;

export const readMethods = {
  'reports.pnl': (c: Read, scope: unknown) => pnlReport(c.db, readScope(scope)),
  'reports.activity': (c: Read, scope: unknown) => activityReport(c.db, readScope(scope)),
  'reports.positions': (c: Read, scope: unknown) => positionsReport(c.db, readScope(scope)),
  'reports.equity': (c: Read, scope: unknown, subAccounts: unknown) =>
    equityReport(c.db, readScope(scope), subAccounts),
  'reports.exposure': (c: Read, scope: unknown) => exposureReport(c.db, readScope(scope)),
  /** Series the ledger has still to bring up to date. */
  'reports.pending': (c: Read) => c.db.prepare('SELECT count(*) FROM deal_changes').pluck().get() as number,
  'reports.exportCsv': (c: Read, input: unknown) => exportReport(c.db, input, c.signal),
  'reports.taxLots': (c: Read, input: unknown) => taxLots(c.db, input, c.signal, c.progress),
};

export const writeMethods = {
  /** Reads at most about `budget` deals of the series marked changed into the ledger. */
  'reports.ledger': (c: Context<WritableDB>, budget?: number) => buildLedger(c.db, budget),
};

export type ReportReadMethods = typeof readMethods;
export type ReportWriteMethods = typeof writeMethods;
