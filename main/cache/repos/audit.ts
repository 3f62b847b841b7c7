import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { parseInput } from './parse.ts';
import { accountName, timeMs } from './schemas.ts';
import { writeCheckpoint, type CheckedCheckpoint } from './checkpoints.ts';

/**
 * One signed request the app sent. Only these fields exist: the shape is strict, so a caller cannot
 * slip a secret, a signature or a payload into the log, and the path must be a bare API path.
 */
export const signedRequestSchema = z.strictObject({
  atMs: timeMs,
  account: accountName,
  path: z
    .string()
    .max(200)
    .regex(/^\/api\/v4\/[A-Za-z0-9_\-/.]+$/, 'must be an API path without query or body'),
  /** `sending`: the use of a teammate's approval, recorded before the request went (four eyes). */
  outcome: z.enum(['ok', 'rejected', 'failed', 'sending']),
  httpStatus: z.number().int().min(100).max(599).optional(),
  /** The app's error code (`auth_failed`, `rate_limited`, ...), never a message. */
  errorCode: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/)
    .optional(),
  durationMs: z.number().int().nonnegative().optional(),
  /** Who sent it in the team desk ('' or absent: this profile, working alone). */
  operator: z.string().max(63).optional(),
  /** SHA-256 (hex) of the request without its nonce. */
  bodyHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** The client order id of the order the request placed. */
  clientOrderId: z.string().min(1).max(255).optional(),
  /** An entry of another operator brought from the team store: the profile that wrote it, and its id there. */
  origin: z.uuid().optional(),
  originId: z.number().int().positive().optional(),
  /** Four eyes: the approved proposal the request was signed with, and the operator who approved it. */
  proposal: z.uuid().optional(),
  approvedBy: z.string().min(1).max(63).optional(),
});
export type SignedRequest = z.infer<typeof signedRequestSchema>;
export type AuditEntry = SignedRequest & { id: number };

export function recordSignedRequest(db: WritableDB, entry: SignedRequest): number {
  const e = parseInput(signedRequestSchema, entry, 'entry');
  return db.transaction(() => {
    const id = insertChecked(db, e);
    pruneNowAndThen(db, e.atMs);
    return id;
  })();
}

/**
 * Stores many signed requests in one transaction (a desk-wide refresh sends thousands at once), and
 * the checkpoint after them when given (entries brought from the team store, each once).
 */
export function recordSignedRequests(
  db: WritableDB,
  entries: readonly SignedRequest[],
  checkpoint?: CheckedCheckpoint,
): number {
  const checked = entries.map((e, i) => parseInput(signedRequestSchema, e, `entry ${String(i + 1)}`));
  return db.transaction(() => {
    let newest = 0;
    for (const e of checked) {
      insertChecked(db, e);
      newest = Math.max(newest, e.atMs);
    }
    if (checkpoint) writeCheckpoint(db, checkpoint);
    if (checked.length > 0) pruneNowAndThen(db, newest);
    return checked.length;
  })();
}

/** How long signed requests are kept: the log goes back as far as the balance history does. */
export const AUDIT_RETENTION_MS = 400 * 86_400_000;
/** The log is pruned at most this often: a desk refresh writes thousands of entries in batches. */
const PRUNE_EVERY_MS = 3_600_000;
/** When each open file was last pruned, by the time of the entries written then. */
const prunedAt = new WeakMap<WritableDB, number>();

/** Drops what is past the retention, at the first write on a file and then at most once an hour. */
function pruneNowAndThen(db: WritableDB, newestAtMs: number): void {
  const last = prunedAt.get(db);
  if (last !== undefined && newestAtMs - last < PRUNE_EVERY_MS) return;
  prunedAt.set(db, newestAtMs);
  pruneSignedRequests(db, newestAtMs - AUDIT_RETENTION_MS);
}

/**
 * Drops the entries written before `olderThanMs`. Ids grow as entries are written, so the last one
 * written before the cut is found by bisecting the ids (a few dozen lookups by id, no scan of the
 * log); an entry goes only if it is older than the cut itself, so a clock set back never costs a
 * newer one. Answers how many went.
 */
export function pruneSignedRequests(db: WritableDB, olderThanMs: number): number {
  const bounds = prepared(db, 'SELECT min(id) AS lo, max(id) AS hi FROM signed_requests').get() as {
    lo: number | null;
    hi: number | null;
  };
  if (bounds.lo === null || bounds.hi === null) return 0;
  const atOrAfter = prepared(db, 'SELECT id, at_ms FROM signed_requests WHERE id >= ? ORDER BY id LIMIT 1');
  let low = bounds.lo;
  let high = bounds.hi;
  let cut = 0;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const row = atOrAfter.get(mid) as { id: number; at_ms: number } | undefined;
    if (row && row.at_ms < olderThanMs) {
      cut = row.id;
      low = row.id + 1;
    } else high = mid - 1;
  }
  if (cut === 0) return 0;
  return prepared(db, 'DELETE FROM signed_requests WHERE id <= ? AND at_ms < ?').run(cut, olderThanMs)
    .changes;
}

