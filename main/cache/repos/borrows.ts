import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { parseInput } from './parse.ts';
import { accountName, decimalString, timeMs } from './schemas.ts';

/**
 * A borrow history record plus its account. The exchange gives no borrow id: one record per borrow
 * position, identified here by (asset, opening second, seq), where `seq` tells apart borrows of the
 * same asset opened in the same second (see `withBorrowSeq`). A record seen again updates its
 * status and peak amounts.
 */
export const borrowRecordSchema = z.strictObject({
  account: accountName,
  asset: z.string().min(1).max(32),
  amount: decimalString,
  principal: decimalString,
  interest: decimalString,
  status: z.enum(['active', 'repaid', 'liquidated']),
  timestamp: z.number().int().nonnegative(),
  seq: z.number().int().nonnegative().default(0),
});
export type BorrowRecordInput = z.input<typeof borrowRecordSchema>;
export type BorrowRecord = z.output<typeof borrowRecordSchema>;

/**
 * Numbers records of the same account, asset and second in the order the exchange lists them
 * (within a second: newest engine creation first), counting from the oldest so that a later borrow
 * in the same second does not renumber earlier ones.
 */
export function withBorrowSeq<T extends Omit<BorrowRecordInput, 'seq'>>(
  records: readonly T[],
): (T & { seq: number })[] {
  const groups = new Map<string, number>();
  for (const r of records) {
    const key = `${r.account}\u0000${r.asset}\u0000${r.timestamp}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  return records.map((r) => {
    const key = `${r.account}\u0000${r.asset}\u0000${r.timestamp}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    return { ...r, seq: (groups.get(key) ?? 1) - 1 - index };
  });
}

export function upsertBorrows(
  db: WritableDB,
  records: readonly BorrowRecordInput[],
  seenAtMs: number = Date.now(),
): { stored: number } {
  const rows = parseInput(z.array(borrowRecordSchema), records, 'borrows');
  const at = parseInput(timeMs, seenAtMs, 'seenAtMs');
  const statement = prepared(
    db,
    `INSERT INTO borrow_history (account, asset, opened_at, seq, amount, principal, interest, status, seen_at_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account, asset, opened_at, seq) DO UPDATE SET amount = excluded.amount,
       principal = excluded.principal, interest = excluded.interest, status = excluded.status,
       seen_at_ms = excluded.seen_at_ms`,
  );
  db.transaction(() => {
    for (const r of rows) {
      statement.run(r.account, r.asset, r.timestamp, r.seq, r.amount, r.principal, r.interest, r.status, at);
    }
  })();
  return { stored: rows.length };
}

const querySchema = z.strictObject({
  account: accountName,
  asset: z.string().min(1).optional(),
  status: z.enum(['active', 'repaid', 'liquidated']).optional(),
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
  before: z
    .strictObject({ timestamp: z.number().int(), asset: z.string(), seq: z.number().int() })
    .optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type BorrowQuery = z.input<typeof querySchema>;

/** Borrows of an account newest first, keyset paged by (opening second, asset, seq). */
export function listBorrows(db: ReadableDB, query: BorrowQuery): BorrowRecord[] {
  const q = parseInput(querySchema, query, 'query');
  const parts = ['account = ?'];
  const params: unknown[] = [q.account];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (q.asset !== undefined) add('asset = ?', q.asset);
  if (q.status !== undefined) add('status = ?', q.status);
  if (q.from !== undefined) add('opened_at >= ?', q.from);
  if (q.to !== undefined) add('opened_at < ?', q.to);
  if (q.before) {
    parts.push('(opened_at, asset, seq) < (?, ?, ?)');
    params.push(q.before.timestamp, q.before.asset, q.before.seq);
  }
  params.push(q.limit);
  const rows = prepared(
    db,
    `SELECT account, asset, opened_at AS timestamp, seq, amount, principal, interest, status FROM borrow_history
     WHERE ${parts.join(' AND ')} ORDER BY opened_at DESC, asset DESC, seq DESC LIMIT ?`,
  ).all(...params) as BorrowRecord[];
  return rows.map((r) => ({ ...r }));
}
