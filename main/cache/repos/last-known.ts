import { z } from 'zod';
import { CacheInputError } from '../errors.ts';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { parseInput } from './parse.ts';
import { accountName, timeMs } from './schemas.ts';

/** What a kind is called: `orders.open`, `balances.spot`, `mining.workers`, ... */
const kind = z
  .string()
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/, 'must be a dotted lower-case name')
  .max(64);
const scope = z.string().max(256).default('');

/** One account's last known value of one kind: the shaped view as the screen showed it, and when. */
export const lastKnownEntrySchema = z.strictObject({
  account: accountName,
  kind,
  scope,
  takenAtMs: timeMs,
  value: z.unknown().refine((v) => v !== undefined, 'must be given'),
});
export type LastKnownInput = z.input<typeof lastKnownEntrySchema>;
export type LastKnownEntry = z.output<typeof lastKnownEntrySchema>;

const listSchema = z.strictObject({
  kind,
  scope,
  /** Only these accounts; every account with a value of this kind when absent. */
  accounts: z.array(accountName).max(100_000).optional(),
});
export type LastKnownQuery = z.input<typeof listSchema>;

/** A value larger than this is not a screen's state; refusing it keeps one bad caller from bloating the file. */
const MAX_VALUE_CHARS = 16 * 1024 * 1024;

/**
 * Stores each entry, replacing the account's previous value of that kind and scope, in one
 * transaction. An older reading never replaces a newer one (two refreshes answering out of order).
 */
export function putLastKnown(db: WritableDB, entries: readonly LastKnownInput[]): number {
  const rows = entries.map((e, i) => {
    const entry = parseInput(lastKnownEntrySchema, e, `entry ${String(i + 1)}`);
    const json = JSON.stringify(entry.value);
    if (json.length > MAX_VALUE_CHARS) {
      throw new CacheInputError(
        `The value of entry ${String(i + 1)} is larger than ${String(MAX_VALUE_CHARS)} characters as JSON.`,
        'value',
      );
    }
    return { ...entry, json };
  });
  const upsert = prepared(
    db,
    `INSERT INTO last_known (account, kind, scope, taken_at_ms, value) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (kind, account, scope) DO UPDATE SET taken_at_ms = excluded.taken_at_ms, value = excluded.value
     WHERE excluded.taken_at_ms >= last_known.taken_at_ms`,
  );
  return db.transaction(() => {
    let stored = 0;
    for (const r of rows) stored += upsert.run(r.account, r.kind, r.scope, r.takenAtMs, r.json).changes;
    return stored;
  })();
}

interface Row {
  account: string;
  kind: string;
  scope: string;
  taken_at_ms: number;
  value: string;
}
const entryOf = (r: Row): LastKnownEntry => ({
  account: r.account,
  kind: r.kind,
  scope: r.scope,
  takenAtMs: r.taken_at_ms,
  value: JSON.parse(r.value) as LastKnownEntry['value'],
});

/** The account's last known value of a kind, or null when it was never seen. */
export function getLastKnown(
  db: ReadableDB,
  account: string,
  kindName: string,
  scopeName = '',
): LastKnownEntry | null {
  const q = parseInput(listSchema, { kind: kindName, scope: scopeName, accounts: [account] }, 'query');
  const row = prepared(
    db,
    'SELECT account, kind, scope, taken_at_ms, value FROM last_known WHERE kind = ? AND account = ? AND scope = ?',
  ).get(q.kind, account, q.scope) as Row | undefined;
  return row ? entryOf(row) : null;
}

/** The last known values of a kind for every account (or the given ones), ordered by account. */
export function listLastKnown(db: ReadableDB, query: LastKnownQuery): LastKnownEntry[] {
  const q = parseInput(listSchema, query, 'query');
  const rows = prepared(
    db,
    'SELECT account, kind, scope, taken_at_ms, value FROM last_known WHERE kind = ? AND scope = ? ORDER BY account',
  ).all(q.kind, q.scope) as Row[];
  if (!q.accounts) return rows.map(entryOf);
  const wanted = new Set(q.accounts);
  return rows.filter((r) => wanted.has(r.account)).map(entryOf);
}