/** Inserts an entry already checked against `signedRequestSchema` (one brought twice is kept once). */
function insertChecked(db: WritableDB, e: SignedRequest): number {
  return Number(
    prepared(
      db,
      `INSERT OR IGNORE INTO signed_requests (at_ms, account, path, outcome, http_status, error_code, duration_ms,
         operator, body_hash, client_order_id, origin, origin_id, proposal, approved_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      e.atMs,
      e.account,
      e.path,
      e.outcome,
      e.httpStatus ?? null,
      e.errorCode ?? null,
      e.durationMs ?? null,
      e.operator ?? '',
      e.bodyHash ?? null,
      e.clientOrderId ?? null,
      e.origin ?? null,
      e.originId ?? null,
      e.proposal ?? null,
      e.approvedBy ?? null,
    ).lastInsertRowid,
  );
}

const auditQuerySchema = z.strictObject({
  account: accountName.optional(),
  /** Entries whose path contains this text (`withdraw`, `/api/v4/order/new`). */
  path: z.string().max(200).optional(),
  outcome: z.enum(['ok', 'rejected', 'failed', 'sending']).optional(),
  /** Entries of this operator of the team ('' for this profile's own before it joined one). */
  operator: z.string().max(63).optional(),
  /** Entries older than this one (the previous page's last id); newest first. */
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

interface AuditRow {
  id: number;
  at_ms: number;
  account: string;
  path: string;
  outcome: SignedRequest['outcome'];
  http_status: number | null;
  error_code: string | null;
  duration_ms: number | null;
  operator: string;
  body_hash: string | null;
  client_order_id: string | null;
  origin: string | null;
  origin_id: number | null;
  proposal: string | null;
  approved_by: string | null;
}

function entryOf(r: AuditRow): AuditEntry {
  const out: AuditEntry = { id: r.id, atMs: r.at_ms, account: r.account, path: r.path, outcome: r.outcome };
  if (r.http_status !== null) out.httpStatus = r.http_status;
  if (r.error_code !== null) out.errorCode = r.error_code;
  if (r.duration_ms !== null) out.durationMs = r.duration_ms;
  if (r.operator !== '') out.operator = r.operator;
  if (r.body_hash !== null) out.bodyHash = r.body_hash;
  if (r.client_order_id !== null) out.clientOrderId = r.client_order_id;
  if (r.origin !== null) out.origin = r.origin;
  if (r.origin_id !== null) out.originId = r.origin_id;
  if (r.proposal !== null) out.proposal = r.proposal;
  if (r.approved_by !== null) out.approvedBy = r.approved_by;
  return out;
}

/** The matching entries, newest first by the time each was sent (entries of teammates arrive later). */
export function listSignedRequests(db: ReadableDB, query: AuditQuery = {}): AuditEntry[] {
  const q = parseInput(auditQuerySchema, query, 'query');
  const parts = ['1'];
  const params: unknown[] = [];
  if (q.account !== undefined) {
    parts.push('account = ?');
    params.push(q.account);
  }
  if (q.path) {
    parts.push("path LIKE ? ESCAPE '\\'");
    params.push(`%${q.path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (q.outcome !== undefined) {
    parts.push('outcome = ?');
    params.push(q.outcome);
  }
  if (q.operator !== undefined) {
    parts.push('operator = ?');
    params.push(q.operator);
  }
  if (q.before !== undefined) {
    const last = prepared(db, 'SELECT at_ms FROM signed_requests WHERE id = ?').get(q.before) as
      { at_ms: number } | undefined;
    if (last) {
      parts.push('(at_ms, id) < (?, ?)');
      params.push(last.at_ms, q.before);
    } else {
      parts.push('id < ?');
      params.push(q.before);
    }
  }
  params.push(q.limit);
  const rows = prepared(
    db,
    `SELECT * FROM signed_requests WHERE ${parts.join(' AND ')} ORDER BY at_ms DESC, id DESC LIMIT ?`,
  ).all(...params) as AuditRow[];
  return rows.map(entryOf);
}

/** This profile's entries as `operator` (no origin) after `afterId`, oldest first: to upload. */
export function unsentSignedRequests(
  db: ReadableDB,
  operator: string,
  afterId: number,
  limit: number,
): AuditEntry[] {
  const rows = prepared(
    db,
    `SELECT * FROM signed_requests WHERE id > ? AND origin IS NULL AND operator = ? ORDER BY id LIMIT ?`,
  ).all(afterId, operator, limit) as AuditRow[];
  return rows.map(entryOf);
}

/** The operator who placed each order, by client order id (orders this log saw placed in a team). */
export function orderOperators(db: ReadableDB, clientOrderIds: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (clientOrderIds.length === 0) return out;
  const unique = [...new Set(clientOrderIds)].slice(0, 1000);
  const rows = prepared(
    db,
    `SELECT client_order_id, operator FROM signed_requests
     WHERE client_order_id IN (${unique.map(() => '?').join(', ')}) AND operator <> ''`,
  ).all(...unique) as Array<{ client_order_id: string; operator: string }>;
  for (const r of rows) out[r.client_order_id] = r.operator;
  return out;
}
