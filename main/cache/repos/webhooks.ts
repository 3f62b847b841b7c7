import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { parseInput } from './parse.ts';
import { accountName, timeMs } from './schemas.ts';

/** A verified webhook delivery: its request id (UUID), event name, nonce and params. */
export const webhookEventSchema = z.strictObject({
  id: z.string().min(1).max(64),
  account: accountName,
  method: z.string().min(1).max(128),
  nonce: z.number().int().nonnegative(),
  receivedAtMs: timeMs,
  params: z.unknown(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * Stores a delivery once: a retried delivery (same account and id) is reported as a duplicate and not
 * stored again. Ids are the account's own: another account's event with the same id is its own row.
 */
export function recordWebhookEvent(db: WritableDB, event: WebhookEvent): { stored: boolean } {
  const e = parseInput(webhookEventSchema, event, 'event');
  const changes = prepared(
    db,
    `INSERT INTO webhook_events (id, account, method, nonce, received_at_ms, params) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (account, id) DO NOTHING`,
  ).run(e.id, e.account, e.method, e.nonce, e.receivedAtMs, JSON.stringify(e.params ?? null)).changes;
  return { stored: changes > 0 };
}

/** The highest nonce seen for an account's webhook, or null before the first delivery. */
export function lastWebhookNonce(db: ReadableDB, account: string): number | null {
  const row = prepared(db, 'SELECT max(nonce) AS n FROM webhook_events WHERE account = ?').get(account) as {
    n: number | null;
  };
  return row.n;
}

const listSchema = z.strictObject({
  account: accountName,
  /** Events received before this time (the previous page's last `receivedAtMs`), with `beforeId`. */
  before: z.strictObject({ receivedAtMs: timeMs, id: z.string() }).optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type WebhookQuery = z.input<typeof listSchema>;

export function listWebhookEvents(db: ReadableDB, query: WebhookQuery): WebhookEvent[] {
  const q = parseInput(listSchema, query, 'query');
  const params: unknown[] = [q.account];
  let sql = 'SELECT * FROM webhook_events WHERE account = ?';
  if (q.before) {
    sql += ' AND (received_at_ms, id) < (?, ?)';
    params.push(q.before.receivedAtMs, q.before.id);
  }
  sql += ' ORDER BY received_at_ms DESC, id DESC LIMIT ?';
  params.push(q.limit);
  const rows = prepared(db, sql).all(...params) as {
    id: string;
    account: string;
    method: string;
    nonce: number;
    received_at_ms: number;
    params: string;
  }[];
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    method: r.method,
    nonce: r.nonce,
    receivedAtMs: r.received_at_ms,
    params: JSON.parse(r.params) as unknown,
  }));
}
