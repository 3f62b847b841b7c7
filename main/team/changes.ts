/**
 * Reading a table's changes in commit order, by change cursor. Each replicated row carries the id of
 * the transaction that last wrote it (`change_xid`). A pass reads the rows written by transactions
 * older than every transaction still running when the pass began (the snapshot's xmin): those have
 * all committed (or rolled back), so no row can appear later below that line, and the next pass
 * starts there. Within a pass, rows come in (change_xid, key) order a page at a time, so a cursor
 * saved with each page resumes exactly where it stood. A pass that stopped short of rows committed
 * already, behind a transaction still running, says so (`held`): its reader reads again soon.
 */
import type { TeamStore } from './store.ts';

export interface ChangeCursor {
  /** Rows of transactions from this one on are still to read (an xid8, as text). */
  from: string;
  /** The pass under way reads up to (not including) this transaction. */
  upTo?: string;
  /** The last row the pass read: its change_xid and key values. */
  after?: string[];
}

export const START: ChangeCursor = { from: '0' };

export interface FeedTable {
  table: string;
  /** The key columns, in the index's order after change_xid, each with its SQL type. */
  key: ReadonlyArray<readonly [column: string, type: string]>;
  /** What to select besides the key (SQL). */
  columns: string;
  /** A condition on the rows read (SQL, no parameters). */
  where?: string;
}

export interface ChangePage<R> {
  rows: R[];
  /** The cursor after these rows. */
  next: ChangeCursor;
  /** The pass is over: nothing committed before its start is left to read. */
  done: boolean;
  /**
   * The pass is over and stopped short of rows already committed: a transaction older than theirs
   * was still running when it began (an upload, a sync). Read again once that one ends; no notice
   * will say so, as theirs came already.
   */
  held?: boolean;
}

const CHANGE_XID = 'change_xid';

/**
 * One page of `feed`'s changes after `cursor` (`limit` rows at most). The order names the table's own
 * columns: the selected text copies share their names, and text order is not the index's order.
 */
export async function readChanges<R extends Record<string, unknown>>(
  store: Pick<TeamStore, 'query' | 'transaction'>,
  feed: FeedTable,
  cursor: ChangeCursor,
  limit: number,
): Promise<ChangePage<R>> {
  const upTo =
    cursor.upTo ??
    (await store.query<{ x: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS x'))[0]?.x ??
    cursor.from;
  const keys = feed.key.map(([column]) => column);
  const params: unknown[] = [cursor.from, upTo];
  let after = '';
  if (cursor.after) {
    const values = cursor.after;
    const casts = ['$3::xid8', ...feed.key.map(([, type], i) => `$${String(i + 4)}::${type}`)];
    after = ` AND (change_xid, ${keys.join(', ')}) > (${casts.join(', ')})`;
    params.push(...values);
  }
  params.push(limit);
  const where = feed.where ? ` AND ${feed.where}` : '';
  const sql = `SELECT ${feed.columns}, change_xid::text AS change_xid, ${keys.map((k) => `${k}::text AS "${k}__key"`).join(', ')}
    FROM ${feed.table} WHERE change_xid >= $1::xid8 AND change_xid < $2::xid8${after}${where}
    ORDER BY ${[CHANGE_XID, ...keys].map((k) => `${feed.table}.${k}`).join(', ')} LIMIT $${String(params.length)}`;
  const { rows, held } = await store.transaction(async (client) => {
    // The page is the next rows in the change index's own order, so an index scan is the plan. A
    // table just filled has no statistics yet, and the planner would then sort every remaining row
    // for each page (a million deals read in minutes instead of seconds), or scan the whole table to
    // learn whether any row lies past the pass.
    await client.query(
      'SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off',
    );
    const page = (await client.query<R>(sql, params)).rows;
    if (page.length === limit) return { rows: page, held: false };
    // Rows at or past the pass's end committed already (visible now): left for the next pass.
    const later = await client.query<{ held: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${feed.table} WHERE change_xid >= $1::xid8${where}) AS held`,
      [upTo],
    );
    return { rows: page, held: later.rows[0]?.held === true };
  });
  if (rows.length < limit) return { rows, next: { from: upTo }, done: true, held };
  const last = rows[rows.length - 1] as Record<string, unknown>;
  const tail = [String(last['change_xid']), ...keys.map((k) => String(last[`${k}__key`]))];
  return { rows, next: { from: cursor.from, upTo, after: tail }, done: false };
}
