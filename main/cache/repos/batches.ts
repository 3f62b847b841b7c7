import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { parseInput } from './parse.ts';
import { accountName, timeMs } from './schemas.ts';

const ref = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be an id of letters, digits and ._:-');

/**
 * A desk batch as the audit log keeps it: its parent id, what kind of batch, and each child's
 * account, own id (client order id, sub-account id), outcome and error code. Strict: no message,
 * payload or secret can be slipped in.
 */
export const batchRecordSchema = z.strictObject({
  parentId: ref,
  kind: z.enum([
    'order',
    'permissions',
    'sweep',
    'cancel_orders',
    'close_positions',
    'flatten',
    'sub_accounts',
  ]),
  atMs: timeMs,
  children: z
    .array(
      z.strictObject({
        account: accountName,
        childRef: ref.optional(),
        outcome: z.enum(['ok', 'failed']),
        /** The app's error code (`rule_violation`, `rate_limited`, ...), never a message. */
        errorCode: z
          .string()
          .regex(/^[a-z0-9_]{1,64}$/)
          .optional(),
        /** What the child made: an order id, a transaction id. */
        detail: ref.optional(),
      }),
    )
    .max(5000),
});
export type BatchRecord = z.infer<typeof batchRecordSchema>;

/** Stores every child of one batch in one transaction; answers how many rows were written. */
export function recordBatch(db: WritableDB, record: BatchRecord): number {
  const r = parseInput(batchRecordSchema, record, 'record');
  const insert = prepared(
    db,
    `INSERT INTO batch_children (parent_id, kind, at_ms, account, child_ref, outcome, error_code, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const c of r.children)
      insert.run(
        r.parentId,
        r.kind,
        r.atMs,
        c.account,
        c.childRef ?? null,
        c.outcome,
        c.errorCode ?? null,
        c.detail ?? null,
      );
  })();
  return r.children.length;
}

const batchQuerySchema = z.strictObject({
  /** Batches recorded before this time (the previous page's oldest `atMs`); newest first. */
  beforeMs: timeMs.optional(),
  parentId: ref.optional(),
  limit: z.number().int().min(1).max(200).default(20),
});
export type BatchQuery = z.input<typeof batchQuerySchema>;

interface ChildRow {
  parent_id: string;
  kind: BatchRecord['kind'];
  at_ms: number;
  account: string;
  child_ref: string | null;
  outcome: 'ok' | 'failed';
  error_code: string | null;
  detail: string | null;
}

/** Batches newest first, each with its children in the order they were recorded. */
export function listBatches(db: ReadableDB, query: BatchQuery = {}): BatchRecord[] {
  const q = parseInput(batchQuerySchema, query, 'query');
  const parents =
    q.parentId !== undefined
      ? [q.parentId]
      : (
          prepared(
            db,
            `SELECT parent_id FROM batch_children WHERE at_ms < ?
             GROUP BY parent_id ORDER BY max(at_ms) DESC, parent_id DESC LIMIT ?`,
          ).all(q.beforeMs ?? Number.MAX_SAFE_INTEGER, q.limit) as Array<{ parent_id: string }>
        ).map((p) => p.parent_id);
  const children = prepared(db, 'SELECT * FROM batch_children WHERE parent_id = ? ORDER BY id');
  return parents.flatMap((parentId) => {
    const rows = children.all(parentId) as ChildRow[];
    const first = rows[0];
    if (!first) return [];
    return [
      {
        parentId,
        kind: first.kind,
        atMs: first.at_ms,
        children: rows.map((c) => ({
          account: c.account,
          outcome: c.outcome,
          ...(c.child_ref === null ? {} : { childRef: c.child_ref }),
          ...(c.error_code === null ? {} : { errorCode: c.error_code }),
          ...(c.detail === null ? {} : { detail: c.detail }),
        })),
      },
    ];
  });
}
